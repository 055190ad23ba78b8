/// UIKit's state restoration, simplified: what the panel shows (the
/// navigation stacks, the selected tabs, the scroll offsets) kept as a few
/// lines of text, so that after a crash and a restart the app comes back on
/// the screen it was showing.
///
/// An app opts in with identifiers, as in UIKit: a `ViewController` or a
/// `ScrollView` without a `restorationIdentifier` is not saved, and neither is
/// anything under a controller without one. A controller's path is its
/// identifier after its ancestors' ("navigation/settings/wifi").
///
/// - Saving: a controller's `viewDidAppear` and a scroll view at rest call
///   `setNeedsSave()`; `saveDelay` later, on the run loop's timer (never in
///   the input frame), `save` gets the state when it changed. PanelKit's
///   runtime keeps it in the app's `Settings` (docs/settings.md).
/// - Restoring, at launch after the app built its window: `restore(_:…)`
///   rebuilds each navigation stack from the controllers already there and
///   the ones `viewControllerForPath` makes (UIKit's
///   `application(_:viewControllerWithRestorationIdentifierPath:coder:)`),
///   selects the tabs, lays the window out and sets the scroll offsets.
///
/// Presented controllers (alerts, sheets) are not kept: after a restart the
/// screen under them shows.
public final class StateRestoration: RunLoopTarget {
    /// The first line of every saved state; a state of another version is not restored.
    public static let formatLine = "PanelKit state 1"

    /// Seconds from a change to its save: a push and the scroll that follows
    /// cost one save. A crash in this window comes back on the screen before.
    public var saveDelay: Double = 0.5

    // The application owns this object; it clears this in its deinit
    // (`detach()`), after which the object saves and restores nothing.
    unowned(unsafe) var application: Application?
    let save: (String) -> Void
    var saveTimer: TimerHandle?
    var lastSaved: String?

    /// `save` is called with the encoded state on the run loop's timer.
    public init(application: Application, save: @escaping (String) -> Void) {
        self.application = application
        self.save = save
    }

    /// Asks for a save `saveDelay` from now, unless one is already coming.
    /// Cheap enough for any frame: it schedules a timer, and allocates nothing.
    public func setNeedsSave() {
        guard let runLoop = application?.runLoop else { return }
        if let saveTimer, runLoop.isScheduled(saveTimer) { return }
        saveTimer = runLoop.schedule(after: saveDelay, target: self)
    }

    /// Whether a save is waiting for its timer.
    public var hasPendingSave: Bool {
        guard let saveTimer, let application else { return false }
        return application.runLoop.isScheduled(saveTimer)
    }

    /// Cancels a pending save: the app is ending (its runtime saves once more first).
    public func stop() {
        if let saveTimer, let application { application.runLoop.cancel(saveTimer) }
        saveTimer = nil
    }

    /// The application is going away: no more saves, nothing read from it.
    func detach() {
        stop()
        application = nil
    }

    public func runLoopDidFire(_ handle: TimerHandle) {
        saveTimer = nil
        saveNow()
    }

    /// Encodes the state now and hands it to `save` when it changed since the last save.
    public func saveNow() {
        guard application != nil else { return }
        let state = encodedState()
        if let lastSaved, sameBytes(lastSaved, state) { return }
        lastSaved = state
        save(state)
    }

    // MARK: Encoding

    /// What the application's windows show, as text: `formatLine`, then a line
    /// per navigation stack, tab bar and scroll view with identifiers, fields
    /// split by tabs.
    public func encodedState() -> String {
        var text = Self.formatLine + "\n"
        forEachRoot { root, id in encode(root, path: id, into: &text) }
        return text
    }

    func encode(_ controller: ViewController, path: String, into text: inout String) {
        if let shown = controller.shownForRestoration() {
            text += "shows\t" + path
            for field in shown { text += "\t" + field }
            text += "\n"
        }
        if let view = controller.loadedView {
            Self.forEachScrollView(in: view, of: controller) { scrollView, id in
                let offset = scrollView.contentOffset
                text +=
                    "scroll\t" + path + "\t" + id + "\t" + String(Self.hundredths(offset.x)) + "\t"
                    + String(Self.hundredths(offset.y)) + "\n"
            }
        }
        for child in controller.restorableChildren {
            guard let id = Self.usable(child.restorationIdentifier) else { continue }
            encode(child, path: path + "/" + id, into: &text)
        }
    }

    /// Each window's root controller with a usable identifier: where every walk starts.
    func forEachRoot(_ body: (ViewController, String) -> Void) {
        for window in application?.windows ?? [] {
            if let root = window.rootViewController, let id = Self.usable(root.restorationIdentifier) {
                body(root, id)
            }
        }
    }

    /// An identifier the text can hold: not empty, no tab, newline or "/".
    /// A controller or scroll view with another is not saved.
    static func usable(_ identifier: String?) -> String? {
        guard let identifier, !identifier.isEmpty else { return nil }
        for byte in identifier.utf8 where byte == 9 || byte == 10 || byte == 13 || byte == 47 {
            return nil
        }
        return identifier
    }

