import PanelImage
import PanelLog
import PanelSettings
import PanelUI

/// PanelKit's demo: a `NavigationController` app. Its root shows the
/// controls screen under the title "Living room"; the bar's "settings" button
/// pushes the settings list, the screen's "more" button pushes the about
/// screen, and the bar's back button (named "back") or a swipe from the left
/// edge pops.
public final class DemoApp: LifetimeTracked {
    /// Lets controls hold the demo as their target without retaining it.
    public lazy var lifetime = Lifetime(of: self)
    public let application: Application
    public let window: Window
    public let navigation: NavigationController
    /// The controllers, made once and pushed again each time.
    public let controlsController: ScreenViewController
    public let settingsController: SettingsViewController
    public let aboutController: ScreenViewController
    /// The screens' views.
    public let controls: ControlsScreen
    public let about: AboutScreen
    /// The bar's right button on the controls screen: pushes Settings.
    public let settingsButton: Button

    /// `settings`: where the controls' values are kept across restarts
    /// (`keepValues(in:)`); nil starts from the defaults every time.
    public init(
        application: Application, screenSize: Size, icon: Image?, log: ReplayLog? = nil, settings: Settings? = nil
    ) {
        self.application = application
        let navigation: NavigationController
        let bounds = Rect(origin: .zero, size: screenSize)
        controls = ControlsScreen(frame: bounds, log: log)
        about = AboutScreen(frame: bounds, icon: icon)
        controlsController = ScreenViewController(screen: controls, title: "Living room")
        aboutController = ScreenViewController(screen: about, title: "About")
        settingsController = SettingsViewController(controls: controls, log: log)
        navigation = NavigationController(rootViewController: controlsController)
        self.navigation = navigation
        window = Window(frame: bounds)
        window.backgroundColor = Theme.standard.background

        settingsButton = Button(name: "settings", title: "Settings")
        settingsButton.titleFont = Theme.standard.bodyFont
        settingsButton.setTitleColor(Theme.standard.accent)
        settingsButton.setFillColor(Theme.standard.surface)
        settingsButton.frame = Rect(x: 0, y: 0, width: 120, height: 36)
        // A filled button of its own size: a custom-view item (traces tap it where it has always been).
        controlsController.navigationItem.rightBarButtonItem = BarButtonItem(customView: settingsButton)
        // "‹ Living room" would not fit the bar's back button: "‹ Back" on the screens above.
        controlsController.navigationItem.backButtonTitle = "Back"
        // Found by that name in traces and tests, as the old about screen's button was.
        navigation.navigationBar.backButton.name = "back"
        if let log {
            for button in [settingsButton, navigation.navigationBar.backButton, about.licences] {
                log.logActions(of: button) { _ in nil }
            }
        }

        window.rootViewController = navigation // fills the window at any size
        application.addWindow(window)
        controls.more.addTarget(self, action: DemoApp.showAbout, for: .touchUpInside)
        settingsButton.addTarget(self, action: DemoApp.showSettings, for: .touchUpInside)
        if let settings { keepValues(in: settings) }
        // After a restart the demo comes back on the screen it showed, the
        // settings list where it was scrolled (docs/navigation.md).
        navigation.restorationIdentifier = "demo"
        controlsController.restorationIdentifier = "controls"
        settingsController.restorationIdentifier = "settings"
        settingsController.table.restorationIdentifier = "list"
        settingsController.wifiNetworks.restorationIdentifier = "wifi"
        aboutController.restorationIdentifier = "about"
    }

    /// The demo's controller at a restoration path (made once, so found, not made).
    public func controller(atRestorationPath path: [String]) -> ViewController? {
        guard let last = path.last else { return nil }
        func named(_ controller: ViewController) -> Bool {
            controller.restorationIdentifier.map { sameBytes($0, last) } ?? false
        }
        if named(settingsController) { return settingsController }
        if named(settingsController.wifiNetworks) { return settingsController.wifiNetworks }
        if named(aboutController) { return aboutController }
        return nil
    }

