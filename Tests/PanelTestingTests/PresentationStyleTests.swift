import PanelKit
import PanelTesting
import PanelUI
import Testing

// Modal presentation styles, transition styles, the presentation controller's
// backdrop, and AlertController, through the app's frame loop and real touches.

/// A screen that records its appearance calls in a shared log.
final class PresentedScreen: ViewController {
    let label: String
    let log: AppearanceLog
    init(_ label: String, log: AppearanceLog, color: Color = Color(rgb: 0x2A6F97)) {
        self.label = label
        self.log = log
        super.init()
        view.backgroundColor = color
    }
    override func viewWillAppear(_ animated: Bool) { log.lines.append(label + " viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append(label + " viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append(label + " viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append(label + " viewDidDisappear") }
}

final class AppearanceLog {
    var lines: [String] = []
    var isRecording = true
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

/// Records what a presentation controller's delegate hears.
final class SheetDelegate: Responder, PresentationControllerDelegate {
    var heard: [String] = []
    var allowsDismiss = true
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
        heard.append("shouldDismiss")
        return allowsDismiss
    }
    func presentationControllerWillDismiss(_ presentationController: PresentationController) {
        heard.append("willDismiss")
    }
    func presentationControllerDidDismiss(_ presentationController: PresentationController) {
        heard.append("didDismiss")
    }
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
        heard.append("didAttemptToDismiss")
    }
}

/// A navigation controller over a "home" screen with a label, on an 800x480 panel.
final class PresentingAppDelegate: ApplicationDelegate {
    var window: Window?
    let log = AppearanceLog()
    lazy var home = PresentedScreen("Home", log: log, color: Color(rgb: 0x1E242D))
    lazy var navigation = NavigationController(rootViewController: home)

    init() {}

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let window = Window(frame: options.screenBounds)
        home.title = "Intercom"
        let label = Label(frame: Rect(x: 20, y: 20, width: 400, height: 40), name: "home.label", text: "Residents")
        label.textColor = Theme.standard.text
        home.view.addSubview(label)
        window.rootViewController = navigation
        application.addWindow(window)
        self.window = window
        return true
    }
}

@Suite("Presentation styles and alerts")
struct PresentationStyleTests {
    func launch() throws -> (AppTester, PresentingAppDelegate) {
        let app = try AppTester(PresentingAppDelegate.self)
        let delegate = try #require(app.delegate(as: PresentingAppDelegate.self))
        app.advance(by: 0.1)
        _ = delegate.log.take()
        return (app, delegate)
    }

    @Test(".overFullScreen keeps the presenter in the window and sends it no appearance calls, as UIKit")
    func overFullScreen() throws {
        let (app, delegate) = try launch()
        let sheet = PresentedScreen("Over", log: delegate.log, color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        sheet.modalPresentationStyle = .overFullScreen
        delegate.home.present(sheet, animated: true)
        app.advance(by: 0.5)
        #expect(delegate.log.take() == ["Over viewWillAppear", "Over viewDidAppear"])
        #expect(delegate.navigation.view.window === app.window, "the presenter stays under it")
        #expect(sheet.view.frame == app.window.bounds)
        #expect(delegate.navigation.presentedViewController === sheet)
        sheet.dismiss(animated: true)
        app.advance(by: 0.5)
        #expect(delegate.log.take() == ["Over viewWillDisappear", "Over viewDidDisappear"])
        #expect(app.window.subviews.count == 1)
    }

    @Test(".fullScreen (and .automatic) removes the presenter's view once covered, with UIKit's order")
    func fullScreen() throws {
        let (app, delegate) = try launch()
        let screen = PresentedScreen("Full", log: delegate.log)
        #expect(screen.presentationController.presentationStyle == .fullScreen, ".automatic is full screen")
        delegate.home.present(screen, animated: true)
        app.advance(by: 0.5)
        #expect(
            delegate.log.take() == [
                "Home viewWillDisappear", "Full viewWillAppear", "Full viewDidAppear", "Home viewDidDisappear"
            ])
        #expect(delegate.navigation.view.window == nil)
        screen.dismiss(animated: true)
        app.advance(by: 0.5)
        #expect(
            delegate.log.take() == [
                "Full viewWillDisappear", "Home viewWillAppear", "Home viewDidAppear", "Full viewDidDisappear"
            ])
        #expect(delegate.navigation.view.window === app.window)
    }

