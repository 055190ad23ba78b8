import CLinux
import PanelUI

/// One colour channel's place in a pixel, as `fb_bitfield` gives it.
public struct FramebufferBitfield: Equatable {
    public var offset: Int
    public var length: Int
    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// What an fbdev driver reports (`FBIOGET_VSCREENINFO`, `FBIOGET_FSCREENINFO`),
/// reduced to what PanelKit uses; made by hand in tests.
public struct FramebufferScreenInfo: Equatable {
    /// `xres`, `yres`: the pixels scanned out.
    public var width: Int
    public var height: Int
    /// `xres_virtual`, `yres_virtual`: the memory the visible area pans over.
    public var virtualWidth: Int
    public var virtualHeight: Int
    public var xOffset = 0
    public var yOffset = 0
    public var bitsPerPixel: Int
    public var red: FramebufferBitfield
    public var green: FramebufferBitfield
    public var blue: FramebufferBitfield
    public var transparency = FramebufferBitfield(offset: 0, length: 0)
    /// Non-zero: a grayscale panel (or a FOURCC format when above 1).
    public var grayscale = 0
    public var nonstandard = 0
    /// `line_length`: bytes from one row to the next (the stride), padding included.
    public var lineLength: Int
    /// `smem_len`: the framebuffer memory's length in bytes (0 when the driver does not say).
    public var memoryLength: Int
    /// `smem_start`: where the memory starts; the mapping starts at its page.
    public var memoryStart: UInt = 0
    /// `type` and `visual` (`FB_TYPE_*`, `FB_VISUAL_*`).
    public var type: UInt32 = 0
    public var visual: UInt32 = 2
    /// `ypanstep`: 0 when the driver cannot pan vertically.
    public var yPanStep = 0
    /// `pixclock` in picoseconds (0 when unknown) and the margins and sync lengths, for the refresh rate.
    public var pixelClock = 0
    public var horizontalBlank = 0
    public var verticalBlank = 0
    /// The driver's name (`fix.id`), e.g. `bochs-drmdrmfb` or `fb_ili9341`.
    public var driver = ""

    public init(
        width: Int, height: Int, bitsPerPixel: Int, red: FramebufferBitfield, green: FramebufferBitfield,
        blue: FramebufferBitfield, lineLength: Int, memoryLength: Int
    ) {
        self.width = width
        self.height = height
        self.virtualWidth = width
        self.virtualHeight = height
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.lineLength = lineLength
        self.memoryLength = memoryLength
    }

    /// From the driver's structures.
    public init(_ v: fb_var_screeninfo, _ f: fb_fix_screeninfo) {
        self.init(
            width: Int(v.xres), height: Int(v.yres), bitsPerPixel: Int(v.bits_per_pixel),
            red: FramebufferBitfield(offset: Int(v.red.offset), length: Int(v.red.length)),
            green: FramebufferBitfield(offset: Int(v.green.offset), length: Int(v.green.length)),
            blue: FramebufferBitfield(offset: Int(v.blue.offset), length: Int(v.blue.length)),
            lineLength: Int(f.line_length), memoryLength: Int(f.smem_len))
        virtualWidth = Int(v.xres_virtual)
        virtualHeight = Int(v.yres_virtual)
        xOffset = Int(v.xoffset)
        yOffset = Int(v.yoffset)
        transparency = FramebufferBitfield(offset: Int(v.transp.offset), length: Int(v.transp.length))
        grayscale = Int(v.grayscale)
        nonstandard = Int(v.nonstd)
        memoryStart = UInt(f.smem_start)
        type = f.type
        visual = f.visual
        yPanStep = Int(f.ypanstep)
        pixelClock = Int(v.pixclock)
        horizontalBlank = Int(v.left_margin) + Int(v.right_margin) + Int(v.hsync_len)
        verticalBlank = Int(v.upper_margin) + Int(v.lower_margin) + Int(v.vsync_len)
        var id = f.id
        driver = withUnsafeBytes(of: &id) { bytes in
            var text = ""
            for byte in bytes {
                if byte == 0 { break }
                text.append(byte >= 0x20 && byte < 0x7F ? Character(Unicode.Scalar(byte)) : "?")
            }
            return text
        }
    }

