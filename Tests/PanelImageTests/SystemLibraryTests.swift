import CDRM
import CEvdev
import CFreeType
import CPNG
import Glibc
import Testing

/// Each C library links and runs: the Debian packages are installed and the
/// module maps and pkg-config setup in Sources/C* are right.
@Suite struct SystemLibraryTests {
    @Test func libevdevCreatesAndFreesADevice() throws {
        let device = try #require(libevdev_new())
        defer { libevdev_free(device) }
        libevdev_set_name(device, "PanelKit smoke test")
        #expect(String(cString: libevdev_get_name(device)) == "PanelKit smoke test")
        #expect(libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil) == 0)
        #expect(libevdev_has_event_code(device, UInt32(EV_KEY), UInt32(BTN_TOUCH)) == 1)
        #expect(libevdev_event_type_get_max(UInt32(EV_ABS)) == Int32(ABS_MAX))
    }

    @Test func freeTypeInitializesAndReportsItsVersion() throws {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        let initialized = try #require(library)
        defer { FT_Done_FreeType(initialized) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(initialized, &major, &minor, &patch)
        #expect(major == 2)
        #expect(cfreetype_load_target_light() == Int32(FT_RENDER_MODE_LIGHT.rawValue) << 16)
    }

    @Test func libpngMatchesItsHeaders() {
        let runtime = String(cString: png_get_libpng_ver(nil))
        let headers = String(cString: cpng_header_version())
        #expect(runtime == headers)
        #expect(png_access_version_number() >= 10600)
        #expect(cpng_format_rgba() == cpng_format_rgb() | UInt32(PNG_FORMAT_FLAG_ALPHA))
    }

    @Test func libdrmRunsWithoutHardware() {
        // Neither call opens a device, so both work on machines without /dev/dri.
        #expect(String(cString: drmModeGetConnectorTypeName(UInt32(DRM_MODE_CONNECTOR_HDMIA))) == "HDMI-A")
        let deviceCount = drmGetDevices2(0, nil, 0)
        #expect(deviceCount >= 0 || deviceCount == -ENOENT, "drmGetDevices2 returned \(deviceCount)")
        // 'XR24' and 'RG16', little-endian fourcc codes.
        #expect(cdrm_format_xrgb8888() == 0x3432_5258)
        #expect(cdrm_format_rgb565() == 0x3631_4752)
        #expect(cdrm_ioctl_mode_create_dumb() & 0xFF == 0xB2)
    }
}
