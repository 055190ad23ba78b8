/// Reads a JSON object of a configuration file key by key, keeping the JSON
/// path for errors, and afterwards reports any key nobody asked for: a typo
/// in a file must be an error, not a silently ignored setting.
///
/// ```swift
/// var object = try JSONObjectReader(value, file: file, path: "views[0]")
/// let name = try object.requiredString("name")
/// let hidden = try object.bool("hidden") ?? false
/// try object.finish()   // "views[0]: unknown key 'colour'; expected one of: name, hidden"
/// ```
public struct JSONObjectReader {
    public let file: String
    /// This object's JSON path, such as `views[2].children[0]`; empty at the top.
    public let path: String
    public let value: JSONValue
    @usableFromInline let members: [JSONMember]
    @usableFromInline var wasRead: [Bool]
    @usableFromInline var askedKeys: [String] = []

    /// Fails unless `value` is an object whose keys are all different.
    public init(_ value: JSONValue, file: String, path: String) throws(JSONError) {
        self.file = file
        self.path = path
        self.value = value
        guard case .object(let members) = value.kind else {
            throw JSONError(
                file: file, line: value.line, column: value.column, path: path,
                message: "expected an object { … }, found " + value.kindDescription)
        }
        self.members = members
        wasRead = [Bool](repeating: false, count: members.count)
        // A hash table, not a scan per key: an object with many keys stays linear.
        var keys = NameIndex()
        for i in 0..<members.count {
            let (inserted, j) = keys.insert(members[i].key)
            if !inserted {
                throw JSONError(
                    file: file, line: members[i].line, column: members[i].column, path: path,
                    message: "the key '" + messageText(members[i].key) + "' appears twice (also on line "
                        + String(members[j].line) + "); keep one")
            }
        }
    }

