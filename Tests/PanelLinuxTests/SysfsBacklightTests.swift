import Foundation
import PanelUI
import Testing

@testable import PanelLinux

/// A fake /sys/class/backlight: one folder per device with `brightness`,
/// `max_brightness` and `bl_power`, as the kernel's backlight class has.
final class FakeSysfs {
    let directory: String

    init() throws {
        var template = Array("/tmp/panel-backlight-XXXXXX".utf8CString)
        let made = try #require(mkdtemp(&template))
        directory = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A device at `level` of `max`, lit (bl_power 0).
    @discardableResult
    func add(_ name: String, level: Int = 100, max: Int = 255, power: Int? = 0) throws -> String {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try "\(level)\n".write(toFile: path + "/brightness", atomically: false, encoding: .utf8)
        try "\(max)\n".write(toFile: path + "/max_brightness", atomically: false, encoding: .utf8)
        if let power { try "\(power)\n".write(toFile: path + "/bl_power", atomically: false, encoding: .utf8) }
        return path
    }

    /// The number at the start of `file` of device `name`, as the kernel would parse what was written.
    func read(_ name: String, _ file: String) -> Int? {
        guard let text = try? String(contentsOfFile: directory + "/" + name + "/" + file, encoding: .utf8) else {
            return nil
        }
        return Int(text.prefix { $0.isNumber })
    }

    func configuration(_ device: String? = nil, minimum: Int = 1, maximum: Int? = nil) -> SysfsBacklightConfiguration {
        var configuration = SysfsBacklightConfiguration(device: device, minimumLevel: minimum, maximumLevel: maximum)
        configuration.directory = directory
        return configuration
    }
}

@Suite("The sysfs backlight: levels, power, and the errors a board gets")
struct SysfsBacklightTests {
    @Test("brightness 0…1 maps onto the minimum…maximum raw levels: 0 is the dimmest lit level, not off")
    func levels() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("panel", level: 100, max: 255)
        let backlight = try SysfsBacklight.open(sysfs.configuration("panel", minimum: 10, maximum: 210))
        #expect(backlight.maxBrightness == 255 && backlight.minimumLevel == 10 && backlight.maximumLevel == 210)
        #expect(abs(backlight.brightness - 0.45) < 1e-12, "read at open: (100 − 10) / 200")
        backlight.brightness = 0
        #expect(sysfs.read("panel", "brightness") == 10)
        backlight.brightness = 1
        #expect(sysfs.read("panel", "brightness") == 210)
        backlight.brightness = 0.5
        #expect(sysfs.read("panel", "brightness") == 110)
        backlight.brightness = 7
        #expect(sysfs.read("panel", "brightness") == 210, "clamped")
        #expect(backlight.lastError == nil)
    }

