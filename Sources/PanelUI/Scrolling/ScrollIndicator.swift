/// One of a scroll view's two scroll indicators: a thin rounded bar the
/// scroll view places over its content while the content moves, and fades on
/// the display link once it stops. Takes no touches.
@usableFromInline final class ScrollIndicator: View {
    /// The bar's thickness and its distance from the scroll view's edges, in points.
    @usableFromInline static let thickness = 3.0
    @usableFromInline static let inset = 2.5
    /// The shortest the bar gets: while the content is long, and squeezed past an edge.
    @usableFromInline static let minimumLength = 36.0
    @usableFromInline static let minimumSqueezedLength = 7.0
    @usableFromInline static let color = Color(red: 0x80, green: 0x80, blue: 0x80, alpha: 0xC0)

    @usableFromInline let axisIsVertical: Bool

    @usableFromInline init(axisIsVertical: Bool) {
        self.axisIsVertical = axisIsVertical
        super.init(frame: .zero, name: axisIsVertical ? "verticalScrollIndicator" : "horizontalScrollIndicator")
        isUserInteractionEnabled = false
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(ScrollIndicator.self)
    }

    @usableFromInline override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fill(roundedRect: bounds, cornerRadius: Self.thickness / 2, color: Self.color)
    }
}

extension ScrollView {
    /// Places the indicators for the current offset (content coordinates, so they stay put on screen).
    @usableFromInline func updateIndicators() {
        placeIndicator(verticalIndicator, visible: showsVerticalScrollIndicator && canScrollVertically)
        placeIndicator(horizontalIndicator, visible: showsHorizontalScrollIndicator && canScrollHorizontally)
    }

    @usableFromInline func placeIndicator(_ indicator: ScrollIndicator, visible: Bool) {
        guard visible, bounds.width > 0, bounds.height > 0 else {
            if !indicator.isHidden { indicator.isHidden = true }
            return
        }
        if indicator.isHidden { indicator.isHidden = false }
        let vertical = indicator.axisIsVertical
        let inset = ScrollIndicator.inset
        let thickness = ScrollIndicator.thickness
        let viewLength = vertical ? bounds.height : bounds.width
        let contentLength =
            vertical
            ? contentSize.height + contentInset.top + contentInset.bottom
            : contentSize.width + contentInset.left + contentInset.right
        // Leave the corner to the other bar.
        let track = viewLength - 2 * inset - thickness
        guard track > 0 else { return }
        var length = contentLength > 0 ? max(track * viewLength / contentLength, ScrollIndicator.minimumLength) : track
        length = min(length, track)
        let offset = vertical ? bounds.origin.y : bounds.origin.x
        let minimum = vertical ? minimumContentOffset.y : minimumContentOffset.x
        let maximum = vertical ? maximumContentOffset.y : maximumContentOffset.x
        // Past an edge the bar shrinks by the overshoot, as UIKit's does.
        let overshoot = offset < minimum ? minimum - offset : (offset > maximum ? offset - maximum : 0)
        length = max(length - overshoot, ScrollIndicator.minimumSqueezedLength)
        let fraction = maximum > minimum ? min(max((offset - minimum) / (maximum - minimum), 0), 1) : 0
        let position = inset + fraction * (track - length)
        // Placed from the bounds as drawn (on whole pixels), so the bar stays still on screen.
        let bounds = Rect(origin: drawnBoundsOrigin, size: bounds.size)
        let frame =
            vertical
            ? Rect(
                origin: Point(x: bounds.maxX - inset - thickness, y: bounds.minY + position),
                size: Size(width: thickness, height: length))
            : Rect(
                origin: Point(x: bounds.minX + position, y: bounds.maxY - inset - thickness),
                size: Size(width: length, height: thickness))
        if indicator.frame != frame { indicator.frame = frame }
    }

    /// Shows the indicators at full strength until `indicatorFadeStart` is set.
    @usableFromInline func showIndicators() {
        indicatorFadeStart = .infinity
        indicatorsVisible = true
        updateIndicators()
        // Content added after the indicators would cover them. (Indexing, not
        // `.last`: unoptimized builds allocate for the generic accessor.)
        let count = subviews.count
        if count > 0 && subviews[count - 1] !== horizontalIndicator {
            bringSubviewToFront(verticalIndicator)
            bringSubviewToFront(horizontalIndicator)
        }
        if verticalIndicator.alpha != 1 { verticalIndicator.alpha = 1 }
        if horizontalIndicator.alpha != 1 { horizontalIndicator.alpha = 1 }
    }

    /// The fade: full until `indicatorFadeStart`, then to 0 over `indicatorFadeDuration`.
    @usableFromInline func stepIndicators(at time: Double) {
        guard indicatorsVisible, time >= indicatorFadeStart else { return }
        let alpha = max(0, 1 - (time - indicatorFadeStart) / Self.indicatorFadeDuration)
        verticalIndicator.alpha = alpha
        horizontalIndicator.alpha = alpha
        if alpha == 0 {
            indicatorsVisible = false
            indicatorFadeStart = .infinity
        }
    }
}
