import CLinux

/// What the kernel counts as this process's memory, in KiB: the peak and
/// current resident set and their parts from /proc/self/status, and from
/// /proc/self/smaps the resident part of the mappings the memory report names
/// apart (the display's scan-out buffers, the font files FreeType maps).
public struct ResidentMemory: Equatable, Sendable {
    /// VmHWM: the most this process has had resident since it started.
    public var peakKiB = 0
    /// VmRSS: resident now.
    public var residentKiB = 0
    /// RssAnon: the heap, the stacks and anonymous mappings.
    public var anonymousKiB = 0
    /// RssFile: the program's code and libraries, fonts, other mapped files.
    public var fileKiB = 0
    /// RssShmem: shared memory, and scan-out buffers a driver keeps in it.
    public var sharedKiB = 0
    /// Resident in mappings of /dev/dri/* and /dev/fb*. 0 where the buffers
    /// are in the card's own memory (a device mapping the RSS does not count).
    public var scanoutKiB = 0
    /// Resident in mapped font files (.ttf, .otf, .ttc).
    public var fontKiB = 0

    public init() {}

    /// This process's memory now; nil when /proc cannot be read.
    public static func current() -> ResidentMemory? {
        var memory = ResidentMemory()
        guard forEachLine(ofFile: "/proc/self/status", { memory.addStatusLine($0) }) else { return nil }
        var mapping = Mapping.other
        _ = forEachLine(ofFile: "/proc/self/smaps") { memory.addSmapsLine($0, mapping: &mapping) }
        return memory
    }

    /// Reads one line of /proc/PID/status ("VmHWM:\t  9412 kB").
    public mutating func addStatusLine(_ line: UnsafeBufferPointer<UInt8>) {
        guard let (name, kib) = Self.field(line) else { return }
        if Self.same(name, "VmHWM") {
            peakKiB = kib
        } else if Self.same(name, "VmRSS") {
            residentKiB = kib
        } else if Self.same(name, "RssAnon") {
            anonymousKiB = kib
        } else if Self.same(name, "RssFile") {
            fileKiB = kib
        } else if Self.same(name, "RssShmem") {
            sharedKiB = kib
        }
    }

    /// The kind of the mapping an smaps line belongs to.
    public enum Mapping: Sendable { case scanout, font, other }

    /// Reads one line of /proc/PID/smaps: a mapping's header line
    /// ("7f12-7f34 rw-s 00000000 00:05 12  /dev/dri/card0") sets `mapping`,
    /// and its "Rss:" line counts for that kind.
    public mutating func addSmapsLine(_ line: UnsafeBufferPointer<UInt8>, mapping: inout Mapping) {
        if let (name, kib) = Self.field(line) {
            guard Self.same(name, "Rss") else { return }
            switch mapping {
            case .scanout: scanoutKiB += kib
            case .font: fontKiB += kib
            case .other: break
            }
            return
        }
        // A header: address range, permissions, offset, device, inode, then the path (if any).
        var index = 0
        var fields = 0
        while index < line.count && fields < 5 {
            while index < line.count && line[index] != UInt8(ascii: " ") { index += 1 }
            while index < line.count && line[index] == UInt8(ascii: " ") { index += 1 }
            fields += 1
        }
        let path = UnsafeBufferPointer(rebasing: line[index...])
        if Self.starts(path, with: "/dev/dri/") || Self.starts(path, with: "/dev/fb") {
            mapping = .scanout
        } else if Self.ends(path, with: ".ttf") || Self.ends(path, with: ".otf") || Self.ends(path, with: ".ttc") {
            mapping = .font
        } else {
            mapping = .other
        }
    }

    /// A "Name:   value kB" line's name and value; nil for any other line (an smaps header).
    static func field(_ line: UnsafeBufferPointer<UInt8>) -> (name: UnsafeBufferPointer<UInt8>, kib: Int)? {
        var colon = 0
        while colon < line.count && line[colon] != UInt8(ascii: ":") {
            // A header's first field is an address range: a space comes before any colon there.
            if line[colon] == UInt8(ascii: " ") { return nil }
            colon += 1
        }
        guard colon < line.count else { return nil }
        var value = 0
        var index = colon + 1
        while index < line.count && (line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t")) {
            index += 1
        }
        while index < line.count, line[index] >= UInt8(ascii: "0"), line[index] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int(line[index] - UInt8(ascii: "0"))
            index += 1
        }
        return (UnsafeBufferPointer(rebasing: line[..<colon]), value)
    }

    // Bytes against a literal: String's `==` would link Unicode's normalization into a board binary.
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && starts(bytes, with: text)
    }

    static func starts(_ bytes: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        for index in 0..<prefix.utf8CodeUnitCount where bytes[index] != prefix.utf8Start[index] { return false }
        return true
    }

    static func ends(_ bytes: UnsafeBufferPointer<UInt8>, with suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count where bytes[bytes.count - count + index] != suffix.utf8Start[index] { return false }
        return true
    }
}

/// Calls `body` with each line of `path` (without its newline), read in
/// pieces: /proc's files have no size to read at once. A line longer than the
/// buffer is cut. False when the file cannot be opened.
func forEachLine(ofFile path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    let fd = clinux_open(path, clinux_o_rdonly(), 0)
    guard fd >= 0 else { return false }
    defer { _ = close(fd) }
    let capacity = 4096
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    var filled = 0
    while true {
        let count = read(fd, buffer + filled, capacity - filled)
        if count < 0 && clinux_errno() == EINTR { continue }
        guard count > 0 else { break }
        filled += count
        var start = 0
        for index in 0..<filled where buffer[index] == UInt8(ascii: "\n") {
            body(UnsafeBufferPointer(start: buffer + start, count: index - start))
            start = index + 1
        }
        if start == 0 && filled == capacity {
            body(UnsafeBufferPointer(start: buffer, count: filled)) // a line longer than the buffer: cut
            start = filled
        }
        memmove(buffer, buffer + start, filled - start)
        filled -= start
    }
    if filled > 0 { body(UnsafeBufferPointer(start: buffer, count: filled)) }
    return true
}
