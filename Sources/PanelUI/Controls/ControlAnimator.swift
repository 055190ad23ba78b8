/// One number that slides to a target on the display link: a switch's thumb,
/// an animated slider. Eased in and out; its value at a frame depends only
/// on the frame's time.
///
/// The display link holds it while it slides; it holds the view it redraws
/// unowned: the view stops it in `deinit`.
@usableFromInline
internal final class ControlAnimator: DisplayLinkTarget {
    // `@exclusivity(unchecked)` here: trivial values read every frame, no access spanning app code
    // (docs/architecture.md, "Few dynamic exclusivity checks").
    /// The current value, as drawn.
    @exclusivity(unchecked) @usableFromInline internal var value: Double
    @exclusivity(unchecked) @usableFromInline internal var from = 0.0
    @exclusivity(unchecked) @usableFromInline internal var to = 0.0
    @exclusivity(unchecked) @usableFromInline internal var startTime = 0.0
    @exclusivity(unchecked) @usableFromInline internal var duration = 0.0
    /// An unretained pointer set on every drag move: no exclusivity check (see `View.window`).
    @exclusivity(unchecked) @usableFromInline internal unowned(unsafe) var view: View?
    /// The link while sliding. Read on every drag move (`jump(to:)`) and,
    /// like the numbers above, read or written whole: `stop()` takes it out
    /// before telling the link, so no access spans a call.
    @exclusivity(unchecked) @usableFromInline internal var displayLink: DisplayLink?

    @usableFromInline internal init(value: Double) {
        self.value = value
    }

    @usableFromInline internal var isAnimating: Bool { displayLink != nil }

    /// Slides from the current value to `target`, redrawing `view` at each frame.
    @usableFromInline internal func animate(
        _ view: View, to target: Double, duration: Double, on displayLink: DisplayLink
    ) {
        stop()
        guard target != value, duration > 0 else {
            value = target
            return
        }
        self.view = view
        self.displayLink = displayLink
        from = value
        to = target
        startTime = displayLink.runLoop.now
        self.duration = duration
        displayLink.add(self)
    }

    /// Stops any slide and sets the value at once.
    @usableFromInline internal func jump(to target: Double) {
        stop()
        value = target
    }

    /// Stops sliding where the value is now.
    @usableFromInline internal func stop() {
        if let link = displayLink {
            displayLink = nil
            link.remove(self)
        }
        view = nil
    }

    @usableFromInline internal func displayLinkDidFire(_ link: DisplayLink) {
        // A frame within a millionth of the duration of the end is the end,
        // whatever the rounding of the clock.
        let t = (link.timestamp - startTime) / duration
        let finished = t >= 1 - 1e-6
        value = finished ? to : from + (to - from) * TimingCurve.easeInOut.progress(at: max(t, 0))
        view?.setNeedsDisplay()
        if finished { stop() }
    }
}
