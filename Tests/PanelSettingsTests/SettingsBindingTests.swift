import PanelSettings
import PanelUI
import Testing

@Suite("Settings: controls bound to keys")
struct SettingsBindingTests {
    @Test("a bound control shows the key's value at once, and its valueChanged writes the key")
    func eachControlRestoresAndWrites() {
        let settings = Settings.inMemory()
        settings.register(defaults: ["light": true, "level": 0.25])
        settings.set(3.0, forKey: "steps")
        settings.set(2, forKey: "mode")

        let light = Switch(isOn: false)
        let level = Slider(value: 0.9)
        let steps = Stepper()
        steps.maximumValue = 10
        let mode = SegmentedControl(items: ["Off", "Auto", "On"])
        settings.bind(light, to: "light")
        settings.bind(level, to: "level")
        settings.bind(steps, to: "steps")
        settings.bind(mode, to: "mode")
        #expect(light.isOn)
        #expect(level.value == 0.25)
        #expect(steps.value == 3)
        #expect(mode.selectedSegmentIndex == 2)

        light.isOn = false
        light.sendActions(for: .valueChanged)
        level.value = 0.5
        level.sendActions(for: .valueChanged)
        steps.value = 4
        steps.sendActions(for: .valueChanged)
        mode.selectedSegmentIndex = 0
        mode.sendActions(for: .valueChanged)
        #expect(settings.bool(forKey: "light") == false)
        #expect(settings.double(forKey: "level") == 0.5)
        #expect(settings.double(forKey: "steps") == 4)
        #expect(settings.integer(forKey: "mode") == 0)
    }

    @Test("a key with neither a value nor a default leaves the bound control as it is")
    func noValueLeavesTheControl() {
        let settings = Settings.inMemory()
        let level = Slider(value: 0.7)
        settings.bind(level, to: "level")
        #expect(level.value == 0.7)
        #expect(!settings.hasValue(forKey: "level"))
    }

    @Test("a control changed in an input frame is committed on the run loop's timer, not in the frame")
    func bindingWritesOnTheTimer() {
        let clock = ManualClock()
        let runLoop = RunLoop(manualClock: clock)
        let settings = Settings.inMemory()
        settings.attach(to: runLoop)
        let light = Switch(isOn: false)
        settings.bind(light, to: "light")
        light.isOn = true
        light.sendActions(for: .valueChanged)
        #expect(settings.bool(forKey: "light"))
        #expect(settings.hasPendingChanges)
        runLoop.advance(to: settings.writeDelay)
        #expect(!settings.hasPendingChanges)
    }
}
