// How a scroll view shares touches with its content, UIKit's way, entirely in
// the gesture machinery (no special case in the touch tracker):
//
// - Its ContentTouchDelayGestureRecognizer has `delaysTouchesBegan` (G11), so
//   while it is undecided the content hears nothing. It fails after
//   `contentTouchDelay` (the run loop's timer, from the touch's timestamp) or
//   at the lift, which releases the held messages in order; or it recognizes
//   (swallowing them) when `touchesShouldBegin` says no or the touch stopped
//   a moving scroll view. It never prevents the pan (G9).
// - Its pan begins after the pan's 10 pt. Before the delay ran out, that
//   cancels the held touches in the views (G10), so the content never heard of
//   them. After, the scroll view's `gestureRecognizerShouldBegin` (G20) lets
//   it begin only when `canCancelContentTouches` and `touchesShouldCancel(in:)`
//   allow; the content then gets `touchesCancelled`.

extension ScrollView {
    // MARK: G20: the pan may take back a touch the content has

    /// Whether the pan may take its touches from the content views that have them.
    @usableFromInline func contentAllowsPanToBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return true }
        var allowed = true
        for touch in gestureRecognizer.touches {
            guard let view = touch.view, view !== self, touch.viewDelivery.contains(.beganDelivered),
                !touch.viewDelivery.contains(.endDelivered)
            else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { allowed = false }
        }
        return allowed
    }

    // MARK: The finger

    /// A finger landed at `time`: a moving scroll view stops under it, as in
    /// UIKit, where the motion is at that moment, not at the last display
    /// frame. The motion is a function of time, so the finger catches the
    /// content at the same offset however the frames fell (on a busy board
    /// as headless).
    @usableFromInline func fingerDidTouchDown(at time: Double) {
        isTracking = true
        guard motionX.isActive || motionY.isActive else { return }
        if time.isFinite {
            var offset = bounds.origin
            if motionX.isActive { offset.x = motionX.position(at: time) }
            if motionY.isActive { offset.y = motionY.position(at: time) }
            setBoundsOrigin(offset)
        }
        stopMotion()
    }

    /// The pan's fingers are gone. If it never dragged, content left past an
    /// edge (a bounce the finger caught and held) springs back.
    @usableFromInline func panDidReset() {
        isTracking = false
        guard !isDragging, !motionX.isActive, !motionY.isActive, let time = now else { return }
        let offset = bounds.origin
        let rest = restingOffset(near: offset)
        guard rest != offset else { return }
        startDeceleration(from: offset, velocity: .zero, target: rest, at: time)
    }

    // MARK: The pan (G15)

    @usableFromInline func handlePan(_ pan: GestureRecognizer) {
        guard let pan = pan as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            let offset = bounds.origin
            let minimum = minimumContentOffset
            let maximum = maximumContentOffset
            // A drag that catches content past an edge continues from where it is, without a jump.
            dragOrigin = Point(
                x: unbanded(offset.x, minimum.x, maximum.x, bounds.width),
                y: unbanded(offset.y, minimum.y, maximum.y, bounds.height))
            dragStartPage = Point(
                x: pageIndex(offset.x - minimum.x, bounds.width).rounded(),
                y: pageIndex(offset.y - minimum.y, bounds.height).rounded())
            showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            // The pinch moves the content meanwhile (and rebases the drag: `handlePinch`).
            guard !isZooming else { return }
            let t = pan.translation(in: self)
            var offset = bounds.origin
            let minimum = minimumContentOffset
            let maximum = maximumContentOffset
            if canScrollHorizontally { offset.x = banded(dragOrigin.x - t.x, minimum.x, maximum.x, bounds.width) }
            if canScrollVertically { offset.y = banded(dragOrigin.y - t.y, minimum.y, maximum.y, bounds.height) }
            setBoundsOrigin(offset)
        case .ended, .cancelled:
            isDragging = false
            isTracking = false
            var velocity = Point.zero
            if pan.state == .ended {
                let v = pan.velocity(in: self)
                velocity = Point(x: canScrollHorizontally ? -v.x : 0, y: canScrollVertically ? -v.y : 0)
            }
            // The motion starts at the lift's time, not when the loop got to it:
            // a busy loop then catches and bounces it where an idle one would.
            endDragging(velocity: velocity, at: pan.latestTime)
        case .possible, .failed:
            break
        }
    }

    /// The finger lifted with `velocity` (points per second, in offset terms):
    /// ask the delegate where to land, then decelerate, bounce or page there.
    @usableFromInline func endDragging(velocity: Point, at liftTime: Double? = nil) {
        let offset = bounds.origin
        let natural = restingOffset(from: offset, velocity: velocity)
        var target = natural
        delegate?.scrollViewWillEndDragging(
            self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
            targetContentOffset: &target)
        let time = liftTime ?? now ?? 0
        startDeceleration(from: offset, velocity: velocity, target: target, naturalTarget: natural, at: time)
        let willDecelerate = motionX.isActive || motionY.isActive
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        if !willDecelerate { restingOffsetDidChange() }
        if willDecelerate {
            isDecelerating = true
            motionPurpose = .deceleration
            delegate?.scrollViewWillBeginDecelerating(self)
            startAnimating()
        } else {
            indicatorFadeStart = time + Self.indicatorHold
            startAnimating()
        }
    }

    /// Where the content comes to rest without a delegate: the fling's
    /// projection (`DecelerationRate.projectedDistance(velocity:)`) within the
    /// limits, or the page it lands on.
    @usableFromInline func restingOffset(from offset: Point, velocity: Point) -> Point {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        if isPagingEnabled {
            return Point(
                x: pageTarget(offset.x, velocity.x, minimum.x, maximum.x, bounds.width, dragStartPage.x),
                y: pageTarget(offset.y, velocity.y, minimum.y, maximum.y, bounds.height, dragStartPage.y))
        }
        let projected = Point(
            x: offset.x + decelerationRate.projectedDistance(velocity: velocity.x),
            y: offset.y + decelerationRate.projectedDistance(velocity: velocity.y))
        return clampedContentOffset(projected)
    }

    /// Plans each axis: paging and content past an edge spring to their
    /// target; a fling decelerates (bouncing off an edge it reaches); a target
    /// the delegate moved is reached by the deceleration that ends there.
    @usableFromInline func startDeceleration(
        from offset: Point, velocity: Point, target: Point,
        naturalTarget: Point? = nil, at time: Double
    ) {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        planAxis(&motionX, offset.x, velocity.x, target.x, naturalTarget?.x, minimum.x, maximum.x, bounds.width, time)
        planAxis(&motionY, offset.y, velocity.y, target.y, naturalTarget?.y, minimum.y, maximum.y, bounds.height, time)
        if naturalTarget == nil, motionX.isActive || motionY.isActive {
            isDecelerating = true
            motionPurpose = .deceleration
            delegate?.scrollViewWillBeginDecelerating(self)
            startAnimating()
        }
    }

    @usableFromInline func planAxis(
        _ motion: inout AxisMotion, _ x: Double, _ v: Double, _ target: Double,
        _ natural: Double?, _ minimum: Double, _ maximum: Double,
        _ dimension: Double, _ time: Double
    ) {
        motion.kind = .idle
        motion.minimum = minimum
        motion.maximum = maximum
        motion.bounces = bounces
        motion.dimension = dimension
        let tau = decelerationRate.timeConstant
        if isPagingEnabled || x < minimum || x > maximum {
            let rest = min(max(target, minimum), maximum)
            guard
                (rest - x).magnitude >= ScrollPhysics.springRestDistance
                    || v.magnitude >= ScrollPhysics.springRestVelocity
            else {
                motion.rest = rest
                return
            }
            // Towards the rest point no faster than the spring would go by itself: no overshoot.
            let w = ScrollPhysics.springFrequency
            let toward = rest - x
            var start = v
            if isPagingEnabled {
                start = toward == 0 ? 0 : (toward > 0 ? min(max(v, 0), w * toward) : max(min(v, 0), w * toward))
            }
            motion.spring(from: x, to: rest, velocity: start, at: time)
        } else if let natural, target == natural {
            // The fling's own deceleration, which may run into an edge and bounce.
            guard v.magnitude >= ScrollPhysics.stopVelocity else { return }
            motion.decelerate(
                from: x, distance: decelerationRate.projectedDistance(velocity: v), timeConstant: tau, at: time)
        } else {
            // The delegate chose where to land: the deceleration that stops there.
            let rest = min(max(target, minimum), maximum)
            let distance = rest - x
            guard distance.magnitude >= ScrollPhysics.springRestDistance else { return }
            motion.decelerate(from: x, distance: distance, timeConstant: tau, at: time)
        }
    }

    // MARK: Rubber band and pages

    /// The offset shown for a finger that asks for `raw`: past an edge, the rubber band.
    @usableFromInline func banded(_ raw: Double, _ minimum: Double, _ maximum: Double, _ dimension: Double) -> Double {
        if raw < minimum {
            return bounces ? minimum + ScrollPhysics.rubberBand(raw - minimum, dimension: dimension) : minimum
        }
        if raw > maximum {
            return bounces ? maximum + ScrollPhysics.rubberBand(raw - maximum, dimension: dimension) : maximum
        }
        return raw
    }

    /// The finger's offset that shows `shown`: the inverse of `banded`.
    @usableFromInline func unbanded(_ shown: Double, _ minimum: Double, _ maximum: Double, _ dimension: Double)
        -> Double
    {
        if shown < minimum { return minimum + ScrollPhysics.inverseRubberBand(shown - minimum, dimension: dimension) }
        if shown > maximum { return maximum + ScrollPhysics.inverseRubberBand(shown - maximum, dimension: dimension) }
        return shown
    }

    @usableFromInline func pageIndex(_ distance: Double, _ page: Double) -> Double {
        page > 0 ? distance / page : 0
    }

    /// The page a fling lands on: the next one in the direction of a fling
    /// faster than `pagingVelocityThreshold` (at most one page from where
    /// the drag began), else the nearest.
    @usableFromInline func pageTarget(
        _ x: Double, _ v: Double, _ minimum: Double, _ maximum: Double,
        _ page: Double, _ startPage: Double
    ) -> Double {
        guard page > 0 else { return min(max(x, minimum), maximum) }
        let position = (x - minimum) / page
        var index: Double
        if v > Self.pagingVelocityThreshold {
            index = position.rounded(.down) + 1
        } else if v < -Self.pagingVelocityThreshold {
            index = position.rounded(.up) - 1
        } else {
            index = position.rounded()
        }
        index = min(max(index, startPage - 1), startPage + 1)
        let lastPage = ((maximum - minimum) / page).rounded(.up)
        index = min(max(index, 0), lastPage)
        return min(minimum + index * page, maximum)
    }

    /// Paging: slower than this (points per second) lands on the nearest page.
    public static var pagingVelocityThreshold: Double { 200 }
}

