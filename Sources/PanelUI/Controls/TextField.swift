/// One line of editable text: UIKit's `UITextField`.
///
/// - Tapping the field makes it first responder, which begins editing
///   (`.editingDidBegin`): the caret blinks, and the on-screen keyboard or a
///   hardware keyboard types into it through `KeyInput`. Resigning first
///   responder, or another responder taking it, ends editing (`.editingDidEnd`).
/// - Text is UTF-8 throughout; the caret sits between grapheme clusters
///   (Swift `Character`s), so `e` + U+0301, a flag or a ZWJ family is one step.
/// - Every edit asks the delegate's
///   `TextFieldDelegate.textField(_:shouldChangeCharactersIn:replacementString:)`
///   first; a change that goes through sends `.editingChanged`.
/// - Return asks `TextFieldDelegate.textFieldShouldReturn(_:)`; if it agrees
///   the field sends `.editingDidEndOnExit` and `.primaryActionTriggered`, then
///   resigns first responder.
/// - In text holding right-to-left letters (Hebrew, Arabic) the arrows move
///   the caret by what is on screen, and a tap goes to the nearest caret
///   stop on screen (TextField+Bidi).
/// - Text wider than the field scrolls sideways to keep the caret in view.
/// - A finger held on the field shows a magnified loupe over the caret, which
///   follows the finger and moves the caret with it.
///
/// Editing allocates nothing per key once editing has begun (the text's
/// storage is reserved then), as long as nothing else holds a copy of
/// `text` across the edit. A key costs the same in a long text as in a
/// short one: only the clusters around the edit are measured again, and
/// only the part of a long text in view is drawn.
open class TextField: Control, KeyInput, RunLoopTarget {
    /// Colours and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard { didSet { textLayoutDidChange() } }
    /// Shown, in the theme's secondary text colour, while the text is empty.
    public final var placeholder: String = "" { didSet { if storage.isEmpty { setNeedsDisplay() } } }
    /// `Theme.bodyFont` by default.
    public var font: Font {
        didSet {
            visualCaretOffset = -1
            textLayoutDidChange()
        }
    }
    /// `Theme.text` by default.
    public var textColor: Color { didSet { setNeedsDisplay() } }
    /// Where text narrower than the field sits: `.natural` by default, as in
    /// UIKit (by the text's first strong character, else by the field's
    /// layout direction). Text wider than the field is laid out from its
    /// start and scrolled to the caret.
    public final var textAlignment: TextAlignment = .natural { didSet { textLayoutDidChange() } }
    /// Draws a bullet for each character instead of the text (a password);
    /// the log records the length only.
    public final var isSecureTextEntry = false { didSet { textLayoutDidChange() } }
    /// The on-screen keyboard this field wants.
    public final var keyboardType: KeyboardType = .default
    /// What slides up in place of the on-screen keyboard while the field
    /// edits (UIKit's settable `inputView`): a custom pad, or an empty view
    /// for no keyboard at all, as for a field typed into with hardware keys.
    open override var inputView: View? {
        get { customInputView }
        set {
            customInputView = newValue
            if isFirstResponder { reloadInputViews() }
        }
    }
    @usableFromInline final var customInputView: View?
    /// Empties the field each time editing begins.
    public final var clearsOnBeginEditing = false

    /// True from `.editingDidBegin` to `.editingDidEnd`: while the field is first responder.
    public internal(set) final var isEditing = false

    // MARK: Delegate

    /// Not retained, as in UIKit; reads `nil` once the delegate is freed.
    public var delegate: (any TextFieldDelegate)? {
        get { delegateToken?.isAlive == true ? unretainedDelegate : nil }
        set {
            unretainedDelegate = newValue
            delegateToken = newValue?.ownLifetimeToken
        }
    }
    // A ZeroingReference spelled out, as ScrollView.delegate does (an existential is not a class type).
    @usableFromInline final unowned(unsafe) var unretainedDelegate: (any TextFieldDelegate)?
    @usableFromInline final var delegateToken: LifetimeToken?

    // MARK: Storage (see TextField+Editing)

