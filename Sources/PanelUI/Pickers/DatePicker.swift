/// A date and a time chosen on wheels: UIKit's `UIDatePicker` in its wheels style.
///
/// `datePickerMode` picks the wheels: `.date` (month, day, year), `.time`
/// (hour 00–23, minute) or `.dateAndTime` (all five; UIKit shows one
/// "weekday month day" wheel there instead). The value is a `DateTime`
/// (not Foundation's `Date`: there is none on a board). Turning a wheel
/// sends `.valueChanged` once the wheel rests on a new value; a day past the
/// month's end (31 February) turns back to its last day, and a value
/// outside `minimumDate`…`maximumDate` turns back to the nearest end, as
/// UIKit's do. `minuteInterval` (1, the default, or a divisor of 60 up to
/// 30) spaces the minute wheel. Titles are built once, so spinning
/// allocates nothing. The wheels are a `PickerView`, `pickerView`, for which
/// the date picker is the data source and delegate (the `PickerView…`
/// methods below are that, not for apps).
open class DatePicker: Control, PickerViewDataSource, PickerViewDelegate {
    public enum Mode: Sendable {
        case time
        case date
        case dateAndTime
    }

    @usableFromInline enum Column {
        case month, day, year, hour, minute
    }

    /// Which wheels show. Default `.dateAndTime`, UIKit's.
    public final var datePickerMode = Mode.dateAndTime { didSet { rebuildColumns() } }
    /// The chosen value; setting it sends nothing (as UIKit) and is held to the limits.
    public var date: DateTime {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    /// The earliest value; `nil` (the default) for none. Years before 1900 need one.
    public final var minimumDate: DateTime? { didSet { rebuildColumns() } }
    /// The latest value; `nil` (the default) for none. Years after 2100 need one.
    public final var maximumDate: DateTime? { didSet { rebuildColumns() } }
    /// The minute wheel's step: 1 to 30, dividing 60 (otherwise 1, as UIKit).
    public final var minuteInterval = 1 { didSet { rebuildColumns() } }

    public let pickerView: PickerView
    @usableFromInline final var storedDate = DateTime(year: 2026, month: 1, day: 1)
    @usableFromInline final var columns: ContiguousArray<Column> = []
    @usableFromInline final var firstYear = 1900
    @usableFromInline final var yearTitles: ContiguousArray<String> = []

    public override init(frame: Rect = .zero, name: String = "") {
        pickerView = PickerView(
            frame: Rect(origin: .zero, size: frame.size), name: name.isEmpty ? "" : name + ".wheels")
        super.init(frame: frame, name: name)
        addSubview(pickerView)
        rebuildColumns()
        pickerView.dataSource = self
        pickerView.delegate = self
        showDate(animated: false)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(DatePicker.self)
    }

    /// A disabled date picker's wheels take no touches and are dimmed, as UIKit's.
    open override func stateDidChange() {
        super.stateDidChange()
        pickerView.isUserInteractionEnabled = isEnabled
        let alpha = isEnabled ? 1 : Theme.standard.disabledAlpha
        if pickerView.alpha != alpha { pickerView.alpha = alpha }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let whole = Rect(origin: .zero, size: bounds.size)
        if pickerView.frame != whole { pickerView.frame = whole }
    }

    /// Sets the value, held to the limits and to the minute interval; `animated` spins the wheels.
    public func setDate(_ date: DateTime, animated: Bool) {
        storedDate = clamped(date)
        if storedDate.year < firstYear || storedDate.year >= firstYear + yearTitles.count {
            rebuildColumns() // a year past the wheel's: the wheel grows to it
        } else {
            showDate(animated: animated)
        }
    }

    // MARK: Columns and titles

    @usableFromInline var effectiveMinuteInterval: Int {
        minuteInterval >= 1 && minuteInterval <= 30 && 60 % minuteInterval == 0 ? minuteInterval : 1
    }

    @usableFromInline func rebuildColumns() {
        columns.removeAll(keepingCapacity: true)
        switch datePickerMode {
        case .date: columns.append(contentsOf: [.month, .day, .year])
        case .time: columns.append(contentsOf: [.hour, .minute])
        case .dateAndTime: columns.append(contentsOf: [.month, .day, .year, .hour, .minute])
        }
        firstYear = minimumDate?.year ?? min(1900, storedDate.year)
        let lastYear = max(firstYear, maximumDate?.year ?? max(2100, storedDate.year))
        if yearTitles.count != lastYear - firstYear + 1 || yearTitles.first != String(firstYear) {
            yearTitles.removeAll(keepingCapacity: true)
            var year = firstYear
            while year <= lastYear {
                yearTitles.append(String(year))
                year += 1
            }
        }
        storedDate = clamped(storedDate)
        pickerView.reloadAllComponents()
        showDate(animated: false)
    }

    /// Within the limits, the minute on the interval, the day in its month.
    @usableFromInline func clamped(_ date: DateTime) -> DateTime {
        var date = date
        date.month = min(max(1, date.month), 12)
        date.day = min(max(1, date.day), DateTime.daysInMonth(date.month, year: date.year))
        date.hour = min(max(0, date.hour), 23)
        date.minute = min(max(0, date.minute), 59) / effectiveMinuteInterval * effectiveMinuteInterval
        date.second = 0
        if let minimumDate, date < minimumDate { date = minimumDate }
        if let maximumDate, date > maximumDate { date = maximumDate }
        return date
    }

    @usableFromInline func row(for column: Column, of date: DateTime) -> Int {
        switch column {
        case .month: return date.month - 1
        case .day: return date.day - 1
        case .year: return date.year - firstYear
        case .hour: return date.hour
        case .minute: return date.minute / effectiveMinuteInterval
        }
    }

    @usableFromInline func showDate(animated: Bool) {
        var component = 0
        while component < columns.count {
            let row = row(for: columns[component], of: storedDate)
            if pickerView.selectedRow(inComponent: component) != row {
                pickerView.selectRow(row, inComponent: component, animated: animated)
            }
            component += 1
        }
    }

    // MARK: As the wheels' data source and delegate

    public func numberOfComponents(in pickerView: PickerView) -> Int { columns.count }

    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        guard component >= 0, component < columns.count else { return 0 }
        switch columns[component] {
        case .month: return 12
        case .day: return 31
        case .year: return yearTitles.count
        case .hour: return 24
        case .minute: return 60 / effectiveMinuteInterval
        }
    }

    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        guard component >= 0, component < columns.count, row >= 0 else { return nil }
        switch columns[component] {
        case .month: return row < 12 ? DatePicker.monthTitles[row] : nil
        case .day: return row < 31 ? DatePicker.numberTitles[row + 1] : nil
        case .year: return row < yearTitles.count ? yearTitles[row] : nil
        case .hour: return row < 24 ? DatePicker.numberTitles[60 + row] : nil
        case .minute:
            let minute = row * effectiveMinuteInterval
            return minute < 60 ? DatePicker.numberTitles[60 + minute] : nil
        }
    }

    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
        let available = pickerView.bounds.width - pickerView.componentSpacing * Double(max(0, columns.count - 1))
        guard component >= 0, component < columns.count else { return 0 }
        let share: Double
        switch (datePickerMode, columns[component]) {
        case (.time, _): share = 0.5
        case (.date, .month): share = 0.4
        case (.date, .day): share = 0.25
        case (.date, _): share = 0.35
        case (_, .month): share = 0.24
        case (_, .day): share = 0.16
        case (_, .year): share = 0.24
        default: share = 0.18
        }
        return (available * share).rounded(.down)
    }

    /// A wheel came to rest on a new row: the new value, turned back into
    /// its month and the limits, sent as `.valueChanged` if it changed.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        var date = storedDate
        var i = 0
        while i < columns.count {
            let selected = pickerView.selectedRow(inComponent: i)
            switch columns[i] {
            case .month: date.month = selected + 1
            case .day: date.day = selected + 1
            case .year: date.year = firstYear + selected
            case .hour: date.hour = selected
            case .minute: date.minute = selected * effectiveMinuteInterval
            }
            i += 1
        }
        let changed = clamped(date) != storedDate
        storedDate = clamped(date)
        showDate(animated: true)
        if changed { sendActions(for: .valueChanged) }
    }

    /// "Jan" … "Dec".
    public static let monthTitles: [String] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    ]
    /// "0" … "59", then "00" … "59": days, and two-digit hours and minutes.
    @usableFromInline static let numberTitles: [String] = {
        var titles: [String] = []
        var n = 0
        while n < 60 {
            titles.append(String(n))
            n += 1
        }
        n = 0
        while n < 60 {
            titles.append(n < 10 ? "0" + String(n) : String(n))
            n += 1
        }
        return titles
    }()
}
