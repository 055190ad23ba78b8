import PanelTesting
import PanelUI
import Testing

extension Navigation {
    @Suite("Modal presentation: slide up, slide down, UIKit's full-screen lifecycle")
    struct NavigationPresentationTests {
        @Test(
            "present: presenter will-disappear, presented will-appear, then presented did-appear, presenter did-disappear"
        )
        func presentOrder() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let modal = Screen("M", log: log)
            a.present(modal, animated: true) { log.lines.append("completion") }
            // A controller in a navigation controller presents from it, as in UIKit.
            #expect(navigation.presentedViewController === modal && a.presentedViewController === modal)
            #expect(modal.presentingViewController === navigation)
            #expect(log.take() == ["M viewDidLoad", "A viewWillDisappear", "M viewWillAppear"])
            #expect(modal.view.presentation.center.y == 120 + 240, "starts below the bottom edge")
            driver.wait(0.1)
            let y = modal.view.presentation.center.y
            #expect(y > 120 && y < 360, "slides up")
            driver.wait(0.4)
            #expect(log.take() == ["M viewDidAppear", "A viewDidDisappear", "completion"])
            #expect(onScreen(modal.view) == Rect(x: 0, y: 0, width: 320, height: 240), "covers the whole window")
            #expect(navigation.view.superview == nil, "the covered view leaves the window")
        }

        @Test(
            "dismiss: presented will-disappear, presenter will-appear, then presenter did-appear, presented did-disappear; it is freed"
        )
        func dismissOrder() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            var modal: Screen? = Screen("M", log: log)
            let reference = ZeroingReference(modal)
            a.present(modal!, animated: false)
            _ = log.take()
            modal!.dismiss(animated: true) { log.lines.append("completion") }
            modal = nil
            #expect(log.take() == ["M viewWillDisappear", "A viewWillAppear"])
            #expect(navigation.view.superview === driver.window, "back under the sliding view")
            driver.wait(0.1)
            #expect(reference.object!.view.presentation.center.y > 120, "slides down")
            driver.wait(0.4)
            #expect(log.take() == ["A viewDidAppear", "M viewDidDisappear", "completion"])
            #expect(navigation.presentedViewController == nil)
            #expect(reference.object == nil)
            #expect(driver.window.subviews.count == 1 && driver.window.subviews[0] === navigation.view)
        }

        @Test("dismissing the presenter dismisses what it presented, and what that presented")
        func dismissingThePresenter() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            var first: Screen? = Screen("M", log: log)
            var second: Screen? = Screen("N", log: log)
            let firstReference = ZeroingReference(first)
            let secondReference = ZeroingReference(second)
            a.present(first!, animated: false)
            first!.present(second!, animated: false)
            #expect(second!.presentingViewController === first)
            first = nil
            second = nil
            _ = log.take()
            navigation.dismiss(animated: true)
            driver.wait(0.5)
            #expect(log.take() == ["N viewWillDisappear", "A viewWillAppear", "A viewDidAppear", "N viewDidDisappear"])
            #expect(firstReference.object == nil && secondReference.object == nil)
            #expect(driver.window.subviews.count == 1)
        }

        @Test("presenting while already presenting does nothing, as UIKit refuses it")
        func presentTwice() {
            let log = LifecycleLog()
            let (driver, navigation, a) = navigationScene(log)
            let first = Screen("M", log: log)
            let second = Screen("N", log: log)
            a.present(first, animated: false)
            var called = false
            navigation.present(second, animated: false) { called = true }
            #expect(navigation.presentedViewController === first && !called)
            #expect(driver.window.subviews.count == 1)
        }

        @Test("touches do not reach the presenter while the presented view slides up")
        func touchesBlockedDuringPresentation() {
            let log = LifecycleLog()
            let (driver, _, a) = navigationScene(log)
            var taps = 0
            let button = Button(frame: Rect(x: 0, y: 0, width: 320, height: 100), name: "under")
            button.addAction(for: .touchUpInside) { _ in taps += 1 }
            a.view.addSubview(button)
            a.present(Screen("M", log: log), animated: true)
            driver.tap(at: Point(x: 160, y: 80)) // above the rising view
            #expect(taps == 0)
            driver.wait(0.5)
        }
    }
}
