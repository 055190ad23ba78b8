import PanelTesting
import PanelUI
import Testing

// Issue 34 row 16: an app may keep any object the application hands out
// (`focusSystem`, `keyboardPresenter`, a `TouchSet`, an `Event`) after it
// frees the application. Each test keeps one, frees the application, then uses
// every public member: the object reads as detached, or keeps alive what it
// reads. `scripts/asan-test` runs this suite under AddressSanitizer, where
// reading the freed application fails the run even when it happens not to crash.

/// Keeps what the runtime handed it in `touchesBegan`, as app code may.
private final class KeepingView: View {
    var keptTouches: TouchSet = .empty
    var keptEvent: Event?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        keptTouches = touches
        keptEvent = event
    }
}

/// An application with a window, a focusable button and a text field.
private final class Scene {
    let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40), name: "button")
    let field = TextField(frame: Rect(x: 10, y: 100, width: 200, height: 40))
    let view = KeepingView(frame: Rect(x: 300, y: 10, width: 200, height: 200), name: "keeping")

    init() {
        window.addSubview(button)
        window.addSubview(field)
        window.addSubview(view)
        application.addWindow(window)
    }
}

@Suite("Objects kept after their application is freed read as detached")
struct FreedApplicationTests {
    @Test(
        "Issue 34 row 16: a focus system kept after its application is freed reads as detached (no front window, no focus)"
    )
    func focusSystemOutlivesApplication() {
        var scene: Scene? = Scene()
        let focusSystem = scene!.application.focusSystem
        let button = scene!.button
        #expect(focusSystem.setFocusedView(button))
        scene = nil // the application is freed; the window and views too, but for `button`

        #expect(focusSystem.frontWindow == nil)
        #expect(!focusSystem.isFocusable(button))
        #expect(!focusSystem.setFocusedView(button))
        focusSystem.moveFocus(by: 1)
        focusSystem.handle(.turn(2))
        focusSystem.handle(.push(.ended))
        _ = focusSystem.handleKey(Press(keyCode: FocusKeys.tab, phase: .began))
        _ = focusSystem.handleKey(Press(keyCode: FocusKeys.enter, phase: .ended))
        #expect(focusSystem.focusedView == nil)
        #expect(!focusSystem.isAdjusting)
        _ = focusSystem.isFocusRingVisible
        focusSystem.theme = .standard
        focusSystem.observer = nil
    }

    @Test(
        "Issue 34 row 16: a keyboard presenter kept after its application is freed hides its input view and reads no application"
    )
    func keyboardPresenterOutlivesApplication() {
        var scene: Scene? = Scene()
        let presenter = scene!.application.keyboardPresenter
        #expect(scene!.field.becomeFirstResponder())
        #expect(presenter.visibleInputView != nil)
        scene = nil

        presenter.firstResponderDidChange()
        #expect(presenter.visibleInputView == nil)
        _ = presenter.keyboard
        _ = presenter.systemKeyboard
        _ = presenter.inputViewFrame
        presenter.visibilityMargin = 12
        presenter.firstResponderDidChange()
        #expect(presenter.visibleInputView == nil)
    }

    @Test(
        "Issue 34 row 16: a TouchSet and an Event kept after their application is freed stay readable (as UIKit's, good only during their event)"
    )
    func touchSetAndEventOutliveApplication() {
        var scene: Scene? = Scene()
        let view = scene!.view
        let window = scene!.window
        do {
            let driver = TouchDriver(driving: scene!.application, window: window)
            driver.down(1, at: Point(x: 350, y: 50))
            driver.up(1)
        }
        scene = nil

        let touches = view.keptTouches
        #expect(touches.count == 1)
        #expect(!touches.isEmpty)
        _ = touches.mask
        let touch = touches.first
        #expect(touch != nil)
        if let touch {
            #expect(touches.contains(touch))
            _ = touch.location(in: view)
            _ = touch.previousLocation(in: nil)
            _ = touch.phase
            _ = touch.gestureRecognizers
        }
        var seen = 0
        for _ in touches { seen += 1 }
        #expect(seen == 1)

        let event = view.keptEvent
        #expect(event != nil)
        if let event {
            _ = event.type
            _ = event.timestamp
            _ = event.allTouches.count
            _ = event.touches(for: view).first
            _ = event.touches(for: window).isEmpty
        }
    }

    @Test("Issue 34 row 16: the application's touch dispatcher kept after it is freed answers without reaching it")
    func dispatcherOutlivesApplication() {
        var scene: Scene? = Scene()
        let dispatcher = scene!.application.touchDispatcher
        scene = nil
        #expect(dispatcher.liveTouches.isEmpty)
        _ = dispatcher.touchesSeen
        dispatcher.observer = nil
    }
}
