/// A push button: UIKit's `UIButton` (C5), drawn as a filled rounded rectangle
/// with a title and an optional image, side by side and centred.
///
/// - Title, title colour, image and fill are set per state (C2). Looking up a
///   state that has none set falls back to `.normal`, as in UIKit (so
///   `[.selected, .highlighted]` needs its own entry to differ from `.normal`).
/// - Unless set for the state, the look comes from `theme`: the surface
///   colour normally, the accent when selected, a light overlay while pressed
///   (highlighted), and the disabled fill and text when disabled.
/// - A tap that lifts inside (bounds grown by `Control.touchMargin`) sends
///   `.touchUpInside` and then `.primaryActionTriggered`.
///
///     let start = Button(frame: Rect(x: 20, y: 20, width: 160, height: 48), title: "Start")
///     start.addAction(for: .primaryActionTriggered) { _ in oven.start() }
open class Button: Control {
    /// Colours, fonts and sizes; `Theme.standard` when created.
    public final var theme: Theme = .standard { didSet { setNeedsDisplay() } }
    /// The title's font; the theme's button font by default.
    public var titleFont: Font {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    @usableFromInline internal final var titles = StateTable<String>()
    @usableFromInline internal final var titleColors = StateTable<Color>()
    @usableFromInline internal final var images = StateTable<Image>()
    @usableFromInline internal final var fillColors = StateTable<Color>()

    public init(frame: Rect = .zero, name: String = "", title: String? = nil) {
        titleFont = Theme.standard.buttonFont
        super.init(frame: frame, name: name)
        if let title { titles.set(title, for: ControlState.normal.rawValue) }
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Button.self)
    }

    /// The normal title and image side by side with the theme's padding, at
    /// least `Theme.controlHeight` high (the normal state's: other states
    /// draw in the same frame, so pressing never moves anything).
    open override var intrinsicContentSize: Size {
        var width = 0.0
        var height = theme.controlHeight
        if let image = image(for: .normal), image.width > 0 {
            let size = image.size // points
            width += size.width
            height = max(height, size.height + theme.contentPadding)
        }
        if let title = title(for: .normal), !title.isEmpty {
            if width > 0 { width += theme.imageTitleSpacing }
            width += measure(title, font: titleFont).width
        }
        return Size(width: width + 2 * theme.contentPadding, height: height)
    }

    // MARK: Content per state (C2, C5)

    /// Sets the title shown in `state`; `nil` removes it (the state then falls back to `.normal`).
    public func setTitle(_ title: String?, for state: ControlState = .normal) {
        titles.set(title, for: state.rawValue)
        setNeedsDisplay()
        if state == .normal { invalidateIntrinsicContentSize() }
    }