    /// Binds the demo's values to `settings` (`DemoSettingKeys`): each control
    /// shows its kept value now (its own until one is kept: no defaults are
    /// registered, which keeps the board binary small) and writes it when changed. The controls
    /// screen and the settings list show the same brightness, volume, Wi-Fi
    /// and Bluetooth, so both of each pair are bound to one key.
    public func keepValues(in settings: Settings) {
        let list = settingsController
        settings.bind(controls.volume, to: DemoSettingKeys.volume)
        settings.bind(controls.brightness, to: DemoSettingKeys.brightness)
        settings.bind(controls.wifi, to: DemoSettingKeys.wifi)
        settings.bind(controls.bluetooth, to: DemoSettingKeys.bluetooth)
        settings.bind(list.volume, to: DemoSettingKeys.volume)
        settings.bind(list.brightness, to: DemoSettingKeys.brightness)
        settings.bind(list.wifi, to: DemoSettingKeys.wifi)
        settings.bind(list.bluetooth, to: DemoSettingKeys.bluetooth)
        settings.bind(list.autoDim, to: DemoSettingKeys.autoDim)
        settings.bind(list.keyClicks, to: DemoSettingKeys.keyClicks)
        list.showTimeout(settings.integer(forKey: DemoSettingKeys.screenTimeout, default: list.timeoutChoice))
        list.settings = settings
        controls.refreshValues()
    }

    @usableFromInline func showAbout(_ sender: Control) {
        navigation.pushViewController(aboutController, animated: true)
    }

    @usableFromInline func showSettings(_ sender: Control) {
        navigation.pushViewController(settingsController, animated: true)
    }

    /// The controller on top of the navigation stack.
    public var topController: ViewController? { navigation.topViewController }
    public var isShowingAbout: Bool { navigation.topViewController === aboutController }
    public var isShowingSettings: Bool { navigation.topViewController === settingsController }
}

/// The keys the demo keeps its values under (`DemoApp.keepValues(in:)`).
public enum DemoSettingKeys {
    public static let volume = "volume"
    public static let brightness = "brightness"
    public static let wifi = "wifi"
    public static let bluetooth = "bluetooth"
    public static let autoDim = "autoDim"
    public static let keyClicks = "keyClicks"
    /// An index into `SettingsViewController.timeoutChoices`.
    public static let screenTimeout = "screenTimeout"
}

/// A controller whose view is a screen made beforehand.
public final class ScreenViewController: ViewController {
    public let screen: View

    public init(screen: View, title: String) {
        self.screen = screen
        super.init()
        self.title = title
    }

    public override func loadView() { view = screen }
}

/// The demo's second screen: what PanelKit is, with its icon.
///
/// Pushed by the controls screen's "more" button; the navigation bar's back
/// button returns. Laid out in `layoutSubviews()` for any screen: the icon
/// and heading side by side at the top, the text below (portrait) or beside
/// the icon under the heading (landscape), in the largest of a few text
/// sizes that shows it whole, and under it the "licences" button, which
/// shows the fonts' licence in the text's place (and the about text again).
public final class AboutScreen: View {
    public let icon: ImageView
    public let heading: Label
    public let text: Label
    /// Shows the licences in the text's place; placed by `layoutSubviews()` only.
    public let licences: Button
    /// Makes the icon at the screen's first layout, when `init` was given
    /// none: the demo's first screen does not show About, so its PNG (libpng
    /// and zlib's code with it) is decoded when About is first pushed, not
    /// before the first frame.
    public var iconLoader: (() -> Image?)?

    @usableFromInline static let aboutText =
        "UIKit's touch model on embedded Linux: hit-testing, the responder chain, gesture "
        + "recognizers and controls with target-action, drawn by a software renderer with "
        + "FreeType text, straight on DRM/KMS and evdev. The input path allocates nothing, "
        + "and the core builds as Embedded Swift for boards without a Swift runtime."
    @usableFromInline static let licenceText =
        "Text is set in Inter, under the SIL Open Font License 1.1 (LICENSE-Inter.txt), "
        + "and symbols come from Material Icons, under the Apache License 2.0 (LICENSE-MaterialIcons.txt): "
        + "Debian's fonts-inter and fonts-material-design-icons-iconfont, copied with their licences "
        + "into a board's assets/fonts."

    /// Text sizes tried, largest first, until the text fits.
    @usableFromInline static let textSizes: [Double] = [20, 18, 16, 15, 14, 13, 12]

    public init(frame: Rect, icon image: Image?) {
        let theme = Theme.standard
        icon = ImageView(name: "icon", image: image)
        icon.contentMode = .scaleAspectFit
        heading = Label(name: "heading", text: "PanelKit")
        heading.textColor = theme.text
        text = Label(name: "about", text: Self.aboutText)
        text.textColor = theme.secondaryText
        text.lineBreakMode = .wordWrap
        text.numberOfLines = 0
        licences = Button(name: "licences", title: "Licences")
        licences.titleFont = theme.bodyFont
        licences.setTitleColor(theme.accent)
        licences.setFillColor(theme.surface)
        super.init(frame: frame, name: "aboutScreen")
        backgroundColor = theme.background
        addSubview(icon)
        addSubview(heading)
        addSubview(text)
        addSubview(licences)
        licences.addTarget(self, action: AboutScreen.toggleLicences, for: .touchUpInside)
    }

