import PanelDemo
import PanelTesting
import PanelUI
import Testing

/// The demo's Wi-Fi screen, driven as an app's UI test would: through touches
/// on the screen and the on-screen keyboard.
@Suite("Demo: the Wi-Fi screen")
struct WiFiScreenTests {
    func openWiFi(_ app: AppTester) throws -> WiFiViewController {
        let demo = try #require(app.delegate(as: DemoAppDelegate.self)?.demo)
        app.tap("settings")
        app.advance(by: 0.5)
        // The Wi-Fi row beside its switch: its title.
        app.tap(at: app.center(of: demo.settingsController.wifiRow.textLabel))
        app.advance(by: 0.5)
        let wifi = demo.settingsController.wifiNetworks
        #expect(demo.topController === wifi)
        return wifi
    }

    @Test(
        "A tap on a secured network raises the keyboard with the password field in sight; a short password is refused, a long one joins"
    )
    func joinWithPassword() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let wifi = try openWiFi(app)
        app.tap("network1")
        app.advance(by: 0.5)
        #expect(wifi.password.isFirstResponder)
        #expect(wifi.passwordPrompt.text == "Password for Home-5G")
        let keyboard = try #require(app.keyboard)
        // The field sits at the bottom of the screen: the screen moved up to keep it above the keyboard.
        let field = wifi.password.convert(wifi.password.bounds, to: nil)
        let keys = keyboard.convert(keyboard.bounds, to: nil)
        #expect(field.maxY <= keys.minY)
        #expect(field.minY >= 0)

        app.type("hunter")
        app.tapKey(.returnKey)
        #expect(wifi.status.text == "A password has at least 8 characters")
        #expect(wifi.password.isFirstResponder && wifi.joined == nil)

        app.type("2024")
        #expect(wifi.password.text == "hunter2024")
        app.tapKey(.returnKey)
        app.advance(by: 0.5)
        #expect(wifi.joined == 1)
        #expect(wifi.status.text == "Connected to Home-5G")
        #expect(wifi.rows[1].detailTextLabel.text == "Connected")
        #expect(!wifi.password.isFirstResponder)
        #expect(wifi.password.text.isEmpty)
        // The secure field's text lines give the length, never the text.
        let text = app.logLines.filter { $0.contains("\"type\":\"text\"") }
        #expect(!text.isEmpty)
        #expect(!text.contains { $0.contains("hunter") })
    }

    @Test("An open network joins at once, with no keyboard")
    func openNetwork() throws {
        let app = try AppTester(DemoAppDelegate.self)
        let wifi = try openWiFi(app)
        app.tap("network3")
        app.advance(by: 0.5)
        #expect(wifi.joined == 3)
        #expect(wifi.status.text == "Connected to Guest")
        #expect(!wifi.password.isFirstResponder)
    }

    @Test("The Wi-Fi screen with the keyboard up matches Tests/Golden/demo-wifi-password.png")
    func snapshot() throws {
        let app = try AppTester(DemoAppDelegate.self)
        _ = try openWiFi(app)
        app.tap("network4")
        app.advance(by: 0.5)
        app.type("abc")
        app.advance(by: 0.3) // the caret's blink phase is part of the picture: a fixed time
        #expect(app.assertSnapshot(named: "demo-wifi-password").passed)
    }
}
