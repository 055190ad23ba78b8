/// The on-screen keyboard: what a text field's first responder shows at the
/// bottom of the screen (UIKit's system keyboard, which has no public class).
///
/// The application makes one, the first time a responder with a
/// `Responder.keyInput` becomes first responder, and slides it up and down
/// (`KeyboardPresenter`). It types into the first responder's `keyInput`:
/// `KeyInput.insertText(_:)` for characters, space and return (`"\n"`),
/// `KeyInput.deleteBackward()` for backspace.
///
/// - Pages (`KeyboardLayout`): QWERTY letters, numbers and punctuation
///   ("123"), more symbols ("#+="), and a number pad for
///   `KeyboardType.numberPad` and `KeyboardType.decimalPad` (which adds
///   `decimalSeparator`).
/// - Shift types one capital, then turns off; shift tapped twice within the
///   tap interval (the touch's `tapCount`, R13) is caps lock, until shift is
///   tapped again.
/// - Backspace held repeats on run-loop timers: the first repeat
///   `backspaceRepeatDelay` after the finger landed, then every
///   `backspaceRepeatInterval`. A backspace that repeated deletes nothing
///   more at the lift.
/// - The hide key asks the first responder to resign, which slides the keyboard down.
///
/// Touches (see `KeyboardView+Touches.swift`): each finger is followed across
/// the keys, the pressed key is highlighted and a character key shows its
/// preview balloon above the finger; a key types when its finger lifts, so a
/// finger slid across keys types only the key it lifts on, and a cancelled
/// touch types nothing. Fingers may overlap: a finger landing while another
/// is down types the earlier finger's key first, so fast typing keeps the
/// order the fingers landed in.
///
/// Every page's keys and their frames are made when the keyboard is created
/// and when its size changes; a key press allocates nothing.
public final class KeyboardView: View, RunLoopTarget {
    /// Whether shift or caps lock is on.
    public enum ShiftState: Equatable, Sendable { case off, on, capsLock }

    /// Colours, fonts and metrics; `Theme.standard` when created.
    public var theme: Theme = .standard {
        didSet {
            keyFramesSize = nil
            keyPreview.theme = theme
            backgroundColor = theme.keyboardBackground
            setNeedsDisplay()
        }
    }

    /// The keyboard the text input asked for; setting it shows its first
    /// page (the letters of the language last typed in), unshifted.
    public var keyboardType: KeyboardType = .default {
        didSet {
            layout = keyboardType == .default ? currentLetters : KeyboardLayout.first(for: keyboardType)
            shiftState = .off
        }
    }

    /// The languages the keyboard types, as their letter pages, in the order
    /// the globe key goes through them (UIKit's active input modes): English
    /// QWERTY alone by default. With more than one, every letter page has a
    /// globe key. Pages that are not letters are ignored; an empty list is QWERTY.
    public var letterLayouts: [KeyboardLayout] = [.letters] {
        didSet {
            letterLayouts = letterLayouts.filter { $0.isLetters }
            if letterLayouts.isEmpty { letterLayouts = [.letters] }
            guard letterLayouts != oldValue else { return }
            if !letterLayouts.contains(currentLetters) { currentLetters = letterLayouts[0] }
            if layout.isLetters { layout = currentLetters }
            pages = KeyboardView.makePages(
                decimalSeparator: decimalSeparator, hasLanguageKey: letterLayouts.count > 1)
            keyFramesSize = nil
            setNeedsDisplay()
        }
    }

    /// The letter page shown last: where "ABC" and a new text field go back to.
    public private(set) var currentLetters: KeyboardLayout = .letters

    /// The page of keys shown.
    public var layout: KeyboardLayout = .letters {
        didSet {
            guard layout != oldValue else { return }
            if layout.isLetters { currentLetters = layout }
            endAllFingers()
            setNeedsDisplay()
        }
    }

    public var shiftState: ShiftState = .off {
        didSet { if shiftState != oldValue { setNeedsDisplay() } }
    }

    /// Whether letters type their capitals now: shift or caps lock is on.
    public var isShifted: Bool { shiftState != .off }

    /// What the decimal pad's extra key types; `"."` by default.
    public var decimalSeparator: String = "." {
        didSet {
            pages[KeyboardLayout.decimalPad.index] = KeyboardView.makePage(
                .decimalPad, decimalSeparator: decimalSeparator, hasLanguageKey: false)
            keyFramesSize = nil
            setNeedsDisplay()
        }
    }