    @Test("the defaults: 'auto' takes the only device, from level 1 to its max_brightness")
    func defaults() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("rpi_backlight", level: 0, max: 31)
        let backlight = try SysfsBacklight.open(sysfs.configuration())
        #expect(backlight.name == "rpi_backlight")
        #expect(backlight.path == sysfs.directory + "/rpi_backlight")
        #expect(backlight.minimumLevel == 1 && backlight.maximumLevel == 31)
        #expect(!backlight.isOn, "level 0 at open: off")
        backlight.brightness = 0
        backlight.isOn = true
        #expect(sysfs.read("rpi_backlight", "brightness") == 1)
    }

    @Test("off is bl_power 4 (FB_BLANK_POWERDOWN) with the level kept; on is bl_power 0")
    func power() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("panel", level: 200, max: 255)
        let backlight = try SysfsBacklight.open(sysfs.configuration("panel"))
        #expect(backlight.isOn)
        backlight.isOn = false
        #expect(sysfs.read("panel", "bl_power") == 4)
        #expect(sysfs.read("panel", "brightness") == 200)
        backlight.isOn = true
        #expect(sysfs.read("panel", "bl_power") == 0)
        #expect(sysfs.read("panel", "brightness") == 200)
    }

    @Test("without bl_power, off writes level 0 and on writes the level back")
    func powerWithoutBlPower() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("panel", level: 200, max: 255, power: nil)
        let backlight = try SysfsBacklight.open(sysfs.configuration("panel"))
        backlight.isOn = false
        #expect(sysfs.read("panel", "brightness") == 0)
        backlight.brightness = 0.5 // set while off: kept for the wake
        #expect(sysfs.read("panel", "brightness") == 0)
        backlight.isOn = true
        #expect(sysfs.read("panel", "brightness") == 128)
    }

    @Test("a Screen drives it: dimmed writes the dim level, blank powers it down, the wake restores both")
    func screenDrivesIt() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("panel", level: 255, max: 255)
        let backlight = try SysfsBacklight.open(sysfs.configuration("panel", minimum: 5, maximum: 255))
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.backlight = backlight
        application.screen.brightness = 1
        application.screen.idlePolicy = IdlePolicy(dimAfter: 10, dimBrightness: 0, blankAfter: 20)
        application.runLoop.advance(to: 10)
        #expect(sysfs.read("panel", "brightness") == 5)
        application.runLoop.advance(to: 20)
        #expect(sysfs.read("panel", "bl_power") == 4)
        application.screen.wake()
        #expect(sysfs.read("panel", "bl_power") == 0)
        #expect(sysfs.read("panel", "brightness") == 255)
    }

    @Test("a device that is not there: the error names it and lists the ones there are")
    func missingDeviceListsTheOthers() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("intel_backlight")
        try sysfs.add("acpi_video0")
        let error = #expect(throws: PanelLinuxError.self) {
            try SysfsBacklight.open(sysfs.configuration("rpi_backlight"))
        }
        #expect(
            error?.message == sysfs.directory + "/rpi_backlight: no such backlight device; " + sysfs.directory
                + " has: acpi_video0, intel_backlight; set display.backlight.device in the board file to one that exists, or remove display.backlight"
        )
    }

    @Test("no backlight at all: the error says there is none, named or auto")
    func noDevices() throws {
        let sysfs = try FakeSysfs()
        let named = #expect(throws: PanelLinuxError.self) { try SysfsBacklight.open(sysfs.configuration("panel")) }
        #expect(
            named?.message.hasPrefix(
                sysfs.directory + "/panel: no such backlight device; " + sysfs.directory
                    + " has none (no backlight driver is loaded)") == true)
        let auto = #expect(throws: PanelLinuxError.self) { try SysfsBacklight.open(sysfs.configuration()) }
        #expect(
            auto?.message == sysfs.directory
                + ": no backlight device (no backlight driver is loaded); load the panel's backlight driver, or remove display.backlight from the board file"
        )
        var gone = sysfs.configuration()
        gone.directory = "/nonexistent/backlight"
        let missing = #expect(throws: PanelLinuxError.self) { try SysfsBacklight.open(gone) }
        #expect(missing?.message.hasPrefix("/nonexistent/backlight: no backlight device") == true)
    }

    @Test("'auto' with several devices: the error lists them and asks for a name")
    func autoWithSeveral() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("b")
        try sysfs.add("a")
        let error = #expect(throws: PanelLinuxError.self) { try SysfsBacklight.open(sysfs.configuration()) }
        #expect(
            error?.message == sysfs.directory
                + ": 2 backlight devices (a, b); name one in the board file's display.backlight.device instead of \"auto\""
        )
    }

    @Test("levels the device does not have: above max_brightness, or a minimum not below the maximum")
    func levelsOutOfRange() throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.add("panel", max: 255)
        let above = #expect(throws: PanelLinuxError.self) {
            try SysfsBacklight.open(sysfs.configuration("panel", maximum: 300))
        }
        #expect(
            above?.message == path
                + ": the board's maximum level 300 is above the device's max_brightness (255); set display.backlight.maximum to 255 or less"
        )
        let inverted = #expect(throws: PanelLinuxError.self) {
            try SysfsBacklight.open(sysfs.configuration("panel", minimum: 255))
        }
        #expect(
            inverted?.message == path
                + ": the minimum level 255 is not below the maximum 255; set display.backlight.minimum from 0 to 254")
        try "bogus\n".write(toFile: path + "/max_brightness", atomically: false, encoding: .utf8)
        let garbage = #expect(throws: PanelLinuxError.self) { try SysfsBacklight.open(sysfs.configuration("panel")) }
        #expect(garbage?.message.hasPrefix(path + "/max_brightness: expected a whole number") == true)
    }

    @Test(
        "a brightness file the user may not write: one line naming it, with the group and the udev rule that grant it")
    func notWritable() throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.add("panel")
        if geteuid() == 0 {
            // Root writes a file whatever its mode says, so a 0444 file proves
            // nothing here. A read-only sysfs attribute refuses root too
            // (kernfs opens a file without a store method for reading only):
            // the kernel's own EACCES. Without /sys, this part cannot run.
            let readOnly = "/sys/devices/system/cpu/online"
            try #require(
                FileManager.default.fileExists(atPath: readOnly),
                "running as root without \(readOnly): no file here refuses root a write")
            try FileManager.default.removeItem(atPath: path + "/brightness")
            try FileManager.default.createSymbolicLink(atPath: path + "/brightness", withDestinationPath: readOnly)
        } else {
            chmod(path + "/brightness", 0o444)
        }
        let error = #expect(throws: PanelLinuxError.self) { try SysfsBacklight.open(sysfs.configuration("panel")) }
        let message = try #require(error?.message)
        #expect(
            message.hasPrefix(
                path
                    + "/brightness: permission denied writing the backlight level; run as root, or give the 'video' group write access with a udev rule"
            ))
        #expect(message.contains("SUBSYSTEM==\"backlight\""))
        #expect(message.contains("usermod -aG video USER"))
        #expect(!message.contains("\n"))
        #expect(error?.errno == .permissionDenied)
    }
}