    @Test(".formSheet: a card of preferredContentSize centred on a dimmed backdrop; a tap on the backdrop dismisses it")
    func formSheet() throws {
        let (app, delegate) = try launch()
        let sheet = PresentedScreen("Sheet", log: delegate.log)
        sheet.modalPresentationStyle = .formSheet
        sheet.preferredContentSize = Size(width: 400, height: 300)
        let sheetDelegate = SheetDelegate()
        sheet.presentationController.delegate = sheetDelegate
        delegate.home.present(sheet, animated: true)
        app.advance(by: 0.15)
        let dimming = sheet.presentationController.dimmingView
        #expect(
            dimming.presentation.alpha > 0 && dimming.presentation.alpha < PresentationController.dimmingAlpha,
            "fading in")
        let card = try #require(sheet.presentationController.presentedView)
        #expect(card === sheet.presentationController.cardView && sheet.view.superview === card)
        #expect(card.presentation.center.y > 240, "sliding up")
        app.advance(by: 0.5)
        #expect(card.frame == Rect(x: 200, y: 90, width: 400, height: 300))
        #expect(sheet.view.frame == card.bounds, "the controller's view fills the rounded card")
        #expect(card.layer.cornerRadius == Theme.standard.cornerRadius && card.layer.masksToBounds)
        #expect(dimming.alpha == PresentationController.dimmingAlpha)
        #expect(delegate.navigation.view.window === app.window, "the presenter stays visible")
        #expect(delegate.log.take() == ["Sheet viewWillAppear", "Sheet viewDidAppear"])

