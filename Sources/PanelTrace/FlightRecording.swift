/// What a flight recording's own comments say of it (`clinux_flight_write`
/// writes them; `TraceReader.flightRecording` reads them): whether it holds
/// the whole session since launch (its E: times count from the launch), and
/// the devices recorded with it, each a file beside it.
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
    /// Every device recorded with it, itself included, in the order they were
    /// opened (a recording from before the set line: itself, a touch screen).
    public var devices: [Device]
}

extension EvemuParser {
    /// A comment of the header that starts `PanelKit flight recording`
    /// (`words`, the comment's words; `body`, the whole comment).
    @usableFromInline mutating func readFlightComment(_ words: [Field], _ body: UnsafeRawBufferPointer) {
        if words[3].equals("set:"), flightRecording != nil {
            // "touch flight-recording.evemu, keys flight-recording.keys.evemu": each file beside this one.
            var directory = Array(path.utf8)
            while let last = directory.last, last != UInt8(ascii: "/") { directory.removeLast() }
            var devices: [FlightRecording.Device] = []
            var index = 4
            while index + 1 < words.count {
                var file = words[index + 1].bytes
                if file.last == UInt8(ascii: ",") { file = UnsafeRawBufferPointer(rebasing: file.dropLast()) }
                for raw in 0..<UInt8(4) where words[index].equals(FlightRecording.Role(rawValue: raw)!.name) {
                    let role = FlightRecording.Role(rawValue: raw)!
                    devices.append(
                        FlightRecording.Device(role: role, path: String(decoding: directory + file, as: UTF8.self)))
                }
                index += 2
            }
            flightRecording!.devices = devices
        } else if flightRecording == nil {
            // "PanelKit flight recording (SIGUSR1): 12 events, the whole session since launch; …"
            flightRecording = FlightRecording(
                text: Field.text(Field.trimmed(body), limit: 240),
                coversWholeSession: words.contains { $0.equals("whole") },
                devices: [FlightRecording.Device(role: .touch, path: path)])
        }
    }
}
