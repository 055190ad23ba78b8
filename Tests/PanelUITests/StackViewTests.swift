import PanelTesting
import PanelUI
import Testing

/// A 300×100 stack of `views`, laid out.
func laidOutStack(
    _ views: [View], axis: StackView.Axis = .horizontal, spacing: Double = 0,
    distribution: StackView.Distribution = .fill, alignment: StackView.Alignment = .fill,
    size: Size = Size(width: 300, height: 100)
) -> StackView {
    let stack = StackView(frame: Rect(origin: .zero, size: size), arrangedSubviews: views)
    stack.axis = axis
    stack.spacing = spacing
    stack.distribution = distribution
    stack.alignment = alignment
    stack.layoutIfNeeded()
    return stack
}

/// The views' frames along x (or y): `[minX, width]` pairs.
func spans(_ views: [View], vertical: Bool = false) -> [[Double]] {
    views.map { vertical ? [$0.frame.minY, $0.frame.height] : [$0.frame.minX, $0.frame.width] }
}

@Suite("StackView: distributions")
struct StackDistributionTests {
    @Test("fill: views keep their intrinsic lengths and a view without one takes what is left")
    func fillFlexibleTakesLeftover() {
        let a = Box(50, 20)
        let flexible = View()
        let c = Box(70, 30)
        _ = laidOutStack([a, flexible, c], spacing: 10)
        #expect(spans([a, flexible, c]) == [[0, 50], [60, 160], [230, 70]])
    }

    @Test("fill: views without intrinsic length share the leftover equally, on top of their current lengths")
    func fillFlexibleShare() {
        let a = View(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        let b = View()
        let c = Box(100, 20)
        _ = laidOutStack([a, b, c])
        // Leftover 300 - 100 - 40 = 160: 80 each.
        #expect(spans([a, b, c]) == [[0, 120], [120, 80], [200, 100]])
    }

    @Test("fill without a flexible view: the last view stretches")
    func fillLastStretches() {
        let a = Box(50, 20)
        let b = Box(70, 30)
        _ = laidOutStack([a, b], spacing: 10)
        #expect(spans([a, b]) == [[0, 50], [60, 240]])
    }

    @Test("fill overflow without a flexible view: views shrink from the last backwards")
    func fillOverflowShrinksLast() {
        let a = Box(200, 20)
        let b = Box(150, 20)
        let c = Box(80, 20)
        _ = laidOutStack([a, b, c])
        // 430 in 300: c gives all 80, then b gives 50.
        #expect(spans([a, b, c]) == [[0, 200], [200, 100], [300, 0]])
    }

    @Test("fill overflow with flexible views: they give up space first, in proportion to their lengths")
    func fillOverflowShrinksFlexible() {
        let fixed = Box(250, 20)
        let wide = View(frame: Rect(x: 0, y: 0, width: 75, height: 10))
        let narrow = View(frame: Rect(x: 0, y: 0, width: 25, height: 10))
        _ = laidOutStack([wide, fixed, narrow])
        // 350 in 300: the flexible views (75 and 25) give 50 as 37.5 and 12.5.
        #expect(wide.frame.width + narrow.frame.width == 50)
        #expect(fixed.frame.width == 250)
        #expect(abs(wide.frame.width - 37.5) <= 0.5)
    }

    @Test("fillEqually: every visible view the same length")
    func fillEqually() {
        let views = [Box(10, 10), Box(200, 10), View()]
        _ = laidOutStack(views, spacing: 15, distribution: .fillEqually)
        #expect(spans(views) == [[0, 90], [105, 90], [210, 90]])
    }

    @Test("fillProportionally: lengths in proportion to the intrinsic lengths")
    func fillProportionally() {
        let views = [Box(50, 10), Box(150, 10)]
        _ = laidOutStack(views, distribution: .fillProportionally)
        #expect(spans(views) == [[0, 75], [75, 225]])
    }

    @Test("equalSpacing: intrinsic lengths, the room left divided into equal gaps")
    func equalSpacing() {
        let views = [Box(50, 10), Box(50, 10), Box(50, 10)]
        _ = laidOutStack(views, spacing: 10, distribution: .equalSpacing)
        #expect(spans(views) == [[0, 50], [125, 50], [250, 50]])
    }

    @Test("equalCentering: centres equally far apart, the first and last views at the ends")
    func equalCentering() {
        let views = [Box(20, 10), Box(60, 10), Box(20, 10)]
        _ = laidOutStack(views, distribution: .equalCentering)
        #expect(spans(views) == [[0, 20], [120, 60], [280, 20]])
        #expect(views.map { $0.frame.midX } == [10, 150, 290])
    }

    @Test("equalCentering falls back to equal gaps when neighbours would come closer than the spacing")
    func equalCenteringTooClose() {
        // Centres 130 apart would leave no gap between the last two: equal gaps of 10 instead.
        let views = [Box(20, 10), Box(200, 10), Box(60, 10)]
        _ = laidOutStack(views, spacing: 10, distribution: .equalCentering)
        #expect(spans(views) == [[0, 20], [30, 200], [240, 60]])
    }

    @Test("A vertical stack lays out along y the same way")
    func vertical() {
        let views = [Box(10, 20), View(), Box(10, 30)]
        _ = laidOutStack(views, axis: .vertical, spacing: 5, size: Size(width: 100, height: 300))
        #expect(spans(views, vertical: true) == [[0, 20], [25, 240], [270, 30]])
        #expect(views.allSatisfy { $0.frame.minX == 0 && $0.frame.width == 100 })
    }
}

@Suite("StackView: alignment, hidden views, margins, nesting")
struct StackArrangementTests {
    @Test("Alignment across the axis: fill, leading (top), center, trailing (bottom)")
    func alignment() {
        func crossSpan(_ alignment: StackView.Alignment) -> [Double] {
            let box = Box(50, 20)
            _ = laidOutStack([box], alignment: alignment)
            return [box.frame.minY, box.frame.height]
        }
        #expect(crossSpan(.fill) == [0, 100])
        #expect(crossSpan(.leading) == [0, 20])
        #expect(crossSpan(.top) == [0, 20])
        #expect(crossSpan(.center) == [40, 20])
        #expect(crossSpan(.trailing) == [80, 20])
        #expect(crossSpan(.bottom) == [80, 20])
    }

