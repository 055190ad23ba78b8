/// How the keyboard follows fingers.
///
/// - Each finger is followed across the keys: the key under it is
///   highlighted, and a character key shows the balloon, which moves with
///   the finger from key to key.
/// - A key types when its finger lifts, the key under the finger then: a
///   finger slid from "q" to "w" types "w", and one slid off the keyboard
///   types nothing. A cancelled touch types nothing.
/// - Overlapping fingers (fast typing with two thumbs): a finger that lands
///   while another is down first types the other's key, as iOS does, and the
///   other finger's lift then types nothing. Each key is typed by the time the
///   next finger lands, so the text keeps the order the fingers landed in,
///   whatever order they lift in. Only the newest finger is highlighted and
///   shows the balloon.
/// - Backspace repeats only while its finger holds it (and has not been
///   overtaken by another finger).
extension KeyboardView {
    /// One finger on the keyboard.
    @usableFromInline struct Finger {
        /// The touch's `Touch.identifier`.
        @usableFromInline var touch = -1
        /// The key under it, in the page shown; -1 for none.
        @usableFromInline var key = -1
        @usableFromInline var tapCount = 1
        /// How many times backspace repeated under it.
        @usableFromInline var repeats = 0
        /// Its key was typed already, because a later finger landed: its lift types nothing.
        @usableFromInline var committed = false
        @usableFromInline init() {}
    }

    /// The index in `keys` of the highlighted key: the newest finger's; `nil` when none is pressed.
    public var pressedKeyIndex: Int? {
        var i = fingerCount
        while i > 0 {
            i -= 1
            if !fingers[i].committed { return fingers[i].key >= 0 ? fingers[i].key : nil }
        }
        return nil
    }

    /// The finger holding backspace, if it is the newest one.
    @usableFromInline var activeFingerIndex: Int? {
        var i = fingerCount
        while i > 0 {
            i -= 1
            if !fingers[i].committed { return i }
        }
        return nil
    }

    @usableFromInline func fingersBegan(_ touches: TouchSet) {
        // Fingers that landed in the same frame, in the order they landed.
        var after = Int.min
        while let touch = Self.nextTouch(in: touches, after: after) {
            after = touch.identifier
            fingerLanded(touch)
        }
        pressDidChange()
    }

    @usableFromInline func fingersMoved(_ touches: TouchSet) {
        for touch in touches {
            guard let i = fingerIndex(of: touch), !fingers[i].committed else { continue }
            let key = keyIndex(at: touch.location(in: self)) ?? -1
            guard key != fingers[i].key else { continue }
            let wasBackspace = isBackspace(fingers[i].key)
            fingers[i].key = key
            fingers[i].repeats = 0
            if isBackspace(key) {
                scheduleRepeat(after: backspaceRepeatDelay)
            } else if wasBackspace {
                cancelRepeat()
            }
        }
        pressDidChange()
    }

    @usableFromInline func fingersEnded(_ touches: TouchSet) {
        var after = Int.min
        while let touch = Self.nextTouch(in: touches, after: after) {
            after = touch.identifier
            guard let i = fingerIndex(of: touch) else { continue }
            let finger = fingers[i]
            removeFinger(at: i)
            guard !finger.committed else { continue }
            if isBackspace(finger.key) { cancelRepeat() }
            guard let key = keyIndex(at: touch.location(in: self)) else { continue }
            if isBackspace(key) && finger.repeats > 0 { continue } // it deleted while held
            activateKey(at: key, tapCount: finger.tapCount)
        }
        pressDidChange()
    }

    @usableFromInline func fingersCancelled(_ touches: TouchSet) {
        for touch in touches {
            guard let i = fingerIndex(of: touch) else { continue }
            if !fingers[i].committed && isBackspace(fingers[i].key) { cancelRepeat() }
            removeFinger(at: i)
        }
        pressDidChange()
    }

    /// A new finger: the fingers already down type their keys first (see the extension's notes).
    @usableFromInline func fingerLanded(_ touch: Touch) {
        var i = 0
        while i < fingerCount {
            if !fingers[i].committed {
                fingers[i].committed = true
                let key = fingers[i].key
                let repeated = fingers[i].repeats > 0
                if isBackspace(key) { cancelRepeat() }
                // Typing may switch the page, which lets go of every finger: read nothing after it.
                if key >= 0 && !(isBackspace(key) && repeated) { activateKey(at: key, tapCount: fingers[i].tapCount) }
            }
            i += 1
        }
        guard fingerCount < fingers.count else { return }
        var finger = Finger()
        finger.touch = touch.identifier
        finger.tapCount = touch.tapCount
        finger.key = keyIndex(at: touch.location(in: self)) ?? -1
        fingers[fingerCount] = finger
        fingerCount += 1
        if isBackspace(finger.key) { scheduleRepeat(after: backspaceRepeatDelay) }
    }

    /// Lets go of every finger without typing: the page changed, or the keyboard left the window.
    @usableFromInline func endAllFingers() {
        fingerCount = 0
        cancelRepeat()
        pressDidChange()
    }

    @usableFromInline func removeFinger(at index: Int) {
        var i = index
        while i + 1 < fingerCount {
            fingers[i] = fingers[i + 1]
            i += 1
        }
        fingerCount -= 1
    }

    @usableFromInline func fingerIndex(of touch: Touch) -> Int? {
        var i = 0
        while i < fingerCount {
            if fingers[i].touch == touch.identifier { return i }
            i += 1
        }
        return nil
    }

    @usableFromInline func isBackspace(_ key: Int) -> Bool {
        key >= 0 && key < pages[layout.index].count && pages[layout.index][key].role == .backspace
    }

    /// The touch of `touches` with the smallest identifier above `identifier`.
    @usableFromInline static func nextTouch(in touches: TouchSet, after identifier: Int) -> Touch? {
        var best: Touch?
        for touch in touches where touch.identifier > identifier {
            if let b = best, b.identifier < touch.identifier { continue }
            best = touch
        }
        return best
    }

    /// Redraws the highlight and moves the balloon to the newest finger's key.
    @usableFromInline func pressDidChange() {
        let pressed = pressedKeyIndex ?? -1
        if pressed != shownPressedKey {
            shownPressedKey = pressed
            setNeedsDisplay()
        }
        guard pressed >= 0, pages[layout.index][pressed].role == .character else {
            if !keyPreview.isHidden { keyPreview.isHidden = true }
            return
        }
        let key = pages[layout.index][pressed]
        let rise = key.frame.height * 0.95
        let width = max(key.frame.width * 1.4, key.frame.width + 16)
        let x = min(max(key.frame.midX - width / 2, bounds.minX), bounds.maxX - width)
        let frame = Rect(x: x, y: key.frame.minY - rise, width: width, height: rise + key.frame.height)
        if keyPreview.frame != frame { keyPreview.frame = frame }
        let keyFrame = Rect(x: key.frame.minX - x, y: rise, width: key.frame.width, height: key.frame.height)
        if keyPreview.keyFrame != keyFrame {
            keyPreview.keyFrame = keyFrame
            keyPreview.setNeedsDisplay()
        }
        let text = isShifted ? key.shiftedText : key.text
        if !sameBytes(keyPreview.text, text) { keyPreview.text = text }
        if keyPreview.isHidden { keyPreview.isHidden = false }
    }
}
