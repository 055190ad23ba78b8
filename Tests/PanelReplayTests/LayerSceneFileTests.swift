import PanelImage
import PanelLog
import PanelScenes
import PanelTesting
import PanelUI
import Testing

// Scene files declare a view's layer (docs/scene-files.md, "layer").

@Suite("Scene files: a view's layer")
struct LayerSceneFileTests {
    static let json = """
        {"screen": [200, 120], "color": "#C8CED8", "views": [
          {"name": "card", "frame": [20, 20, 120, 70], "color": "#FFFFFF",
           "layer": {"cornerRadius": 12, "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMaxYCorner"],
                     "borderWidth": 2, "borderColor": "#3C8CE6",
                     "shadowColor": "#102040", "shadowOpacity": 0.4, "shadowRadius": 8, "shadowOffset": [0, 5]},
           "children": [
             {"name": "badge", "frame": [10, 10, 40, 40], "color": "#E04040",
              "layer": {"cornerRadius": 20, "masksToBounds": true},
              "children": [{"name": "stripe", "frame": [0, 25, 40, 15], "color": "#2F6F4F"}]}
           ]}
        ]}
        """

    @Test("Every layer key is read under UIKit's name, and the scene draws it")
    func layerKeys() throws {
        let scene = try SceneFiles.parse(Self.json).build(log: ReplayLog(sink: MemorySink(), clock: ManualClock()))
        let card = try #require(scene.view(named: "card"))
        #expect(card.layer.cornerRadius == 12)
        #expect(card.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(card.layer.borderWidth == 2)
        #expect(card.layer.borderColor == Color(rgb: 0x3C8CE6))
        #expect(card.layer.shadowColor == Color(rgb: 0x102040))
        #expect(card.layer.shadowOpacity == 0.4)
        #expect(card.layer.shadowRadius == 8)
        #expect(card.layer.shadowOffset == Size(width: 0, height: 5))
        #expect(!card.layer.masksToBounds)
        let badge = try #require(scene.view(named: "badge"))
        #expect(badge.layer.masksToBounds && badge.clipsToBounds)
        let display = HeadlessDisplay(width: 200, height: 120)
        Renderer().draw(scene.window, into: display.framebuffer)
        let result = withExtendedLifetime(display) { GoldenImage.check(display.framebuffer, named: "layer-scene-file") }
        #expect(result.passed, "\(result)")
    }

    @Test("A bad layer key is an error naming the path and what was expected")
    func errors() {
        let corner = sceneError(
            #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "layer": {"maskedCorners": ["topLeft"]}}]}"#)
        #expect(corner?.contains("views[0].layer.maskedCorners[0]") == true, "\(corner ?? "no error")")
        #expect(corner?.contains("layerMinXMinYCorner") == true)
        let opacity = sceneError(
            #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "layer": {"shadowOpacity": 2}}]}"#)
        #expect(opacity?.contains("expected a number from 0 to 1") == true, "\(opacity ?? "no error")")
        let radius = sceneError(
            #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "layer": {"cornerRadius": -1}}]}"#)
        #expect(radius?.contains("views[0].layer.cornerRadius") == true, "\(radius ?? "no error")")
        let unknown = sceneError(
            #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "layer": {"shadowBlur": 3}}]}"#)
        #expect(unknown?.contains("unknown key 'shadowBlur'") == true, "\(unknown ?? "no error")")
    }
}
