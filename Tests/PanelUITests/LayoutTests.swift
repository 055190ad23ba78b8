import PanelImage
import PanelTesting
import PanelUI
import Testing

/// The order layoutSubviews ran in, shared by a tree of `LayoutRecordingView`s.
final class LayoutRecord {
    var names: [String] = []
}

/// Records each layoutSubviews call by name.
final class LayoutRecordingView: View {
    let record: LayoutRecord
    init(_ name: String, _ record: LayoutRecord, frame: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) {
        self.record = record
        super.init(frame: frame, name: name)
    }
    override func layoutSubviews() { record.names.append(name) }
}

/// A layoutSubviews that asks for layout again every time: a layout loop.
final class LoopingView: View {
    var calls = 0
    override func layoutSubviews() {
        calls += 1
        setNeedsLayout()
    }
}

/// A view with a fixed intrinsic size.
final class Box: View {
    var intrinsic: Size
    init(_ width: Double, _ height: Double, name: String = "") {
        intrinsic = Size(width: width, height: height)
        super.init(frame: .zero, name: name)
    }
    override var intrinsicContentSize: Size { intrinsic }
}

/// root ▸ a ▸ b, every layoutSubviews recorded.
func recordedTree() -> (LayoutRecord, LayoutRecordingView, LayoutRecordingView, LayoutRecordingView) {
    let record = LayoutRecord()
    let root = LayoutRecordingView("root", record)
    let a = LayoutRecordingView("a", record)
    let b = LayoutRecordingView("b", record)
    root.addSubview(a)
    a.addSubview(b)
    return (record, root, a, b)
}

@Suite("Layout: the pass and when views need it")
struct LayoutPassTests {
    @Test("layoutIfNeeded lays out top-down: a parent's layoutSubviews runs before its subviews'")
    func topDown() {
        let (record, root, _, _) = recordedTree()
        root.layoutIfNeeded()
        #expect(record.names == ["root", "a", "b"])
    }

    @Test("setNeedsLayout only marks: the view is laid out at the next layoutIfNeeded, alone")
    func setNeedsLayoutDefers() {
        let (record, root, _, b) = recordedTree()
        root.layoutIfNeeded()
        record.names = []
        b.setNeedsLayout()
        #expect(record.names.isEmpty)
        root.layoutIfNeeded()
        #expect(record.names == ["b"])
        root.layoutIfNeeded()
        #expect(record.names == ["b"]) // nothing pending: nothing runs
    }

    @Test("A bounds size change marks the view for layout; a move does not")
    func sizeChangeMarks() {
        let (record, root, a, _) = recordedTree()
        root.layoutIfNeeded()
        record.names = []
        a.center = Point(x: 10, y: 10)
        root.layoutIfNeeded()
        #expect(record.names.isEmpty)
        a.frame = Rect(x: 0, y: 0, width: 60, height: 60)
        root.layoutIfNeeded()
        #expect(record.names == ["a"])
    }

    @Test("Adding a subview marks the superview and the newcomer; removing one marks the old superview")
    func hierarchyChangesMark() {
        let (record, root, a, _) = recordedTree()
        root.layoutIfNeeded()
        record.names = []
        let c = LayoutRecordingView("c", record)
        a.addSubview(c)
        root.layoutIfNeeded()
        #expect(record.names == ["a", "c"])
        record.names = []
        c.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(record.names == ["a"])
        record.names = []
        a.bringSubviewToFront(a.subviews[0]) // reordering lays nothing out
        root.layoutIfNeeded()
        #expect(record.names.isEmpty)
    }

