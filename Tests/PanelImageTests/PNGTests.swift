import Foundation
import PanelImage
import PanelTesting
import PanelUI
import Testing

/// A fresh empty directory under the system's temporary directory.
func makeTemporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("PanelImageTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// A colour that differs in every channel from its neighbours', so that swapped
/// channels, flipped rows or off-by-one columns all show.
func testPatternColor(x: Int, y: Int) -> Color {
    Color(
        red: UInt8(truncatingIfNeeded: 17 + x * 37), green: UInt8(truncatingIfNeeded: 200 - y * 29),
        blue: UInt8(truncatingIfNeeded: x * 11 + y * 53))
}

func store(_ color: Color, in framebuffer: Framebuffer, x: Int, y: Int) {
    let row = framebuffer.baseAddress + y * framebuffer.stride
    switch framebuffer.format {
    case .xrgb8888:
        row.storeBytes(of: color.xrgb8888, toByteOffset: x * 4, as: UInt32.self)
    case .rgb565:
        let pixel = UInt16(color.red >> 3) << 11 | UInt16(color.green >> 2) << 5 | UInt16(color.blue >> 3)
        row.storeBytes(of: pixel, toByteOffset: x * 2, as: UInt16.self)
    }
}

func expectSamePixels(_ image: PNGImage, _ framebuffer: Framebuffer, sourceLocation: SourceLocation = #_sourceLocation)
{
    #expect(image.width == framebuffer.width, sourceLocation: sourceLocation)
    #expect(image.height == framebuffer.height, sourceLocation: sourceLocation)
    #expect(image.rgba.count == framebuffer.width * framebuffer.height * 4, sourceLocation: sourceLocation)
    guard image.width == framebuffer.width, image.height == framebuffer.height else { return }
    var mismatches: [String] = []
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width where image.color(atX: x, y: y) != framebuffer.color(atX: x, y: y) {
            mismatches.append(
                "(\(x), \(y)): PNG \(image.color(atX: x, y: y)), framebuffer \(framebuffer.color(atX: x, y: y))")
        }
    }
    #expect(
        mismatches.isEmpty, "\(mismatches.count) pixels differ: \(mismatches.prefix(5))", sourceLocation: sourceLocation
    )
}

@Suite struct PNGRoundTripTests {
    /// `PixelFormat` itself is not `Sendable`, which test arguments must be.
    enum Format: String, CaseIterable, Sendable {
        case xrgb8888, rgb565
        var pixelFormat: PixelFormat { self == .xrgb8888 ? .xrgb8888 : .rgb565 }
    }

    @Test(arguments: Format.allCases)
    func writesAndReadsBackEveryPixel(_ testFormat: Format) throws {
        let format = testFormat.pixelFormat
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let display = HeadlessDisplay(width: 7, height: 5, format: format)
        for y in 0..<5 {
            for x in 0..<7 {
                store(testPatternColor(x: x, y: y), in: display.framebuffer, x: x, y: y)
            }
        }
        let path = directory + "/round-trip.png"

        try display.writePNG(to: path)
        let image = try PNG.read(path: path)

        expectSamePixels(image, display.framebuffer)
        if format == .xrgb8888 {
            // Nothing is lost at 8 bits a channel.
            #expect(image.color(atX: 3, y: 2) == testPatternColor(x: 3, y: 2))
        }
    }

    @Test func rgb565IsWidenedToFullRange() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let display = HeadlessDisplay(width: 4, height: 1, format: .rgb565)
        for (x, color) in [Color(rgb: 0xFF0000), Color(rgb: 0x00FF00), Color(rgb: 0x0000FF), Color.white].enumerated() {
            store(color, in: display.framebuffer, x: x, y: 0)
        }
        let path = directory + "/rgb565.png"
        try PNG.write(display.framebuffer, to: path)
        let image = try PNG.read(path: path)
        #expect(image.rgba == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
    }

    @Test func honoursAStrideWiderThanTheRow() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Like a DRM dumb buffer whose pitch is padded: 3 pixels of 4 bytes in 16-byte rows.
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16 * 2, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE, count: 16 * 2)
        let framebuffer = Framebuffer(width: 3, height: 2, stride: 16, format: .xrgb8888, baseAddress: memory)
        for y in 0..<2 {
            for x in 0..<3 {
                store(testPatternColor(x: x, y: y), in: framebuffer, x: x, y: y)
            }
        }
        let path = directory + "/padded.png"
        try PNG.write(framebuffer, to: path)
        expectSamePixels(try PNG.read(path: path), framebuffer)
    }

    @Test func newDisplayIsBlackAndTightlyPacked() {
        let display = HeadlessDisplay(width: 3, height: 2)
        #expect(display.framebuffer.format == .xrgb8888)
        #expect(display.framebuffer.stride == 12)
        #expect(display.framebuffer.color(atX: 2, y: 1) == .black)
    }

    @Test func reportsTheLibpngVersion() {
        #expect(PNG.libraryVersion.hasPrefix("1."))
    }
}

@Suite struct PNGErrorTests {
    @Test func unwritablePathSaysWhichFileAndWhy() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let display = HeadlessDisplay(width: 2, height: 2)
        let path = directory + "/no-such-directory/frame.png"

        do {
            try display.writePNG(to: path)
            Issue.record("writing into a missing directory succeeded")
        } catch {
            #expect(error.path == path)
            #expect(error.operation == .writing)
            #expect(error.message.contains("No such file or directory"))
            #expect(error.description.contains("cannot write PNG file '\(path)'"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func missingFileSaysWhichFileAndWhy() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/missing.png"

        do {
            _ = try PNG.read(path: path)
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(error.path == path)
            #expect(error.operation == .reading)
            #expect(error.message.contains("No such file or directory"))
            #expect(error.description.contains("cannot read PNG file '\(path)'"))
        }
    }

    @Test(
        arguments: [
            Array("this is not a PNG file at all, only text".utf8),
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48], // a signature, then cut short
            []
        ] as [[UInt8]])
    func garbageSaysWhichFileAndWhy(bytes: [UInt8]) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/garbage.png"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))

        do {
            _ = try PNG.read(path: path)
            Issue.record("reading garbage succeeded")
        } catch {
            #expect(error.path == path)
            #expect(error.operation == .reading)
            #expect(error.message.hasPrefix("libpng: "))
            #expect(error.message.count > "libpng: ".count)
            #expect(error.description.contains(path))
        }
        // libpng's structures are freed on the way out too (the read above warmed up).
        #expect(AllocationCounter.unfreedBlocks { _ = try? PNG.read(path: path) } == 0)
    }
}
