import CLinux
import PanelUI

/// Which backlight to drive and the raw levels to use (a board file's
/// `display.backlight`).
public struct SysfsBacklightConfiguration {
    /// Where the kernel lists backlights; tests give a fake directory.
    public var directory = "/sys/class/backlight"
    /// A device's name in `directory` (`rpi_backlight`, `10-0045`,
    /// `intel_backlight`); nil takes the only one there.
    public var device: String?
    /// The raw level brightness 0 maps to: the dimmest that is still lit
    /// (0 turns many backlights off).
    public var minimumLevel = 1
    /// The raw level brightness 1 maps to; nil is the device's `max_brightness`.
    public var maximumLevel: Int?

    public init(device: String? = nil, minimumLevel: Int = 1, maximumLevel: Int? = nil) {
        self.device = device
        self.minimumLevel = minimumLevel
        self.maximumLevel = maximumLevel
    }
}

/// A backlight through the kernel's backlight class:
/// `/sys/class/backlight/NAME/{brightness,max_brightness,bl_power}`.
///
/// Brightness 0…1 maps linearly onto the raw levels `minimumLevel` …
/// `maximumLevel`. Off (`isOn` false, the blank screen) is `bl_power` 4
/// (`FB_BLANK_POWERDOWN`); where `bl_power` cannot be written (a udev rule
/// that opened only `brightness`), off writes level 0 instead. Both files
/// are opened once, at `open(_:)`, so a permission problem shows there, in
/// one line, and not at the first dim.
public final class SysfsBacklight: Backlight {
    /// The device's name in the directory.
    public let name: String
    /// `DIRECTORY/NAME`.
    public let path: String
    /// The device's `max_brightness`.
    public let maxBrightness: Int
    public let minimumLevel: Int
    public let maximumLevel: Int
    /// The raw level last written (or read at open).
    public private(set) var level: Int
    /// The last write the kernel refused (the device went away), nil while all succeed.
    public private(set) var lastError: PanelLinuxError?
    @usableFromInline let brightnessFile: FileDescriptor
    /// Nil when `bl_power` is missing or not writable: off is level 0 then.
    @usableFromInline let powerFile: FileDescriptor?
    @usableFromInline var lit: Bool

    init(
        name: String, path: String, maxBrightness: Int, minimumLevel: Int, maximumLevel: Int, level: Int,
        brightnessFile: FileDescriptor, powerFile: FileDescriptor?, lit: Bool
    ) {
        self.name = name
        self.path = path
        self.maxBrightness = maxBrightness
        self.minimumLevel = minimumLevel
        self.maximumLevel = maximumLevel
        self.level = level
        self.brightnessFile = brightnessFile
        self.powerFile = powerFile
        self.lit = lit
    }

    deinit {
        brightnessFile.close()
        powerFile?.close()
    }

    /// Finds the device, reads its `max_brightness` and current level, and
    /// opens `brightness` (and `bl_power`, when it can) for writing.
    ///
    /// - Throws: one line naming the device and the fix: no such device (with
    ///   the ones there are, or none), several where one must be named, a
    ///   `brightness` file the user may not write (the group or udev rule that
    ///   grants it), levels outside what the device takes.
    public static func open(_ configuration: SysfsBacklightConfiguration) throws(PanelLinuxError) -> SysfsBacklight {
        let directory = configuration.directory
        let names = deviceNames(in: directory)
        let name: String
        if let wanted = configuration.device {
            guard names.contains(where: { sameBytes($0, wanted) }) else {
                let there =
                    names.isEmpty
                    ? directory + " has none (no backlight driver is loaded)"
                    : directory + " has: " + names.joined(separator: ", ")
                throw PanelLinuxError(
                    directory + "/" + wanted + ": no such backlight device; " + there
                        + "; set display.backlight.device in the board file to one that exists, or remove display.backlight"
                )
            }
            name = wanted
        } else {
            guard names.count == 1 else {
                if names.isEmpty {
                    throw PanelLinuxError(
                        directory
                            + ": no backlight device (no backlight driver is loaded); load the panel's backlight driver, or remove display.backlight from the board file"
                    )
                }
                throw PanelLinuxError(
                    directory + ": " + String(names.count) + " backlight devices (" + names.joined(separator: ", ")
                        + "); name one in the board file's display.backlight.device instead of \"auto\"")
            }
            name = names[0]
        }
        let path = directory + "/" + name
        let maxBrightness = try readLevel(path + "/max_brightness")
        guard maxBrightness > 0 else {
            throw PanelLinuxError(
                path
                    + "/max_brightness: the device has a single level (0); it cannot be dimmed: remove display.backlight from the board file"
            )
        }
        let maximum = configuration.maximumLevel ?? maxBrightness
        guard maximum <= maxBrightness else {
            throw PanelLinuxError(
                path + ": the board's maximum level " + String(maximum) + " is above the device's max_brightness ("
                    + String(maxBrightness) + "); set display.backlight.maximum to " + String(maxBrightness)
                    + " or less")
        }
        guard configuration.minimumLevel >= 0, configuration.minimumLevel < maximum else {
            throw PanelLinuxError(
                path + ": the minimum level " + String(configuration.minimumLevel) + " is not below the maximum "
                    + String(maximum) + "; set display.backlight.minimum from 0 to " + String(maximum - 1))
        }
        let level = (try? readLevel(path + "/brightness")) ?? maximum
        let brightnessFile: FileDescriptor
        do throws(Errno) {
            brightnessFile = try FileDescriptor.open(path + "/brightness", flags: clinux_o_wronly())
        } catch {
            throw PanelLinuxError.writingBacklight(path + "/brightness", error)
        }
        // bl_power: 0 is on (FB_BLANK_UNBLANK); anything else is some kind of off.
        let power = try? readLevel(path + "/bl_power")
        let powerFile = try? FileDescriptor.open(path + "/bl_power", flags: clinux_o_wronly())
        return SysfsBacklight(
            name: name, path: path, maxBrightness: maxBrightness, minimumLevel: configuration.minimumLevel,
            maximumLevel: maximum, level: level, brightnessFile: brightnessFile, powerFile: powerFile,
            lit: (power ?? 0) == 0 && level > 0)
    }

