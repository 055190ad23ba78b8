import CLinux
import Glibc
import PanelUI
import Testing

@testable import PanelLinux

/// The memory report's figures (docs/memory.md): read from /proc the way the
/// kernel writes it, and a view's bytes counted in and out.
@Suite struct ResidentMemoryTests {
    static func read(_ text: String, into memory: inout ResidentMemory, smaps: Bool) {
        var mapping = ResidentMemory.Mapping.other
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(line)
            line.withUTF8 { bytes in
                if smaps { memory.addSmapsLine(bytes, mapping: &mapping) } else { memory.addStatusLine(bytes) }
            }
        }
    }

    @Test func statusGivesThePeakAndTheResidentParts() {
        var memory = ResidentMemory()
        Self.read(
            """
            Name:\tpanel-demo
            VmPeak:\t   98304 kB
            VmHWM:\t    9412 kB
            VmRSS:\t    9100 kB
            RssAnon:\t    5000 kB
            RssFile:\t    4000 kB
            RssShmem:\t     100 kB
            Threads:\t1
            """, into: &memory, smaps: false)
        #expect(memory.peakKiB == 9412)
        #expect(memory.residentKiB == 9100)
        #expect(memory.anonymousKiB == 5000)
        #expect(memory.fileKiB == 4000)
        #expect(memory.sharedKiB == 100)
    }

    @Test func smapsCountsTheScanoutBuffersAndTheFontsApart() {
        var memory = ResidentMemory()
        Self.read(
            """
            aaaad0000000-aaaad0100000 r-xp 00000000 00:02 12                         /opt/panelkit/panel-demo
            Size:               1024 kB
            Rss:                 900 kB
            ffff80000000-ffff80177000 rw-s 100000000 00:05 301                       /dev/dri/card0
            Size:               1500 kB
            Rss:                1500 kB
            ffff80200000-ffff80377000 rw-s 100177000 00:05 301                       /dev/dri/card0
            Rss:                1500 kB
            ffff81000000-ffff81100000 r--p 00000000 00:02 40                         /opt/panelkit/assets/fonts/Inter-Regular.otf
            Rss:                 300 kB
            ffff82000000-ffff82100000 r--p 00000000 00:02 41                         /opt/panelkit/assets/fonts/NotoSansArabic-Regular.ttf
            Rss:                 120 kB
            ffff83000000-ffff83100000 rw-p 00000000 00:00 0 
            Rss:                 640 kB
            ffff84000000-ffff84100000 rw-s 00000000 00:05 7                          /dev/fb0
            Rss:                  16 kB
            VmFlags: rd wr sh mr mw me ms 
            """, into: &memory, smaps: true)
        #expect(memory.scanoutKiB == 3016)
        #expect(memory.fontKiB == 420)
    }

    @Test func thisProcessHasAPeakAtLeastItsResidentSet() throws {
        let memory = try #require(ResidentMemory.current())
        #expect(memory.residentKiB > 0)
        #expect(memory.peakKiB >= memory.residentKiB)
        #expect(memory.anonymousKiB + memory.fileKiB + memory.sharedKiB == memory.residentKiB)
    }

    /// A line longer than the reader's buffer is cut, not lost with the lines after it.
    @Test func aLongLineIsCutAndTheNextOneRead() throws {
        let path = "/tmp/panelkit-resident-memory-\(getpid()).txt"
        let long = String(repeating: "x", count: 10_000)
        let text = "first\n" + long + "\nlast"
        let fd = clinux_open(path, clinux_o_wronly_create_truncate(), 0o644)
        #expect(fd >= 0)
        var bytes = text
        _ = bytes.withUTF8 { write(fd, $0.baseAddress, $0.count) }
        _ = close(fd)
        defer { unlink(path) }
        var lines: [String] = []
        #expect(forEachLine(ofFile: path) { lines.append(String(decoding: $0, as: UTF8.self)) })
        #expect(lines.first == "first")
        #expect(lines.last == "last")
        let total = lines.map(\.utf8.count).reduce(0, +)
        #expect(total == 10_009) // "first", the long line in pieces, "last"
    }

    /// Other suites make and free views on their threads meanwhile: only this
    /// thread's views are measured, so the count moves by this test's alone.
    @Test func viewsCountTheirBytesInAndOut() {
        let before = View.measureAllocation
        measuringThread = pthread_self()
        View.measureAllocation = { pointer in
            pthread_equal(pthread_self(), measuringThread) != 0 ? malloc_usable_size(pointer) : 0
        }
        defer { View.measureAllocation = before }
        let start = View.liveInstanceBytes
        var views: [View] = (0..<10).map { _ in Label(frame: .zero) }
        // Each as the allocator gave it: a reused chunk may be a little larger than the object.
        let sizes = views.map { malloc_usable_size(Unmanaged.passUnretained($0).toOpaque()) }
        #expect(sizes.allSatisfy { $0 >= 64 })
        #expect(View.liveInstanceBytes - start == sizes.reduce(0, +))
        views.removeAll()
        #expect(View.liveInstanceBytes == start)
    }
}

nonisolated(unsafe) private var measuringThread = pthread_self()
