/// A parsed JSON value with the place it came from, so that a file's reader
/// can point at the line that is wrong.
///
/// Objects keep their members in file order, duplicates included: JSON allows
/// them and a reader of configuration files wants to reject them by name.
public struct JSONValue {
    public enum Kind {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// 1-based line and column of the value's first character.
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// What the value is, as an error message says it: "a string", "an array"…
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` of an object, with the key's own line.
public struct JSONMember {
    public var key: String
    public var value: JSONValue
    public var line: Int
    public var column: Int

    public init(key: String, value: JSONValue, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}