    /// Seconds a finger holds backspace before it repeats (UIKit's is about half a second).
    public var backspaceRepeatDelay = 0.5
    /// Seconds between repeats after that.
    public var backspaceRepeatInterval = 0.1

    /// Every page's keys, by `KeyboardLayout`'s index; made once.
    @usableFromInline var pages: [[KeyboardKey]]
    /// The size the key frames were computed for; `nil` when they need computing again.
    @usableFromInline var keyFramesSize: Size?

    /// The fingers on the keyboard, in the order they landed (see `KeyboardView+Touches.swift`).
    @usableFromInline var fingers: ContiguousArray<Finger>
    @usableFromInline var fingerCount = 0
    /// The key drawn highlighted; -1 for none.
    @usableFromInline var shownPressedKey = -1
    /// The backspace repeat's timer, while a finger holds backspace.
    @usableFromInline var repeatTimer: TimerHandle?
    /// The key that typed last, for telling a double tap on shift (caps lock) from two keys.
    @usableFromInline var lastActivatedRole: KeyboardKey.Role?
    /// The balloon over the pressed character key.
    public let keyPreview = KeyPreviewView()

    /// How many fingers the keyboard follows at once; more are ignored.
    public static let maximumFingers = 10

    public override init(frame: Rect = .zero, name: String = "keyboard") {
        pages = KeyboardView.makePages(decimalSeparator: ".", hasLanguageKey: false)
        fingers = ContiguousArray(repeating: Finger(), count: KeyboardView.maximumFingers)
        super.init(frame: frame, name: name)
        isMultipleTouchEnabled = true
        backgroundColor = theme.keyboardBackground
        keyPreview.isHidden = true
        keyPreview.isUserInteractionEnabled = false
        addSubview(keyPreview)
    }

    /// Keeps `View`'s hit-testing: the view table answers for it without a call.
    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    /// Every page, by `KeyboardLayout`'s index.
    @usableFromInline static func makePages(decimalSeparator: String, hasLanguageKey: Bool) -> [[KeyboardKey]] {
        var pages: [[KeyboardKey]] = []
        for layout in KeyboardLayout.all {
            pages.append(makePage(layout, decimalSeparator: decimalSeparator, hasLanguageKey: hasLanguageKey))
        }
        return pages
    }

    @usableFromInline static func makePage(_ layout: KeyboardLayout, decimalSeparator: String, hasLanguageKey: Bool)
        -> [KeyboardKey]
    {
        var keys: [KeyboardKey] = []
        let rows = layout.makeRows(decimalSeparator: decimalSeparator, hasLanguageKey: hasLanguageKey)
        for row in 0..<rows.count {
            for var key in rows[row] {
                key.row = row
                keys.append(key)
            }
        }
        return keys
    }

    /// The height the keyboard takes on a screen `screenHeight` points high.
    public static func preferredHeight(forScreenHeight screenHeight: Double, theme: Theme = .standard) -> Double {
        min(
            max(screenHeight * theme.keyboardHeightFraction, theme.keyboardMinimumHeight),
            theme.keyboardMaximumHeight, screenHeight)
    }

    // MARK: Keys

    /// The keys of the page shown, with their frames in the keyboard's bounds.
    public var keys: [KeyboardKey] {
        updateKeyFramesIfNeeded()
        return pages[layout.index]
    }

    /// The keys of `layout`'s page, with their frames.
    public func keys(of layout: KeyboardLayout) -> [KeyboardKey] {
        updateKeyFramesIfNeeded()
        return pages[layout.index]
    }

    /// The index in `keys` of the key a finger at `point` (bounds
    /// coordinates) presses: the key whose cap holds it, or the nearest one
    /// in its row when it falls in a gap. `nil` outside the keyboard and on
    /// an empty place.
    public func keyIndex(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        updateKeyFramesIfNeeded()
        let page = layout.index
        let count = pages[page].count
        let half = theme.keySpacing / 2
        var i = 0
        while i < count {
            let frame = pages[page][i].frame
            let rowTop = pages[page][i].row == 0 ? bounds.minY : frame.minY - half
            let rowBottom = pages[page][i].row == lastRow(page) ? bounds.maxY : frame.maxY + half
            if point.y >= rowTop && point.y < rowBottom {
                // The first key of the row reaches the left edge, the last the right edge.
                let first = i == 0 || pages[page][i - 1].row != pages[page][i].row
                let last = i == count - 1 || pages[page][i + 1].row != pages[page][i].row
                let left = first ? bounds.minX : frame.minX - half
                let right = last ? bounds.maxX : frame.maxX + half
                if point.x >= left && point.x < right {
                    return pages[page][i].role == .spacer ? nil : i
                }
            }
            i += 1
        }
        return nil
    }

