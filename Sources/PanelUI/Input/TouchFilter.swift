/// A board's touch filters, for panels that need them (resistive ones mostly):
/// the three of tslib's modules that a driver's own filtering does not cover.
/// Zero turns a filter off; all are off by default.
public struct TouchFilterSettings: Equatable, Sendable {
    /// Points a contact must move from where it was last reported before the
    /// move is reported (a dead band, like tslib's `dejitter`): a resting
    /// finger on a noisy ADC stays put instead of trembling.
    public var jitter: Double
    /// Seconds after the last finger lifts during which new contacts are
    /// dropped (tslib's `debounce drop_threshold`): a lift that bounces does not
    /// become a second tap.
    public var debounce: Double
    /// Raw pressure below which a contact counts as lifted (tslib's `pthres
    /// pmin`). Only devices that report pressure are filtered.
    public var pressureThreshold: Double

    public init(jitter: Double = 0, debounce: Double = 0, pressureThreshold: Double = 0) {
        self.jitter = jitter
        self.debounce = debounce
        self.pressureThreshold = pressureThreshold
    }

    public static let none = TouchFilterSettings()

    public var isEnabled: Bool { jitter > 0 || debounce > 0 || pressureThreshold > 0 }
}

/// Applies `TouchFilterSettings` to each `TouchFrame` after the
/// `TouchTransform`, in screen points, keeping what it reported last per
/// contact in fixed storage: no allocation per frame.
///
/// It only ever drops contacts that have not begun or holds a position still;
/// a contact it reported is never held down, so a lift or a device that goes
/// away still ends the touch (rule 5).
public struct TouchFilter {
    public let settings: TouchFilterSettings
    /// Whether the device reports pressure; without it the pressure threshold does nothing.
    public let devicePressure: Bool
    /// The contacts reported in the last frame, where they were reported.
    @usableFromInline var reported: InlineArray<16, TouchContact>
    @usableFromInline var reportedCount = 0
    /// New contacts are dropped until this time (device seconds).
    @usableFromInline var quietUntil = -Double.infinity

    public init(settings: TouchFilterSettings = .none, devicePressure: Bool = false) {
        self.settings = settings
        self.devicePressure = devicePressure
        reported = InlineArray(repeating: TouchContact(id: -1, x: 0, y: 0))
    }

    /// The filter for `device`: the pressure threshold applies when it has
    /// `ABS_PRESSURE` or `ABS_MT_PRESSURE`.
    public init(settings: TouchFilterSettings, device: TouchDeviceDescription) {
        self.init(
            settings: settings,
            devicePressure: device.axis(AbsoluteAxis.pressure) != nil
                || device.axis(AbsoluteAxis.multitouchPressure) != nil)
    }

    @usableFromInline func reportedIndex(of id: Int32) -> Int? {
        var i = 0
        while i < reportedCount {
            if reported[i].id == id { return i }
            i += 1
        }
        return nil
    }

    /// Filters `frame` in place and remembers what it reports.
    public mutating func apply(to frame: inout TouchFrame) {
        guard settings.isEnabled else { return }
        var kept = TouchFrame(timestamp: frame.timestamp)
        kept.isResynchronized = frame.isResynchronized
        var index = 0
        while index < frame.count {
            var contact = frame[index]
            index += 1
            if devicePressure && settings.pressureThreshold > 0 && contact.pressure < settings.pressureThreshold {
                continue
            }
            if let previous = reportedIndex(of: contact.id) {
                let last = reported[previous]
                let dx = contact.x - last.x
                let dy = contact.y - last.y
                if settings.jitter > 0 && dx * dx + dy * dy < settings.jitter * settings.jitter {
                    contact.x = last.x
                    contact.y = last.y
                }
            } else if frame.timestamp < quietUntil {
                continue // a bounce right after the last lift
            }
            kept.append(contact)
        }
        if kept.count == 0 && reportedCount > 0 && settings.debounce > 0 {
            quietUntil = frame.timestamp + settings.debounce
        }
        reportedCount = 0
        while reportedCount < kept.count {
            reported[reportedCount] = kept[reportedCount]
            reportedCount += 1
        }
        frame = kept
    }
}
