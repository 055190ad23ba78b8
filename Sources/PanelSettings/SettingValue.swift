import PanelUI

/// One setting's value: what `Settings` stores under a key, and what an app
/// registers as a default. A literal of each kind is one, so defaults read as
/// a list: `["volume": 0.5, "wifi": true, "hostname": "panel"]`.
public enum SettingValue: Equatable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    /// As a Bool: an integer or number is true when it is not 0; a string is not a Bool.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .double(let value): return value != 0
        case .string: return nil
        }
    }

    /// As an Int: a Bool is 0 or 1, a number its whole part when it fits (Int is 32 bits on armv7).
    public var intValue: Int? {
        switch self {
        case .bool(let value): return value ? 1 : 0
        case .int(let value): return value
        case .double(let value):
            guard value.isFinite, value > Double(Int.min) - 1, value < Double(Int.max) else { return nil }
            return Int(value)
        case .string: return nil
        }
    }

    /// As a Double: a Bool is 0 or 1, an integer the same number.
    public var doubleValue: Double? {
        switch self {
        case .bool(let value): return value ? 1 : 0
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .string: return nil
        }
    }

    /// The string stored; nil for the other kinds (no number formatting here, to keep board binaries small).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Equal kinds and equal values; strings compared byte for byte (UTF-8),
    /// which needs no Unicode tables in an Embedded build.
    public static func == (a: SettingValue, b: SettingValue) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return sameBytes(x, y)
        default: return false
        }
    }
}

extension SettingValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}
