import PanelHeadless
import PanelKit
import PanelReplay

/// PanelKit's demo: the `controls` screen, and an about screen reached with
/// its "More" button and left with "Back".
public final class DemoApp: LifetimeTracked {
    /// Lets controls hold the demo as their target without retaining it.
    public let lifetime = Lifetime()
    public let application: Application
    public let window: Window
    public let controls: ControlsScreen
    public let about: AboutScreen

    public init(application: Application, screenSize: Size, icon: Image?, log: ReplayLog? = nil) {
        self.application = application
        window = Window(frame: Rect(origin: .zero, size: screenSize))
        window.backgroundColor = Theme.standard.background
        controls = ControlsScreen(frame: window.bounds, log: log)
        about = AboutScreen(frame: window.bounds, icon: icon)
        window.addSubview(controls)
        application.addWindow(window)
        controls.more.addTarget(self, action: DemoApp.showAbout, for: .touchUpInside)
        about.back.addTarget(self, action: DemoApp.showControls, for: .touchUpInside)
    }

    @usableFromInline func showAbout(_ sender: Control) {
        controls.removeFromSuperview()
        window.addSubview(about)
    }

    @usableFromInline func showControls(_ sender: Control) {
        about.removeFromSuperview()
        window.addSubview(controls)
    }

    /// Which screen shows.
    public var isShowingAbout: Bool { about.superview != nil }
}

/// The demo's second screen: what PanelKit is, with its icon.
public final class AboutScreen: View {
    public let back: Button
    public let icon: ImageView
    public let heading: Label
    public let text: Label

    public init(frame: Rect, icon image: Image?) {
        let theme = Theme.standard
        let sx = frame.width / 800, sy = frame.height / 480
        func at(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: x * sx, y: y * sy, width: w * sx, height: h * sy)
        }
        back = Button(frame: at(32, 20, 136, 52), name: "back")
        back.setTitle("\u{2039} Back", for: .normal)
        icon = ImageView(frame: at(32, 104, 96, 96), name: "icon", image: image)
        heading = Label(frame: at(152, 104, 600, 48), name: "heading", text: "PanelKit")
        heading.font = .boldSystem(size: 32 * sy)
        heading.textColor = theme.text
        text = Label(frame: at(152, 160, 600, 240), name: "about",
                     text: "UIKit's touch model on embedded Linux: hit-testing, the responder chain, gesture "
                         + "recognizers and controls with target-action, drawn by a software renderer with "
                         + "FreeType text, straight on DRM/KMS and evdev. The input path allocates nothing, "
                         + "and the core builds as Embedded Swift for boards without a Swift runtime.")
        text.font = .system(size: 20 * sy)
        text.textColor = theme.secondaryText
        text.lineBreakMode = .wordWrap
        text.numberOfLines = 0
        super.init(frame: frame, name: "aboutScreen")
        backgroundColor = theme.background
        for view in [back, icon, heading, text] as [View] { addSubview(view) }
    }
}

extension DemoApp {
    /// The demo's first screen for the bench's `full-redraw` scene: `panel bench` and
    /// `panel-demo bench` measure it (PanelBench itself knows no app).
    public static func benchScreen(assetsPath: String) -> (name: String, make: (Application, Size) -> Window) {
        let icon = try? PNG.readImage(path: assetsPath + "/images/panelkit-icon.png")
        return ("demo screen", { application, size in DemoApp(application: application, screenSize: size, icon: icon).window })
    }
}
