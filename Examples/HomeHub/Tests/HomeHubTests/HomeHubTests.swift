import Foundation
import PanelKit
import PanelTesting
import Testing

@testable import HomeHub

/// The hub, driven headless on a manual clock through PanelTesting: every
/// tap and drag goes through the touch pipeline, as a finger's would.
@Suite("HomeHub")
struct HomeHubTests {
    static let references = "Tests/HomeHubTests/References"

    func hub() throws -> (AppTester, AppDelegate) {
        let app = try AppTester(AppDelegate.self)
        app.advance(by: 0.1)
        return (app, try #require(app.delegate(as: AppDelegate.self)))
    }

    @Test("Two tabs with symbols; Climate shows the temperature in monospaced digits and its stepper moves the target")
    func tabsAndClimate() throws {
        let (app, hub) = try hub()
        let climate = try #require(hub.climate)
        app.tap("tab.Climate")
        app.advance(by: 0.5)
        #expect(hub.tabs?.selectedIndex == 1)
        #expect(climate.temperature.text == "21.5 °C")
        #expect(climate.targetLabel.text == "Target 21.0 °C")
        let stepper = climate.stepper
        app.tap(at: stepper.convert(Point(x: stepper.bounds.maxX - 20, y: stepper.bounds.midY), to: nil)) // its +
        app.advance(by: 0.5)
        #expect(hub.home.target == 215 && climate.targetLabel.text == "Target 21.5 °C")
        // The digits are as wide whatever they say: the number does not shift.
        let font = climate.temperature.font
        #expect(
            climate.temperature.measure("21.5", font: font).width
                == climate.temperature.measure("11.1", font: font).width)
        app.assertSnapshot(named: "homehub-climate", referenceDirectory: Self.references)
    }

    @Test("Killed on the Climate tab, the hub restarts on it: state restoration, kept in its --data folder")
    func climateTabComesBack() throws {
        let folder = NSTemporaryDirectory() + "homehub-restoration-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let app = try AppTester(AppDelegate.self, arguments: ["--data", folder])
            app.tap("tab.Climate")
            app.advance(by: 2) // the save's timer, then the settings' commit
            // Let go without terminate(), as a SIGKILL leaves it.
        }
        let again = try AppTester(AppDelegate.self, arguments: ["--data", folder])
        #expect(again.delegate(as: AppDelegate.self)?.tabs?.selectedIndex == 1)
    }

    @Test("A tap on a room toggles its light, and its card bounces: scaled mid-animation, at rest after")
    func tapTogglesAndBounces() throws {
        let (app, hub) = try hub()
        #expect(!hub.home.rooms[1].lightIsOn)
        app.tap("item-0-1")
        #expect(hub.home.rooms[1].lightIsOn)
        let cell = try #require(hub.rooms?.grid.cellForItem(at: IndexPath(item: 1, section: 0)) as? RoomCell)
        #expect(cell.stateLabel.text == "Light on")
        app.advance(by: 0.05)
        let midway = cell.contentView.presentation.transform
        #expect(midway.a < 1 && midway.a > 0.9, "pressed in, on its way back")
        app.advance(by: 1)
        #expect(cell.contentView.presentation.transform == .identity)
        app.tap("item-0-1")
        #expect(!hub.home.rooms[1].lightIsOn && cell.stateLabel.text == "Light off")
        app.advance(by: 1) // the second bounce over
        app.assertSnapshot(named: "homehub-rooms", referenceDirectory: Self.references)
    }

    @Test("The power button asks first: Cancel keeps the lights, Turn off turns every one off")
    func alertBeforeAllLightsOff() throws {
        let (app, hub) = try hub()
        #expect(hub.home.lightsOn == 2)
        app.tap("bar.power")
        app.advance(by: 0.5)
        app.assertSnapshot(named: "homehub-alert", referenceDirectory: Self.references)
        app.tap("alert.action.Cancel")
        app.advance(by: 0.5)
        #expect(hub.home.lightsOn == 2)
        app.tap("bar.power")
        app.advance(by: 0.5)
        app.tap("alert.action.Turn off")
        app.advance(by: 0.5)
        #expect(hub.home.lightsOn == 0)
        let office = try #require(hub.rooms?.grid.cellForItem(at: IndexPath(item: 3, section: 0)) as? RoomCell)
        #expect(office.stateLabel.text == "Light off")
    }

    @Test("The alarm button opens the wake-up sheet; a drag on the hours wheel and Done keep the new time")
    func wakeUpSheet() throws {
        let (app, hub) = try hub()
        app.tap("bar.alarm")
        app.advance(by: 0.6)
        let picker = try #require(app.view(named: "wakeUp") as? PickerView)
        #expect(picker.selectedRow(inComponent: 0) == 7 && picker.selectedRow(inComponent: 1) == 0)
        app.assertSnapshot(named: "homehub-wake-up", referenceDirectory: Self.references)
        // Slowly up by two rows on the hours wheel (the left half): later hours come up.
        let wheel = picker.convert(Point(x: picker.bounds.width / 4, y: picker.bounds.midY), to: nil)
        app.drag(from: wheel, to: Point(x: wheel.x, y: wheel.y - 2 * picker.rowHeight), duration: 1.5, steps: 30)
        app.advance(by: 2)
        let hour = picker.selectedRow(inComponent: 0)
        #expect(hour > 7)
        app.tap("done")
        app.advance(by: 0.6)
        #expect(hub.home.wakeUp.hour == hour && hub.home.wakeUp.minute == 0)
        #expect(app.view(named: "wakeUp") == nil, "the sheet is gone")
    }
}