    /// The path of a member: `views[2]` + `kind` → `views[2].kind`.
    public func path(of key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// An error about this object's member `key` (or the object itself when `key` is nil).
    public func error(_ key: String?, _ message: String) -> JSONError {
        if let key {
            for i in 0..<members.count where sameBytes(members[i].key, key) {
                let value = members[i].value
                return JSONError(
                    file: file, line: value.line, column: value.column, path: path(of: key), message: message)
            }
        }
        return JSONError(file: file, line: value.line, column: value.column, path: path, message: message)
    }

    /// An error about `value`, found at `path`.
    public func error(at value: JSONValue, path: String, _ message: String) -> JSONError {
        JSONError(file: file, line: value.line, column: value.column, path: path, message: message)
    }

    /// The member `key`, or nil when the object lacks it. Marks the key as known.
    public mutating func member(_ key: String) -> JSONValue? {
        askedKeys.append(key)
        for i in 0..<members.count where sameBytes(members[i].key, key) {
            wasRead[i] = true
            return members[i].value
        }
        return nil
    }

    /// The member `key` if it is a number, else (for an array) its element
    /// `index`, without marking anything read: the value an error points at.
    public func member(at key: String, index: Int) -> JSONValue? {
        for i in 0..<members.count where sameBytes(members[i].key, key) {
            if case .array(let elements) = members[i].value.kind {
                return index < elements.count ? elements[index] : members[i].value
            }
            return members[i].value
        }
        return nil
    }

    public mutating func has(_ key: String) -> Bool {
        for i in 0..<members.count where sameBytes(members[i].key, key) { return true }
        return false
    }

    public mutating func string(_ key: String) throws(JSONError) -> String? {
        guard let value = member(key) else { return nil }
        guard case .string(let text) = value.kind else {
            throw error(at: value, path: path(of: key), "expected a string, found " + value.kindDescription)
        }
        return text
    }

    public mutating func requiredString(_ key: String) throws(JSONError) -> String {
        guard let text = try string(key) else { throw error(nil, "missing the key '" + key + "' (a string)") }
        return text
    }

    public mutating func bool(_ key: String) throws(JSONError) -> Bool? {
        guard let value = member(key) else { return nil }
        guard case .bool(let flag) = value.kind else {
            throw error(at: value, path: path(of: key), "expected true or false, found " + value.kindDescription)
        }
        return flag
    }

    public mutating func number(_ key: String) throws(JSONError) -> Double? {
        guard let value = member(key) else { return nil }
        guard case .number(let number) = value.kind else {
            throw error(at: value, path: path(of: key), "expected a number, found " + value.kindDescription)
        }
        return number
    }

    /// A whole number, such as a count.
    public mutating func integer(_ key: String) throws(JSONError) -> Int? {
        guard let number = try number(key) else { return nil }
        // Within ±1e9, so it fits Int on 32-bit boards too.
        guard number == number.rounded(), number.magnitude <= 1e9 else {
            throw error(key, "expected a whole number from -1000000000 to 1000000000, found " + describeNumber(number))
        }
        return Int(number)
    }

    public mutating func array(_ key: String) throws(JSONError) -> [JSONValue]? {
        guard let value = member(key) else { return nil }
        guard case .array(let elements) = value.kind else {
            throw error(at: value, path: path(of: key), "expected an array [ … ], found " + value.kindDescription)
        }
        return elements
    }

    /// An array of exactly `count` numbers; `shape` names them in the error, as "[x, y, width, height]".
    public mutating func numbers(_ key: String, count: Int, shape: String) throws(JSONError) -> [Double]? {
        guard let value = member(key) else { return nil }
        let expected = "expected " + shape + ", an array of " + String(count) + " numbers"
        guard case .array(let elements) = value.kind, elements.count == count else {
            throw error(at: value, path: path(of: key), expected + ", found " + describeShape(value))
        }
        var numbers: [Double] = []
        for i in 0..<elements.count {
            guard case .number(let number) = elements[i].kind else {
                throw error(
                    at: elements[i], path: path(of: key) + "[" + String(i) + "]",
                    expected + "; this one is " + elements[i].kindDescription)
            }
            numbers.append(number)
        }
        return numbers
    }

    /// Fails on the first member no one asked for, listing the keys this object may have.
    public func finish() throws(JSONError) {
        for i in 0..<members.count where !wasRead[i] {
            var known = ""
            for j in 0..<askedKeys.count {
                var seen = false
                for k in 0..<j where sameBytes(askedKeys[k], askedKeys[j]) { seen = true }
                if !seen { known += known.isEmpty ? askedKeys[j] : ", " + askedKeys[j] }
            }
            throw JSONError(
                file: file, line: members[i].line, column: members[i].column, path: path(of: members[i].key),
                message: "unknown key '" + messageText(members[i].key) + "'; expected one of: " + known)
        }
    }
}

/// "an array of 3 elements", "a string": how a value that had the wrong shape looked.
public func describeShape(_ value: JSONValue) -> String {
    if case .array(let elements) = value.kind {
        return elements.count == 1 ? "an array of 1 element" : "an array of " + String(elements.count) + " elements"
    }
    return value.kindDescription
}

/// A number as a person wrote it: 3, not 3.0; 2.5 as 2.5.
public func describeNumber(_ number: Double) -> String {
    // Int64, not Int: Int is 32 bits on armv7 boards, and converting a larger number would trap.
    if number == number.rounded() && number.magnitude < 1e15 { return String(Int64(number)) }
    // Up to six decimals, trailing zeros dropped; enough for an error message.
    let negative = number < 0
    guard number.magnitude < 1e12 else { return number < 0 ? "-1e12 or less" : "1e12 or more" }
    let scaled = Int64((number.magnitude * 1_000_000).rounded())
    var fraction = String(scaled % 1_000_000)
    while fraction.utf8.count < 6 { fraction = "0" + fraction }
    while fraction.utf8.last == UInt8(ascii: "0") { fraction.removeLast() }
    return (negative ? "-" : "") + String(scaled / 1_000_000) + (fraction.isEmpty ? "" : "." + fraction)
}
