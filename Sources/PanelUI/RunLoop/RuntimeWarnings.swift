/// Something the runtime worked around instead of stopping (product rule 5):
/// a capacity outgrown, input dropped, a view with geometry that is not a number.
public struct RuntimeWarning: Equatable, Sendable {
    public enum Kind: UInt8, CaseIterable, Sendable {
        /// More timers pending than the run loop's capacity: it grew (and allocated).
        case timerCapacity
        /// More next-turn requests than the run loop's capacity: it grew.
        case nextTurnCapacity
        /// The input queue was full: the oldest frame was dropped.
        case inputQueueFull
        /// More fingers than the touch pool holds: the extra ones were ignored.
        case touchCapacity
        /// More contacts in one frame than a `TouchFrame` holds: the extra ones were ignored.
        case contactCapacity
        /// A view's frame, bounds, center or transform is not finite: it is neither drawn nor hit.
        case nonFiniteGeometry
        /// A table row's (or header's) height is not a number from 0 to
        /// `TableView.maximumRowHeight`: that row is shown at the table's `TableView.rowHeight`.
        case invalidRowHeight
        /// More display-link targets (running animations, scrolling views) than its slots: it grew.
        case displayLinkCapacity
        /// A `layoutSubviews` kept asking for layout: the pass stopped after `View.maximumLayoutPasses`.
        case layoutLoop
        /// A touch device's position axes never moved while its touches went down
        /// and up, and another absolute axis did: every touch landed at one place
        /// (a panel wired to other axes; a board's `touch.axes` names them).
        case stillTouchPosition
        /// A rasterized view's picture did not fit in `Application.rasterization`: it is drawn view by view.
        case rasterizationBudget
    }

    public let kind: Kind
    /// One line, saying what happened and what to change.
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The warnings of one application (its run loop's): each kind is said once,
/// to `handler` (the app runtime writes it to standard error) and kept in
/// `said`, which tests read.
public final class RuntimeWarnings {
    /// Called with each warning the first time its kind happens.
    public var handler: ((RuntimeWarning) -> Void)?
    /// The warnings said so far, oldest first: at most one per kind.
    public private(set) var said: [RuntimeWarning] = []
    @usableFromInline var saidKinds: UInt32 = 0

    public init() {}

    /// Says `message` unless a warning of `kind` was said before. The message
    /// is built only the first time, so a repeat costs nothing.
    @inlinable public func warnOnce(_ kind: RuntimeWarning.Kind, _ message: @autoclosure () -> String) {
        let bit: UInt32 = 1 << UInt32(kind.rawValue)
        guard saidKinds & bit == 0 else { return }
        saidKinds |= bit
        sayOnce(RuntimeWarning(kind: kind, message: message()))
    }

    @usableFromInline func sayOnce(_ warning: RuntimeWarning) {
        said.append(warning)
        handler?(warning)
    }

    /// Whether a warning of `kind` was said.
    public func hasSaid(_ kind: RuntimeWarning.Kind) -> Bool {
        saidKinds & (1 << UInt32(kind.rawValue)) != 0
    }
}