    /// The text, edited in place.
    @usableFromInline final var storage: String
    /// The selection as UTF-8 offsets into `storage`, on grapheme boundaries;
    /// equal when it is only the caret.
    @usableFromInline final var selectionStart = 0
    @usableFromInline final var selectionEnd = 0
    /// UTF-8 offsets of every grapheme boundary, 0 and the end included.
    @usableFromInline final var boundaries: [Int] = []
    /// The pen position at each boundary, in points from the text's start.
    @usableFromInline final var boundaryPositions: [Double] = []
    /// The pen position before each Unicode scalar of the drawn text (a scratch buffer).
    @usableFromInline final var scalarPositions: [Double] = []
    /// While the text holds right-to-left characters (TextField+Bidi): the
    /// caret after the cluster that ends at each boundary (its trailing
    /// edge; the first is the start's pen), and each scalar's (a scratch buffer).
    @usableFromInline final var boundaryTrailing: [Double] = []
    @usableFromInline final var scalarTrailing: [Double] = []
    /// Whether the text holds right-to-left letters: it is then reordered on
    /// its line, laid out whole at each edit, and the arrows move the caret
    /// by what is on screen. Never for a secure field (bullets).
    @usableFromInline final var textHasRightToLeft = false
    /// Whether the text's paragraph reads right to left (its first strong character).
    @usableFromInline final var paragraphIsRightToLeft = false
    /// Where an arrow or a tap put the caret on screen (points from the
    /// text's start), while the caret is still at `visualCaretOffset`
    /// (-1: none): where right-to-left text meets left-to-right text one
    /// place in the text has two places on screen.
    @usableFromInline final var visualCaretOffset = -1
    @usableFromInline final var visualCaretX = 0.0
    /// What is drawn: `storage`, or a bullet per grapheme when secure.
    @usableFromInline final var bullets: String = ""
    /// How far the text is scrolled left to keep the caret in view, in points.
    @usableFromInline final var scrollOffset = 0.0
    /// Whether the boundaries and positions are out of date.
    @usableFromInline final var needsTextLayout = true
    /// Whether the text holds a line break (which the text driver starts a
    /// new line at): edits are then laid out whole, not around the edit.
    @usableFromInline final var textHasLineBreak = false
    /// Scratch text: the clusters around an edit, measured, or the part of a
    /// long text in view, drawn.
    @usableFromInline final var pieceText: String = ""
    /// Scratch: the grapheme boundaries found around an edit, and their pens.
    @usableFromInline final var pieceBoundaries: [Int] = []
    @usableFromInline final var piecePositions: [Double] = []
    /// Grapheme boundaries walked and Unicode scalars measured or drawn for
    /// the text since the field was made: the cost of laying out and drawing
    /// it, which a key typed into a long text keeps independent of its length.
    /// Wraps rather than traps (a 32-bit board).
    @usableFromInline final var textWork = 0

    // MARK: Caret and loupe (see TextField+Drawing, TextField+Touches)

    /// Whether the blinking caret is in its shown half (it is drawn only while editing).
    public internal(set) final var isCaretVisible = true
    @usableFromInline final var blinkTimer: TimerHandle?
    @usableFromInline final var loupeTimer: TimerHandle?
    @usableFromInline final var touchDownLocation = Point.zero
    /// Shown over the caret while a finger is held on the field.
    public let loupe: TextFieldLoupe
    /// The application editing began in, so that leaving the window can give
    /// first-responder status back (the responder chain no longer reaches it then).
    @usableFromInline final var editingApplication = ZeroingReference<Application>()

    public init(frame: Rect = .zero, name: String = "", text: String = "", placeholder: String = "") {
        storage = text
        self.placeholder = placeholder
        font = Theme.standard.bodyFont
        textColor = Theme.standard.text
        loupe = TextFieldLoupe()
        super.init(frame: frame, name: name)
        selectionStart = storage.utf8.count
        selectionEnd = selectionStart
        touchMargin = 8
        loupe.field = self
        loupe.isHidden = true
        addSubview(loupe)
    }

    deinit {
        loupe.field = nil
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(TextField.self)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A new size, text driver or scale: measure again.
        needsTextLayout = true
    }

    // MARK: Text

    /// The field's text. Setting it puts the caret at the end and sends no
    /// event, as in UIKit.
    public var text: String {
        get { storage }
        set {
            storage = newValue
            visualCaretOffset = -1
            if isEditing { reserveEditingCapacity() }
            selectionStart = storage.utf8.count
            selectionEnd = selectionStart
            textLayoutDidChange()
        }
    }

