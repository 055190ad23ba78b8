import CLinux
import Glibc
import PanelTesting
import PanelUI
import Testing

@testable import PanelLinux

/// The fbdev backend without a kernel framebuffer (this machine has none):
/// the driver's screen info read into a pixel format, the dirty copy into
/// memory laid out as a framebuffer with padded lines, and the errors a board
/// gets before any ioctl. scripts/vm-test runs it on a real /dev/fb0.
@Suite struct FramebufferDisplayTests {
    static var xrgb: FramebufferScreenInfo {
        FramebufferScreenInfo(
            width: 800, height: 480, bitsPerPixel: 32,
            red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8),
            blue: .init(offset: 0, length: 8), lineLength: 3200, memoryLength: 3200 * 480)
    }
    static var rgb565: FramebufferScreenInfo {
        FramebufferScreenInfo(
            width: 320, height: 240, bitsPerPixel: 16,
            red: .init(offset: 11, length: 5), green: .init(offset: 5, length: 6),
            blue: .init(offset: 0, length: 5), lineLength: 640, memoryLength: 640 * 240)
    }

    // MARK: Screen info → format

    @Test func thirtyTwoBitsAsXRGB8888AndSixteenAsRGB565() throws {
        #expect(try Self.xrgb.pixelFormat(device: "/dev/fb0") == .xrgb8888)
        #expect(try Self.rgb565.pixelFormat(device: "/dev/fb1") == .rgb565)
        // An alpha channel in the top byte is still XRGB to PanelKit: the byte is ignored.
        var argb = Self.xrgb
        argb.transparency = FramebufferBitfield(offset: 24, length: 8)
        #expect(try argb.pixelFormat(device: "/dev/fb0") == .xrgb8888)
    }

    @Test func otherLayoutsOfTheSameDepthAreRefusedWithTheFix() {
        var bgr = Self.xrgb
        bgr.red = FramebufferBitfield(offset: 0, length: 8)
        bgr.blue = FramebufferBitfield(offset: 16, length: 8)
        let bgrError = #expect(throws: PanelLinuxError.self) { try bgr.pixelFormat(device: "/dev/fb0") }
        #expect(
            bgrError?.message
                == "/dev/fb0: 32 bpp with red 0:8, green 8:8, blue 16:8 is not supported; PanelKit draws XRGB8888 (red 16:8, green 8:8, blue 0:8) or RGB565: set it with `fbset -fb /dev/fb0 -rgba 8/16,8/8,8/0,0/0`, or in the driver's settings"
        )

        var rgb555 = Self.rgb565
        rgb555.red = FramebufferBitfield(offset: 10, length: 5)
        rgb555.green = FramebufferBitfield(offset: 5, length: 5)
        let error = #expect(throws: PanelLinuxError.self) { try rgb555.pixelFormat(device: "/dev/fb1") }
        #expect(
            error?.message
                == "/dev/fb1: 16 bpp with red 10:5, green 5:5, blue 0:5 is not supported; PanelKit draws RGB565 (red 11:5, green 5:6, blue 0:5) or XRGB8888: set it with `fbset -fb /dev/fb1 -rgba 5/11,6/5,5/0,0/0`, or in the driver's settings"
        )
        #expect(error.map { !$0.message.contains("\n") } == true)
    }

    @Test func otherDepthsNameTheDepthAndTheFix() {
        var rgb888 = Self.xrgb
        rgb888.bitsPerPixel = 24
        rgb888.lineLength = 2400
        let error = #expect(throws: PanelLinuxError.self) { try rgb888.pixelFormat(device: "/dev/fb0") }
        #expect(
            error?.message
                == "/dev/fb0: 24 bpp is not supported; PanelKit draws 16 bpp (RGB565) or 32 bpp (XRGB8888): set one with `fbset -fb /dev/fb0 -depth 16` (or 32), or in the driver's settings (device tree, module options)"
        )

        var paletted = Self.rgb565
        paletted.bitsPerPixel = 8
        paletted.visual = 3 // FB_VISUAL_PSEUDOCOLOR
        #expect(
            (#expect(throws: PanelLinuxError.self) { try paletted.pixelFormat(device: "/dev/fb2") })?.message
                .hasPrefix("/dev/fb2: 8 bpp is not supported;") == true)

        var gray = Self.rgb565
        gray.grayscale = 1
        #expect(
            (#expect(throws: PanelLinuxError.self) { try gray.pixelFormat(device: "/dev/fb1") })?.message
                .hasPrefix("/dev/fb1: a grayscale framebuffer (16 bpp) is not supported;") == true)

        var planar = Self.rgb565
        planar.type = 1 // FB_TYPE_PLANES
        #expect(
            (#expect(throws: PanelLinuxError.self) { try planar.pixelFormat(device: "/dev/fb1") })?.message
                .hasPrefix("/dev/fb1: the framebuffer is not packed pixels") == true)

        var shortLines = Self.xrgb
        shortLines.lineLength = 3000
        #expect(
            (#expect(throws: PanelLinuxError.self) { try shortLines.pixelFormat(device: "/dev/fb0") })?.message
                .hasPrefix("/dev/fb0: the driver reports 800x480 with 3000 bytes a line") == true)
    }

    @Test func theDriversStructuresReadIntoTheInfo() {
        var v = fb_var_screeninfo()
        v.xres = 800
        v.yres = 480
        v.xres_virtual = 800
        v.yres_virtual = 960
        v.yoffset = 480
        v.bits_per_pixel = 32
        v.red.offset = 16
        v.red.length = 8
        v.green.offset = 8
        v.green.length = 8
        v.blue.length = 8
        // A 60 Hz 800x480 timing: 33.26 MHz, 1056 x 525 in all.
        v.pixclock = 30066
        v.left_margin = 46
        v.right_margin = 210
        v.hsync_len = 0
        v.upper_margin = 23
        v.lower_margin = 22
        v.vsync_len = 0
        var f = fb_fix_screeninfo()
        f.line_length = 3328 // padded lines
        f.smem_len = 3328 * 960
        f.ypanstep = 1
        f.visual = 2
        withUnsafeMutableBytes(of: &f.id) { bytes in
            for (i, byte) in "fb_ili9341".utf8.enumerated() { bytes[i] = byte }
        }
        let info = FramebufferScreenInfo(v, f)
        #expect(info.width == 800 && info.height == 480 && info.virtualHeight == 960 && info.yOffset == 480)
        #expect(info.lineLength == 3328 && info.memoryLength == 3328 * 960)
        #expect(info.driver == "fb_ili9341")
        #expect((try? info.pixelFormat(device: "/dev/fb0")) == .xrgb8888)
        #expect(info.canPanBetweenTwoScreens)
        let rate = info.refreshRate ?? 0
        #expect(abs(rate - 60) < 0.1, "\(rate)")
        // No pixel clock (most fbdev drivers, the DRM helpers): no rate from the timings.
        v.pixclock = 0
        #expect(FramebufferScreenInfo(v, f).refreshRate == nil)
    }

    @Test func panningNeedsTwoScreensOfMemoryAndAPanStep() {
        var info = Self.xrgb
        info.yPanStep = 1
        #expect(!info.canPanBetweenTwoScreens) // yres_virtual 480
        info.virtualHeight = 960
        #expect(!info.canPanBetweenTwoScreens) // one screen of memory
        #expect(!info.memoryHoldsTwoScreens)
        info.memoryLength = 3200 * 960
        #expect(info.canPanBetweenTwoScreens)
        info.yPanStep = 0
        #expect(!info.canPanBetweenTwoScreens) // the driver cannot pan
        info.yPanStep = 7 // 480 is no multiple of 7
        #expect(!info.canPanBetweenTwoScreens)
        info.yPanStep = 16
        info.memoryLength = 0 // unknown: the driver decides
        #expect(info.canPanBetweenTwoScreens)
    }

    // MARK: The dirty copy

    /// Memory for a `width`x`height` framebuffer with `padding` bytes after each line, filled with `fill`.
    final class Memory {
        let framebuffer: Framebuffer
        let byteCount: Int
        init(width: Int, height: Int, format: PixelFormat, padding: Int, fill: UInt8) {
            let stride = width * format.bytesPerPixel + padding
            byteCount = stride * height
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
            pointer.initializeMemory(as: UInt8.self, repeating: fill, count: byteCount)
            framebuffer = Framebuffer(
                width: width, height: height, stride: stride, format: format, baseAddress: pointer)
        }
        deinit { framebuffer.baseAddress.deallocate() }
        func byte(_ offset: Int) -> UInt8 { framebuffer.baseAddress.load(fromByteOffset: offset, as: UInt8.self) }
        func xrgb(_ x: Int, _ y: Int) -> UInt32 {
            framebuffer.baseAddress.load(fromByteOffset: y * framebuffer.stride + x * 4, as: UInt32.self)
        }
        func rgb565(_ x: Int, _ y: Int) -> UInt16 {
            framebuffer.baseAddress.load(fromByteOffset: y * framebuffer.stride + x * 2, as: UInt16.self)
        }
        func setXRGB(_ x: Int, _ y: Int, _ value: UInt32) {
            framebuffer.baseAddress.storeBytes(of: value, toByteOffset: y * framebuffer.stride + x * 4, as: UInt32.self)
        }
    }

    /// A source whose every pixel differs: 0x00YYXX plus a colour.
    static func patternedSource(width: Int, height: Int, padding: Int) -> Memory {
        let source = Memory(width: width, height: height, format: .xrgb8888, padding: padding, fill: 0xEE)
        for y in 0..<height {
            for x in 0..<width { source.setXRGB(x, y, 0x0080_4020 &+ UInt32(y << 12) &+ UInt32(x << 3)) }
        }
        return source
    }

    @Test func onlyTheDirtyRectangleIsCopiedAndThePaddingIsLeftAlone() {
        let source = Self.patternedSource(width: 9, height: 6, padding: 12)
        let target = Memory(width: 9, height: 6, format: .xrgb8888, padding: 28, fill: 0x55) // line_length 64
        // Fractional edges grow to whole pixels: columns 2..<6, rows 1..<4.
        source.framebuffer.copy(Rect(x: 2.5, y: 1.2, width: 3, height: 2), turnedBy: .none, into: target.framebuffer)
        for y in 0..<6 {
            for x in 0..<9 {
                let inside = (2..<6).contains(x) && (1..<4).contains(y)
                #expect(target.xrgb(x, y) == (inside ? source.xrgb(x, y) : 0x5555_5555), "(\(x), \(y))")
            }
            for pad in 36..<64 { #expect(target.byte(y * 64 + pad) == 0x55) }
        }
    }

    @Test func aRectangleOutsideIsClippedToBothBuffers() {
        let source = Self.patternedSource(width: 8, height: 4, padding: 0)
        let target = Memory(width: 8, height: 4, format: .xrgb8888, padding: 8, fill: 0x11)
        source.framebuffer.copy(Rect(x: -5, y: 2, width: 100, height: 100), turnedBy: .none, into: target.framebuffer)
        for y in 0..<4 {
            for x in 0..<8 { #expect(target.xrgb(x, y) == (y >= 2 ? source.xrgb(x, y) : 0x1111_1111)) }
            for pad in 32..<40 { #expect(target.byte(y * 40 + pad) == 0x11) }
        }
        source.framebuffer.copy(Rect(x: 20, y: 20, width: 5, height: 5), turnedBy: .none, into: target.framebuffer)
        source.framebuffer.copy(.zero, turnedBy: .none, into: target.framebuffer)
        #expect(target.xrgb(0, 0) == 0x1111_1111)
    }

    @Test func anXRGBSourceIsConvertedForAnRGB565Panel() {
        let source = Self.patternedSource(width: 5, height: 3, padding: 4)
        source.setXRGB(0, 0, 0x00FF_FFFF)
        source.setXRGB(1, 0, 0x00FF_0000)
        let target = Memory(width: 5, height: 3, format: .rgb565, padding: 6, fill: 0xA5) // 16-byte lines
        source.framebuffer.copy(source.framebuffer.bounds, turnedBy: .none, into: target.framebuffer)
        #expect(target.rgb565(0, 0) == 0xFFFF)
        #expect(target.rgb565(1, 0) == 0xF800)
        for y in 0..<3 {
            for x in 0..<5 { #expect(target.rgb565(x, y) == PixelMath.rgb565(fromXRGB: source.xrgb(x, y))) }
            for pad in 10..<16 { #expect(target.byte(y * 16 + pad) == 0xA5) }
        }
        // And back, for a source drawn in RGB565 shown on a 32-bit panel.
        let wide = Memory(width: 5, height: 3, format: .xrgb8888, padding: 0, fill: 0)
        target.framebuffer.copy(Rect(x: 1, y: 1, width: 2, height: 1), turnedBy: .none, into: wide.framebuffer)
        #expect(wide.xrgb(1, 1) == PixelMath.xrgb(fromRGB565: target.rgb565(1, 1)))
        #expect(wide.xrgb(0, 1) == 0 && wide.xrgb(3, 1) == 0)
    }

    @Test func theDirtyCopyAllocatesNothing() {
        let source = Self.patternedSource(width: 64, height: 32, padding: 16)
        let target = Memory(width: 64, height: 32, format: .rgb565, padding: 32, fill: 0)
        let same = Memory(width: 64, height: 32, format: .xrgb8888, padding: 32, fill: 0)
        let rect = Rect(x: 3, y: 4, width: 40, height: 20)
        // Warm up both paths: a first call may do one-time runtime work (run alone, the
        // 32-bit copy's first call allocated 3 times; after other tests, none).
        source.framebuffer.copy(rect, turnedBy: .none, into: target.framebuffer)
        source.framebuffer.copy(rect, turnedBy: .none, into: same.framebuffer)
        let counted = AllocationCounter.count {
            for _ in 0..<10 {
                source.framebuffer.copy(rect, turnedBy: .none, into: target.framebuffer)
                source.framebuffer.copy(rect, turnedBy: .none, into: same.framebuffer)
            }
        }
        #expect(counted == 0)
    }

    // MARK: Errors before any ioctl

    @Test func framebufferNamesAreFbAndDigits() {
        #expect(FramebufferDisplay.isFramebufferName("fb0") && FramebufferDisplay.isFramebufferName("fb12"))
        #expect(
            !FramebufferDisplay.isFramebufferName("fb") && !FramebufferDisplay.isFramebufferName("fbcon")
                && !FramebufferDisplay.isFramebufferName("fb0p1") && !FramebufferDisplay.isFramebufferName("card0"))
    }

    /// A scratch folder holding empty files with `names`.
    func folder(with names: [String]) throws -> String {
        var template = Array("/tmp/panel-fb-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template)).withMemoryRebound(to: UInt8.self, capacity: 32) {
            String(cString: $0)
        }
        for name in names {
            let fd = clinux_open(directory + "/" + name, clinux_o_wronly_create_truncate(), 0o600)
            _ = close(fd)
        }
        return directory
    }

    func remove(_ directory: String, _ names: [String]) {
        for name in names { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    @Test func aMissingDeviceListsTheFramebuffersThereAre() throws {
        let names = ["fb10", "fb1", "fbcon", "fb0", "tty0"]
        let directory = try folder(with: names)
        defer { remove(directory, names) }
        #expect(FramebufferDisplay.devicePaths(in: directory) == ["fb0", "fb1", "fb10"].map { directory + "/" + $0 })
        let error = #expect(throws: PanelLinuxError.self) {
            try FramebufferDisplay.open(FramebufferDisplayConfiguration(devicePath: directory + "/fb3"))
        }
        #expect(
            error?.message
                == "\(directory)/fb3: no such framebuffer device; \(directory) has \(directory)/fb0, \(directory)/fb1, \(directory)/fb10 (give one with --card, or as the board's display.device)"
        )
        #expect(error?.errno == .noSuchFile)
        // A plain file is no framebuffer: the ioctl fails, and the error says so.
        var configuration = FramebufferDisplayConfiguration()
        configuration.directory = directory
        let notFramebuffer = #expect(throws: PanelLinuxError.self) { try FramebufferDisplay.open(configuration) }
        #expect(
            notFramebuffer?.message.hasPrefix("\(directory)/fb0: not a framebuffer device (FBIOGET_VSCREENINFO: ")
                == true)
        #expect(notFramebuffer?.message.hasSuffix("); give a /dev/fbN, or a DRM card with --backend drm") == true)
    }

    @Test func noFramebufferAtAllSaysNoDriverIsLoaded() throws {
        let directory = try folder(with: [])
        defer { remove(directory, []) }
        var configuration = FramebufferDisplayConfiguration()
        configuration.directory = directory
        let none = #expect(throws: PanelLinuxError.self) { try FramebufferDisplay.open(configuration) }
        #expect(
            none?.message
                == "no framebuffer device in \(directory) (\(directory)/fb*): no fbdev driver is loaded (load the panel's driver, e.g. an fbtft module, or enable the LCD controller's), or use --backend drm"
        )
        let missing = #expect(throws: PanelLinuxError.self) {
            try FramebufferDisplay.open(FramebufferDisplayConfiguration(devicePath: directory + "/fb0"))
        }
        #expect(
            missing?.message
                == "\(directory)/fb0: no such framebuffer device, and \(directory) has none (no fbdev driver is loaded: load the panel's driver, or use --backend drm)"
        )
    }

    @Test func permissionDeniedNamesTheVideoGroup() {
        // Root (these tests) opens anything: the message is built from the kernel's EACCES as open() does.
        let error = PanelLinuxError.opening("/dev/fb0", what: "framebuffer device", group: "video", .permissionDenied)
        #expect(
            error.message
                == "/dev/fb0: permission denied opening the framebuffer device; run as root or add the user to the 'video' group (usermod -aG video USER, then log in again)"
        )
    }
}
