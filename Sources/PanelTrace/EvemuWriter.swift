import CLinux
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
        append("# EVEMU 1.3\n")
        if let comment {
            append("# ")
            appendText(comment)
            append("\n")
        }
        append("# Input device name: \"")
        appendText(device.name)
        append("\"\n# Input device ID: ")
        appendIdentity(device, labelled: true)
        // The per-axis values: the only place evemu keeps an axis's value at start (the current slot among them).
        append("\n# Supported events:\n#   Event type 3 (EV_ABS)\n")
        for code in 0..<Int(AbsoluteAxis.count) {
            guard let axis = device.axis(UInt16(code)) else { continue }
            reserve(128)
            append("#     Event code ")
            appendDecimal(code, minimumDigits: 1)
            append("\n#       Value   ")
            appendDecimal(Int(axis.value), minimumDigits: 1)
            append("\n#       Min     ")
            appendDecimal(Int(axis.minimum), minimumDigits: 1)
            append("\n#       Max     ")
            appendDecimal(Int(axis.maximum), minimumDigits: 1)
            append("\n")
        }
        append("N: ")
        appendText(device.name)
        append("\nI: ")
        appendIdentity(device, labelled: false)
        append("\nP:")
        for byte in 0..<8 { appendByte(byte < 4 ? UInt8((device.properties >> UInt32(8 * byte)) & 0xff) : 0) }
        // EV_SYN: SYN_REPORT, SYN_CONFIG, SYN_DROPPED, as the kernel declares for every device.
        append("\nB: 00 0b 00 00 00 00 00 00 00\n")
        // EV_KEY's bits, 8 bytes a line.
        let keyBytes = (Int(KeyCode.maximum) + 1) / 8
        for row in stride(from: 0, to: keyBytes, by: 8) {
            reserve(64)
            append("B: 01")
            for index in row..<(row + 8) {
                var bits: UInt8 = 0
                for key in device.keys where Int(key) / 8 == index { bits |= 1 << UInt8(key % 8) }
                appendByte(bits)
            }
            append("\n")
        }
        append("B: 02 00 00 00 00 00 00 00 00\nB: 03")
        for index in 0..<Int(AbsoluteAxis.count) / 8 {
            var bits: UInt8 = 0
            for bit in 0..<8 where device.axis(UInt16(index * 8 + bit)) != nil { bits |= 1 << UInt8(bit) }
            appendByte(bits)
        }
        append("\n")
        for type: StaticString in ["04", "05", "11", "12", "14", "15"] {
            append("B: ")
            append(type)
            append(" 00 00 00 00 00 00 00 00\n")
        }
        for code in 0..<Int(AbsoluteAxis.count) {
            guard let axis = device.axis(UInt16(code)) else { continue }
            reserve(128)
            append("A: ")
            appendHex(UInt32(code), width: 2)
            for value in [axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution] {
                append(" ")
                appendDecimal(Int(value), minimumDigits: 1)
            }
            append("\n")
        }
        flush()
    }

    /// The bus, vendor, product and version in hex: labelled for the comment
    /// header (`bus 0x03 vendor 0eef …`), bare for the `I:` line (`0003 0eef …`).
    func appendIdentity(_ device: TouchDeviceDescription, labelled: Bool) {
        append(labelled ? "bus 0x" : "")
        appendHex(UInt32(device.busType), width: labelled ? 2 : 4)
        append(labelled ? " vendor " : " ")
        appendHex(UInt32(device.vendor), width: 4)
        append(labelled ? " product " : " ")
        appendHex(UInt32(device.product), width: 4)
        append(labelled ? " version " : " ")
        appendHex(UInt32(device.version), width: 4)
    }

    /// Room for `count` more bytes in the buffer (flushing when it lacks it).
    func reserve(_ count: Int) {
        if length > Self.capacity - count { flush() }
    }

    func appendText(_ text: String) {
        for byte in text.utf8 {
            if length == Self.capacity { flush() }
            buffer[length] = byte
            length += 1
        }
    }

    /// " xx": one byte of an evemu bit mask.
    func appendByte(_ value: UInt8) {
        append(" ")
        appendHex(UInt32(value), width: 2)
    }

    // MARK: Formatting without allocation

    @usableFromInline func append(_ text: StaticString) {
        let pointer = text.utf8Start
        for index in 0..<text.utf8CodeUnitCount {
            if length == Self.capacity { flush() }
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