    @Test("A layoutSubviews that resizes its subviews has them laid out in the same pass, after it")
    func resizedSubviewsInSamePass() {
        let record = LayoutRecord()
        final class Resizing: View {
            let record: LayoutRecord
            init(_ record: LayoutRecord) {
                self.record = record
                super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "parent")
            }
            override func layoutSubviews() {
                record.names.append(name)
                subviews[0].frame = Rect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)
            }
        }
        let parent = Resizing(record)
        let child = LayoutRecordingView("child", record)
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(record.names == ["parent", "child"])
        record.names = []
        parent.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        parent.layoutIfNeeded()
        #expect(record.names == ["parent", "child"])
        #expect(child.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("The renderer lays the window out before it draws")
    func rendererLaysOut() {
        let record = LayoutRecord()
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        window.addSubview(LayoutRecordingView("view", record))
        let display = HeadlessDisplay(width: 64, height: 48)
        Renderer().render(window, into: display.framebuffer)
        #expect(record.names == ["view"])
    }

    @Test("A frame set to the value it has marks nothing dirty")
    func unchangedFrameIsClean() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        let view = View(frame: Rect(x: 4, y: 4, width: 20, height: 10))
        window.addSubview(view)
        window.clearDirtyRect()
        view.frame = Rect(x: 4, y: 4, width: 20, height: 10)
        #expect(window.dirtyRect == .zero)
        view.frame = Rect(x: 5, y: 4, width: 20, height: 10)
        #expect(window.dirtyRect != .zero)
    }

    @Test("A stack laid out again where its views already are marks nothing dirty")
    func relayoutInPlaceIsClean() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let stack = StackView(frame: window.bounds, arrangedSubviews: [Box(50, 20), View(), Box(70, 30)])
        window.addSubview(stack)
        let display = HeadlessDisplay(width: 300, height: 100)
        Renderer().draw(window, into: display.framebuffer)
        stack.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(window.dirtyRect == .zero)
    }

    @Test("A layout loop stops after maximumLayoutPasses passes with one layoutLoop warning")
    func layoutLoopIsBounded() {
        let application = Application(runLoop: RunLoop(manualClock: ManualClock()))
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        application.addWindow(window)
        let looping = LoopingView(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "looping")
        window.addSubview(looping)
        window.layoutIfNeeded()
        #expect(looping.calls == View.maximumLayoutPasses)
        #expect(application.warnings.hasSaid(.layoutLoop))
        #expect(application.warnings.said.first { $0.kind == .layoutLoop }?.message.contains("'looping'") == true)
        window.layoutIfNeeded() // the loop was cut: nothing is pending
        #expect(looping.calls == View.maximumLayoutPasses)
        looping.setNeedsLayout()
        window.layoutIfNeeded() // loops again, bounded again, said once
        #expect(looping.calls == 2 * View.maximumLayoutPasses)
        #expect(application.warnings.said.filter { $0.kind == .layoutLoop }.count == 1)
    }

    @Test("Rule 3: a frame where nothing needs layout allocates nothing")
    func idleFrameAllocatesNothing() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let row = StackView(
            frame: window.bounds, arrangedSubviews: [Box(50, 20), Slider(), Label(text: "Label"), Switch()])
        row.autoresizingMask = .flexibleSize
        window.addSubview(row)
        let display = HeadlessDisplay(width: 300, height: 100)
        let renderer = Renderer()
        renderer.draw(window, into: display.framebuffer)
        renderer.render(window, into: display.framebuffer)
        let allocations = AllocationCounter.count {
            for _ in 0..<100 {
                window.layoutIfNeeded()
                renderer.render(window, into: display.framebuffer)
            }
        }
        #expect(allocations == 0)
    }

    @Test("Rule 3: laying a stack out again allocates nothing once it has seen its views")
    func stackRelayoutAllocatesNothing() {
        let stack = StackView(
            frame: Rect(x: 0, y: 0, width: 300, height: 100),
            arrangedSubviews: [Box(50, 20), View(), Box(70, 30)])
        stack.layoutIfNeeded()
        let allocations = AllocationCounter.count {
            for width in 0..<50 {
                stack.frame = Rect(x: 0, y: 0, width: 300 + Double(width), height: 100)
                stack.layoutIfNeeded()
            }
        }
        #expect(allocations == 0)
    }
}

@Suite("Layout: autoresizing")
struct AutoresizingTests {
    /// `child` at `frame` in a 200×100 parent, after the parent becomes `newSize`.
    func resized(_ frame: Rect, _ mask: AutoresizingMask, to newSize: Size) -> Rect {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let child = View(frame: frame)
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame = Rect(origin: .zero, size: newSize)
        return child.frame
    }