// MARK: - The recognizers

/// The scroll view's pan: a `PanGestureRecognizer` that begins only in a
/// direction its scroll view can scroll, so a horizontal scroll view inside a
/// vertical one leaves vertical drags to the outer one (and the other way).
@usableFromInline final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    @usableFromInline override func startDecision(forMovement movement: Point) -> StartDecision {
        guard super.startDecision(forMovement: movement) == .begin else { return .wait }
        guard let scrollView = view as? ScrollView else { return .begin }
        let horizontal = scrollView.canScrollHorizontally
        let vertical = scrollView.canScrollVertically
        switch (horizontal, vertical) {
        case (true, true): return .begin
        case (true, false): return movement.x.magnitude >= movement.y.magnitude ? .begin : .fail
        case (false, true): return movement.y.magnitude >= movement.x.magnitude ? .begin : .fail
        case (false, false): return .fail
        }
    }

    @usableFromInline override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if trackedMask == 0, let scrollView = view as? ScrollView { scrollView.fingerDidTouchDown(at: event.timestamp) }
        super.touchesBegan(touches, with: event)
    }

    // Back to possible after its touches are gone, whether it panned, failed
    // (a direction it cannot scroll, a control that keeps its touch) or never
    // moved: the finger is off the scroll view.
    @usableFromInline override func reset() {
        super.reset()
        if let scrollView = view as? ScrollView { scrollView.panDidReset() }
    }

    // The scroll view's own pinch runs together with its pan (G9).
    @usableFromInline override func canPrevent(_ other: GestureRecognizer) -> Bool {
        !(other.view === view && other is PinchGestureRecognizer)
    }

    @usableFromInline override func canBePrevented(by other: GestureRecognizer) -> Bool {
        !(other.view === view && other is PinchGestureRecognizer)
    }
}

