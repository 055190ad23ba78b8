import PanelKeys
import PanelSimulator
import PanelUI
import Testing

@Suite("The simulator's desktop keyboard: key positions to evdev codes, characters from the board's layout")
struct DesktopKeysTests {
    @Test("SDL scancodes (USB usages) map to the evdev codes the kernel's HID driver gives")
    func table() {
        #expect(DesktopKeys.evdevCode(usbUsage: 0x04) == KEY.a)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x1d) == KEY.z)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x1e) == KEY.one)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x28) == KEY.enter)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x2a) == KEY.backspace)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x2f) == KEY.leftBrace)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x50) == KEY.left)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x59) == KEY.keypad1)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x64) == 86) // the 102nd key
        #expect(DesktopKeys.evdevCode(usbUsage: 0xe1) == KEY.leftShift)
        #expect(DesktopKeys.evdevCode(usbUsage: 0xe6) == KEY.rightAlt)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x00) == nil)
        #expect(DesktopKeys.evdevCode(usbUsage: 0x200) == nil)
    }

    @Test("On a German board the desktop's [ key types ü and AltGr+Q types @, whatever the desktop's layout")
    func germanBoardOnAnyDesktop() throws {
        let keys = KeyTranslator(keymap: try Keymap.compiling(KeymapNames(layout: "de")))
        #expect(
            keys.press(keyCode: try #require(DesktopKeys.evdevCode(usbUsage: 0x2f)), value: 1)?.key.characters == "ü")
        _ = keys.press(keyCode: try #require(DesktopKeys.evdevCode(usbUsage: 0xe6)), value: 1)
        #expect(
            keys.press(keyCode: try #require(DesktopKeys.evdevCode(usbUsage: 0x14)), value: 1)?.key.characters == "@")
    }
}