    @usableFromInline func lastRow(_ page: Int) -> Int { pages[page][pages[page].count - 1].row }

    /// Lays every page's keys out in the current size, when the size changed.
    @usableFromInline func updateKeyFramesIfNeeded() {
        guard keyFramesSize != bounds.size else { return }
        keyFramesSize = bounds.size
        for page in 0..<pages.count { layOutKeys(page: page) }
    }

    /// Rows of equal height; a row whose widths add up to the page's columns
    /// fills the width, a shorter one (QWERTY's "asdf" row) keeps full-row
    /// key widths and is centred. A pad is at most 120 points a column, centred.
    @usableFromInline func layOutKeys(page: Int) {
        let isPad = KeyboardLayout.all[page].isPad
        let columns = isPad ? 4.0 : 10.0
        let spacing = theme.keySpacing
        let inset = spacing
        var area = bounds.insetBy(dx: inset, dy: inset)
        if isPad && area.width > columns * 120 {
            area = Rect(x: area.midX - columns * 60, y: area.minY, width: columns * 120, height: area.height)
        }
        let rows = Double(lastRow(page) + 1)
        let keyHeight = max((area.height - (rows - 1) * spacing) / rows, 0)
        let unit = max((area.width - (columns - 1) * spacing) / columns, 0)
        var start = 0
        let count = pages[page].count
        while start < count {
            let row = pages[page][start].row
            var end = start
            var units = 0.0
            while end < count && pages[page][end].row == row {
                units += pages[page][end].width
                end += 1
            }
            let gaps = Double(end - start - 1) * spacing
            let fills = units >= columns - 0.001
            let perUnit = fills ? (area.width - gaps) / units : unit
            let rowWidth = perUnit * units + gaps
            var x = area.midX - rowWidth / 2
            let y = area.minY + Double(row) * (keyHeight + spacing)
            for i in start..<end {
                let width = perUnit * pages[page][i].width
                pages[page][i].frame = Rect(x: x, y: y, width: width, height: keyHeight)
                x += width + spacing
            }
            start = end
        }
    }

    public override func layoutSubviews() {
        updateKeyFramesIfNeeded()
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        updateKeyFramesIfNeeded()
        let page = layout.index
        let pressed = shownPressedKey
        var i = 0
        while i < pages[page].count {
            drawKey(at: i, page: page, pressed: i == pressed, in: context)
            i += 1
        }
    }

    @usableFromInline func drawKey(at index: Int, page: Int, pressed: Bool, in context: GraphicsContext) {
        let key = pages[page][index]
        let frame = key.frame
        var fill = theme.functionKeyFill
        var textColor = theme.text
        var font = theme.functionKeyFont
        var label = key.label
        switch key.role {
        case .spacer:
            return
        case .character, .space:
            fill = theme.keyFill
            if key.role == .character {
                font = isPad ? theme.keyPreviewFont.scaled(by: 0.8) : theme.keyFont
                label = isShifted ? key.shiftedText : key.text
            }
        case .shift:
            font = theme.keyFont
            if shiftState != .off {
                fill = theme.thumb
                textColor = theme.keyboardBackground
            }
            if shiftState == .capsLock { label = "⇪" }
        case .backspace:
            font = theme.keyFont
        case .hide, .nextLanguage:
            font = theme.keySymbolFont
        case .returnKey, .layoutSwitch:
            break
        }
        if pressed { fill = theme.pressedKeyFill }
        let radius = min(theme.keyCornerRadius, frame.height / 2)
        context.fill(roundedRect: frame.offsetBy(dx: 0, dy: 1), cornerRadius: radius, color: theme.keyShadow)
        context.fill(roundedRect: frame, cornerRadius: radius, color: fill)
        context.draw(label, font: font, color: textColor, in: frame, alignment: .center, lineBreak: .truncateTail)
    }

    @usableFromInline var isPad: Bool { layout.isPad }

    // MARK: Typing

    /// Where typed text goes: the first responder's `Responder.keyInput`.
    public var textInput: (any KeyInput)? {
        window?.owningApplication?.firstResponder?.keyInput
    }