/// Holds the content's touches for `ScrollView.contentTouchDelay`
/// (`delaysTouchesBegan`, G11): UIKit's delayed-touches-began recognizer.
/// Failing releases them to the content; recognizing keeps them from it.
/// Never prevents another recognizer (G9), so the pan is free to begin.
@usableFromInline final class ContentTouchDelayGestureRecognizer: GestureRecognizer {
    @usableFromInline var timer: TimerHandle?

    @usableFromInline override init(name: String = "") {
        super.init(name: name)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
    }

    @usableFromInline override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard timer == nil, state == .possible, let scrollView = view as? ScrollView else { return }
        // A touch that stops a moving scroll view is the scroll view's alone, as in UIKit.
        if scrollView.motionX.isActive || scrollView.motionY.isActive {
            state = .recognized
            return
        }
        guard let touch = touches.first, let target = touch.view, target !== scrollView else {
            state = .failed
            return
        }
        guard scrollView.delaysContentTouches else {
            decide(with: event)
            return
        }
        timer = scheduleTimer(after: ScrollView.contentTouchDelay, from: event.timestamp)
    }

    @usableFromInline override func touchesEnded(_ touches: TouchSet, with event: Event) {
        // A quick tap: the content hears the touch now, began and ended together.
        if state == .possible { decide(with: event) }
    }

    @usableFromInline override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        if state == .possible { state = .failed }
    }

    @usableFromInline override func runLoopDidFire(_ handle: TimerHandle) {
        guard timer == handle else { return }
        timer = nil
        if state == .possible { decide(with: dispatcher?.event) }
    }

    /// `touchesShouldBegin` decides: yes releases the touches to the content (fail), no keeps them (recognize).
    @usableFromInline func decide(with event: Event?) {
        cancelTimer(&timer)
        guard let scrollView = view as? ScrollView else {
            state = .failed
            return
        }
        let touches = self.touches
        guard let first = touches.first, let target = first.view else {
            state = .failed
            return
        }
        state = scrollView.touchesShouldBegin(touches, with: event, in: target) ? .failed : .recognized
    }

    @usableFromInline override func reset() {
        cancelTimer(&timer)
    }

    @usableFromInline override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
}
