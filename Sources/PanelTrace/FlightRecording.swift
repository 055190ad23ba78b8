import CLinux

/// What a flight recording's own comments say of it (`clinux_flight_write`
/// writes them): whether it holds the whole session since launch (its E:
/// times count from the launch), and the devices recorded with it, each a
/// file beside it.
public struct FlightRecording {
    /// What a recorded device is to the app, and so how a replay reads it.
    public enum Role: UInt8 {
        case touch, keys, encoder, encoderButton

        /// Its name in the recording's set line.
        public var name: StaticString {
            switch self {
            case .touch: "touch"
            case .keys: "keys"
            case .encoder: "encoder"
            case .encoderButton: "encoder-button"
            }
        }

        /// `name` as a String.
        public var text: String { name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

        /// The file of the `ordinal`th device of the role: `flight-recording.evemu`
        /// for the touch screen, the others named after it (`flight-recording.keys.evemu`, `…keys-2.evemu`).
        public func fileName(_ ordinal: Int) -> String {
            if self == .touch && ordinal == 1 { return "flight-recording.evemu" }
            return "flight-recording." + text + (ordinal == 1 ? "" : "-" + String(ordinal)) + ".evemu"
        }

        init?(named bytes: ArraySlice<UInt8>) {
            for raw in 0..<UInt8(4) {
                let role = Role(rawValue: raw)!
                if bytes.after(role.name)?.isEmpty == true {
                    self = role
                    return
                }
            }
            return nil
        }
    }

    /// One device of the recording: its role and its file, in the recording's directory.
    public struct Device {
        public var role: Role
        public var path: String
    }

    /// The first comment, without its `# `: why it was written, how many events.
    public var text: String
    /// False when events before the recording's first one were not kept.
    public var coversWholeSession: Bool
    /// Every device recorded with it, itself included, in the order they were opened.
    public var devices: [Device]

    static let marker: StaticString = "# PanelKit flight recording ("
    static let setMarker: StaticString = "# PanelKit flight recording set: "

    /// The recording at `path`, nil when it is not a flight recording (its
    /// comments are looked for in the file's first 64 KiB, the header's place).
    public static func read(path: String) -> FlightRecording? {
        let fd = clinux_open(path, clinux_o_rdonly(), 0)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = bytes.withUnsafeMutableBytes { CLinux.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var recording: FlightRecording?
        var lineStart = 0
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            if let rest = line.after(marker) {
                let whole = Array("the whole session".utf8)
                recording = FlightRecording(
                    text: String(decoding: line.dropFirst(2), as: UTF8.self),
                    coversWholeSession: rest.indices.contains { rest[$0...].starts(with: whole) }, devices: [])
            } else if let rest = line.after(setMarker), recording != nil {
                recording!.devices = devices(listed: rest, beside: path)
            }
            lineStart = lineEnd + 1
        }
        // A recording from before the set line: its one device.
        if recording != nil && recording!.devices.isEmpty {
            recording!.devices = [Device(role: .touch, path: path)]
        }
        return recording
    }

    /// "touch flight-recording.evemu, keys flight-recording.keys.evemu": each file beside `path`.
    static func devices(listed list: ArraySlice<UInt8>, beside path: String) -> [Device] {
        var directory = Array(path.utf8)
        while let last = directory.last, last != UInt8(ascii: "/") { directory.removeLast() }
        var devices: [Device] = []
        for entry in list.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
            let words = entry.split(separator: UInt8(ascii: " "), maxSplits: 1, omittingEmptySubsequences: true)
            guard words.count == 2, let role = Role(named: words[0]) else { continue }
            devices.append(Device(role: role, path: String(decoding: directory + Array(words[1]), as: UTF8.self)))
        }
        return devices
    }
}

extension ArraySlice<UInt8> {
    /// What follows `prefix` when the bytes start with it.
    fileprivate func after(_ prefix: StaticString) -> ArraySlice<UInt8>? {
        let prefix = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard count >= prefix.count, self.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        return dropFirst(prefix.count)
    }
}
