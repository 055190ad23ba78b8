/// The desktop keyboard in the simulator: SDL scancodes (USB HID usages:
/// key positions, not characters) to evdev `KEY_*` codes, the table the
/// kernel's HID driver uses (drivers/hid/hid-input.c, `hid_keyboard`). The
/// characters then come from the board's keymap, as on the device, so a
/// German board types German on any desktop layout.
public enum DesktopKeys {
    /// The evdev code of the key at USB usage `usage` (SDL's scancode); nil for keys PanelKit does not know.
    public static func evdevCode(usbUsage usage: Int) -> UInt16? {
        if usage >= 0x04 && usage <= 0x67 {
            let code = main[usage - 0x04]
            return code == 0 ? nil : UInt16(code)
        }
        if usage >= 0xe0 && usage <= 0xe7 { return UInt16(modifiers[usage - 0xe0]) }
        return nil
    }

    /// Usages 0x04 (A) to 0x67 (keypad =).
    static let main: [UInt8] = [
        30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, // a b c d e f g h i j k l
        50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44, // m … z
        2, 3, 4, 5, 6, 7, 8, 9, 10, 11, // 1 … 0
        // return, esc, backspace, tab, space, - = [ ] \ # ; ' ` , . /
        28, 1, 14, 15, 57, 12, 13, 26, 27, 43, 43, 39, 40, 41, 51, 52, 53,
        58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 87, 88, // caps lock, F1 … F12
        99, 70, 119, 110, 102, 104, 111, 107, 109, 106, 105, 108, 103, // print … up
        69, 98, 55, 74, 78, 96, 79, 80, 81, 75, 76, 77, 71, 72, 73, 82, 83, // num lock, keypad / * - + enter 1 … 9 0 .
        86, 127, 116, 117 // the 102nd key (< > on a German keyboard), menu, power, keypad =
    ]

    /// Usages 0xE0 to 0xE7: left control, shift, alt, meta; right control, shift, alt (AltGr), meta.
    static let modifiers: [UInt8] = [29, 42, 56, 125, 97, 54, 100, 126]
}
