import PanelUI

/// The `press` lines: one per press message a logging view or the window receives.
///
/// ```
/// {"type":"press","t":1.2500,"view":"field","message":"pressesBegan","key":30,"characters":"a","phase":"began","repeat":false}
/// ```
/// `key` is the evdev `KEY_*` code; `characters` what the board's keymap
/// types with the modifiers held; `modifiers`, when any are held, UIKit's
/// `UIKeyModifierFlags` raw value.
extension ReplayLog {
    public func press(view name: String?, _ press: Press) {
        writer.beginObject(type: "press")
        writer.field("t", time, decimals: 4)
        writer.field("view", name)
        writer.field("message", Self.message(of: press.phase))
        writer.field("key", Int(press.keyCode))
        writer.field("characters", press.key.characters)
        writer.field("phase", Self.name(of: press.phase))
        writer.field("repeat", press.isRepeat)
        if !press.key.modifierFlags.isEmpty { writer.field("modifiers", press.key.modifierFlags.rawValue) }
        writer.endObject()
    }

    public static func name(of phase: Press.Phase) -> StaticString {
        switch phase {
        case .began: return "began"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }

    public static func message(of phase: Press.Phase) -> StaticString {
        switch phase {
        case .began: return "pressesBegan"
        case .ended: return "pressesEnded"
        case .cancelled: return "pressesCancelled"
        }
    }
}
