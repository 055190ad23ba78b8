import PanelImage
import PanelTesting
import PanelText
import PanelUI
import Testing

@Suite("Golden images at scale 2", .serialized)
struct ScaledGoldenTests {
    @Test(
        "At scale 2, buttons, a slider, a switch and text are drawn at the panel's pixels: a 170×120-point scene is 340×240 pixels"
    )
    func controlsAtScale2() throws {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        application.screen.configure(bounds: Rect(x: 0, y: 0, width: 170, height: 120), scale: 2)
        let window = Window(frame: application.screen.bounds)
        window.backgroundColor = Theme.standard.background
        let normal = Button(frame: Rect(x: 8, y: 8, width: 74, height: 36), name: "normal", title: "Play")
        let selected = Button(frame: Rect(x: 88, y: 8, width: 74, height: 36), name: "selected", title: "Pause")
        selected.isSelected = true
        let slider = Slider(frame: Rect(x: 8, y: 50, width: 154, height: 32), name: "slider", value: 0.35)
        let toggle = Switch(frame: Rect(x: 8, y: 84, width: 56, height: 32), name: "switch", isOn: true)
        let label = Label(frame: Rect(x: 70, y: 84, width: 92, height: 32), name: "label", text: "21.5 °C")
        label.font = .system(size: 15)
        for view in [normal, selected, slider, toggle, label] as [View] { window.addSubview(view) }
        application.addWindow(window)
        let display = HeadlessDisplay(width: 340, height: 240)
        Renderer(textRenderer: makeTextRenderer()).draw(window, into: display.framebuffer)
        let result = GoldenImage.check(display.framebuffer, named: "controls-scale2")
        #expect(result.passed, "\(result)")
    }
}
