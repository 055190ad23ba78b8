/// A calendar date and time of day in the proleptic Gregorian calendar, with
/// no time zone (read it as UTC, or as local time if the board's clock is):
/// what a `DatePicker` shows and returns. It is **not** Foundation's `Date`
/// (there is no Foundation on a board); `secondsSince1970` and
/// `init(secondsSince1970:)` convert to and from a Unix time (UTC), which
/// `Date(timeIntervalSince1970:)` takes where Foundation exists. 64-bit
/// seconds, so it holds any year on a 32-bit board.
public struct DateTime: Hashable, Comparable, Sendable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…`DateTime.daysInMonth(month, year: year)`.
    public var day: Int
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int
    /// 0…59.
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Every fourth year, but not every hundredth, but every four-hundredth.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// 28 to 31 (0 for a month outside 1…12).
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Whether every field is in its range.
    public var isValid: Bool {
        month >= 1 && month <= 12 && day >= 1 && day <= Self.daysInMonth(month, year: year)
            && hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60
    }

    /// 1970-01-01 00:00:00.
    public static let epoch = DateTime(year: 1970, month: 1, day: 1)

    /// Seconds since 1970-01-01 00:00:00 (negative before), reading this as UTC.
    public var secondsSince1970: Int64 {
        let days = Self.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day))
        return days * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
    }

    /// The UTC date and time `seconds` after 1970-01-01 00:00:00.
    public init(secondsSince1970 seconds: Int64) {
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.init(
            year: Int(year), month: Int(month), day: Int(day),
            hour: Int(rest / 3_600), minute: Int(rest % 3_600 / 60), second: Int(rest % 60))
    }

    /// Howard Hinnant's days_from_civil.
    @usableFromInline static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func < (lhs: DateTime, rhs: DateTime) -> Bool {
        if lhs.year != rhs.year { return lhs.year < rhs.year }
        if lhs.month != rhs.month { return lhs.month < rhs.month }
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        if lhs.hour != rhs.hour { return lhs.hour < rhs.hour }
        if lhs.minute != rhs.minute { return lhs.minute < rhs.minute }
        return lhs.second < rhs.second
    }
}
