/// A row's place in a `TableView`: its section, and its row in that section.
/// UIKit's `IndexPath` as tables use it (two indices, no general path).
public struct IndexPath: Hashable, Comparable {
    public var section: Int
    public var row: Int

    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Section order first, then row order, as a table shows them.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }
}

extension IndexPath {
    /// A collection view's item: UIKit's name for the second index (the same as `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }
}
