import CDRM
import PanelUI
import Testing

@testable import PanelLinux

/// How DRMDisplay picks what the UI draws in, what the buffers scan out and
/// which plane rotation stands for a board's rotation. The VM test shows
/// them on a real card (bochs-drm: XR24 and BX24, no rotation property).
@Suite("DRM scan-out: pixel format and plane rotation choices")
struct DRMScanoutChoiceTests {
    let xr24 = cdrm_format_xrgb8888(), rg16 = cdrm_format_rgb565(), bx24 = cdrm_format_bgrx8888()

    @Test("An RGB565 board scans out RG16 when the plane offers it: drawn straight in the scan-out format")
    func rgb565Native() throws {
        let chosen = try DRMDisplay.choosePixelFormats(requested: .rgb565, offered: [xr24, rg16], where: "plane")
        #expect(chosen.render == .rgb565 && chosen.scanout == .rgb565)
    }

    @Test(
        "An RGB565 board on a plane without RG16 (bochs-drm) is drawn in RGB565 and converted into XR24 as it is copied"
    )
    func rgb565Converted() throws {
        let chosen = try DRMDisplay.choosePixelFormats(requested: .rgb565, offered: [xr24, bx24], where: "plane")
        #expect(chosen.render == .rgb565 && chosen.scanout == .xrgb8888)
    }

    @Test("XRGB8888 is taken when offered (or when the driver lists no formats), RGB565 when it is all the plane has")
    func defaults() throws {
        #expect(
            try DRMDisplay.choosePixelFormats(requested: nil, offered: [xr24, rg16], where: "plane") == (
                .xrgb8888, .xrgb8888
            ))
        #expect(
            try DRMDisplay.choosePixelFormats(requested: .xrgb8888, offered: [], where: "plane") == (
                .xrgb8888, .xrgb8888
            ))
        #expect(
            try DRMDisplay.choosePixelFormats(requested: .xrgb8888, offered: [rg16], where: "plane") == (
                .rgb565, .rgb565
            ))
    }

    @Test("A plane with neither format is one line naming the card, the plane and what it offers")
    func noUsableFormat() {
        let error = #expect(throws: PanelLinuxError.self) {
            try DRMDisplay.choosePixelFormats(
                requested: .rgb565, offered: [bx24], where: "/dev/dri/card0: DSI-1's primary plane")
        }
        #expect(
            error?.message
                == "/dev/dri/card0: DSI-1's primary plane scans out neither RG16 nor XR24 (it offers BX24): PanelKit cannot show an RGB565 board on it"
        )
    }

    @Test("DRM turns planes counter-clockwise: a board's clockwise 90° is the plane's rotate-270")
    func rotationNames() {
        #expect(PrimaryPlane.drmRotationName(.none) == "rotate-0")
        #expect(PrimaryPlane.drmRotationName(.clockwise90) == "rotate-270")
        #expect(PrimaryPlane.drmRotationName(.upsideDown) == "rotate-180")
        #expect(PrimaryPlane.drmRotationName(.clockwise270) == "rotate-90")
        #expect(PrimaryPlane.fourccName(xr24) == "XR24" && PrimaryPlane.fourccName(rg16) == "RG16")
    }
}
