/// One row of a `TableView`: UIKit's `UITableViewCell`.
///
/// Cells are reused: the table view keeps the ones that scrolled off in a
/// pool per `reuseIdentifier` and hands them back from
/// `TableView.dequeueReusableCell(withIdentifier:for:)`, after
/// `prepareForReuse()`. Configure everything a row shows in the data
/// source's `tableView(_:cellForRowAt:)`, since the cell may have shown another row.
///
/// Put content in `contentView` (the standard `textLabel` and
/// `detailTextLabel` are there, placed by `style`); a control in
/// `accessoryView` (a `Switch`, a `Slider`) sits at the trailing edge and
/// keeps its touches: tapping it never selects the row.
open class TableViewCell: View {
    public enum CellStyle {
        /// One line of text.
        case `default`
        /// Text on the left, the detail right-aligned on the same line.
        case value1
        /// Text above, the detail below in the caption font.
        case subtitle
    }

    public enum SelectionStyle {
        /// No highlight or selection shown (the cell still tells its table).
        case none
        /// `selectedBackgroundView` shows while highlighted or selected.
        case `default`
    }

    public let style: CellStyle
    /// The pool the cell returns to; `nil` for a cell that is never reused.
    public let reuseIdentifier: String?
    /// Holds the row's content; the cell places it beside the accessory.
    public let contentView: View
    public let textLabel: Label
    /// Shown in `CellStyle.value1` and `CellStyle.subtitle`.
    public let detailTextLabel: Label
    /// Behind the content while highlighted or selected.
    public let selectedBackgroundView: View
    /// The line at the bottom of the row, inset by `separatorInset`.
    public let separatorView: View
    public final var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// UIKit's `UITableViewCell.AccessoryType`: a standard mark at the
    /// trailing edge, drawn by the cell (an `accessoryView` takes its place).
    public enum AccessoryType: Equatable, Sendable {
        case none
        /// "›": the row leads to another screen.
        case disclosureIndicator
        /// "✓" in the accent colour: the row is the chosen one.
        case checkmark
        /// A circled "i" that is a button of its own: `TableViewDelegate`'s
        /// `accessoryButtonTappedForRowWith` hears it (the row is not selected).
        case detailButton
        /// The detail button and the disclosure indicator.
        case detailDisclosureButton
    }

    /// The standard mark at the trailing edge; `.none` by default. Ignored while
    /// `accessoryView` is set, as in UIKit.
    public final var accessoryType = AccessoryType.none {
        didSet {
            guard accessoryType != oldValue else { return }
            standardAccessory.type = accessoryType
            standardAccessory.setNeedsDisplay()
            setNeedsLayout()
        }
    }
    /// Draws `accessoryType` (and is the detail button's touch target). Named "accessory".
    @usableFromInline final let standardAccessory = CellAccessoryView()

    /// How far a swipe has moved the row's content left (0 or less), its
    /// actions showing in the room it leaves (Lists/TableView+SwipeActions.swift).
    @usableFromInline final var swipeOffset = 0.0 {
        didSet { if swipeOffset != oldValue { setNeedsLayout() } }
    }
    /// The actions shown while the row is swiped open; the table puts it in and takes it out.
    @usableFromInline final var swipeActionsView: SwipeActionsView?