    @Test("Alignment in a column places views left, centred or right")
    func alignmentVertical() {
        let box = Box(40, 20)
        _ = laidOutStack([box], axis: .vertical, alignment: .center, size: Size(width: 100, height: 300))
        #expect(box.frame == Rect(x: 30, y: 0, width: 40, height: 300)) // fill: the last stretches along the axis
    }

    @Test("A view without intrinsic cross size keeps its own across the axis, clamped to the stack")
    func crossWithoutIntrinsic() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 30))
        let tall = View(frame: Rect(x: 0, y: 0, width: 10, height: 500))
        _ = laidOutStack([view, tall], distribution: .fillEqually, alignment: .center)
        #expect(view.frame == Rect(x: 0, y: 35, width: 150, height: 30))
        #expect(tall.frame == Rect(x: 150, y: 0, width: 150, height: 100))
    }

    @Test("Hidden arranged views take no space and no spacing, and keep their frames")
    func hiddenCollapse() {
        let a = Box(50, 10)
        let hidden = Box(50, 10)
        let c = Box(50, 10)
        hidden.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        hidden.isHidden = true
        let stack = laidOutStack([a, hidden, c], spacing: 10, distribution: .fillEqually)
        #expect(spans([a, c]) == [[0, 145], [155, 145]])
        #expect(hidden.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        // Showing it lays the stack out again.
        hidden.isHidden = false
        stack.layoutIfNeeded()
        // 280 / 3 each; edges fall on whole points, so the middle one is a point wider.
        #expect(spans([a, hidden, c]) == [[0, 93], [103, 94], [207, 93]])
    }

    @Test("isLayoutMarginsRelativeArrangement lays out inside layoutMargins; without it margins are ignored")
    func layoutMargins() {
        let a = Box(10, 10)
        let b = Box(10, 10)
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 300, height: 100), arrangedSubviews: [a, b])
        stack.distribution = .fillEqually
        stack.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 150, height: 100))
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 20, y: 10, width: 130, height: 80))
        #expect(b.frame == Rect(x: 150, y: 10, width: 130, height: 80))
    }

    @Test(
        "A stack's intrinsic size comes from its arranged views, spacing and margins; a flexible view makes it flexible"
    )
    func intrinsicSize() {
        let row = StackView(arrangedSubviews: [Box(50, 20), Box(70, 30)])
        row.spacing = 10
        #expect(row.intrinsicContentSize == Size(width: 130, height: 30))
        row.isLayoutMarginsRelativeArrangement = true
        row.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(row.intrinsicContentSize == Size(width: 136, height: 34))
        row.addArrangedSubview(View())
        #expect(row.intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(row.sizeThatFits(Size(width: 500, height: 500)) == Size(width: 500, height: 34))
        let equal = StackView(arrangedSubviews: [Box(50, 20), Box(70, 30)])
        equal.distribution = .fillEqually
        #expect(equal.intrinsicContentSize == Size(width: 140, height: 30))
    }

    @Test("Stacks nest: an inner stack is sized by its views and laid out in the same pass")
    func nesting() {
        let a = Box(50, 20)
        let b = Box(70, 30)
        let row = StackView(arrangedSubviews: [a, b])
        row.spacing = 10
        let footer = Box(100, 40)
        let column = laidOutStack(
            [row, footer], axis: .vertical, spacing: 8, alignment: .leading,
            size: Size(width: 300, height: 300))
        #expect(row.frame == Rect(x: 0, y: 0, width: 130, height: 30))
        #expect(a.frame == Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(b.frame == Rect(x: 60, y: 0, width: 70, height: 30))
        #expect(footer.frame == Rect(x: 0, y: 38, width: 100, height: 262))
        // A change inside the row reaches the column: the row grows.
        b.intrinsic = Size(width: 90, height: 30)
        b.invalidateIntrinsicContentSize()
        column.layoutIfNeeded()
        #expect(row.frame.width == 150)
        #expect(b.frame == Rect(x: 60, y: 0, width: 90, height: 30))
    }

    @Test("A label's new text lays its stack out again")
    func labelTextInvalidates() {
        let label = Label(text: "ab")
        let box = Box(10, 10)
        let stack = laidOutStack([label, box], alignment: .leading)
        let before = label.frame.width
        label.text = "abcdef"
        stack.layoutIfNeeded()
        #expect(label.frame.width > before)
        #expect(box.frame.minX == label.frame.maxX)
    }
}

