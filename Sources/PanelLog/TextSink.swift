import CLinux

/// Where log bytes go. Class-bound, so it can be held as an existential in Embedded Swift.
public protocol TextSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
}

/// Writes to a file descriptor, standard output by default, retrying on EINTR.
public final class FileDescriptorSink: TextSink {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32 = 1) {
        self.fileDescriptor = fileDescriptor
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = CLinux.write(fileDescriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if clinux_errno() == clinux_eintr() { continue }
                return
            }
            offset += written
        }
    }
}

/// Keeps everything written, for tests and tools that read the log back.
public final class MemorySink: TextSink {
    public internal(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)
    }

    /// The log as text, split into lines without their newlines.
    public var lines: [String] {
        var result: [String] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        return result
    }
}

/// Counts bytes and lines and keeps nothing: for measuring the pipeline without the cost of a log.
public final class CountingSink: TextSink {
    // `@exclusivity(unchecked)`: counted on every write; trivial values accessed whole.
    @exclusivity(unchecked) public internal(set) var byteCount = 0
    @exclusivity(unchecked) public internal(set) var lineCount = 0

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) {
        byteCount += bytes.count
        var lines = 0 // counted aside: one store for the buffer, not one per line
        var offset = 0
        // Eight bytes at a time: after the xor a newline is a zero byte, and
        // the mask keeps exactly one high bit per zero byte, shifted down to a
        // 1 in its byte. The bytes are summed lane by lane, 31 words at a time
        // (so the eight lanes' total stays below 256), and the lanes added by
        // one multiplication: baseline x86-64 has no popcount instruction.
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while offset + 8 <= bytes.count {
            var lanes: UInt64 = 0
            var words = 0
            while words < 31 && offset + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                lanes &+= (~(((word & low7) &+ low7) | word | low7)) >> 7
                offset += 8
                words += 1
            }
            lines += Int((lanes &* 0x0101_0101_0101_0101) >> 56)
        }
        while offset < bytes.count {
            if bytes[offset] == 0x0A { lines += 1 }
            offset += 1
        }
        lineCount += lines
    }
}