        app.tap(at: Point(x: 300, y: 200))
        app.advance(by: 0.5)
        #expect(delegate.navigation.presentedViewController === sheet, "a tap on the card is the card's")
        app.tap(at: Point(x: 50, y: 240))
        app.advance(by: 0.5)
        #expect(sheetDelegate.heard == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(delegate.navigation.presentedViewController == nil)
        #expect(sheet.view.superview == nil && card.superview == nil)
        #expect(delegate.log.take() == ["Sheet viewWillDisappear", "Sheet viewDidDisappear"])
    }

    @Test("isModalInPresentation keeps a sheet up on a backdrop tap; its delegate hears the attempt")
    func modalInPresentation() throws {
        let (app, delegate) = try launch()
        let sheet = PresentedScreen("Sheet", log: delegate.log)
        sheet.modalPresentationStyle = .formSheet
        sheet.isModalInPresentation = true
        let sheetDelegate = SheetDelegate()
        sheet.presentationController.delegate = sheetDelegate
        delegate.home.present(sheet, animated: false)
        app.tap(at: Point(x: 10, y: 240))
        app.advance(by: 0.5)
        #expect(delegate.navigation.presentedViewController === sheet)
        #expect(sheetDelegate.heard == ["didAttemptToDismiss"])
    }

    @Test(".overCurrentContext covers only the context's view: the navigation bar stays usable")
    func overCurrentContext() throws {
        let (app, delegate) = try launch()
        delegate.home.definesPresentationContext = true
        let cover = PresentedScreen("Cover", log: delegate.log, color: Color(rgb: 0x553322))
        cover.modalPresentationStyle = .overCurrentContext
        cover.modalTransitionStyle = .crossDissolve
        delegate.home.present(cover, animated: true)
        app.advance(by: 0.15)
        #expect(cover.view.presentation.alpha > 0 && cover.view.presentation.alpha < 1, "fading in")
        app.advance(by: 0.5)
        #expect(cover.presentingViewController === delegate.home)
        #expect(cover.view.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 44), "below the bar, over home")
        #expect(cover.view.frame.size == Size(width: 800, height: 436))
        #expect(delegate.home.view.window === app.window)
        #expect(
            app.window.hitTest(Point(x: 400, y: 20), with: nil)?.isDescendant(of: delegate.navigation.navigationBar)
                == true)
    }

    @Test("an alert: two actions side by side, cancel at the left; the handler runs once the alert is gone")
    func alertActions() throws {
        let (app, delegate) = try launch()
        var chosen: [String] = []
        let alert = AlertController(title: "Open the door?", message: "Apartment 4B", preferredStyle: .alert)
        alert.addAction(
            AlertAction(title: "Open", style: .default) { action in
                chosen.append(
                    (action.title ?? "") + (delegate.navigation.presentedViewController == nil ? " after" : " during"))
            })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        delegate.home.present(alert, animated: true)
        app.advance(by: 0.5)
        let cancel = try #require(app.view(named: "alert.action.Cancel"))
        let open = try #require(app.view(named: "alert.action.Open"))
        #expect(app.center(of: cancel).x < app.center(of: open).x)
        #expect(alert.view.frame.width == AlertController.alertWidth)
        #expect(abs(alert.view.frame.midY - 240) <= 1, "centred")
        #expect(delegate.navigation.view.window === app.window)

        app.tap(at: Point(x: 40, y: 40))
        app.advance(by: 0.5)
        #expect(delegate.navigation.presentedViewController === alert, "a tap on an alert's backdrop does nothing")

        app.tap("alert.action.Open")
        #expect(chosen.isEmpty, "not yet: the alert is still going")
        app.advance(by: 0.5)
        #expect(chosen == ["Open after"])
        #expect(app.view(named: "alert") == nil)
    }

    @Test("right to left, an alert's two actions are mirrored: cancel at the right")
    func alertActionsRightToLeft() throws {
        let (app, delegate) = try launch()
        app.application.userInterfaceLayoutDirection = .rightToLeft
        let alert = AlertController(title: "לפתוח את הדלת?", message: "דירה 4B", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Open", style: .default))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        delegate.home.present(alert, animated: true)
        app.advance(by: 0.5)
        let cancel = try #require(app.view(named: "alert.action.Cancel"))
        let open = try #require(app.view(named: "alert.action.Open"))
        // Left to right cancel is at the left (the test above): its leading edge.
        #expect(app.center(of: cancel).x > app.center(of: open).x)
        #expect(cancel.frame.maxX == alert.view.bounds.width)
    }

    @Test("an action sheet slides up at the bottom, the cancel action apart; a tap on the backdrop chooses cancel")
    func actionSheet() throws {
        let (app, delegate) = try launch()
        var chosen: [String] = []
        let sheet = AlertController(title: nil, message: "Camera 2", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("Cancel") })
        sheet.addAction(AlertAction(title: "Snapshot", style: .default) { _ in chosen.append("Snapshot") })
        sheet.addAction(AlertAction(title: "Delete clip", style: .destructive) { _ in chosen.append("Delete") })
        delegate.home.present(sheet, animated: true)
        app.advance(by: 0.5)
        let cancel = try #require(app.view(named: "alert.action.Cancel"))
        let delete = try #require(app.view(named: "alert.action.Delete clip"))
        #expect(app.center(of: cancel).y > app.center(of: delete).y, "cancel last")
        #expect(sheet.view.frame.maxY == 480 - AlertController.actionSheetMargin)
        app.tap(at: Point(x: 400, y: 40))
        app.advance(by: 0.5)
        #expect(chosen == ["Cancel"])
        #expect(delegate.navigation.presentedViewController == nil)
    }

    @Test("an alert with a text field edits it at once, stays above the keyboard, and its action reads the text")
    func alertTextField() throws {
        let (app, delegate) = try launch()
        var entered = ""
        let alert = AlertController(title: "Door code", message: nil, preferredStyle: .alert)
        alert.addTextField { field in field.placeholder = "Code" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            // The handler names its own alert: unretained, or the alert would hold itself (as in UIKit).
            AlertAction(title: "OK", style: .default) { [unowned(unsafe) alert] _ in
                entered = alert.textFields?.first?.text ?? ""
            })
        delegate.home.present(alert, animated: true)
        app.advance(by: 0.8)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder)
        let keyboard = try #require(app.keyboard)
        #expect(alert.view.convert(Point(x: 0, y: alert.view.bounds.maxY), to: nil).y <= keyboard.frame.minY)
        app.type("4711")
        app.tap("alert.action.OK")
        app.advance(by: 0.8)
        #expect(entered == "4711")
        #expect(app.keyboard?.window == nil || app.application.keyboardPresenter.visibleInputView == nil)
    }

    @Test("goldens: an alert, an action sheet and a form sheet over the app")
    func goldens() throws {
        let (app, delegate) = try launch()
        let alert = AlertController(
            title: "Delete 3 recordings?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        delegate.home.present(alert, animated: true)
        app.advance(by: 0.5)
        app.assertSnapshot(named: "presentation-alert")
        alert.dismiss(animated: false)

        let sheet = AlertController(title: "Camera 2", message: "Front door", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Snapshot", style: .default))
        sheet.addAction(AlertAction(title: "Delete clip", style: .destructive))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        delegate.home.present(sheet, animated: true)
        app.advance(by: 0.5)
        app.assertSnapshot(named: "presentation-action-sheet")
        sheet.dismiss(animated: false)

        let form = PresentedScreen("Form", log: delegate.log, color: Theme.standard.surface)
        form.modalPresentationStyle = .formSheet
        form.preferredContentSize = Size(width: 420, height: 280)
        delegate.home.present(form, animated: true)
        app.advance(by: 0.5)
        app.assertSnapshot(named: "presentation-form-sheet")
    }

    @Test("a presented alert allocates nothing per frame while a finger moves over it")
    func alertAllocations() throws {
        let (app, delegate) = try launch()
        let alert = AlertController(title: "Open the door?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Open", style: .default))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        delegate.home.present(alert, animated: true)
        app.advance(by: 0.5)
        let allocations = app.allocationsPerFrame { app in
            app.drag(from: Point(x: 100, y: 100), to: Point(x: 700, y: 400))
        }
        #expect(allocations == 0)
        #expect(delegate.navigation.presentedViewController === alert)
    }
}
