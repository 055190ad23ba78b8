import CXKBCommon
import PanelUI

/// One keyboard's state over a `Keymap`: which modifiers are held or
/// locked, which keys are down. Turns evdev key events (`EV_KEY`: the code,
/// value 1 down, 0 up, 2 the kernel's autorepeat) into `Press`es whose
/// `Key` carries what the key types, from xkbcommon.
///
/// After start-up nothing here allocates: the characters go through a fixed
/// buffer into `String`s of at most 15 UTF-8 bytes, which Swift keeps inline.
public final class KeyTranslator {
    public let keymap: Keymap
    /// The input source the presses carry (`Press.source`).
    public let source: Int
    @usableFromInline let state: OpaquePointer
    @usableFromInline let buffer: UnsafeMutablePointer<CChar>
    @usableFromInline static let bufferSize = 64
    /// One bit per key code (`KEY_MAX` is 0x2ff): the keys down now.
    @usableFromInline var held: InlineArray<12, UInt64> = InlineArray(repeating: 0)
    @usableFromInline let shift, capsLock, control, alt, logo, levelThree: xkb_mod_index_t
    /// Keys that came up in the frame being read: ended at its `SYN_REPORT`,
    /// or cancelled when the report's value is 1, which is how the kernel
    /// marks the ups it makes up itself for keys held as the device goes away.
    @usableFromInline var pendingUps: InlineArray<16, UInt16> = InlineArray(repeating: 0)
    @usableFromInline var pendingUpCount = 0
    /// Between a `SYN_DROPPED` and the `SYN_REPORT` that ends the resync.
    @usableFromInline var resyncing = false

