/// A cell a list keeps in a pool per reuse identifier: `TableViewCell`,
/// `CollectionViewCell`.
@usableFromInline protocol ReusableCell: View {
    /// A new cell of this class for `reuseIdentifier` (through a `required`
    /// initializer, so a subclass's own runs).
    static func makeReusableCell(reuseIdentifier: String) -> Self
    var reuseIdentifier: String? { get }
    func prepareForReuse()
}

/// The registered cell classes of a `TableView` or `CollectionView` and
/// their pools of cells off screen, per reuse identifier. A few identifiers,
/// searched in order: no hashing (Embedded has no seeded Hasher).
@usableFromInline struct CellReusePool<Cell: ReusableCell> {
    @usableFromInline struct Registration {
        @usableFromInline var identifier: String
        @usableFromInline var cellClass: Cell.Type
        @usableFromInline var pool: ContiguousArray<Cell>
        /// Cells made for this identifier: the pool has room for all of them, so
        /// recycling a whole screenful at once (a jump to the top) allocates nothing.
        @usableFromInline var cellsMade = 0
    }
    @usableFromInline var registrations: ContiguousArray<Registration> = []

    @usableFromInline init() {}

    @usableFromInline mutating func register(_ cellClass: Cell.Type, _ identifier: String) {
        if let i = index(identifier) {
            registrations[i].cellClass = cellClass
        } else {
            registrations.append(Registration(identifier: identifier, cellClass: cellClass, pool: []))
        }
    }

    /// A pooled cell for `identifier` (after its `prepareForReuse()`), a new
    /// one if a class is registered for it, else `nil`.
    @usableFromInline mutating func dequeue(_ identifier: String) -> Cell? {
        guard let i = index(identifier) else { return nil }
        if let cell = registrations[i].pool.popLast() {
            cell.prepareForReuse()
            return cell
        }
        registrations[i].cellsMade += 1
        registrations[i].pool.reserveCapacity(registrations[i].cellsMade)
        return registrations[i].cellClass.makeReusableCell(reuseIdentifier: identifier)
    }

    /// Puts the cell back in its pool; false if its identifier is not registered.
    @usableFromInline mutating func recycle(_ cell: Cell) -> Bool {
        guard let identifier = cell.reuseIdentifier, let i = index(identifier) else { return false }
        registrations[i].pool.append(cell)
        return true
    }

    @usableFromInline func index(_ identifier: String) -> Int? {
        var i = 0
        while i < registrations.count {
            if registrations[i].identifier == identifier { return i }
            i += 1
        }
        return nil
    }
}

/// Binary searches on the sorted edges lists keep (prefix sums of rows, lines of items).
@usableFromInline enum SortedEdges {
    /// The first index whose value is above `y` (the count if none).
    @usableFromInline static func firstIndex(above y: Double, in values: ContiguousArray<Double>) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The first index whose value is at or above `y` (the count if none).
    @usableFromInline static func firstIndex(atOrAbove y: Double, in values: ContiguousArray<Double>) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] >= y { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