    /// `R:G:B` bitfields as `fbset -rgba` takes them: length/offset.
    public var channelDescription: String {
        "red " + String(red.offset) + ":" + String(red.length) + ", green " + String(green.offset) + ":"
            + String(green.length)
            + ", blue " + String(blue.offset) + ":" + String(blue.length)
    }

    /// The layout PanelKit can draw: 32 bpp XRGB8888 or 16 bpp RGB565, packed
    /// true colour. Anything else is one line naming `device`, what it is and the fix.
    public func pixelFormat(device: String) throws(PanelLinuxError) -> PixelFormat {
        let depthFix =
            "PanelKit draws 16 bpp (RGB565) or 32 bpp (XRGB8888): set one with `fbset -fb " + device
            + " -depth 16` (or 32), or in the driver's settings (device tree, module options)"
        if type != clinux_fb_type_packed_pixels() {
            throw PanelLinuxError(
                device + ": the framebuffer is not packed pixels (FB_TYPE " + String(type)
                    + ": planar or interleaved); " + depthFix)
        }
        if grayscale != 0 {
            throw PanelLinuxError(
                device + ": a grayscale framebuffer (" + String(bitsPerPixel) + " bpp) is not supported; " + depthFix)
        }
        switch bitsPerPixel {
        case 32:
            guard red == FramebufferBitfield(offset: 16, length: 8), green == FramebufferBitfield(offset: 8, length: 8),
                blue == FramebufferBitfield(offset: 0, length: 8)
            else {
                throw PanelLinuxError(
                    device + ": 32 bpp with " + channelDescription
                        + " is not supported; PanelKit draws XRGB8888 (red 16:8, green 8:8, blue 0:8) or RGB565: set it with `fbset -fb "
                        + device + " -rgba 8/16,8/8,8/0,0/0`, or in the driver's settings")
            }
        case 16:
            guard red == FramebufferBitfield(offset: 11, length: 5), green == FramebufferBitfield(offset: 5, length: 6),
                blue == FramebufferBitfield(offset: 0, length: 5)
            else {
                throw PanelLinuxError(
                    device + ": 16 bpp with " + channelDescription
                        + " is not supported; PanelKit draws RGB565 (red 11:5, green 5:6, blue 0:5) or XRGB8888: set it with `fbset -fb "
                        + device + " -rgba 5/11,6/5,5/0,0/0`, or in the driver's settings")
            }
        default:
            throw PanelLinuxError(device + ": " + String(bitsPerPixel) + " bpp is not supported; " + depthFix)
        }
        if visual != clinux_fb_visual_truecolor() && visual != clinux_fb_visual_directcolor() {
            throw PanelLinuxError(
                device + ": " + String(bitsPerPixel) + " bpp through a colour map (FB_VISUAL "
                    + String(visual) + ") is not supported; PanelKit needs true colour: " + depthFix)
        }
        let format: PixelFormat = bitsPerPixel == 32 ? .xrgb8888 : .rgb565
        guard lineLength >= width * format.bytesPerPixel, width > 0, height > 0 else {
            throw PanelLinuxError(
                device + ": the driver reports " + String(width) + "x" + String(height) + " with "
                    + String(lineLength) + " bytes a line, too few for " + String(bitsPerPixel)
                    + " bpp; the driver's mode is broken (check it with fbset -fb " + device + ")")
        }
        return format
    }

    /// The refresh rate the timings give (`pixclock` and the blanking), nil when they give none.
    public var refreshRate: Double? {
        guard pixelClock > 0 else { return nil }
        let total = Double(width + horizontalBlank) * Double(height + verticalBlank) * Double(pixelClock)
        let rate = 1e12 / total
        return rate >= 1 && rate <= 360 ? rate : nil
    }

    /// Whether the memory holds two screens one above the other.
    public var memoryHoldsTwoScreens: Bool {
        memoryLength == 0 || memoryLength >= lineLength * 2 * height
    }

    /// Whether panning by whole screens works out: two screens of virtual
    /// height and memory, and the pan step dividing the height.
    public var canPanBetweenTwoScreens: Bool {
        virtualHeight >= 2 * height && yPanStep > 0 && height % yPanStep == 0 && memoryHoldsTwoScreens
    }
}