    /// The state's lines after `formatLine`, each split at its tabs; nil when
    /// the first line is not `formatLine` (an empty state has no lines).
    /// Read as UTF-8 bytes, as it was written: splitting a String by
    /// Characters would pull Unicode's grapheme tables into a board binary.
    static func records(of state: String) -> [[String]]? {
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var isFirstLine = true
        var bytes = state.utf8.makeIterator()
        while true {
            let byte = bytes.next()
            if byte == 9 {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                continue
            }
            if let byte, byte != 10 {
                field.append(byte)
                continue
            }
            // The end of a line.
            if !fields.isEmpty || !field.isEmpty {
                fields.append(String(decoding: field, as: UTF8.self))
                if isFirstLine {
                    guard fields.count == 1, sameBytes(fields[0], formatLine) else { return nil }
                    isFirstLine = false
                } else {
                    records.append(fields)
                }
            }
            fields.removeAll()
            field.removeAll(keepingCapacity: true)
            if byte == nil { return records }
        }
    }

    /// Offsets are kept in hundredths of a point, as integers: no number
    /// formatting of Doubles in a board binary, and exact on 32-bit boards.
    static func hundredths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((max(min(value, 1e7), -1e7) * 100).rounded())
    }

    // MARK: Restoring

    /// What `restore(_:viewControllerForPath:)` did, for the launch's log line.
    public struct Report {
        /// The paths of the controllers on top of each restored stack, and of the selected tabs.
        public var shown: [String] = []
        /// Scroll views whose offsets were set.
        public var scrollViews = 0
        /// Why some of the state was not restored (an unknown identifier, a malformed line), or nil.
        public var problem: String?
    }

    /// Brings the application's windows back to `state` (from `encodedState()`).
    /// `viewControllerForPath` makes a controller for a path that is not on
    /// a stack yet (nil: the stack stops below it). A malformed or stale
    /// state restores what it can and says what it could not in the report.
    @discardableResult
    public func restore(_ state: String, viewControllerForPath: ([String]) -> ViewController?) -> Report {
        var report = Report()
        guard let records = Self.records(of: state) else {
            report.problem = "the saved state is not '" + Self.formatLine + "': not restored"
            return report
        }
        var restoring = Restoring(records: records)
        forEachRoot { root, id in restoring.restore(root, path: [id], make: viewControllerForPath) }
        // The restored screens at their sizes, so that offsets clamp to real content.
        for window in application?.windows ?? [] { window.layoutIfNeeded() }
        forEachRoot { root, id in restoring.restoreOffsets(root, path: [id]) }
        report.shown = restoring.shown
        report.scrollViews = restoring.scrollViews
        report.problem = restoring.problem
        return report
    }
}

/// One restore's walk over the records.
struct Restoring {
    let records: [[String]]
    var shown: [String] = []
    var scrollViews = 0
    var problem: String?

    init(records: [[String]]) {
        self.records = records
    }

    func record(_ kind: String, _ path: String) -> [String]? {
        for fields in records where fields.count >= 2 && sameBytes(fields[0], kind) && sameBytes(fields[1], path) {
            return fields
        }
        return nil
    }

    mutating func note(_ text: String) {
        if problem == nil { problem = text }
    }

    mutating func restore(_ controller: ViewController, path: [String], make: ([String]) -> ViewController?) {
        if let fields = record("shows", path.joined(separator: "/")) {
            let (visible, trouble) = controller.restoreShown(fields[2...], path: path, make: make)
            if let trouble { note(trouble) }
            if let id = visible?.restorationIdentifier { shown.append((path + [id]).joined(separator: "/")) }
        }
        for child in controller.restorableChildren {
            guard let id = StateRestoration.usable(child.restorationIdentifier) else { continue }
            restore(child, path: path + [id], make: make)
        }
    }

    /// Sets the offsets of `controller`'s scroll views, and its children's.
    /// A controller under the top of a stack gets its view loaded and laid out
    /// at the top's size, so that going back shows it where it was.
    mutating func restoreOffsets(_ controller: ViewController, path: [String]) {
        let joined = path.joined(separator: "/")
        var wanted: [[String]] = []
        for fields in records where fields.count >= 5 && sameBytes(fields[0], "scroll") && sameBytes(fields[1], joined)
        {
            wanted.append(fields)
        }
        if !wanted.isEmpty {
            if !controller.isViewLoaded, let navigation = controller.parent as? NavigationController {
                controller.view.frame = navigation.contentFrame(for: controller)
                controller.view.layoutIfNeeded()
            }
            if let view = controller.loadedView {
                for fields in wanted {
                    guard let x = Int(fields[3]), let y = Int(fields[4])
                    else {
                        note(
                            "the scroll offset '" + fields[3] + " " + fields[4] + "' of '" + joined
                                + "' is not two numbers")
                        continue
                    }
                    var found = false
                    StateRestoration.forEachScrollView(in: view, of: controller) { scrollView, id in
                        guard !found, sameBytes(id, fields[2]) else { return }
                        found = true
                        let offset = Point(x: Double(x) / 100, y: Double(y) / 100)
                        scrollView.contentOffset = scrollView.clampedContentOffset(offset)
                    }
                    if found { scrollViews += 1 }
                }
            }
        }
        for child in controller.restorableChildren {
            guard let id = StateRestoration.usable(child.restorationIdentifier) else { continue }
            restoreOffsets(child, path: path + [id])
        }
    }
}

extension StateRestoration {
    /// The scroll views with identifiers in `controller`'s own views (not in its children's).
    static func forEachScrollView(
        in view: View, of controller: ViewController, _ body: (ScrollView, String) -> Void
    ) {
        if let owner = view.owningViewController, owner !== controller { return }
        if let scrollView = view as? ScrollView, let id = usable(scrollView.restorationIdentifier) {
            body(scrollView, id)
        }
        for subview in view.subviews { forEachScrollView(in: subview, of: controller, body) }
    }
}