    @Test("flexibleWidth alone takes the whole change of width")
    func flexibleWidth() {
        #expect(
            resized(Rect(x: 20, y: 10, width: 160, height: 80), .flexibleWidth, to: Size(width: 300, height: 100))
                == Rect(x: 20, y: 10, width: 260, height: 80))
    }

    @Test("No flexible part: the view keeps its frame (its distance from the top left)")
    func noMask() {
        #expect(
            resized(Rect(x: 20, y: 10, width: 160, height: 80), [], to: Size(width: 300, height: 150))
                == Rect(x: 20, y: 10, width: 160, height: 80))
    }

    @Test("Both margins flexible: they share the change in proportion, so a centred view stays centred")
    func flexibleMargins() {
        #expect(
            resized(
                Rect(x: 50, y: 0, width: 100, height: 10), [.flexibleLeftMargin, .flexibleRightMargin],
                to: Size(width: 300, height: 100)) == Rect(x: 100, y: 0, width: 100, height: 10))
        // Unequal margins 30 and 70 take 30% and 70% of +100.
        #expect(
            resized(
                Rect(x: 30, y: 0, width: 100, height: 10), [.flexibleLeftMargin, .flexibleRightMargin],
                to: Size(width: 300, height: 100)) == Rect(x: 60, y: 0, width: 100, height: 10))
    }

    @Test("Margins and width flexible: each part grows by its share of the parts' total")
    func allThreeFlexible() {
        // Parts 20 + 160 + 20 = 200 share +100: +10, +80, +10.
        #expect(
            resized(
                Rect(x: 20, y: 0, width: 160, height: 10), [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin],
                to: Size(width: 300, height: 100)) == Rect(x: 30, y: 0, width: 240, height: 10))
    }

    @Test("flexibleTopMargin keeps the distance to the bottom; flexibleHeight with flexibleBottomMargin share by size")
    func vertical() {
        #expect(
            resized(Rect(x: 0, y: 60, width: 10, height: 40), .flexibleTopMargin, to: Size(width: 200, height: 200))
                == Rect(x: 0, y: 160, width: 10, height: 40))
        // Height 40 and bottom margin 40 share +100 equally.
        #expect(
            resized(
                Rect(x: 0, y: 20, width: 10, height: 40), [.flexibleHeight, .flexibleBottomMargin],
                to: Size(width: 200, height: 200)) == Rect(x: 0, y: 20, width: 10, height: 90))
    }

    @Test("Flexible parts that are all 0 share the change equally; a size never goes below 0")
    func zeroPartsAndShrinking() {
        // The right margin (200) is fixed; the flexible parts are 0 and 0.
        #expect(
            resized(
                Rect(x: 0, y: 0, width: 0, height: 10), [.flexibleLeftMargin, .flexibleWidth],
                to: Size(width: 300, height: 100)) == Rect(x: 50, y: 0, width: 50, height: 10))
        #expect(
            resized(Rect(x: 0, y: 0, width: 50, height: 10), .flexibleWidth, to: Size(width: 100, height: 100))
                == Rect(x: 0, y: 0, width: 0, height: 10))
    }

    @Test("autoresizesSubviews = false leaves the subviews alone")
    func autoresizesSubviewsOff() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        parent.autoresizesSubviews = false
        let child = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        child.autoresizingMask = .flexibleSize
        parent.addSubview(child)
        parent.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        #expect(child.frame == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test("Autoresizing happens when the size changes, before layout; nested masks follow down the tree")
    func nested() {
        let window = View(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let screen = View(frame: window.bounds)
        screen.autoresizingMask = .flexibleSize
        let footer = View(frame: Rect(x: 0, y: 420, width: 800, height: 60))
        footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        window.addSubview(screen)
        screen.addSubview(footer)
        window.frame = Rect(x: 0, y: 0, width: 720, height: 1280)
        #expect(screen.frame == Rect(x: 0, y: 0, width: 720, height: 1280))
        #expect(footer.frame == Rect(x: 0, y: 1220, width: 720, height: 60))
    }
}

@Suite("Layout: intrinsic sizes and sizeThatFits")
struct IntrinsicSizeTests {
    @Test("A plain view has no intrinsic size, and sizeThatFits keeps its size")
    func plainView() {
        let view = View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(view.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(view.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 30, height: 20))
        #expect(View.noIntrinsicMetric == -1)
    }

    @Test("A label's intrinsic size is its text's, measured by the window's text driver, else estimated")
    func label() {
        let label = Label(text: "Hello")
        label.font = .system(size: 20)
        // Estimated (no window): 0.6 em per character, 1.17 em per line, rounded up.
        #expect(label.intrinsicContentSize == Size(width: 60, height: 24))
        label.sizeToFit()
        #expect(label.bounds.size == Size(width: 60, height: 24))
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test("Controls: a switch is its pill wide and a finger high; a slider has no width; a button fits its title")
    func controls() {
        let theme = Theme.standard
        #expect(Switch().intrinsicContentSize == Size(width: theme.switchSize.width, height: theme.controlHeight))
        #expect(Slider().intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(Slider().intrinsicContentSize.height == theme.controlHeight)
        let button = Button(title: "Play")
        let title = button.measure("Play", font: button.titleFont)
        #expect(
            button.intrinsicContentSize
                == Size(width: title.width + 2 * theme.contentPadding, height: theme.controlHeight))
    }

    @Test("An image view's intrinsic size is its image's")
    func imageView() {
        let image = Image(width: 12, height: 7, pixels: Array(repeating: Color(rgb: 0x336699), count: 12 * 7))
        #expect(ImageView(image: image).intrinsicContentSize == Size(width: 12, height: 7))
        #expect(ImageView().intrinsicContentSize.width == View.noIntrinsicMetric)
    }
}