    /// The selected text as a range of `text`, empty at the caret.
    /// Setting it moves each end to the nearest grapheme boundary at or before it.
    public var selectedRange: Range<String.Index> {
        get { utf8Index(selectionStart)..<utf8Index(selectionEnd) }
        set {
            let utf8 = storage.utf8
            selectionStart = snappedToBoundary(utf8.distance(from: utf8.startIndex, to: newValue.lowerBound))
            selectionEnd = max(
                selectionStart, snappedToBoundary(utf8.distance(from: utf8.startIndex, to: newValue.upperBound)))
            visualCaretOffset = -1
            caretDidMove()
        }
    }

    /// The caret's place: how many grapheme clusters (`Character`s) precede it.
    public var caretPosition: Int {
        get {
            layoutTextIfNeeded()
            return boundaryIndex(ofOffset: selectionEnd)
        }
        set {
            layoutTextIfNeeded()
            let offset = boundaries[min(max(newValue, 0), boundaries.count - 1)]
            selectionStart = offset
            selectionEnd = offset
            visualCaretOffset = -1
            caretDidMove()
        }
    }

    // MARK: KeyInput

    public final var hasText: Bool { !storage.isEmpty }

    /// Inserts `text` at the caret, replacing the selection; `"\n"` is return.
    open func insertText(_ text: String) {
        guard isEditing else { return }
        if text.utf8.count == 1, text.utf8.first == 0x0A || text.utf8.first == 0x0D {
            returnKeyPressed()
            return
        }
        replaceCharacters(from: selectionStart, to: selectionEnd, with: text)
    }

    /// Deletes the selection, or the grapheme cluster before the caret.
    open func deleteBackward() {
        guard isEditing else { return }
        if selectionStart != selectionEnd {
            replaceCharacters(from: selectionStart, to: selectionEnd, with: "")
            return
        }
        layoutTextIfNeeded()
        let index = boundaryIndex(ofOffset: selectionEnd)
        guard index > 0 else { return }
        replaceCharacters(from: boundaries[index - 1], to: selectionEnd, with: "")
    }

    // MARK: Responder

    open override var keyInput: (any KeyInput)? { self }
    open override var canBecomeFirstResponder: Bool { isEnabled }
    open override var canBecomeFocused: Bool { isEnabled }

