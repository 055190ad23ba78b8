import PanelLog
import PanelUI

/// Writes an evemu recording (`evemu-record`'s format 1.3, which
/// `EvemuFormat` parses and `evemu-device`/`evemu-play` read): the device
/// description once, then one `E:` line per event, timestamps counted from
/// the first event.
///
/// Event lines are formatted into a fixed buffer and handed to the sink as it
/// fills, so writing an event allocates nothing; call `flush()` (or let the
/// writer go) to write the rest.
public final class EvemuWriter {
    @usableFromInline static let capacity = 16384
    public let sink: any TextSink
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline var length = 0
    @usableFromInline var startTime: Double?
    public internal(set) var eventCount = 0

    /// Writes the header for `device` at once.
    public init(device: TouchDeviceDescription, sink: any TextSink, comment: String? = nil) {
        self.sink = sink
        buffer = .allocate(capacity: Self.capacity)
        writeHeader(device, comment: comment)
    }

    deinit {
        flush()
        buffer.deallocate()
    }

    public func flush() {
        guard length > 0 else { return }
        sink.write(UnsafeRawBufferPointer(start: buffer, count: length))
        length = 0
    }

    /// `E: <seconds>.<microseconds> <type> <code> <value>`, as evemu-record writes it.
    public func write(_ event: InputEvent) {
        if length > Self.capacity - 128 { flush() }
        let start = startTime ?? event.time
        startTime = start
        let micros = Int(((event.time - start) * 1_000_000).rounded())
        append("E: ")
        appendDecimal(micros / 1_000_000, minimumDigits: 1)
        append(".")
        appendDecimal(micros % 1_000_000, minimumDigits: 6)
        append(" ")
        appendHex(UInt32(event.type), width: 4)
        append(" ")
        appendHex(UInt32(event.code), width: 4)
        append(" ")
        appendDecimal(Int(event.value), minimumDigits: 4)
        append("\n")
        eventCount += 1
    }

    // MARK: Header (start-up work)

    func writeHeader(_ device: TouchDeviceDescription, comment: String?) {
        line("# EVEMU 1.3")
        if let comment { line("# \(comment)") }
        line("# Input device name: \"\(device.name)\"")
        line(
            "# Input device ID: bus 0x\(hex(UInt32(device.busType), 2)) vendor \(hex(UInt32(device.vendor), 4)) "
                + "product \(hex(UInt32(device.product), 4)) version \(hex(UInt32(device.version), 4))")
        // The per-axis values: the only place evemu keeps an axis's value at start (the current slot among them).
        line("# Supported events:")
        line("#   Event type 3 (EV_ABS)")
        for code in 0..<Int(AbsoluteAxis.count) {
            guard let axis = device.axis(UInt16(code)) else { continue }
            line("#     Event code \(code)")
            line("#       Value   \(axis.value)")
            line("#       Min     \(axis.minimum)")
            line("#       Max     \(axis.maximum)")
        }
        line("N: \(device.name)")
        line(
            "I: \(hex(UInt32(device.busType), 4)) \(hex(UInt32(device.vendor), 4)) \(hex(UInt32(device.product), 4)) \(hex(UInt32(device.version), 4))"
        )
        var properties = [UInt8](repeating: 0, count: 8)
        for byte in 0..<4 { properties[byte] = UInt8((device.properties >> UInt32(8 * byte)) & 0xff) }
        line("P: " + bytes(properties))
        // EV_SYN: SYN_REPORT, SYN_CONFIG, SYN_DROPPED, as the kernel declares for every device.
        line("B: 00 " + bytes([0x0b, 0, 0, 0, 0, 0, 0, 0]))
        var keys = [UInt8](repeating: 0, count: (Int(KeyCode.maximum) + 1) / 8)
        for key in device.keys { keys[Int(key) / 8] |= 1 << UInt8(key % 8) }
        for row in stride(from: 0, to: keys.count, by: 8) { line("B: 01 " + bytes(Array(keys[row..<(row + 8)]))) }
        line("B: 02 " + bytes([UInt8](repeating: 0, count: 8)))
        var axes = [UInt8](repeating: 0, count: Int(AbsoluteAxis.count) / 8)
        for code in 0..<Int(AbsoluteAxis.count) where device.axis(UInt16(code)) != nil {
            axes[code / 8] |= 1 << UInt8(code % 8)
        }
        line("B: 03 " + bytes(axes))
        for type in ["04", "05", "11", "12", "14", "15"] {
            line("B: \(type) " + bytes([UInt8](repeating: 0, count: 8)))
        }
        for code in 0..<Int(AbsoluteAxis.count) {
            guard let axis = device.axis(UInt16(code)) else { continue }
            line(
                "A: \(hex(UInt32(code), 2)) \(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)"
            )
        }
        flush()
    }

    func line(_ text: String) {
        for byte in text.utf8 {
            if length == Self.capacity { flush() }
            buffer[length] = byte
            length += 1
        }
        if length == Self.capacity { flush() }
        buffer[length] = 0x0A
        length += 1
    }

    func hex(_ value: UInt32, _ width: Int) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        var rest = value
        repeat {
            text.insert(digits[Int(rest & 0xf)], at: 0)
            rest >>= 4
        } while rest != 0
        while text.count < width { text.insert(0x30, at: 0) }
        return String(decoding: text, as: UTF8.self)
    }

    func bytes(_ values: [UInt8]) -> String {
        var parts: [String] = []
        for value in values { parts.append(hex(UInt32(value), 2)) }
        return parts.joined(separator: " ")
    }

    // MARK: Formatting without allocation

    @usableFromInline func append(_ text: StaticString) {
        let pointer = text.utf8Start
        for index in 0..<text.utf8CodeUnitCount {
            buffer[length] = pointer[index]
            length += 1
        }
    }

    /// `value` in decimal with at least `minimumDigits` digits, the sign counted
    /// among them as evemu's `%04d` counts it (`-001`).
    @usableFromInline func appendDecimal(_ value: Int, minimumDigits: Int) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value.magnitude
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest != 0
            let width = value < 0 ? minimumDigits - 1 : minimumDigits
            while count < width {
                scratch[count] = 0x30
                count += 1
            }
            if value < 0 {
                buffer[length] = 0x2D
                length += 1
            }
            while count > 0 {
                count -= 1
                buffer[length] = scratch[count]
                length += 1
            }
        }
    }

    @usableFromInline func appendHex(_ value: UInt32, width: Int) {
        var shift = 28
        var started = false
        while shift >= 0 {
            let digit = UInt8((value >> UInt32(shift)) & 0xf)
            if started || digit != 0 || shift < 4 * width {
                started = true
                buffer[length] = digit < 10 ? 0x30 + digit : 0x57 + digit
                length += 1
            }
            shift -= 4
        }
    }
}
