/// An action of an `AlertController`: a button with a title and a style;
/// UIKit's `UIAlertAction`. Its handler runs once the alert is gone.
public final class AlertAction {
    /// UIKit's `UIAlertAction.Style`.
    public enum Style: Equatable, Sendable {
        /// The accent colour.
        case `default`
        /// Bold; at most one per alert. Last in a column of buttons, left of
        /// two side by side; an action sheet shows it apart, and a tap on its
        /// backdrop chooses it.
        case cancel
        /// Red: the action deletes or discards something.
        case destructive
    }

    public let title: String?
    public let style: Style
    /// A disabled action's button is dimmed and takes no tap.
    public var isEnabled = true {
        didSet { button.object?.isEnabled = isEnabled }
    }
    @usableFromInline let handler: ((AlertAction) -> Void)?
    /// Its button while the alert's view exists (the view owns it; an action may outlive it).
    @usableFromInline var button = ZeroingReference<Button>(nil)

    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or an action sheet: UIKit's `UIAlertController`.
///
///     let alert = AlertController(title: "Delete 3 recordings?", message: "This cannot be undone.",
///                                 preferredStyle: .alert)
///     alert.addAction(AlertAction(title: "Cancel", style: .cancel))
///     alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in self.deleteRecordings() })
///     present(alert, animated: true)
///
/// - `.alert`: a box centred on a dimmed backdrop, fading in; the title, the
///   message, its text fields, then the buttons (two side by side, the
///   cancel one at the left; more in a column, the cancel one last). A tap
///   on the backdrop does nothing. With text fields, the first one edits at
///   once and the box stays above the keyboard.
/// - `.actionSheet`: the actions in a column at the bottom, sliding up, the
///   cancel action apart below them; a tap on the backdrop chooses the
///   cancel action (with none, it does nothing).
/// - A tapped action's handler runs once the alert is dismissed, as UIKit's.
///   Buttons are named "alert.action.TITLE", text fields "alert.textField.N".
public final class AlertController: ViewController {
    /// UIKit's `UIAlertController.Style`.
    public enum Style: Equatable, Sendable {
        case alert
        case actionSheet
    }

    public let preferredStyle: Style
    /// Shown once in bold above the message. As `ViewController.title`.
    public var message: String? {
        didSet { alertView?.contentDidChange() }
    }
    /// In the order added.
    public private(set) var actions: [AlertAction] = []
    /// The action shown in bold (UIKit's `preferredAction`), besides the cancel action.
    public var preferredAction: AlertAction? {
        didSet { alertView?.contentDidChange() }
    }
    /// The fields added with `addTextField(configurationHandler:)`, or `nil` when none was.
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
    @usableFromInline var fields: [TextField] = []

    /// The width of an alert's box: UIKit's 270 pt, a little wider for a finger.
    public static let alertWidth = 300.0
    /// An action sheet is no wider than this, and keeps this much from the safe area's edges.
    public static let actionSheetMaximumWidth = 420.0
    public static let actionSheetMargin = 8.0

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init()
        self.title = title
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = preferredStyle == .alert ? .crossDissolve : .coverVertical
    }

    /// Adds a button; its handler runs once the alert is dismissed.
    public func addAction(_ action: AlertAction) {
        actions.append(action)
        alertView?.contentDidChange()
    }

    /// Adds a text field under the message (`.alert` only: an action sheet
    /// has none, and the call does nothing there, where UIKit raises).
    public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else { return }
        let field = TextField(name: "alert.textField." + String(fields.count))
        configurationHandler?(field)
        fields.append(field)
        alertView?.contentDidChange()
    }

    @usableFromInline var alertView: AlertView? { loadedView as? AlertView }

    public override func loadView() {
        view = AlertView(controller: self)
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // UIKit's alert edits its first field at once.
        if let first = fields.first, !first.isFirstResponder { first.becomeFirstResponder() }
    }

    // MARK: Presentation

    @usableFromInline override var dimsPresentationBackground: Bool { true }

    @usableFromInline override func frameForPresentation(in safeArea: Rect, container: Rect) -> Rect? {
        let view = self.view as? AlertView
        switch preferredStyle {
        case .alert:
            let width = min(Self.alertWidth, max(safeArea.width - 2 * Self.actionSheetMargin, 0))
            let height = min(view?.contentHeight(forWidth: width) ?? 0, safeArea.height)
            return Rect(
                x: (safeArea.midX - width / 2).rounded(), y: (safeArea.midY - height / 2).rounded(), width: width,
                height: height)
        case .actionSheet:
            let margin = Self.actionSheetMargin
            let width = min(Self.actionSheetMaximumWidth, max(safeArea.width - 2 * margin, 0))
            let height = min(view?.contentHeight(forWidth: width) ?? 0, max(safeArea.height - 2 * margin, 0))
            return Rect(
                x: (safeArea.midX - width / 2).rounded(), y: safeArea.maxY - margin - height, width: width,
                height: height)
        }
    }

    @usableFromInline override func presentationBackdropTapped() -> Bool {
        if preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }), cancel.isEnabled
        {
            choose(cancel)
        }
        return true // an alert is never dismissed by its backdrop
    }

    /// A button was tapped (or the backdrop chose the cancel action): the alert goes, then the handler runs.
    @usableFromInline func choose(_ action: AlertAction) {
        guard presentingStorage != nil, !isChoosing else { return }
        isChoosing = true
        for field in fields where field.isFirstResponder { field.resignFirstResponder() }
        dismiss(animated: true) { [unowned(unsafe) self] in
            self.isChoosing = false
            action.handler?(action)
        }
    }
    @usableFromInline var isChoosing = false
}

