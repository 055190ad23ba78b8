/// Says how many wheels a `PickerView` has and how many rows each: UIKit's
/// `UIPickerViewDataSource`. Held as a zeroing reference (any `Responder`
/// qualifies; another class adds `lazy var lifetime = Lifetime(of: self)`).
public protocol PickerViewDataSource: LifetimeTracked {
    func numberOfComponents(in pickerView: PickerView) -> Int
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Gives a `PickerView`'s rows their titles and sizes and hears the
/// selection: UIKit's `UIPickerViewDelegate`. Every method has a default.
public protocol PickerViewDelegate: LifetimeTracked {
    /// The row's text, asked each time the row scrolls into view: return a
    /// kept string (one longer than 15 bytes built here allocates every time).
    /// Default `nil` (an empty row).
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// The user brought `row` to rest in the centre of the wheel (a fling, a
    /// drag or a tap on it), once per change. Never called for
    /// `PickerView.selectRow(_:inComponent:animated:)`.
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
    /// Default: the picker's width shared equally.
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double
    /// Default: `PickerView.rowHeight` (36).
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double
}

extension PickerViewDelegate {
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        nil
    }
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
        pickerView.standardWidth(forComponent: component)
    }
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double {
        pickerView.rowHeight
    }
}
