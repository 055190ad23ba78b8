import PanelTesting
import PanelUI
import Testing

// Issue 34 row 15: `LifetimeTracked` must not be satisfiable with another
// object's lifetime. A helper that "lives as long as its owner" and answered
// `var lifetime: Lifetime { owner.lifetime }` was a target whose action ran
// after the helper was freed (heap-use-after-free), where UIKit's weak target
// reads nil. A lifetime now names its owner, and a reference taken with
// another object's lifetime reads nil from the start. The right spelling,
// `lazy var lifetime = Lifetime(of: self)`, is MemorySafetyTests' (C3).

/// The owner the helpers below borrow from.
private final class Owner: LifetimeTracked {
    lazy var lifetime = Lifetime(of: self)
}

/// A helper that "lives as long as its owner": the spelling the issue found.
private final class BorrowingHelper: LifetimeTracked, ScrollViewDelegate {
    let owner: Owner
    let calls: Counter
    var lifetime: Lifetime { owner.lifetime }
    init(owner: Owner, calls: Counter) {
        self.owner = owner
        self.calls = calls
    }
    func tapped(_ sender: Control) { calls.value += 1 }
}

private final class Counter { var value = 0 }

@Suite("A target's lifetime is its own")
struct BorrowedLifetimeTests {
    @Test(
        "Issue 34 row 15: a target answering with its owner's lifetime is never called, so it cannot be called after it is freed"
    )
    func borrowedLifetimeTargetIsNeverCalled() throws {
        let driver = TouchDriver()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "button")
        driver.window.addSubview(button)
        let owner = Owner()
        let calls = Counter()
        var helper: BorrowingHelper? = BorrowingHelper(owner: owner, calls: calls)
        button.addTarget(helper!, action: BorrowingHelper.tapped, for: .touchUpInside)
        // Checked before anything is freed: on the old code the target was
        // listed, and a tap after freeing it ran its action on freed memory.
        try #require(button.allTargets.isEmpty, "a reference taken with another object's lifetime reads nil")
        driver.tap(at: Point(x: 50, y: 50))
        #expect(calls.value == 0)
        helper = nil
        driver.tap(at: Point(x: 50, y: 50)) // the owner lives on; the freed helper is not reached
        #expect(calls.value == 0)
        _ = owner
    }

    @Test("Issue 34 row 15: a delegate answering with its owner's lifetime reads nil at once")
    func borrowedLifetimeDelegateReadsNil() {
        let owner = Owner()
        let helper = BorrowingHelper(owner: owner, calls: Counter())
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scrollView.delegate = helper
        #expect(scrollView.delegate == nil)
        let own = Owner()
        #expect(ZeroingReference(own).object === own, "the owner's own lifetime still works")
        #expect(ZeroingReference(helper).object == nil)
    }
}