/// An alert's box: title, message, fields and buttons, laid out as
/// `AlertController` describes. Its controller's root view.
@usableFromInline final class AlertView: View {
    /// Zeroing: an app may keep the view after the controller is freed.
    @usableFromInline let controllerReference: ZeroingReference<AlertController>
    @usableFromInline var actions: [AlertAction] { controllerReference.object?.actions ?? [] }
    @usableFromInline var fields: [TextField] { controllerReference.object?.fields ?? [] }
    @usableFromInline var style: AlertController.Style { controllerReference.object?.preferredStyle ?? .alert }
    @usableFromInline let titleLabel = Label(name: "alert.title")
    @usableFromInline let messageLabel = Label(name: "alert.message")
    @usableFromInline var buttons: [Button] = []
    @usableFromInline var theme = Theme.standard

    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    /// Space around the text, and between the parts.
    @usableFromInline static let padding = 16.0
    @usableFromInline static let fieldHeight = 40.0
    @usableFromInline static let actionSheetGap = 8.0

    @usableFromInline init(controller: AlertController) {
        controllerReference = ZeroingReference(controller)
        super.init(name: "alert")
        for label in [titleLabel, messageLabel] {
            label.textAlignment = .center
            label.numberOfLines = 0
            label.lineBreakMode = .wordWrap
            addSubview(label)
        }
        titleLabel.font = .boldSystem(size: 17)
        titleLabel.textColor = theme.text
        messageLabel.font = theme.captionFont
        messageLabel.textColor = controller.preferredStyle == .alert ? theme.text : theme.secondaryText
        contentDidChange()
    }

    /// The title, message, fields or actions changed: rebuild the buttons, lay out again.
    @usableFromInline func contentDidChange() {
        guard let controller = controllerReference.object else { return }
        titleLabel.text = controller.title ?? ""
        messageLabel.text = controller.message ?? ""
        titleLabel.isHidden = titleLabel.text.isEmpty
        messageLabel.isHidden = messageLabel.text.isEmpty
        for field in fields where field.superview !== self { addSubview(field) }
        for button in buttons { button.removeFromSuperview() }
        buttons = []
        for action in orderedActions {
            let button = Button(name: "alert.action." + (action.title ?? ""), title: action.title)
            button.titleFont =
                action.style == .cancel || action === controller.preferredAction
                ? theme.buttonFont : theme.bodyFont
            button.setTitleColor(action.style == .destructive ? AlertView.destructiveColor : theme.accent)
            button.setFillColor(.clear) // the box shows through, with its hairlines
            button.isEnabled = action.isEnabled
            button.addAction(for: .primaryActionTriggered) { [unowned(unsafe) self] _ in
                self.controllerReference.object?.choose(action)
            }
            action.button = ZeroingReference(button)
            buttons.append(button)
            addSubview(button)
        }
        setNeedsLayout()
        setNeedsDisplay()
        controller.presentationControllerStorage?.container?.setNeedsLayout()
    }

    /// UIKit's system red, for destructive actions.
    @usableFromInline static let destructiveColor = Color(rgb: 0xFF453A)

    /// The actions in the order they are shown: the cancel action last (in a
    /// column) or first (two side by side), as UIKit places it.
    @usableFromInline var orderedActions: [AlertAction] {
        let actions = self.actions
        let others = actions.filter { $0.style != .cancel }
        guard let cancel = actions.first(where: { $0.style == .cancel }) else { return others }
        return sideBySide ? [cancel] + others : others + [cancel]
    }

