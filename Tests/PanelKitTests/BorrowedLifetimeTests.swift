import PanelKit
import PanelTesting
import Testing

// Issue 34 row 15: `LifetimeTracked` must not be satisfiable with another
// object's lifetime. A helper that "lives as long as its owner" and answered
// `var lifetime: Lifetime { owner.lifetime }` was a target whose action ran
// after the helper was freed (heap-use-after-free), where UIKit's weak target
// reads nil. A `Lifetime` is now a noncopyable value stored in its object:
// that getter is a compile error ("cannot consume noncopyable stored property",
// or "is borrowed and cannot be consumed" for a Responder owner), and the
// one-line `let lifetime = Lifetime()` is still how a class adopts the protocol.

private func isCopyable<T: ~Copyable>(_: T.Type) -> Bool { false }
private func isCopyable<T>(_: T.Type) -> Bool { true }

/// The documented spelling.
private final class Mixer: LifetimeTracked {
    let lifetime = Lifetime()
    var calls = 0
    func tapped(_ sender: Control) { calls += 1 }
}

/// A helper given a lifetime of its own to keep: moved in, so it is the helper's alone.
private final class Helper: LifetimeTracked {
    let lifetime: Lifetime
    let calls: Counter
    init(lifetime: consuming Lifetime, calls: Counter) {
        self.lifetime = lifetime
        self.calls = calls
    }
    func tapped(_ sender: Control) { calls.value += 1 }
}

private final class Counter { var value = 0 }

@Suite("A target's lifetime is its own")
struct BorrowedLifetimeTests {
    @Test("Issue 34 row 15: a Lifetime cannot be copied, so no object can hand out another's (C3: a freed target reads nil, as UIKit's weak target)")
    func lifetimeIsNotCopyable() {
        #expect(!isCopyable(Lifetime.self))
    }

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