    /// Begins editing: asks the delegate's `textFieldShouldBeginEditing`, then
    /// takes first-responder status from whoever has it.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, application != nil else { return false }
        if let delegate, !delegate.textFieldShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        beginEditing()
        return true
    }

    /// Ends editing, unless the delegate's `textFieldShouldEndEditing` says no.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, let delegate, !delegate.textFieldShouldEndEditing(self) { return false }
        guard super.resignFirstResponder() else { return false }
        if isEditing { endEditing() }
        return true
    }

    /// The encoder's push or the enter key on the focused field: begins editing.
    @discardableResult
    open override func accessibilityActivate() -> Bool {
        becomeFirstResponder()
    }

    @usableFromInline final func beginEditing() {
        isEditing = true
        editingApplication = ZeroingReference(application)
        if clearsOnBeginEditing && !storage.isEmpty { storage = "" }
        reserveEditingCapacity()
        if selectionEnd > storage.utf8.count || clearsOnBeginEditing {
            selectionStart = storage.utf8.count
            selectionEnd = selectionStart
        }
        textLayoutDidChange()
        restartCaretBlink()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
    }

    @usableFromInline final func endEditing() {
        isEditing = false
        stopCaretBlink()
        cancelLoupeTimer()
        hideLoupe()
        editingApplication = ZeroingReference()
        scrollOffset = 0 // back to the text's start
        setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }

    /// Return: the delegate may refuse it; otherwise `.editingDidEndOnExit`
    /// and `.primaryActionTriggered`, then the field resigns.
    @usableFromInline final func returnKeyPressed() {
        if let delegate, !delegate.textFieldShouldReturn(self) { return }
        sendActions(for: ControlEvents.editingDidEndOnExit.union(.primaryActionTriggered))
        resignFirstResponder()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        guard window == nil, isEditing else {
            if isEditing { restartCaretBlink() }
            return
        }
        // Leaving the window ends editing, as in UIKit; the chain no longer
        // reaches the application, so give its first-responder status back here.
        if let app = editingApplication.object, app.firstResponder === self { app.setFirstResponder(nil) }
        endEditing()
    }

    /// Disabling the field while it edits ends editing, as in UIKit.
    open override func stateDidChange() {
        super.stateDidChange()
        if !isEnabled && isEditing { resignFirstResponder() }
    }

    // MARK: Drawing and touches (see TextField+Drawing, TextField+Touches)

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        drawField(in: context)
    }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        trackingBegan(at: touch.location(in: self))
        return true
    }

    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        trackingMoved(to: touch.location(in: self))
        return true
    }

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        trackingEnded(at: touch?.location(in: self), inside: isTouchInside)
    }

    open override func cancelTracking(with event: Event?) {
        trackingCancelled()
    }

    /// A parent's single tap would duplicate the field's own tap (G20).
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let tap = gestureRecognizer as? TapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    // MARK: Hardware keys (R9)

    /// Typed characters insert; backspace, the arrows, home, end and return
    /// edit; any other key goes on up the responder chain.
    open override func pressesBegan(_ press: Press, with event: Event) {
        guard isEditing, handlesKey(press.key) else {
            super.pressesBegan(press, with: event)
            return
        }
        switch press.keyCode {
        case KeyCode.backspace: deleteBackward()
        // By what is on screen: across right-to-left text, right is not forward.
        case KeyCode.left: moveCaretVisually(toRight: false)
        case KeyCode.right: moveCaretVisually(toRight: true)
        case KeyCode.home: moveCaret(toBoundary: 0)
        case KeyCode.end: moveCaret(toBoundary: Int.max)
        case KeyCode.enter, KeyCode.keypadEnter:
            if !press.isRepeat { returnKeyPressed() }
        default: insertText(press.key.characters)
        }
    }

    open override func pressesEnded(_ press: Press, with event: Event) {
        guard isEditing, handlesKey(press.key) else {
            super.pressesEnded(press, with: event)
            return
        }
    }

    open override func pressesCancelled(_ press: Press, with event: Event) {
        guard isEditing, handlesKey(press.key) else {
            super.pressesCancelled(press, with: event)
            return
        }
    }

    /// Whether the field acts on `key` while editing: the editing keys, and
    /// keys that type printable text without control or command held.
    public final func handlesKey(_ key: Key) -> Bool {
        switch key.keyCode {
        case KeyCode.backspace, KeyCode.left, KeyCode.right, KeyCode.home, KeyCode.end, KeyCode.enter,
            KeyCode.keypadEnter:
            return true
        default:
            guard !key.modifierFlags.contains(.control), !key.modifierFlags.contains(.command),
                let first = key.characters.unicodeScalars.first
            else { return false }
            return first.value >= 0x20 && !(0x7F..<0xA0).contains(first.value)
        }
    }

    // MARK: Timers

    public final func runLoopDidFire(_ handle: TimerHandle) {
        if handle == blinkTimer {
            blinkTimer = nil
            caretBlinkTimerFired()
        } else if handle == loupeTimer {
            loupeTimer = nil
            loupeTimerFired()
        }
    }
}

/// What a text field asks and tells as it is edited: UIKit's
/// `UITextFieldDelegate`. Every method has a default, so a delegate
/// implements only what it needs. The field holds its delegate as UIKit's
/// weak reference does: any `Responder` qualifies; another class adds
/// `public lazy var lifetime = Lifetime(of: self)`.
public protocol TextFieldDelegate: LifetimeTracked {
    /// Asked before editing begins; false keeps the field from becoming first responder.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Editing began (before `.editingDidBegin` is sent).
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Asked before editing ends; false keeps the field first responder.
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// Editing ended (before `.editingDidEnd` is sent).
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asked before every edit: `range` is the part of `textField.text` (indices
    /// into it, on `Character` boundaries) that `string` would replace; an
    /// insertion's range is empty, a deletion's `string` is empty. False
    /// leaves the text as it is and sends no `.editingChanged`.
    func textField(
        _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
        replacementString string: String
    ) -> Bool
    /// Asked when return is pressed; false ignores it.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(
        _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
        replacementString string: String
    ) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