    /// The licences in the text's place, or the about text back.
    @usableFromInline func toggleLicences(_ sender: Control) {
        let showsLicences = !sameBytes(text.text, Self.licenceText)
        text.text = showsLicences ? Self.licenceText : Self.aboutText
        licences.setTitle(showsLicences ? "About" : "Licences", for: .normal)
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        if let iconLoader {
            self.iconLoader = nil
            icon.image = iconLoader()
        }
        let portrait = bounds.height > bounds.width
        let compact = bounds.height < 360 || bounds.width < 560
        let margin = compact ? 16.0 : 32.0
        let gap = compact ? 12.0 : 24.0
        let area = bounds.inset(by: EdgeInsets(top: compact ? 12 : 20, left: margin, bottom: margin, right: margin))

        let iconSide = compact ? 64.0 : 96.0
        let top = area.minY
        icon.frame = Rect(x: area.minX, y: top, width: iconSide, height: iconSide)
        let headingFont = Font.boldSystem(size: compact ? 24 : 32)
        if heading.font != headingFont { heading.font = headingFont }
        let headingHeight = heading.intrinsicContentSize.height
        let besideIcon = icon.frame.maxX + gap
        // The button: at the bottom under the text (portrait), or at the right end of the heading's row
        // (landscape, where the text column keeps nearly all its height).
        let buttonHeight = compact ? 36.0 : Theme.standard.controlHeight
        let buttonWidth = min(140, area.width)
        // The text: under the icon in portrait, beside it under the heading in landscape.
        let textArea: Rect
        if portrait {
            licences.frame = Rect(x: area.minX, y: area.maxY - buttonHeight, width: buttonWidth, height: buttonHeight)
            heading.frame = Rect(
                x: besideIcon, y: icon.frame.midY - headingHeight / 2,
                width: area.maxX - besideIcon, height: headingHeight)
            let textBottom = licences.frame.minY - gap
            textArea = Rect(
                x: area.minX, y: icon.frame.maxY + gap, width: area.width, height: textBottom - icon.frame.maxY - gap)
        } else {
            licences.frame = Rect(x: area.maxX - buttonWidth, y: top, width: buttonWidth, height: buttonHeight)
            heading.frame = Rect(
                x: besideIcon, y: top, width: licences.frame.minX - gap - besideIcon, height: headingHeight)
            let below = max(heading.frame.maxY, licences.frame.maxY) + gap / 2
            textArea = Rect(x: besideIcon, y: below, width: area.maxX - besideIcon, height: area.maxY - below)
        }
        var font = Font.system(size: Self.textSizes[Self.textSizes.count - 1])
        var index = 0
        while index < Self.textSizes.count {
            let candidate = Font.system(size: Self.textSizes[index])
            if measure(text.text, font: candidate, width: textArea.width).height <= textArea.height {
                font = candidate
                break
            }
            index += 1
        }
        if text.font != font { text.font = font }
        let needed = measure(text.text, font: font, width: textArea.width).height
        text.frame = Rect(
            x: textArea.minX, y: textArea.minY, width: textArea.width, height: min(needed, textArea.height))
    }
}

extension DemoApp {
    /// The demo's first screen for the bench's `full-redraw` scene: `panel bench` and
    /// panel-bench measure it (PanelBench itself knows no app).
    /// The window is made for the application's screen: its size in points, its scale's icon.
    /// The demo's settings pushed over its controls and popped, for the bench's `push` scene.
    public static func benchNavigation(assetsPath: String) -> (
        name: String, make: (Application, Size) -> (window: Window, push: () -> Void, pop: () -> Void)
    ) {
        (
            "the demo's settings pushed over its controls",
            { application, size in
                let icon = try? PNG.readImage(
                    path: assetsPath + "/images/panelkit-icon.png", forScale: application.screen.scale)
                let demo = DemoApp(application: application, screenSize: size, icon: icon)
                return (
                    window: demo.window,
                    push: { demo.navigation.pushViewController(demo.settingsController, animated: true) },
                    pop: { _ = demo.navigation.popViewController(animated: true) }
                )
            }
        )
    }

    public static func benchScreen(assetsPath: String) -> (name: String, make: (Application, Size) -> Window) {
        (
            "demo screen",
            { application, size in
                let icon = try? PNG.readImage(
                    path: assetsPath + "/images/panelkit-icon.png", forScale: application.screen.scale)
                return DemoApp(application: application, screenSize: size, icon: icon).window
            }
        )
    }
}
