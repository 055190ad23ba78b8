import PanelTesting
import PanelUI
import Testing

@Suite("tag, viewWithTag and accessibilityIdentifier: finding views as UIKit and its UI tests do")
struct ViewLookupTests {
    /// root(tag 1) ─┬─ a(tag 2) ── a1(tag 5, "first")
    ///              └─ b(tag 5) ── b1(tag 7)
    func tree() -> (root: View, a: View, a1: View, b: View, b1: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let a = View(name: "a")
        let a1 = View(name: "a1")
        let b = View(name: "b")
        let b1 = View(name: "b1")
        root.tag = 1
        a.tag = 2
        a1.tag = 5
        b.tag = 5
        b1.tag = 7
        root.addSubview(a)
        a.addSubview(a1)
        root.addSubview(b)
        b.addSubview(b1)
        return (root, a, a1, b, b1)
    }

    @Test("tag is 0 by default; viewWithTag is the receiver first, then its subviews' subtrees in order, depth first")
    func viewWithTagOrder() {
        let (root, a, a1, b, b1) = tree()
        #expect(View().tag == 0)
        #expect(root.viewWithTag(1) === root)
        #expect(root.viewWithTag(2) === a)
        #expect(root.viewWithTag(5) === a1, "a's subtree is searched before b, so a1 (deeper) comes before b")
        #expect(b.viewWithTag(5) === b, "the receiver itself")
        #expect(root.viewWithTag(7) === b1)
        #expect(root.viewWithTag(9) == nil)
        #expect(a.viewWithTag(7) == nil, "only the receiver's subtree")
        #expect(root.viewWithTag(0) == nil, "no view here kept the default")
        #expect(View().viewWithTag(0) != nil)
    }

    @Test("viewWithTag allocates nothing, even in a debug build")
    func viewWithTagAllocatesNothing() {
        let (root, _, _, _, b1) = tree()
        var found: View?
        #expect(AllocationCounter.count(warmUpRuns: 2) { found = root.viewWithTag(7) } == 0)
        #expect(found === b1)
    }

    @Test("view(named:) finds an accessibilityIdentifier where no view has that name; a name anywhere comes first")
    func identifierPrecedence() {
        let (root, a, a1, b, b1) = tree()
        #expect(a.accessibilityIdentifier == nil)
        b1.accessibilityIdentifier = "save"
        #expect(root.view(named: "save") === b1)
        #expect(a.view(named: "save") == nil, "only the receiver's subtree")
        a1.accessibilityIdentifier = "b"
        #expect(root.view(named: "b") === b, "the name b, though a1's identifier comes earlier depth first")
        b.name = "renamed"
        #expect(root.view(named: "b") === a1, "no name b left: the identifier")
        a.accessibilityIdentifier = "save"
        #expect(root.view(named: "save") === a, "the first identifier depth first")
        #expect(root.view(named: "a1") === a1, "names still work")
    }
}