    /// Does what the key at `index` of the page shown does, as a finger
    /// lifting on it would. `tapCount` is the finger's (R13): 2 on shift is caps lock.
    public func activateKey(at index: Int, tapCount: Int = 1) {
        let key = pages[layout.index][index]
        let previous = lastActivatedRole
        lastActivatedRole = key.role
        switch key.role {
        case .character:
            let text = isShifted ? key.shiftedText : key.text
            if shiftState == .on { shiftState = .off }
            textInput?.insertText(text)
        case .space:
            textInput?.insertText(" ")
        case .returnKey:
            textInput?.insertText("\n")
        case .backspace:
            textInput?.deleteBackward()
        case .shift:
            if tapCount >= 2 && previous == .shift {
                shiftState = .capsLock
            } else {
                shiftState = shiftState == .off ? .on : .off
            }
        case .layoutSwitch(let other):
            // "ABC" goes back to the language last typed in.
            layout = other.isLetters ? currentLetters : other
        case .nextLanguage:
            var next = 0
            while next < letterLayouts.count, letterLayouts[next] != currentLetters { next += 1 }
            currentLetters = letterLayouts[(next + 1) % letterLayouts.count]
            shiftState = .off
            layout = currentLetters
        case .hide:
            _ = window?.owningApplication?.firstResponder?.resignFirstResponder()
        case .spacer:
            break
        }
    }

    // MARK: Backspace repeat

    public func runLoopDidFire(_ handle: TimerHandle) {
        repeatTimer = nil
        guard let finger = activeFingerIndex, fingers[finger].key >= 0,
            pages[layout.index][fingers[finger].key].role == .backspace
        else { return }
        fingers[finger].repeats += 1
        textInput?.deleteBackward()
        lastActivatedRole = .backspace
        scheduleRepeat(after: backspaceRepeatInterval)
    }

    @usableFromInline func scheduleRepeat(after delay: Double) {
        cancelRepeat()
        guard let runLoop = window?.owningApplication?.runLoop else { return }
        repeatTimer = runLoop.schedule(after: delay, target: self)
    }

    @usableFromInline func cancelRepeat() {
        guard let timer = repeatTimer else { return }
        window?.owningApplication?.runLoop.cancel(timer)
        repeatTimer = nil
    }

    // MARK: Touches (KeyboardView+Touches.swift)

    public override func touchesBegan(_ touches: TouchSet, with event: Event) { fingersBegan(touches) }
    public override func touchesMoved(_ touches: TouchSet, with event: Event) { fingersMoved(touches) }
    public override func touchesEnded(_ touches: TouchSet, with event: Event) { fingersEnded(touches) }
    public override func touchesCancelled(_ touches: TouchSet, with event: Event) { fingersCancelled(touches) }

    public override func didMoveToWindow() {
        // Out of the window, no finger is left to lift (and no run loop to time a repeat).
        if window == nil { endAllFingers() }
    }
}

/// The balloon over a pressed character key: the character, large, above the finger.
public final class KeyPreviewView: View {
    /// The character shown.
    public internal(set) var text = "" { didSet { setNeedsDisplay() } }
    /// The key's frame in the balloon's bounds: the stem joins the balloon to it.
    @usableFromInline var keyFrame = Rect.zero
    @usableFromInline var theme: Theme = .standard

    public override init(frame: Rect = .zero, name: String = "keyPreview") {
        super.init(frame: frame, name: name)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    /// The balloon's rounded top part, in its bounds.
    @usableFromInline var balloonRect: Rect {
        Rect(
            x: bounds.minX, y: bounds.minY, width: bounds.width,
            height: max(keyFrame.minY - bounds.minY + keyFrame.height * 0.35, 0))
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let balloon = balloonRect
        let radius = theme.keyCornerRadius * 1.5
        context.fill(roundedRect: balloon.offsetBy(dx: 0, dy: 1), cornerRadius: radius, color: theme.keyShadow)
        context.fill(
            roundedRect: keyFrame.offsetBy(dx: 0, dy: 1), cornerRadius: theme.keyCornerRadius, color: theme.keyShadow)
        context.fill(roundedRect: balloon, cornerRadius: radius, color: theme.keyFill)
        context.fill(roundedRect: keyFrame, cornerRadius: theme.keyCornerRadius, color: theme.keyFill)
        // The neck between them, so the two read as one shape.
        context.fill(
            Rect(
                x: keyFrame.minX, y: balloon.midY, width: keyFrame.width,
                height: keyFrame.minY - balloon.midY + theme.keyCornerRadius),
            color: theme.keyFill)
        let textArea = Rect(
            x: balloon.minX, y: balloon.minY, width: balloon.width, height: balloon.height - keyFrame.height * 0.2)
        context.draw(
            text, font: theme.keyPreviewFont, color: theme.text, in: textArea, alignment: .center,
            lineBreak: .truncateTail)
    }
}
