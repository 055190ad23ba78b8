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
        // Both screens fill the window, whatever size it takes.
        controls.autoresizingMask = .flexibleSize
        about.autoresizingMask = .flexibleSize
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
///
/// Laid out in ``layoutSubviews()`` for any screen: "Back" at the top left,
/// the icon and heading side by side, the text below (portrait) or beside
/// the icon under the heading (landscape), in the largest of a few text
/// sizes that shows it whole.
public final class AboutScreen: View {
    public let back: Button
    public let icon: ImageView
    public let heading: Label
    public let text: Label

    /// Text sizes tried, largest first, until the text fits.
    @usableFromInline static let textSizes: [Double] = [20, 18, 16, 15, 14, 13, 12]

    public init(frame: Rect, icon image: Image?) {
        let theme = Theme.standard
        back = Button(name: "back", title: "\u{2039} Back")
        icon = ImageView(name: "icon", image: image)
        icon.contentMode = .scaleAspectFit
        heading = Label(name: "heading", text: "PanelKit")
        heading.textColor = theme.text
        text = Label(name: "about",
                     text: "UIKit's touch model on embedded Linux: hit-testing, the responder chain, gesture "
                         + "recognizers and controls with target-action, drawn by a software renderer with "
                         + "FreeType text, straight on DRM/KMS and evdev. The input path allocates nothing, "
                         + "and the core builds as Embedded Swift for boards without a Swift runtime.")
        text.textColor = theme.secondaryText
        text.lineBreakMode = .wordWrap
        text.numberOfLines = 0
        super.init(frame: frame, name: "aboutScreen")
        backgroundColor = theme.background
        addSubview(back)
        addSubview(icon)
        addSubview(heading)
        addSubview(text)
    }

    public override func layoutSubviews() {
        let portrait = bounds.height > bounds.width
        let compact = bounds.height < 360 || bounds.width < 560
        let margin = compact ? 16.0 : 32.0, gap = compact ? 12.0 : 24.0
        let area = bounds.inset(by: EdgeInsets(top: compact ? 12 : 20, left: margin, bottom: margin, right: margin))

        // Its fitting size, at least 120 wide: set once, so a pass that changes nothing marks nothing dirty.
        let backSize = back.sizeThatFits(area.size)
        back.frame = Rect(x: area.minX, y: area.minY, width: max(backSize.width, 120), height: backSize.height)

        let iconSide = compact ? 64.0 : 96.0
        let top = back.frame.maxY + gap
        icon.frame = Rect(x: area.minX, y: top, width: iconSide, height: iconSide)
        let headingFont = Font.boldSystem(size: compact ? 24 : 32)
        if heading.font != headingFont { heading.font = headingFont }
        let headingHeight = heading.intrinsicContentSize.height
        let besideIcon = icon.frame.maxX + gap
        // The text: under the icon in portrait, beside it under the heading in landscape.
        let textArea: Rect
        if portrait {
            heading.frame = Rect(x: besideIcon, y: icon.frame.midY - headingHeight / 2,
                                 width: area.maxX - besideIcon, height: headingHeight)
            textArea = Rect(x: area.minX, y: icon.frame.maxY + gap, width: area.width, height: area.maxY - icon.frame.maxY - gap)
        } else {
            heading.frame = Rect(x: besideIcon, y: top, width: area.maxX - besideIcon, height: headingHeight)
            let below = heading.frame.maxY + gap / 2
            textArea = Rect(x: besideIcon, y: below, width: area.maxX - besideIcon, height: area.maxY - below)
        }
        var font = Font.system(size: Self.textSizes[Self.textSizes.count - 1])
        var index = 0
        while index < Self.textSizes.count {
            let candidate = Font.system(size: Self.textSizes[index])
            if measure(text.text, font: candidate, width: textArea.width).height <= textArea.height { font = candidate; break }
            index += 1
        }
        if text.font != font { text.font = font }
        let needed = measure(text.text, font: font, width: textArea.width).height
        text.frame = Rect(x: textArea.minX, y: textArea.minY, width: textArea.width, height: min(needed, textArea.height))
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