@Suite("StackView: arranged subviews")
struct ArrangedSubviewsTests {
    @Test("addArrangedSubview adds a subview; insertArrangedSubview(_:at:) orders the arrangement")
    func addAndInsert() {
        let stack = StackView()
        let a = View(name: "a")
        let b = View(name: "b")
        let c = View(name: "c")
        stack.addArrangedSubview(a)
        stack.addArrangedSubview(c)
        stack.insertArrangedSubview(b, at: 1)
        #expect(stack.arrangedSubviews.map(\.name) == ["a", "b", "c"])
        #expect(stack.subviews.count == 3 && b.superview === stack)
        stack.insertArrangedSubview(c, at: 0) // moves it
        #expect(stack.arrangedSubviews.map(\.name) == ["c", "a", "b"])
        #expect(stack.subviews.count == 3)
    }

    @Test("removeArrangedSubview keeps the view as a subview; removeFromSuperview removes both")
    func removal() {
        let a = View(name: "a")
        let b = View(name: "b")
        let stack = StackView(arrangedSubviews: [a, b])
        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.map(\.name) == ["b"])
        #expect(a.superview === stack)
        b.removeFromSuperview()
        #expect(stack.arrangedSubviews.isEmpty)
        // Moving an arranged view to another superview removes it from the arrangement too.
        let c = View(name: "c")
        stack.addArrangedSubview(c)
        View().addSubview(c)
        #expect(stack.arrangedSubviews.isEmpty)
    }

    @Test("A subview that is not arranged is left where it is")
    func plainSubview() {
        let badge = View(frame: Rect(x: 5, y: 6, width: 7, height: 8))
        let stack = laidOutStack([Box(10, 10)])
        stack.addSubview(badge)
        stack.layoutIfNeeded()
        #expect(badge.frame == Rect(x: 5, y: 6, width: 7, height: 8))
    }
}