    public init(keymap: Keymap, source: Int = 0) {
        self.keymap = keymap
        self.source = source
        state = xkb_state_new(keymap.keymap)
        buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Self.bufferSize)
        shift = xkb_keymap_mod_get_index(keymap.keymap, "Shift")
        capsLock = xkb_keymap_mod_get_index(keymap.keymap, "Lock")
        control = xkb_keymap_mod_get_index(keymap.keymap, "Control")
        alt = xkb_keymap_mod_get_index(keymap.keymap, "Mod1")
        logo = xkb_keymap_mod_get_index(keymap.keymap, "Mod4")
        levelThree = xkb_keymap_mod_get_index(keymap.keymap, "Mod5")
    }

    deinit {
        xkb_state_unref(state)
        buffer.deallocate()
    }

    /// The press for one `EV_KEY` event, nil when there is none: an up or a
    /// repeat of a key not down, a repeat of a key the keymap says does not
    /// repeat (shift, caps lock), or a code past `KEY_MAX`. A down of a key
    /// already down (after a resync) is taken as a repeat.
    public func press(keyCode: UInt16, value: Int32) -> Press? {
        guard keyCode <= KeyCode.maximum else { return nil }
        let code = xkb_keycode_t(keyCode) + 8 // evdev codes are XKB's minus 8 (the X server's offset)
        let down = isDown(keyCode)
        switch value {
        case 0:
            guard down else { return nil }
            let key = self.key(keyCode, code)
            xkb_state_update_key(state, code, XKB_KEY_UP)
            setDown(keyCode, false)
            return Press(key: key, phase: .ended, source: source)
        case 1 where !down:
            let key = self.key(keyCode, code)
            xkb_state_update_key(state, code, XKB_KEY_DOWN)
            setDown(keyCode, true)
            return Press(key: key, phase: .began, source: source)
        default:
            guard down, xkb_keymap_key_repeats(keymap.keymap, code) != 0 else { return nil }
            return Press(key: key(keyCode, code), phase: .began, isRepeat: true, source: source)
        }
    }

    /// One event of the device's stream, as evdev delivers it: downs and
    /// repeats are queued on `application` at once, ups at the end of their
    /// frame (see `pendingUps`). Returns true at a `SYN_REPORT`: the frame is whole.
    /// After a `SYN_DROPPED`, the keys libevdev resyncs from the kernel up to
    /// its `SYN_REPORT`: a key that went up while events were lost is
    /// cancelled (its up came at an unknown time); one that went down begins.
    /// The device on a board (PanelLinux), a replayed keyboard trace and a
    /// flight recording all come through here.
    @discardableResult
    public func handle(type: UInt16, code: UInt16, value: Int32, into application: Application) -> Bool {
        if type == EventType.synchronization && code == SynchronizationCode.dropped {
            resyncing = true
            return false
        }
        if resyncing {
            if type == EventType.synchronization && code == SynchronizationCode.report {
                resyncing = false
                return true
            }
            guard type == EventType.key else { return false }
            let press = value == 0 ? cancel(keyCode: code) : self.press(keyCode: code, value: 1)
            if let press { application.enqueue(press) }
            return false
        }
        if type == EventType.synchronization && code == SynchronizationCode.report {
            for i in 0..<pendingUpCount {
                let press = value == 1 ? cancel(keyCode: pendingUps[i]) : self.press(keyCode: pendingUps[i], value: 0)
                if let press { application.enqueue(press) }
            }
            pendingUpCount = 0
            return true
        }
        guard type == EventType.key else { return false }
        if value == 0 && isDown(code) {
            if pendingUpCount == pendingUps.count {
                // More ups in one frame than there is room for: the rest end now.
                if let press = press(keyCode: code, value: 0) { application.enqueue(press) }
                return false
            }
            pendingUps[pendingUpCount] = code
            pendingUpCount += 1
            return false
        }
        if let press = press(keyCode: code, value: value) { application.enqueue(press) }
        return false
    }

    /// A key whose up was lost (`SYN_DROPPED`, the device gone): its press
    /// ends as cancelled and the state lets go of it. Nil when it was not down.
    public func cancel(keyCode: UInt16) -> Press? {
        guard keyCode <= KeyCode.maximum, isDown(keyCode) else { return nil }
        let code = xkb_keycode_t(keyCode) + 8
        let key = self.key(keyCode, code)
        xkb_state_update_key(state, code, XKB_KEY_UP)
        setDown(keyCode, false)
        return Press(key: key, phase: .cancelled, source: source)
    }

    /// Cancels every key down, lowest code first (the keyboard was unplugged).
    public func cancelAll(_ deliver: (Press) -> Void) {
        pendingUpCount = 0
        for word in 0..<held.count where held[word] != 0 {
            for bit in 0..<64 where held[word] & (1 << UInt64(bit)) != 0 {
                if let press = cancel(keyCode: UInt16(word * 64 + bit)) { deliver(press) }
            }
        }
    }

    /// Whether `keyCode` is down, as far as this translator has seen.
    public func isDown(_ keyCode: UInt16) -> Bool {
        guard keyCode <= KeyCode.maximum else { return false }
        return held[Int(keyCode) >> 6] & (1 << UInt64(keyCode & 63)) != 0
    }

    /// How many keys are down.
    public var keysDown: Int {
        var count = 0
        for word in 0..<held.count { count += held[word].nonzeroBitCount }
        return count
    }

    @usableFromInline func setDown(_ keyCode: UInt16, _ down: Bool) {
        let bit: UInt64 = 1 << UInt64(keyCode & 63)
        if down { held[Int(keyCode) >> 6] |= bit } else { held[Int(keyCode) >> 6] &= ~bit }
    }

    /// The modifiers in effect now: held, latched or locked.
    public var modifierFlags: KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if isActive(shift) { flags.insert(.shift) }
        if isActive(capsLock) { flags.insert(.alphaShift) }
        if isActive(control) { flags.insert(.control) }
        // AltGr (the third level) is Alt too, as in UIKit on a Mac's Option key.
        if isActive(alt) || isActive(levelThree) { flags.insert(.alternate) }
        if isActive(logo) { flags.insert(.command) }
        return flags
    }

    @usableFromInline func isActive(_ index: xkb_mod_index_t) -> Bool {
        index != XKB_MOD_INVALID && xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0
    }

    /// The key as the state stands before the event changes it: what it types
    /// with the modifiers held, and on its first level.
    @usableFromInline func key(_ keyCode: UInt16, _ code: xkb_keycode_t) -> Key {
        var flags = modifierFlags
        let symbol = xkb_state_key_get_one_sym(state, code)
        // The keypad's keysyms: KP_Space (0xff80) to KP_9 (0xffb9), KP_Equal (0xffbd).
        if symbol >= 0xff80 && symbol <= 0xffbd { flags.insert(.numericPad) }
        var characters = ""
        if flags.contains(.control) {
            // UIKit gives Control-C as "c", not xkbcommon's control character U+0003.
            characters = text(ofSymbol: symbol)
        } else {
            let count = Int(xkb_state_key_get_utf8(state, code, buffer, Self.bufferSize))
            if count > 0 && count < Self.bufferSize { characters = text(count) }
        }
        var ignoringModifiers = ""
        var symbols: UnsafePointer<xkb_keysym_t>?
        let layout = xkb_state_key_get_layout(state, code)
        if layout != XKB_LAYOUT_INVALID,
            xkb_keymap_key_get_syms_by_level(keymap.keymap, code, layout, 0, &symbols) == 1,
            let symbols
        {
            ignoringModifiers = text(ofSymbol: symbols[0])
        }
        return Key(
            keyCode: keyCode, characters: characters, charactersIgnoringModifiers: ignoringModifiers,
            modifierFlags: flags)
    }

    @usableFromInline func text(ofSymbol symbol: xkb_keysym_t) -> String {
        guard symbol != 0 else { return "" }
        // Counts the terminating NUL; 0 when the keysym types nothing.
        let count = Int(xkb_keysym_to_utf8(symbol, buffer, Self.bufferSize))
        return count > 1 ? text(count - 1) : ""
    }

    /// The first `count` bytes of the buffer; up to 15 bytes, no allocation.
    @usableFromInline func text(_ count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
    }
}
