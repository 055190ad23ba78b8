// The codes of linux/input-event-codes.h a rotary encoder and its push
// button use, with the names board files give them (docs/boards.md).

/// Relative axes (`REL_*`): what a rotary encoder turns.
public enum RelativeAxis {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let horizontalWheel: UInt16 = 0x06
    public static let dial: UInt16 = 0x07
    public static let wheel: UInt16 = 0x08

    /// The axes a rotary encoder may report on, by their kernel names: the
    /// `rotary-encoder` driver's `linux,axis` (REL_X by default), a wheel, a dial.
    public static let encoderAxes: [(name: String, code: UInt16)] = [
        ("REL_X", x), ("REL_Y", y), ("REL_HWHEEL", horizontalWheel), ("REL_DIAL", dial), ("REL_WHEEL", wheel)
    ]

    /// The code of an axis named as the kernel names it, or nil.
    public static func code(named name: String) -> UInt16? {
        for i in 0..<encoderAxes.count where sameBytes(encoderAxes[i].name, name) { return encoderAxes[i].code }
        return nil
    }
}

/// Keys and buttons an encoder's push may be wired as (`gpio-keys` with
/// `linux,code`, a knob's own switch), by their kernel names.
public enum EncoderButtonKey {
    public static let names: [(name: String, code: UInt16)] = [
        ("KEY_ENTER", 28), ("KEY_SPACE", 57), ("KEY_KPENTER", 96), ("KEY_SELECT", 0x161), ("KEY_OK", 0x160),
        ("KEY_PLAYPAUSE", 164), ("BTN_0", 0x100), ("BTN_LEFT", 0x110), ("BTN_RIGHT", 0x111), ("BTN_MIDDLE", 0x112),
        ("BTN_SELECT", 0x13a)
    ]

    /// The code of a key named as the kernel names it, or nil.
    public static func code(named name: String) -> UInt16? {
        for i in 0..<names.count where sameBytes(names[i].name, name) { return names[i].code }
        return nil
    }
}
