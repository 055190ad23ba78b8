/// Supplies a `TableView`'s rows: UIKit's `UITableViewDataSource`.
///
/// Held as UIKit's weak reference is (a `ZeroingReference`): any
/// `Responder` qualifies; another class adds `public lazy var lifetime = Lifetime(of: self)`.
/// The table view asks for counts (and titles) in `TableView.reloadData()`,
/// and for a cell each time a row scrolls into view, so
/// `tableView(_:cellForRowAt:)` runs on the display link: set precomputed
/// texts there, never build long strings (see docs/lists.md).
public protocol TableViewDataSource: LifetimeTracked {
    /// Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// A cell for the row, from `TableView.dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The text of the section's standard header; `nil` (the default) shows no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Hears what a `TableView` does and shapes its rows: UIKit's
/// `UITableViewDelegate`. It is a `ScrollViewDelegate` too. Every method has
/// a default, so a delegate implements only what it needs.
///
/// Set it with `TableView.tableDelegate` (which also makes it the scroll
/// view's `ScrollView.delegate`): Swift cannot narrow the inherited
/// `delegate` property's type, and Embedded Swift cannot cast a
/// `ScrollViewDelegate` to this protocol.
public protocol TableViewDelegate: ScrollViewDelegate {
    /// Asked for every row in `TableView.reloadData()`. Default: `TableView.rowHeight`.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// Default: `TableView.sectionHeaderHeight` when the data source has a
    /// title for the section, else 0 (no header). Implement it for a custom header view.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// A custom header, asked each time the section scrolls into view; `nil`
    /// (the default) shows the standard header with the data source's title.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// Whether a touch highlights the row (and may select it). Default true.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row a tap selects: `indexPath` (the default), another row, or `nil` for none.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected the row (never called for `TableView.selectRow(at:animated:scrollPosition:)`).
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user's selection of another row deselected this one.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The detail button of a cell (`accessoryType` `.detailButton` or
    /// `.detailDisclosureButton`) was tapped; the row is not selected.
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// The actions a swipe to the left shows at the row's trailing edge
    /// (UIKit's `trailingSwipeActionsConfigurationForRowAt`); `nil` (the
    /// default) makes the row not swipeable. Return a kept configuration to
    /// keep the swipe's first frame free of allocations.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
        tableView.standardHeaderHeight(forSection: section)
    }
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    { nil }
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
}
