import PanelKit
import PanelTesting
import Testing

// Issue 34 row 15: `LifetimeTracked` must not be satisfiable with another
// object's lifetime. A helper that "lives as long as its owner" and answered
// `var lifetime: Lifetime { owner.lifetime }` was a target whose action ran
// after the helper was freed (heap-use-after-free), where UIKit's weak target
// reads nil. Still open: a noncopyable `Lifetime` made that getter a compile
// error, but crashed swiftc 6.3 in optimized builds ("Found ownership error"
// reading the lifetime through a delegate existential), so it was taken back.
// These tests keep the spellings that are right working.

/// The documented spelling.
private final class Mixer: LifetimeTracked {
    let lifetime = Lifetime()
    var calls = 0
    func tapped(_ sender: Control) { calls += 1 }
}

/// A helper given a lifetime of its own to keep, made for it alone.
private final class Helper: LifetimeTracked {
    let lifetime: Lifetime
    let calls: Counter
    init(lifetime: Lifetime, calls: Counter) {
        self.lifetime = lifetime
        self.calls = calls
    }
    func tapped(_ sender: Control) { calls.value += 1 }
}

private final class Counter { var value = 0 }

@Suite("A target's lifetime is its own")
struct BorrowedLifetimeTests {
    @Test("Issue 34 row 15: the one-line `let lifetime = Lifetime()` still makes a target whose actions stop when it is freed")
    func documentedSpellingZeroes() {
        let driver = TouchDriver()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "button")
        driver.window.addSubview(button)
        var mixer: Mixer? = Mixer()
        button.addTarget(mixer!, action: Mixer.tapped, for: .touchUpInside)
        driver.tap(at: Point(x: 50, y: 50))
        #expect(mixer?.calls == 1)
        mixer = nil
        #expect(button.allTargets.isEmpty)
        driver.tap(at: Point(x: 50, y: 50))   // skipped: the target is gone
    }

    @Test("Issue 34 row 15: a lifetime moved into a helper ends with the helper, not with whoever made it")
    func movedLifetimeEndsWithItsHolder() {
        let driver = TouchDriver()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "button")
        driver.window.addSubview(button)
        let calls = Counter()
        var helper: Helper? = Helper(lifetime: Lifetime(), calls: calls)
        button.addTarget(helper!, action: Helper.tapped, for: .touchUpInside)
        driver.tap(at: Point(x: 50, y: 50))
        #expect(calls.value == 1)
        helper = nil
        #expect(button.allTargets.isEmpty)
        driver.tap(at: Point(x: 50, y: 50))
        #expect(calls.value == 1)
    }
}
