import PanelUI

/// Controls bound to keys: the control shows the key's value now (what was
/// written, else the registered default; with neither, the control keeps its
/// own value), and each `.valueChanged` sets the key (`set(_:forKey:)`:
/// committed on the run loop's timer, not in the input frame).
///
/// The control's action holds the store (a store holds no control), so the
/// binding lasts as long as the control. Setting the control from code sends
/// no `.valueChanged` (as in UIKit) and so writes nothing: `set` the key too,
/// or observe it (`addObserver(forKey:_:)`) to follow changes made elsewhere.
extension Settings {
    /// A switch's `isOn` kept under `key`.
    public func bind(_ control: Switch, to key: String) {
        if let value = value(forKey: key)?.boolValue { control.isOn = value }
        control.addAction(for: .valueChanged) { control in
            self.set(.bool(unsafeDowncast(control, to: Switch.self).isOn), forKey: key)
        }
    }

    /// A slider's `value` kept under `key` (clamped to its range when restored).
    public func bind(_ control: Slider, to key: String) {
        if let value = value(forKey: key)?.doubleValue { control.value = value }
        control.addAction(for: .valueChanged) { control in
            self.set(.double(unsafeDowncast(control, to: Slider.self).value), forKey: key)
        }
    }

    /// A stepper's `value` kept under `key`.
    public func bind(_ control: Stepper, to key: String) {
        if let value = value(forKey: key)?.doubleValue { control.value = value }
        control.addAction(for: .valueChanged) { control in
            self.set(.double(unsafeDowncast(control, to: Stepper.self).value), forKey: key)
        }
    }

    /// A segmented control's `selectedSegmentIndex` kept under `key`.
    public func bind(_ control: SegmentedControl, to key: String) {
        if let value = value(forKey: key)?.intValue { control.selectedSegmentIndex = value }
        control.addAction(for: .valueChanged) { control in
            self.set(.int(unsafeDowncast(control, to: SegmentedControl.self).selectedSegmentIndex), forKey: key)
        }
    }
}
