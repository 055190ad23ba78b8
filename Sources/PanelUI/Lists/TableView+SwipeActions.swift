/// An action a swiped row shows: UIKit's `UIContextualAction`.
///
///     let delete = ContextualAction(style: .destructive, title: "Delete") { _, _, done in
///         residents.remove(at: row)
///         table.deleteRows(at: [indexPath], with: .automatic)
///         done(true)
///     }
public final class ContextualAction {
    /// `.destructive` is red, and UIKit's full swipe deletes with it; `.normal` is grey.
    public enum Style: Equatable, Sendable {
        case normal
        case destructive
    }
    /// Called with the action, the button tapped and a completion to call once
    /// done (true: it was performed; the row closes either way).
    public typealias Handler = (ContextualAction, View, @escaping (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    /// The button's colour; `nil` uses the style's.
    public var backgroundColor: Color?
    @usableFromInline let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    /// UIKit's system red and grey.
    public static let destructiveColor = Color(rgb: 0xFF3B30)
    public static let normalColor = Color(rgb: 0x8E8E93)
    /// The width a button is at least, and its padding each side of the title.
    public static let minimumButtonWidth = 74.0
}

/// The actions a swipe shows on one edge of a row: UIKit's `UISwipeActionsConfiguration`.
/// The first action is at the outer edge; a full swipe performs it when
/// `performsFirstActionWithFullSwipe` (the default).
public final class SwipeActionsConfiguration {
    public let actions: [ContextualAction]
    public var performsFirstActionWithFullSwipe = true

    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// The buttons a swiped row shows, the first action at the outer (right) edge;
/// they share the room the swipe leaves in proportion to their widths.
@usableFromInline final class SwipeActionsView: View {
    @usableFromInline var buttons: [Button] = []
    /// The configuration the buttons were made for.
    @usableFromInline unowned(unsafe) var configuration: SwipeActionsConfiguration?
    /// The buttons' widths when just revealed, and their sum.
    @usableFromInline var naturalWidths: [Double] = []
    @usableFromInline var naturalWidth = 0.0

    @usableFromInline init() {
        super.init(name: "swipe.actions")
        clipsToBounds = true
    }

    @usableFromInline override class var usesStandardHitTesting: Bool { true }

    @usableFromInline func show(_ configuration: SwipeActionsConfiguration, in table: TableView) {
        guard self.configuration !== configuration || buttons.count != configuration.actions.count else { return }
        self.configuration = configuration
        for button in buttons { button.removeFromSuperview() }
        buttons = []
        naturalWidths = []
        naturalWidth = 0
        let theme = Theme.standard
        for action in configuration.actions {
            let title = action.title ?? ""
            let button = Button(name: "swipe." + title, title: title)
            button.titleFont = theme.bodyFont
            button.setTitleColor(.white)
            button.setFillColor(
                action.backgroundColor
                    ?? (action.style == .destructive ? ContextualAction.destructiveColor : ContextualAction.normalColor)
            )
            button.theme.cornerRadius = 0
            // The sender, not `button`: a button's own action naming it would hold it forever.
            button.addAction(for: .primaryActionTriggered) { [unowned(unsafe) table] sender in
                table.performSwipeAction(action, from: sender)
            }
            let width = max(
                ContextualAction.minimumButtonWidth,
                measure(title, font: theme.bodyFont).width + 2 * theme.contentPadding)
            naturalWidths.append(width)
            naturalWidth += width
            buttons.append(button)
            addSubview(button)
        }
        setNeedsLayout()
    }

    /// The first action's button at the right edge, the others leftwards, in proportion.
    @usableFromInline override func layoutSubviews() {
        guard naturalWidth > 0 else { return }
        let scale = bounds.width / naturalWidth
        let rightToLeft = isRightToLeft
        var x = bounds.width
        var index = 0
        while index < buttons.count {
            let width = naturalWidths[index] * scale
            x -= width
            // Right to left, the first at the left edge (the row's trailing one).
            buttons[index].frame = flippedForLayoutDirection(
                Rect(x: x, y: 0, width: width, height: bounds.height), rightToLeft: rightToLeft)
            index += 1
        }
    }
}

/// Swipe actions: a horizontal drag to the left on a row whose delegate
/// gives a `trailingSwipeActionsConfiguration` slides the row's content left
/// and shows the actions in the room, as UIKit's. In a right-to-left layout
/// all of it is mirrored: a drag to the right shows them at the left.
///
/// - Released past half the buttons' width (or flicked left), the row stays
///   open; otherwise it closes. Released past half the row's width, with
///   `performsFirstActionWithFullSwipe`, it performs the first action.
/// - A tap on a button performs its action; its completion closes the row.
///   A destructive action usually deletes the row (`deleteRows(at:with:)`).
/// - While a row is open, a touch on any row (its own included), or a
///   scroll, closes it, and that touch selects nothing; one row is open at a time.
/// - A vertical drag scrolls as before; a horizontal one on a swipeable row
///   is the swipe's, not the scroll view's.
extension TableView {
    /// How far right a released swipe must be short of half the buttons to close, and how fast a flick opens.
    public static let swipeFlickVelocity = 300.0

    /// The configuration of the row under `pan`'s starting point, if a mostly horizontal drag there may swipe it.
    @usableFromInline func swipeConfiguration(for pan: PanGestureRecognizer) -> SwipeActionsConfiguration? {
        // The movement that crossed the pan's hysteresis, plus any since: its direction decides.
        let began = pan.startingMovement(in: self)
        let since = pan.translation(in: self)
        let translation = Point(x: began.x + since.x, y: began.y + since.y)
        guard abs(translation.x) > abs(translation.y) else { return nil }
        let location = pan.location(in: self)
        let start = Point(x: location.x - translation.x, y: location.y - translation.y)
        guard let row = indexPathForRow(at: start), let cell = cellForRow(at: row) else { return nil }
        // An open row closes by a drag right; a closed one opens by a drag left.
        if cell === swipedCell { return swipeConfigurationStorage }
        // Right to left, the row's trailing edge is its left: a drag right opens it.
        guard translation.x * swipeDirection < 0 else { return nil }
        guard let configuration = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: row),
            !configuration.actions.isEmpty
        else { return nil }
        return configuration
    }

    /// 1, or -1 in a right-to-left layout: a swipe offset is measured
    /// towards the leading edge, and the cell mirrors its frames.
    @usableFromInline var swipeDirection: Double { isRightToLeft ? -1 : 1 }

    @usableFromInline func handleSwipe(_ recognizer: GestureRecognizer) {
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            let translation = pan.translation(in: self)
            let began = pan.startingMovement(in: self)
            let location = pan.location(in: self)
            let start = Point(x: location.x - began.x - translation.x, y: location.y - began.y - translation.y)
            guard let row = indexPathForRow(at: start), let cell = cellForRow(at: row),
                let configuration = swipeConfiguration(for: pan)
            else { return }
            if let open = swipedCell, open !== cell { closeSwipe(animated: true) }
            if swipedCell !== cell { beginSwipe(cell, configuration) }
            swipeStartOffset = cell.swipeOffset
            setSwipeOffset(swipeStartOffset + translation.x * swipeDirection)
        case .changed:
            guard swipedCell != nil else { return }
            setSwipeOffset(swipeStartOffset + pan.translation(in: self).x * swipeDirection)
        case .ended, .cancelled:
            guard let cell = swipedCell, let actions = cell.swipeActionsView else { return }
            let offset = cell.swipeOffset
            let velocity = pan.state == .ended ? pan.velocity(in: self).x * swipeDirection : 0
            if pan.state == .ended, swipeConfigurationStorage?.performsFirstActionWithFullSwipe == true,
                -offset > cell.bounds.width / 2, let first = swipeConfigurationStorage?.actions.first,
                let button = actions.buttons.first
            {
                settleSwipe(at: -cell.bounds.width)
                performSwipeAction(first, from: button)
            } else if pan.state == .ended
                && (velocity < -TableView.swipeFlickVelocity
                    || (-offset > actions.naturalWidth / 2 && velocity < TableView.swipeFlickVelocity))
            {
                settleSwipe(at: -actions.naturalWidth)
            } else {
                closeSwipe(animated: true)
            }
        default:
            break
        }
    }

    /// Opens `cell` for swiping: the actions view goes in under its content.
    @usableFromInline func beginSwipe(_ cell: TableViewCell, _ configuration: SwipeActionsConfiguration) {
        swipedCell = cell
        swipeConfigurationStorage = configuration
        let actions = swipeActionsViewStorage ?? SwipeActionsView()
        swipeActionsViewStorage = actions
        actions.show(configuration, in: self)
        cell.swipeActionsView = actions
        if actions.superview !== cell { cell.insertSubview(actions, aboveSubview: cell.selectedBackgroundView) }
    }

    /// Moves the swiped row's content to `offset` (never right of its place;
    /// past the buttons it follows the finger, the buttons growing).
    @usableFromInline func setSwipeOffset(_ offset: Double) {
        guard let cell = swipedCell else { return }
        swipeAnimator.stop()
        let clamped = min(0, max(offset, -cell.bounds.width))
        View.performWithoutAnimation {
            cell.swipeOffset = clamped
            cell.layoutIfNeeded()
        }
    }

    /// Slides the open row to `offset` (its buttons' width, or the whole row for a full swipe).
    @usableFromInline func settleSwipe(at offset: Double) {
        guard let cell = swipedCell else { return }
        slide(cell, to: offset)
    }

    /// Moves `cell`'s content to `offset` over `swipeDuration` on the display
    /// link (at once in no application), without allocating.
    @usableFromInline func slide(_ cell: TableViewCell, to offset: Double) {
        if let link = window?.owningApplication?.displayLink {
            swipeAnimator.animate(cell, to: offset, duration: TableView.swipeDuration, on: link)
        } else {
            swipeAnimator.stop()
            View.performWithoutAnimation {
                cell.swipeOffset = offset
                cell.layoutIfNeeded()
            }
            swipeSlideDidEnd(cell)
        }
    }

    /// How long a row takes to slide open or closed.
    public static let swipeDuration = 0.25

    /// Closes the open row, if any: its content slides back and the actions go.
    public func closeSwipe(animated: Bool) {
        guard let cell = swipedCell else { return }
        swipedCell = nil
        swipeConfigurationStorage = nil
        if animated {
            slide(cell, to: 0)
        } else {
            swipeAnimator.stop()
            View.performWithoutAnimation {
                cell.swipeOffset = 0
                cell.layoutIfNeeded()
            }
            swipeSlideDidEnd(cell)
        }
    }

    /// A slide ended: a row back in place that is not swiped again loses its actions view.
    @usableFromInline func swipeSlideDidEnd(_ cell: TableViewCell) {
        guard cell !== swipedCell, cell.swipeOffset == 0 else { return }
        if let actions = cell.swipeActionsView, actions.superview === cell { actions.removeFromSuperview() }
        cell.swipeActionsView = nil
    }

    /// A button of the open row, or a full swipe: the app's handler, whose completion closes the row.
    @usableFromInline func performSwipeAction(_ action: ContextualAction, from button: View) {
        guard swipedCell != nil else { return }
        action.handler(action, button) { [self] _ in
            // The handler may have deleted the row (deleteRows closed it) or closed it already.
            self.closeSwipe(animated: true)
        }
    }
}

/// Slides a swiped row's content on the display link, ease-out, without
/// allocating (a `View.animate` allocates its records and closures).
@usableFromInline final class SwipeAnimator: DisplayLinkTarget {
    /// Unretained: the table owns its animator.
    @usableFromInline unowned(unsafe) var table: TableView?
    /// The row moving; held while it moves.
    @usableFromInline var cell: TableViewCell?
    @usableFromInline var from = 0.0
    @usableFromInline var to = 0.0
    @usableFromInline var startTime = 0.0
    @usableFromInline var duration = 0.0
    @usableFromInline var displayLink: DisplayLink?

    @usableFromInline init() {}

    @usableFromInline func animate(_ cell: TableViewCell, to target: Double, duration: Double, on link: DisplayLink) {
        stop()
        self.cell = cell
        from = cell.swipeOffset
        to = target
        startTime = link.runLoop.now
        self.duration = duration
        displayLink = link
        link.add(self)
    }

    @usableFromInline func stop() {
        if let link = displayLink {
            displayLink = nil
            link.remove(self)
        }
        cell = nil
    }

    @usableFromInline func displayLinkDidFire(_ link: DisplayLink) {
        guard let cell else { return stop() }
        let t = duration > 0 ? (link.timestamp - startTime) / duration : 1
        let finished = t >= 1 - 1e-6
        let value = finished ? to : from + (to - from) * TimingCurve.easeOut.progress(at: max(t, 0))
        View.performWithoutAnimation {
            cell.swipeOffset = value
            cell.layoutIfNeeded()
        }
        guard finished else { return }
        stop()
        table?.swipeSlideDidEnd(cell)
    }
}