    /// The entries of `directory` (each a backlight device), sorted; none when it does not exist.
    public static func deviceNames(in directory: String) -> [String] {
        var names = directoryEntries(in: directory) { !sameBytes($0, ".") && !sameBytes($0, "..") }
        names.sort(by: bytesPrecede)
        return names
    }

    /// A sysfs number: the file's leading decimal digits.
    static func readLevel(_ path: String) throws(PanelLinuxError) -> Int {
        let fd: FileDescriptor
        do throws(Errno) {
            fd = try FileDescriptor.open(path, flags: clinux_o_rdonly())
        } catch {
            throw PanelLinuxError(path + ": cannot read it: " + error.message, errno: error)
        }
        defer { fd.close() }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0)) // 32 bytes: sysfs numbers are short
        let count: Int
        do throws(Errno) {
            count = try fd.read(into: &buffer, count: 32)
        } catch {
            throw PanelLinuxError(path + ": cannot read it: " + error.message, errno: error)
        }
        var value = 0
        var digits = 0
        withUnsafeBytes(of: &buffer) { bytes in
            for i in 0..<min(count, 32) {
                let byte = bytes[i]
                guard byte >= 0x30, byte <= 0x39, digits < 12 else { break }
                value = value * 10 + Int(byte - 0x30)
                digits += 1
            }
        }
        guard digits > 0 else {
            throw PanelLinuxError(
                path + ": expected a whole number, found " + (count == 0 ? "nothing" : "something else")
                    + "; is this a backlight device's folder?")
        }
        return value
    }

    // MARK: Backlight

    public var brightness: Double {
        get {
            let clamped = min(max(level, minimumLevel), maximumLevel)
            return Double(clamped - minimumLevel) / Double(maximumLevel - minimumLevel)
        }
        set {
            let fraction = newValue.isNaN ? 1 : min(max(newValue, 0), 1)
            let wanted = minimumLevel + Int((fraction * Double(maximumLevel - minimumLevel)).rounded())
            guard wanted != level else { return }
            level = wanted
            // Off without bl_power is level 0: the new level waits for isOn.
            if lit || powerFile != nil { write(level, to: brightnessFile, "brightness") }
        }
    }

    public var isOn: Bool {
        get { lit }
        set {
            guard newValue != lit else { return }
            lit = newValue
            if let powerFile {
                write(newValue ? 0 : 4, to: powerFile, "bl_power") // FB_BLANK_UNBLANK, FB_BLANK_POWERDOWN
                if newValue { write(level, to: brightnessFile, "brightness") }
            } else {
                write(newValue ? level : 0, to: brightnessFile, "brightness")
            }
        }
    }

    /// Writes `value` and a newline at the start of `file`, as `echo N > FILE` does.
    @usableFromInline func write(_ value: Int, to file: FileDescriptor, _ name: String) {
        var text = String(value) + "\n"
        let written = text.withUTF8 { bytes in pwrite(file.rawValue, bytes.baseAddress, bytes.count, 0) }
        if written < 0 {
            let error = Errno.current
            lastError = PanelLinuxError(
                path + "/" + name + ": cannot write " + String(value) + ": " + error.message, errno: error)
        }
    }
}

extension PanelLinuxError {
    /// A backlight file that cannot be opened for writing: for permission
    /// denied, the group and udev rule that grant it (sysfs files belong to
    /// root; only a rule changes that).
    @usableFromInline static func writingBacklight(_ path: String, _ error: Errno) -> PanelLinuxError {
        if error == .permissionDenied || error == .notPermitted {
            return PanelLinuxError(
                path
                    + ": permission denied writing the backlight level; run as root, or give the 'video' group write access with a udev rule (SUBSYSTEM==\"backlight\", RUN+=\"/bin/chgrp video /sys%p/brightness /sys%p/bl_power\", RUN+=\"/bin/chmod g+w /sys%p/brightness /sys%p/bl_power\"; scripts/build-board's 70-APP.rules has it) and add the user to 'video' (usermod -aG video USER, then log in again)",
                errno: error)
        }
        if error == .readOnlyFileSystem {
            return PanelLinuxError(
                path
                    + ": read-only file system: sysfs is mounted read-only here (a container?); the app must run where /sys is writable, or remove display.backlight from the board file",
                errno: error)
        }
        return PanelLinuxError(path + ": cannot open the backlight level for writing: " + error.message, errno: error)
    }
}