    /// A view at the trailing edge, vertically centred: a `Switch` or `Slider` works there as anywhere.
    public var accessoryView: View? {
        didSet {
            guard accessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    public final var selectionStyle = SelectionStyle.default { didSet { updateSelectionAppearance(animated: false) } }

    /// Whether the row is selected; setting it does not animate.
    public var isSelected: Bool {
        get { storedSelected }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether a finger is on the row; setting it does not animate.
    public var isHighlighted: Bool {
        get { storedHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    @usableFromInline final var storedSelected = false
    @usableFromInline final var storedHighlighted = false
    /// The row the cell shows while its table displays it; `nil` while pooled.
    @usableFromInline final var displayedRow: IndexPath?
    /// Whether a value1 cell's detail was made left-aligned for a right-to-left layout.
    @usableFromInline final var detailAlignmentFlipped = false

    public required init(style: CellStyle = .default, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        let theme = Theme.standard
        contentView = View(name: "contentView")
        textLabel = Label(name: "textLabel")
        detailTextLabel = Label(name: "detailTextLabel")
        selectedBackgroundView = View(name: "selectedBackground")
        separatorView = View(name: "separator")
        super.init(frame: .zero, name: "cell")
        selectedBackgroundView.backgroundColor = theme.track
        selectedBackgroundView.alpha = 0
        separatorView.backgroundColor = theme.switchOff
        detailTextLabel.font = style == .subtitle ? theme.captionFont : theme.bodyFont
        detailTextLabel.textColor = theme.secondaryText
        detailTextLabel.isHidden = style == .default
        if style == .value1 { detailTextLabel.textAlignment = .right }
        addSubview(selectedBackgroundView)
        addSubview(contentView)
        contentView.addSubview(textLabel)
        contentView.addSubview(detailTextLabel)
        addSubview(separatorView)
        standardAccessory.isHidden = true
        addSubview(standardAccessory)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(TableViewCell.self)
    }

    /// A cell the app did not name ("cell", the default) is named for the row
    /// it shows, `cell-SECTION-ROW`, so a test or a log tells rows apart
    /// (`app.tap("cell-0-3")`). The name is rewritten in its own storage,
    /// reserved once per cell, so scrolling through reused cells allocates nothing.
    @usableFromInline final func nameForRow(_ row: IndexPath) {
        nameCell(self, "cell", "cell-", row)
    }

    /// Places the content view, the labels, the accessory and the separator;
    /// call `super` when overriding.
    open override func layoutSubviews() {
        layoutCellContents()
    }

    /// Called before the table view hands the cell out again. Resets highlight
    /// and selection (the table sets the new row's); texts stay, as in UIKit,
    /// so the data source sets every one it uses. Call `super`.
    open func prepareForReuse() {
        storedHighlighted = false
        storedSelected = false
        updateSelectionAppearance(animated: false)
    }

    /// Shows or hides the selection; `animated` fades it (the deselection after a tap).
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != storedSelected else { return }
        storedSelected = selected
        updateSelectionAppearance(animated: animated)
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != storedHighlighted else { return }
        storedHighlighted = highlighted
        updateSelectionAppearance(animated: animated)
    }

    /// How long an animated selection change takes.
    public static let selectionFadeDuration = 0.25

    @usableFromInline func updateSelectionAppearance(animated: Bool) {
        fadeSelectedBackground(
            selectedBackgroundView, visible: selectionStyle != .none && (storedSelected || storedHighlighted),
            animated: animated)
    }

    /// Places the content, labels, accessory and separator in the bounds.
    @usableFromInline func layoutCellContents() {
        let size = bounds.size
        let padding = Theme.standard.contentPadding
        var contentWidth = size.width
        let showsStandard = accessoryView == nil && accessoryType != .none
        if standardAccessory.isHidden == showsStandard { standardAccessory.isHidden = !showsStandard }
        if showsStandard {
            let width = standardAccessory.preferredWidth
            standardAccessory.frame = Rect(x: size.width - padding / 2 - width, y: 0, width: width, height: size.height)
            contentWidth = max(0, size.width - padding / 2 - width)
        } else if let accessory = accessoryView {
            let a = accessory.bounds.size
            accessory.frame = Rect(
                x: size.width - padding - a.width, y: (size.height - a.height) / 2,
                width: a.width, height: a.height)
            contentWidth = max(0, size.width - padding - a.width - padding / 2)
        }
        selectedBackgroundView.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        contentView.frame = Rect(x: 0, y: 0, width: contentWidth, height: size.height)
        let inner = Rect(x: padding, y: 0, width: max(0, contentWidth - 2 * padding), height: size.height)
        switch style {
        case .default:
            textLabel.frame = inner
        case .value1:
            textLabel.frame = Rect(x: inner.minX, y: 0, width: inner.width * 0.6, height: size.height)
            detailTextLabel.frame = Rect(
                x: inner.minX + inner.width * 0.6, y: 0, width: inner.width * 0.4, height: size.height)
        case .subtitle:
            textLabel.frame = Rect(x: inner.minX, y: 4, width: inner.width, height: size.height * 0.55 - 4)
            detailTextLabel.frame = Rect(
                x: inner.minX, y: size.height * 0.55, width: inner.width,
                height: size.height * 0.45 - 4)
        }
        separatorView.frame = Rect(
            x: separatorInset.left, y: size.height - 1,
            width: max(0, size.width - separatorInset.left - separatorInset.right), height: 1)
        // A swipe moves the content and the accessory left; the actions fill the room.
        let shift = swipeOffset
        if shift != 0 {
            contentView.frame.origin.x += shift
            standardAccessory.frame.origin.x += shift
            accessoryView?.frame.origin.x += shift
        }
        swipeActionsView?.frame = Rect(x: size.width + shift, y: 0, width: -shift, height: size.height)
        layOutForDirection(isRightToLeft)
    }

    /// Right to left, the frames set above mirrored, as UIKit's cells are:
    /// image and text at the right, the accessory at the left, a swipe
    /// moving the content right to show the actions at the left. A value1
    /// detail, right-aligned, becomes left-aligned (its trailing edge).
    @usableFromInline func layOutForDirection(_ rightToLeft: Bool) {
        if style == .value1 && rightToLeft != detailAlignmentFlipped {
            let expected: TextAlignment = detailAlignmentFlipped ? .left : .right
            if detailTextLabel.textAlignment == expected {
                detailTextLabel.textAlignment = rightToLeft ? .left : .right
            }
            detailAlignmentFlipped = rightToLeft
        }
        guard rightToLeft else { return }
        contentView.frame = flippedForLayoutDirection(contentView.frame, rightToLeft: true)
        textLabel.frame = contentView.flippedForLayoutDirection(textLabel.frame, rightToLeft: true)
        detailTextLabel.frame = contentView.flippedForLayoutDirection(detailTextLabel.frame, rightToLeft: true)
        standardAccessory.frame = flippedForLayoutDirection(standardAccessory.frame, rightToLeft: true)
        if let accessory = accessoryView {
            accessory.frame = flippedForLayoutDirection(accessory.frame, rightToLeft: true)
        }
        separatorView.frame = flippedForLayoutDirection(separatorView.frame, rightToLeft: true)
        if let actions = swipeActionsView {
            actions.frame = flippedForLayoutDirection(actions.frame, rightToLeft: true)
        }
    }

    // MARK: Touches: the table view highlights and selects (UIKit's rules, docs/lists.md)

    /// The table view showing this cell.
    @usableFromInline final var tableView: TableView? { superview as? TableView }

    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        tableView?.cellTouchBegan(self)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let touch = touches.first else { return }
        tableView?.cellTouchMoved(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard let touch = touches.first else { return }
        tableView?.cellTouchEnded(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        tableView?.cellTouchCancelled(self)
    }
}

/// The standard section header of a plain `TableView`: the data source's
/// title on a strip that floats at the top while its section scrolls by.
open class TableViewHeaderView: View {
    public let textLabel: Label

    public override init(frame: Rect = .zero, name: String = "header") {
        textLabel = Label(name: "headerLabel")
        super.init(frame: frame, name: name)
        backgroundColor = Theme.standard.surface
        textLabel.font = Theme.standard.captionFont
        textLabel.textColor = Theme.standard.secondaryText
        addSubview(textLabel)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(TableViewHeaderView.self)
    }

    open override func layoutSubviews() {
        let padding = Theme.standard.contentPadding
        textLabel.frame = Rect(x: padding, y: 0, width: max(0, bounds.width - 2 * padding), height: bounds.height)
    }
}

/// Draws a cell's `accessoryType`: "›", "✓", or the detail button (a circled
/// "i", a control of its own that tells the table's delegate). Internal: the
/// cell owns one and shows it while its type is not `.none`.
@usableFromInline final class CellAccessoryView: Control {
    @usableFromInline var type = TableViewCell.AccessoryType.none {
        didSet { isUserInteractionEnabled = type == .detailButton || type == .detailDisclosureButton }
    }
    @usableFromInline static let chevronFont = Font.system(size: 26)
    @usableFromInline static let checkmarkFont = Font.boldSystem(size: 20)
    @usableFromInline static let detailFont = Font.boldSystem(size: 15)
    /// The detail button's circle, and the width each mark takes.
    @usableFromInline static let detailDiameter = 24.0
    @usableFromInline static let markWidth = 32.0

    @usableFromInline init() {
        super.init(frame: .zero, name: "accessory")
        isUserInteractionEnabled = false
        addTarget(self, action: CellAccessoryView.tapped, for: .touchUpInside)
    }

    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    /// The width the mark takes at the row's trailing edge.
    @usableFromInline var preferredWidth: Double {
        type == .detailDisclosureButton ? 2 * CellAccessoryView.markWidth : CellAccessoryView.markWidth
    }

    @usableFromInline func tapped(_ sender: Control) {
        guard let cell = superview as? TableViewCell, let row = cell.displayedRow, let table = cell.tableView else {
            return
        }
        table.tableDelegate?.tableView(table, accessoryButtonTappedForRowWith: row)
    }

    @usableFromInline override func draw(_ rect: Rect, in context: GraphicsContext) {
        let theme = Theme.standard
        let mark = CellAccessoryView.markWidth
        // Right to left, the chevron points left and stands at the left (the row's trailing edge).
        let rightToLeft = isRightToLeft
        switch type {
        case .none:
            return
        case .disclosureIndicator:
            drawChevron(
                in: Rect(x: rightToLeft ? bounds.minX : bounds.maxX - mark, y: 0, width: mark, height: bounds.height),
                context, theme)
        case .checkmark:
            context.draw(
                "✓", font: CellAccessoryView.checkmarkFont, color: theme.accent,
                in: centredLine(CellAccessoryView.checkmarkFont, in: bounds), alignment: .center)
        case .detailButton:
            drawDetail(in: bounds, context, theme)
        case .detailDisclosureButton:
            drawDetail(in: Rect(x: rightToLeft ? mark : 0, y: 0, width: mark, height: bounds.height), context, theme)
            drawChevron(in: Rect(x: rightToLeft ? 0 : mark, y: 0, width: mark, height: bounds.height), context, theme)
        }
    }

    @usableFromInline func drawChevron(in area: Rect, _ context: GraphicsContext, _ theme: Theme) {
        context.draw(
            isRightToLeft ? "‹" : "›", font: CellAccessoryView.chevronFont, color: theme.secondaryText,
            in: centredLine(CellAccessoryView.chevronFont, in: area), alignment: .center)
    }

    @usableFromInline func drawDetail(in area: Rect, _ context: GraphicsContext, _ theme: Theme) {
        let d = CellAccessoryView.detailDiameter
        let circle = Rect(x: (area.midX - d / 2).rounded(), y: (area.midY - d / 2).rounded(), width: d, height: d)
        let color = isHighlighted ? theme.secondaryText : theme.accent
        context.stroke(roundedRect: circle, cornerRadius: d / 2, lineWidth: 1.5, color: color)
        context.draw(
            "i", font: CellAccessoryView.detailFont, color: color,
            in: centredLine(CellAccessoryView.detailFont, in: circle), alignment: .center)
    }

    /// One line of `font` centred vertically in `area`.
    @usableFromInline func centredLine(_ font: Font, in area: Rect) -> Rect {
        let height = measure("Ag", font: font).height
        return Rect(x: area.minX, y: (area.midY - height / 2).rounded(), width: area.width, height: height)
    }

    @usableFromInline override func stateDidChange() {
        super.stateDidChange()
        setNeedsDisplay()
    }
}

extension TableViewCell: ReusableCell {
    @usableFromInline static func makeReusableCell(reuseIdentifier: String) -> Self {
        Self(style: .default, reuseIdentifier: reuseIdentifier)
    }
}
