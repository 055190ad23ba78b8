/// Spinning wheels of rows to choose from: UIKit's `UIPickerView`.
///
/// Each component is a vertical wheel (a `ScrollView`): a flick spins it with
/// the scroll view's momentum, and it comes to rest with a row in the
/// centre band, which is then the component's selected row; the delegate's
/// `pickerView(_:didSelectRow:inComponent:)` hears it once per change, when
/// the wheel stops. A tap on a row above or below the centre turns it to
/// the centre. Rows fade away from the centre. Only the rows in view have
/// labels (a ring of them per wheel), so spinning allocates nothing once
/// the delegate's titles are kept strings. See docs/widgets.md.
open class PickerView: View {
    /// Not retained, as in UIKit. Setting it reloads.
    public var dataSource: (any PickerViewDataSource)? {
        get { dataSourceToken?.isAlive == true ? unretainedDataSource : nil }
        set {
            unretainedDataSource = newValue
            dataSourceToken = newValue?.ownLifetimeToken
            reloadAllComponents()
        }
    }
    @usableFromInline final unowned(unsafe) var unretainedDataSource: (any PickerViewDataSource)?
    @usableFromInline final var dataSourceToken: LifetimeToken?

    /// Not retained, as in UIKit. Setting it reloads.
    public var delegate: (any PickerViewDelegate)? {
        get { delegateToken?.isAlive == true ? unretainedDelegate : nil }
        set {
            unretainedDelegate = newValue
            delegateToken = newValue?.ownLifetimeToken
            reloadAllComponents()
        }
    }
    @usableFromInline final unowned(unsafe) var unretainedDelegate: (any PickerViewDelegate)?
    @usableFromInline final var delegateToken: LifetimeToken?

    /// The row height when the delegate does not say. Default 36.
    public final var rowHeight = 36.0 { didSet { reloadAllComponents() } }
    /// The room between two wheels. Default 4.
    public final var componentSpacing = 4.0 { didSet { setNeedsLayout() } }
    /// The rows' font and colour.
    public final var font: Font = Theme.standard.bodyFont { didSet { reloadAllComponents() } }
    public final var textColor: Color = Theme.standard.text { didSet { reloadAllComponents() } }

    /// The wheels, one per component (named `NAME.component0`, …).
    @usableFromInline final var wheels: ContiguousArray<PickerWheel> = []
    /// Kept between layouts, so a layout allocates nothing.
    @usableFromInline final var componentWidths: ContiguousArray<Double> = []
    /// The rounded highlight behind the centre row.
    public let selectionIndicator: View

    /// UIKit's default picker size: the width given, 216 tall.
    public static let standardHeight = 216.0

    public override init(frame: Rect = .zero, name: String = "") {
        selectionIndicator = View(name: "selectionIndicator")
        super.init(frame: frame, name: name)
        selectionIndicator.backgroundColor = Theme.standard.track
        selectionIndicator.layer.cornerRadius = 8
        selectionIndicator.isUserInteractionEnabled = false
        addSubview(selectionIndicator)
        clipsToBounds = true
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(PickerView.self)
    }

    // MARK: Counts

    public var numberOfComponents: Int { wheels.count }

    public func numberOfRows(inComponent component: Int) -> Int {
        guard component >= 0, component < wheels.count else { return 0 }
        return wheels[component].rows
    }

    /// The size of the component's rows.
    public func rowSize(forComponent component: Int) -> Size {
        guard component >= 0, component < wheels.count else { return .zero }
        return Size(width: wheels[component].bounds.width, height: wheels[component].rowHeight)
    }

    /// The component's width when the delegate does not say: an equal share.
    public func standardWidth(forComponent component: Int) -> Double {
        let count = max(1, wheels.count)
        return max(0, (bounds.width - componentSpacing * Double(count - 1)) / Double(count))
    }

    // MARK: Selection

    /// The row at rest in the centre of the component, -1 when it has no rows (UIKit's).
    public func selectedRow(inComponent component: Int) -> Int {
        guard component >= 0, component < wheels.count, wheels[component].rows > 0 else { return -1 }
        return wheels[component].selectedRow
    }

    /// Turns the component to `row` (held to its rows), without telling the
    /// delegate, as UIKit; `animated` spins it there.
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard component >= 0, component < wheels.count else { return }
        wheels[component].select(row, animated: animated)
    }

    // MARK: Reloading

    /// Asks the data source and delegate again for everything; selections are kept where they still exist.
    public func reloadAllComponents() {
        let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        while wheels.count > count {
            wheels.removeLast().removeFromSuperview()
        }
        while wheels.count < count {
            let wheel = PickerWheel(picker: self, component: wheels.count)
            wheels.append(wheel)
            addSubview(wheel)
        }
        var component = 0
        while component < count {
            wheels[component].reload()
            component += 1
        }
        setNeedsLayout()
    }

    /// Asks again for the component's rows and titles.
    public func reloadComponent(_ component: Int) {
        guard component >= 0, component < wheels.count else { return }
        wheels[component].reload()
    }

    open override func layoutSubviews() {
        var widths = componentWidths
        componentWidths = [] // unique, so the appends below do not copy
        widths.removeAll(keepingCapacity: true)
        var total = 0.0
        var component = 0
        while component < wheels.count {
            let width = max(
                0, delegate?.pickerView(self, widthForComponent: component) ?? standardWidth(forComponent: component))
            widths.append(width)
            total += width
            component += 1
        }
        total += componentSpacing * Double(max(0, wheels.count - 1))
        var x = ((bounds.width - total) / 2).rounded(.down)
        var tallest = 0.0
        // Right to left the first component is the rightmost, as UIKit's controls flip.
        let rightToLeft = isRightToLeft
        component = 0
        while component < wheels.count {
            let frame = flippedForLayoutDirection(
                Rect(x: x, y: 0, width: widths[component], height: bounds.height), rightToLeft: rightToLeft)
            if wheels[component].frame != frame { wheels[component].frame = frame }
            wheels[component].placeRows()
            tallest = max(tallest, wheels[component].rowHeight)
            x += widths[component] + componentSpacing
            component += 1
        }
        let band = Rect(
            x: 8, y: ((bounds.height - tallest) / 2).rounded(.down), width: max(0, bounds.width - 16), height: tallest)
        if selectionIndicator.frame != band { selectionIndicator.frame = band }
        componentWidths = widths
    }

    // MARK: From the wheels

    @usableFromInline func wheelDidSelect(_ wheel: PickerWheel) {
        delegate?.pickerView(self, didSelectRow: wheel.selectedRow, inComponent: wheel.component)
    }
}