    /// Two actions of an alert share a row, as UIKit's (whose titles fit).
    @usableFromInline var sideBySide: Bool { style == .alert && actions.count == 2 }

    @usableFromInline var buttonHeight: Double { style == .alert ? 44 : theme.controlHeight + 8 }

    /// An action sheet shows its cancel action apart, below the others.
    @usableFromInline var hasCancelApart: Bool { style == .actionSheet && actions.contains { $0.style == .cancel } }

    /// The height of the text part (title, message, fields) at `width`; 0 when it has nothing.
    @usableFromInline func headerHeight(forWidth width: Double) -> Double {
        let padding = AlertView.padding
        let textWidth = max(width - 2 * padding, 0)
        var height = 0.0
        if !titleLabel.isHidden { height += titleLabel.sizeThatFits(Size(width: textWidth, height: 10_000)).height }
        if !messageLabel.isHidden {
            if height > 0 { height += 4 }
            height += messageLabel.sizeThatFits(Size(width: textWidth, height: 10_000)).height
        }
        if !fields.isEmpty {
            if height > 0 { height += 12 }
            height += Double(fields.count) * (AlertView.fieldHeight + 8) - 8
        }
        return height > 0 ? height + 2 * padding : 0
    }

    /// The box's height at `width`: what `AlertController` presents.
    @usableFromInline func contentHeight(forWidth width: Double) -> Double {
        let header = headerHeight(forWidth: width)
        let rows = sideBySide ? min(buttons.count, 1) : buttons.count
        return header + Double(rows) * buttonHeight + (hasCancelApart ? AlertView.actionSheetGap : 0)
    }

    @usableFromInline override func layoutSubviews() {
        let width = bounds.width
        let padding = AlertView.padding
        let textWidth = max(width - 2 * padding, 0)
        var y = padding
        if !titleLabel.isHidden {
            let height = titleLabel.sizeThatFits(Size(width: textWidth, height: 10_000)).height
            titleLabel.frame = Rect(x: padding, y: y, width: textWidth, height: height)
            y += height + 4
        }
        if !messageLabel.isHidden {
            let height = messageLabel.sizeThatFits(Size(width: textWidth, height: 10_000)).height
            messageLabel.frame = Rect(x: padding, y: y, width: textWidth, height: height)
            y += height + 4
        }
        if !fields.isEmpty { y += 8 }
        for field in fields {
            field.frame = Rect(x: padding, y: y, width: textWidth, height: AlertView.fieldHeight)
            y += AlertView.fieldHeight + 8
        }
        y = headerHeight(forWidth: width)
        let height = buttonHeight
        if sideBySide, buttons.count == 2 {
            let half = (width / 2).rounded()
            // The first action at the leading edge: the right, right to left.
            let rightToLeft = isRightToLeft
            buttons[0].frame = flippedForLayoutDirection(
                Rect(x: 0, y: y, width: half, height: height), rightToLeft: rightToLeft)
            buttons[1].frame = flippedForLayoutDirection(
                Rect(x: half, y: y, width: width - half, height: height), rightToLeft: rightToLeft)
            return
        }
        for (index, button) in buttons.enumerated() {
            if hasCancelApart && index == buttons.count - 1 { y += AlertView.actionSheetGap }
            button.frame = Rect(x: 0, y: y, width: width, height: height)
            y += height
        }
    }

    /// The box (an action sheet's cancel button apart from it), and hairlines between the buttons.
    @usableFromInline override func draw(_ rect: Rect, in context: GraphicsContext) {
        let radius = theme.cornerRadius
        var boxBottom = bounds.height
        if hasCancelApart, let cancel = buttons.last {
            boxBottom = cancel.frame.minY - AlertView.actionSheetGap
            context.fill(roundedRect: cancel.frame, cornerRadius: radius, color: theme.surface)
        }
        context.fill(
            roundedRect: Rect(x: 0, y: 0, width: bounds.width, height: boxBottom), cornerRadius: radius,
            color: theme.surface)
        // Hairlines above each button of the box, and between two side by side.
        for (index, button) in buttons.enumerated() {
            if hasCancelApart && index == buttons.count - 1 { break }
            if index == 0 && headerHeight(forWidth: bounds.width) == 0 { continue }
            if sideBySide && index == 1 {
                context.fill(
                    Rect(x: button.frame.minX, y: button.frame.minY, width: 1, height: button.frame.height),
                    color: theme.divider)
                continue
            }
            context.fill(Rect(x: 0, y: button.frame.minY, width: bounds.width, height: 1), color: theme.divider)
        }
    }
}
