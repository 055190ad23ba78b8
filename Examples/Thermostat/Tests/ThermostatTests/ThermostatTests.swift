import Foundation
import PanelKit
import PanelTesting
import Testing

@testable import Thermostat

/// The thermostat, driven headless on a manual clock through PanelTesting.
@Suite("Thermostat")
struct ThermostatTests {
    func thermostat(_ app: AppTester) throws -> ThermostatViewController {
        try #require(app.delegate(as: AppDelegate.self)?.thermostat)
    }

    @Test("The stepper's buttons move the setpoint by half a degree and the labels follow")
    func stepper() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try thermostat(app)
        app.tap("up")
        app.tap("up")
        app.tap("down")
        #expect(screen.setpoint == 21.5)
        #expect(screen.setpointLabel.text == "21.5°")
        #expect(screen.statusLabel.text == "Heating to 21.5°")
        // Each tap: the button's touchUpInside, then the dial's valueChanged with the new value.
        #expect(
            app.actionLines.filter { $0.contains("\"control\":\"dial\"") } == [
                #"{"type":"action","t":0.02,"control":"dial","event":"valueChanged","value":21.5}"#,
                #"{"type":"action","t":0.54,"control":"dial","event":"valueChanged","value":22.0}"#,
                #"{"type":"action","t":1.06,"control":"dial","event":"valueChanged","value":21.5}"#
            ])
    }

    @Test("The setpoint and the switches are kept across a restart with the same data directory")
    func keptAcrossRestarts() throws {
        let folder = NSTemporaryDirectory() + "thermostat-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try AppTester(AppDelegate.self, arguments: ["--data", folder])
        first.tap("up")
        first.tap("up")
        first.tap("eco")
        first.terminate()
        let second = try AppTester(AppDelegate.self, arguments: ["--data", folder])
        let screen = try thermostat(second)
        #expect(screen.setpoint == 22)
        #expect(screen.isEco)
        #expect(screen.statusLabel.text == "Eco, heating to 20.0°")
    }

    @Test("A rotary encoder: turns move focus to the dial, a push adjusts it, each detent a half degree")
    func encoder() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try thermostat(app)
        var turns = 0
        while app.focusedViewName != "dial" && turns < 10 {
            app.turnEncoder(by: 1)
            turns += 1
        }
        #expect(app.focusedViewName == "dial")
        app.pushEncoder() // adjusting
        app.turnEncoder(by: 3)
        app.turnEncoder(by: -1)
        #expect(screen.setpoint == 22)
        #expect(screen.setpointLabel.text == "22.0°")
        app.pushEncoder() // navigating again: a turn moves focus, the setpoint stays
        app.turnEncoder(by: 1)
        #expect(app.focusedViewName != "dial" && screen.setpoint == 22)
    }

    @Test("Dragging along the dial's arc sets the value under the finger")
    func dragAlongTheArc() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try thermostat(app)
        let dial = screen.dial
        let center = app.center(of: dial)
        let radius = dial.bounds.width / 2 - 30
        // Straight up is the middle of the 270° arc: 20°.
        app.drag(
            from: Point(x: center.x - radius, y: center.y), to: Point(x: center.x, y: center.y - radius), steps: 12)
        #expect(screen.setpoint == 20)
        // Three o'clock is 225° of the 270°: 26.67, snapped to 26.5.
        app.drag(
            from: Point(x: center.x, y: center.y - radius), to: Point(x: center.x + radius, y: center.y), steps: 12)
        #expect(screen.setpoint == 26.5)
        #expect(screen.setpointLabel.text == "26.5°")
    }

    @Test("Turning the dial with two fingers moves the setpoint by the angle turned")
    func rotateWithTwoFingers() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try thermostat(app)
        // 270° spans 20 degrees Celsius: a quarter turn clockwise is 6.67 more. The recognizer
        // starts after its hysteresis (5°, G-rules), which the turn does not count: within a degree.
        app.rotate("dial", radius: 70, by: Double.pi / 2)
        #expect(abs(screen.setpoint - (21 + 20.0 / 3)) <= 1)
        #expect(screen.setpoint > 26)
        let afterQuarterTurn = screen.setpoint
        // An eighth of a turn back: about 3.33 less.
        app.rotate("dial", radius: 70, by: -Double.pi / 4)
        #expect(abs(screen.setpoint - (afterQuarterTurn - 10.0 / 3)) <= 1)
        #expect(screen.setpoint < afterQuarterTurn)
    }

    @Test("The mode switches change the status label bound to the model")
    func modes() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try thermostat(app)
        app.tap("eco")
        #expect(screen.isEco)
        #expect(screen.statusLabel.text == "Eco, heating to 19.0°")
        app.tap("heating")
        #expect(!screen.isHeating)
        #expect(screen.statusLabel.text == "Off")
    }

    @Test("The screen looks as recorded, before and after a change")
    func snapshots() throws {
        let app = try AppTester(AppDelegate.self)
        app.assertSnapshot(named: "thermostat-start", referenceDirectory: "Tests/ThermostatTests/References")
        app.tap("up")
        app.tap("eco")
        app.advance(by: 1) // the switch's thumb animation ends
        app.assertSnapshot(named: "thermostat-eco", referenceDirectory: "Tests/ThermostatTests/References")
    }

    @Test("Dragging the dial and tapping the stepper allocate nothing per input frame")
    func noAllocationsPerFrame() throws {
        let app = try AppTester(AppDelegate.self)
        let screen = try thermostat(app)
        let center = app.center(of: screen.dial)
        let radius = screen.dial.bounds.width / 2 - 30
        let left = Point(x: center.x - radius, y: center.y)
        let top = Point(x: center.x, y: center.y - radius)
        #expect(
            app.allocationsPerFrame { app in
                app.drag(from: left, to: top, steps: 8)
                app.drag(from: top, to: left, steps: 8)
            } == 0)
        #expect(
            app.allocationsPerFrame { app in
                app.tap("up")
                app.tap("down")
            } == 0)
    }
}
