import PanelTesting
import PanelUI
import Testing

// Scrolling allocates nothing per frame once it runs: not per input frame
// while dragging, not per display-link frame while decelerating, bouncing or
// paging (docs/scrolling.md; the rule of the event path in architecture.md).

@Suite("ScrollView: allocations")
struct ScrollViewAllocationTests {
    /// A vertical list with a button in it and a delegate, as an app would have.
    struct List {
        let driver = TouchDriver()
        let scrollView = ScrollView(frame: Rect(x: 100, y: 40, width: 300, height: 400), name: "list")
        let transcript = ScrollTranscript()
        let button = Button(frame: Rect(x: 50, y: 100, width: 200, height: 60), name: "ok", title: "OK")

        init(paging: Bool = false) {
            scrollView.contentSize = Size(width: 300, height: 3000)
            scrollView.isPagingEnabled = paging
            scrollView.addSubview(button)
            driver.window.addSubview(scrollView)
            // A delegate that does nothing: the test is about the scroll view, not about an array growing.
            scrollView.delegate = Quiet.shared
        }

        final class Quiet: ScrollViewDelegate {
            lazy var lifetime = Lifetime(of: self)
            nonisolated(unsafe) static let shared = Quiet()
        }
    }

    /// Drags from the button by 300 pt in 30 input frames and lifts, counting each frame;
    /// then counts each display-link frame until the content rests.
    static func countFrames(_ list: List, back: Bool) -> (input: [UInt64], display: [UInt64]) {
        let start = Point(x: 250, y: back ? 60 : 420)
        let dy = back ? 300.0 : -300.0
        var input: [UInt64] = []
        var display: [UInt64] = []
        input.reserveCapacity(64)
        display.reserveCapacity(1024)
        input.append(AllocationCounter.count { list.driver.down(1, at: start, after: 1) })
        for step in 1...30 {
            let p = Point(x: start.x, y: start.y + dy * Double(step) / 30)
            input.append(AllocationCounter.count { list.driver.move(1, to: p) })
        }
        input.append(AllocationCounter.count { list.driver.up(1) })
        var frames = 0
        while list.driver.application.displayLink.isActive && frames < 1000 {
            display.append(AllocationCounter.count { list.driver.advance(by: 1.0 / 60) })
            frames += 1
        }
        return (input, display)
    }

    @Test("Dragging allocates nothing per input frame, and decelerating nothing per display-link frame")
    func dragAndDecelerate() {
        let list = List()
        _ = Self.countFrames(list, back: false) // warm up, both ways
        _ = Self.countFrames(list, back: true)
        list.scrollView.contentOffset = Point(x: 0, y: 1000)
        let (input, display) = Self.countFrames(list, back: false)
        #expect(input.allSatisfy { $0 == 0 }, "per input frame: \(input)")
        #expect(display.count > 60)
        #expect(display.allSatisfy { $0 == 0 }, "per display-link frame: \(display)")
    }

    @Test("Rubber-banding past the top and springing back allocate nothing per frame")
    func bounce() {
        let list = List()
        _ = Self.countFrames(list, back: true)
        _ = Self.countFrames(list, back: true)
        list.scrollView.contentOffset = .zero
        let (input, display) = Self.countFrames(list, back: true)
        #expect(input.allSatisfy { $0 == 0 }, "per input frame: \(input)")
        #expect(display.allSatisfy { $0 == 0 }, "per display-link frame: \(display)")
    }

    @Test("Paging allocates nothing per frame")
    func paging() {
        let list = List(paging: true)
        _ = Self.countFrames(list, back: false)
        _ = Self.countFrames(list, back: true)
        let (input, display) = Self.countFrames(list, back: false)
        #expect(input.allSatisfy { $0 == 0 }, "per input frame: \(input)")
        #expect(display.allSatisfy { $0 == 0 }, "per display-link frame: \(display)")
    }

    @Test("A tap on a button in the content (held, then released) allocates nothing per frame")
    func tapInContent() {
        let list = List()
        let center = Point(x: 250, y: 170)
        func run() -> [UInt64] {
            [
                AllocationCounter.count { list.driver.down(1, at: center, after: 1) },
                AllocationCounter.count { list.driver.up(1) },
                AllocationCounter.count { list.driver.down(1, at: center, after: 1) },
                AllocationCounter.count { list.driver.advance(by: 0.2) }, // the delay's timer presses it
                AllocationCounter.count { list.driver.up(1) }
            ]
        }
        _ = run()
        _ = run()
        #expect(run() == [0, 0, 0, 0, 0])
    }
}
