import Foundation
import PanelDemo
import PanelKit
import PanelTesting
import PanelUI
import Testing

/// The demo keeps its values in the app's settings (docs/settings.md): a restart
/// with the same data directory shows what the last run left.
@Suite("The demo's settings survive a restart")
struct DemoSettingsTests {
    @Test("a switch and a slider changed in one run show the same in the next run on the same --data folder")
    func valuesSurviveARestart() throws {
        let folder = NSTemporaryDirectory() + "panelkit-demo-settings-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let first = try AppTester(DemoAppDelegate.self, arguments: ["--data", folder])
        let before = try #require(first.delegate(as: DemoAppDelegate.self)?.demo)
        #expect(before.controls.bluetooth.isOn == false)
        first.tap("bluetooth")
        first.drag("volume", by: Point(x: -150, y: 0))
        first.tap("settings")
        first.advance(by: 0.5)
        first.tap("autoDim")
        first.tap("timeoutRow")
        let volume = before.controls.volume.value
        #expect(before.controls.bluetooth.isOn)
        #expect(abs(volume - 0.62) > 0.1)
        first.terminate()
        #expect(FileManager.default.fileExists(atPath: folder + "/settings.sqlite"))

        let second = try AppTester(DemoAppDelegate.self, arguments: ["--data", folder])
        let after = try #require(second.delegate(as: DemoAppDelegate.self)?.demo)
        #expect(after.controls.bluetooth.isOn)
        #expect(after.controls.volume.value == volume)
        #expect(after.controls.bluetoothValue.text == before.controls.bluetoothValue.text)
        #expect(after.settingsController.volume.value == volume)
        #expect(after.settingsController.bluetooth.isOn)
        #expect(!after.settingsController.autoDim.isOn)
        #expect(after.settingsController.timeoutRow.detailTextLabel.text == "10 min")
    }

    @Test("without --data the demo keeps its values in memory: every launch starts from the defaults")
    func headlessStartsFromDefaults() throws {
        let first = try AppTester(DemoAppDelegate.self)
        first.tap("bluetooth")
        #expect(first.settings.isInMemory)
        first.terminate()
        let second = try AppTester(DemoAppDelegate.self)
        let demo = try #require(second.delegate(as: DemoAppDelegate.self)?.demo)
        #expect(demo.controls.bluetooth.isOn == false)
        #expect(demo.controls.volume.value == 0.62)
    }
}
