// Touches: a tap begins editing and places the caret at the nearest
// grapheme boundary; a finger held still for `Theme.loupeDelay` shows the
// loupe, which then follows the finger and moves the caret under it.

extension TextField {
    /// How far a finger may move before the loupe's timer gives up: a drag, not a hold.
    public static let loupeAllowableMovement = 10.0

    @usableFromInline final func trackingBegan(at location: Point) {
        touchDownLocation = location
        cancelLoupeTimer()
        if let runLoop = timerRunLoop {
            loupeTimer = runLoop.schedule(after: theme.loupeDelay, target: self)
        }
    }

    @usableFromInline final func trackingMoved(to location: Point) {
        if isShowingLoupe {
            placeCaret(atX: location.x)
        } else if location.distance(to: touchDownLocation) > TextField.loupeAllowableMovement {
            cancelLoupeTimer()
        }
    }

    @usableFromInline final func trackingEnded(at location: Point?, inside: Bool) {
        cancelLoupeTimer()
        if isShowingLoupe {
            hideLoupe()
            return
        }
        guard let location, inside else { return }
        // The caret goes first, so that beginning editing scrolls long text
        // (drawn from its start until now) to where the finger was.
        placeCaret(atX: location.x)
        if !isEditing { becomeFirstResponder() }
    }

    @usableFromInline final func trackingCancelled() {
        cancelLoupeTimer()
        hideLoupe()
    }

    @usableFromInline final func loupeTimerFired() {
        guard isTracking, let touch = trackedTouch else { return }
        placeCaret(atX: touch.location(in: self).x)
        if !isEditing {
            guard becomeFirstResponder() else { return }
        }
        showLoupe()
    }

    @usableFromInline final func cancelLoupeTimer() {
        if let loupeTimer { timerRunLoop?.cancel(loupeTimer) }
        loupeTimer = nil
    }

    /// Puts the caret at the grapheme boundary nearest to `x` (in the bounds);
    /// in right-to-left text, at the nearest caret stop on screen.
    public final func placeCaret(atX x: Double) {
        layoutTextIfNeeded()
        guard textHasRightToLeft else { return moveCaret(toBoundary: boundaryIndex(nearestX: x)) }
        placeCaret(atStop: nearestCaretStop(to: x - textOriginX))
    }
}