    /// The title for `state`, else the `.normal` title.
    public func title(for state: ControlState) -> String? {
        titles.value(for: state.rawValue) ?? titles.value(for: ControlState.normal.rawValue)
    }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }

    /// Sets the title's colour in `state`; `nil` removes it.
    public func setTitleColor(_ color: Color?, for state: ControlState = .normal) {
        titleColors.set(color, for: state.rawValue)
        setNeedsDisplay()
    }

    /// The title colour set for `state`, else the one set for `.normal`; `nil`
    /// when neither is set (the theme's colours are drawn).
    public func titleColor(for state: ControlState) -> Color? {
        titleColors.value(for: state.rawValue) ?? titleColors.value(for: ControlState.normal.rawValue)
    }

    /// The title colour drawn now.
    public var currentTitleColor: Color { resolvedTitleColor(for: state) }

    /// Sets the image shown in `state`, left of the title; `nil` removes it.
    public func setImage(_ image: Image?, for state: ControlState = .normal) {
        images.set(image, for: state.rawValue)
        setNeedsDisplay()
        if state == .normal { invalidateIntrinsicContentSize() }
    }

    /// The image for `state`, else the `.normal` image.
    public func image(for state: ControlState) -> Image? {
        images.value(for: state.rawValue) ?? images.value(for: ControlState.normal.rawValue)
    }

    /// The image shown now.
    public var currentImage: Image? { image(for: state) }

    /// Sets the rounded fill in `state`; `nil` removes it. (UIKit would use a
    /// background image.) A state without its own fill that is highlighted
    /// gets the theme's pressed overlay on top.
    public func setFillColor(_ color: Color?, for state: ControlState = .normal) {
        fillColors.set(color, for: state.rawValue)
        setNeedsDisplay()
    }

    /// The fill set for `state`, else the one set for `.normal`; `nil` when neither is set.
    public func fillColor(for state: ControlState) -> Color? {
        fillColors.value(for: state.rawValue) ?? fillColors.value(for: ControlState.normal.rawValue)
    }

    /// The title colour for `state`: set for the state; else the theme's
    /// disabled text when disabled; else set for `.normal`; else the theme's.
    @usableFromInline internal func resolvedTitleColor(for state: ControlState) -> Color {
        if let color = titleColors.value(for: state.rawValue) { return color }
        if state.contains(.disabled) { return theme.disabledText }
        if let color = titleColors.value(for: ControlState.normal.rawValue) { return color }
        return state.contains(.selected) ? theme.onAccent : theme.text
    }

    /// The fill for `state`, and whether the pressed overlay goes on top.
    @usableFromInline internal func resolvedFill(for state: ControlState) -> (color: Color, pressed: Bool) {
        if let color = fillColors.value(for: state.rawValue) { return (color, false) }
        if state.contains(.disabled) { return (theme.disabledFill, false) }
        var resting = state
        resting.remove(.highlighted)
        let color =
            fillColors.value(for: resting.rawValue)
            ?? (resting.contains(.selected)
                ? theme.accent
                : fillColors.value(for: ControlState.normal.rawValue) ?? theme.surface)
        return (color, state.contains(.highlighted))
    }

    // MARK: Actions

    /// C1: a lift inside sends `.touchUpInside` (`Control`) and then `.primaryActionTriggered`.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        var endsTrackedTouch = false
        if isTracking, let touch = trackedTouch, touches.contains(touch) { endsTrackedTouch = true }
        super.touchesEnded(touches, with: event)
        if endsTrackedTouch && isTouchInside { sendActions(for: .primaryActionTriggered) }
    }

    /// The encoder's push or the enter key on the focused button: what a tap
    /// sends, `.touchUpInside` then `.primaryActionTriggered`, as UIKit sends
    /// for an accessibility activation.
    @discardableResult
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .touchUpInside)
        sendActions(for: .primaryActionTriggered)
        return true
    }

    // MARK: Gestures (G20)

    /// G20: a parent's single one-finger tap would do what the button does itself.
    open override func duplicatesPrimaryAction(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let tap = gestureRecognizer as? TapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    // MARK: Drawing

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let state = self.state
        let fill = resolvedFill(for: state)
        let radius = min(theme.cornerRadius, bounds.height / 2)
        context.fill(roundedRect: bounds, cornerRadius: radius, color: fill.color)
        if fill.pressed { context.fill(roundedRect: bounds, cornerRadius: radius, color: theme.pressedOverlay) }

        let content = bounds.insetBy(dx: theme.contentPadding, dy: 0)
        guard content.width > 0 else { return }
        let title = self.title(for: state)
        let hasTitle = title.map { !$0.isEmpty } ?? false
        let image = self.image(for: state)

        // The image at its own size in points, scaled down to fit the content height.
        var imageSize = Size.zero
        if let image, image.width > 0, image.height > 0 {
            let natural = image.size
            let maxHeight = max(bounds.height - theme.contentPadding, 0)
            let scale = min(1, maxHeight / natural.height, content.width / natural.width)
            imageSize = Size(width: natural.width * scale, height: natural.height * scale)
        }
        if imageSize.width <= 0 {
            if hasTitle, let title {
                context.draw(
                    title, font: titleFont, color: resolvedTitleColor(for: state), in: content,
                    alignment: .center, lineBreak: .truncateTail)
            }
            return
        }

        // Image and title side by side, centred together.
        var titleWidth = 0.0
        if hasTitle, let title, context.textRenderer != nil {
            // Measured as it is drawn, at the screen's scale.
            let room = content.width - imageSize.width - theme.imageTitleSpacing
            titleWidth = max(min(context.measure(title, font: titleFont).width, room), 0)
        }
        let spacing = titleWidth > 0 ? theme.imageTitleSpacing : 0
        let x = content.midX - (imageSize.width + spacing + titleWidth) / 2
        if let image {
            var imageContext = context
            if state.contains(.disabled) { imageContext.alpha *= theme.disabledAlpha }
            // A template image (an icon) takes the title's colour, as a UIKit system button tints it.
            imageContext.draw(
                image,
                in: Rect(
                    x: x, y: bounds.midY - imageSize.height / 2,
                    width: imageSize.width, height: imageSize.height),
                tint: image.isTemplate ? resolvedTitleColor(for: state) : nil)
        }
        if titleWidth > 0, let title {
            let titleRect = Rect(
                x: x + imageSize.width + spacing, y: content.minY, width: titleWidth, height: content.height)
            context.draw(
                title, font: titleFont, color: resolvedTitleColor(for: state), in: titleRect,
                alignment: .left, lineBreak: .truncateTail)
        }
    }
}
