import PanelKit

/// The rooms as a grid of cards: a tap toggles a room's light, and the card
/// bounces (a transform animation). The bar's power button asks, in an
/// alert, before every light goes off; its alarm button opens the wake-up
/// time in a sheet.
final class RoomsViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    let home: Home
    private(set) var grid: CollectionView!
    let summary = Label(name: "summary")

    init(home: Home) {
        self.home = home
        super.init()
        title = "Rooms"
    }

    override func viewDidLoad() {
        view.backgroundColor = Theme.standard.background
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 168, height: 112)
        layout.minimumInteritemSpacing = 16
        layout.minimumLineSpacing = 16
        layout.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let grid = CollectionView(frame: view.bounds, collectionViewLayout: layout, name: "rooms")
        grid.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        grid.backgroundColor = Theme.standard.background
        grid.register(RoomCell.self, forCellWithReuseIdentifier: RoomCell.identifier)
        grid.restorationIdentifier = "cards"
        grid.dataSource = self
        grid.collectionDelegate = self
        view.addSubview(grid)
        self.grid = grid

        let power = BarButtonItem(image: Image(systemName: "power_settings_new")) { [unowned(unsafe) self] _ in
            self.confirmAllLightsOff()
        }
        power.name = "bar.power"
        navigationItem.rightBarButtonItem = power
        let alarm = BarButtonItem(image: Image(systemName: "alarm")) { [unowned(unsafe) self] _ in
            self.showWakeUp()
        }
        alarm.name = "bar.alarm"
        navigationItem.leftBarButtonItem = alarm
    }

    // MARK: The grid

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        home.rooms.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: RoomCell.identifier, for: indexPath)
        (cell as? RoomCell)?.show(home.rooms[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: false)
        home.rooms[indexPath.item].lightIsOn.toggle()
        guard let cell = collectionView.cellForItem(at: indexPath) as? RoomCell else { return }
        cell.show(home.rooms[indexPath.item])
        cell.bounce()
    }

    // MARK: The alert and the sheet

    /// UIKit's confirmation: a destructive action and a cancel.
    func confirmAllLightsOff() {
        let alert = AlertController(
            title: "Turn off all lights?", message: "\(home.lightsOn) rooms have their light on.",
            preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            AlertAction(title: "Turn off", style: .destructive) { [unowned(unsafe) self] _ in
                self.home.turnOffAllLights()
                self.grid.reloadData()
            })
        present(alert, animated: true)
    }

    func showWakeUp() {
        let sheet = WakeUpViewController(home: home)
        sheet.modalPresentationStyle = .formSheet
        sheet.preferredContentSize = Size(width: 360, height: 300)
        present(sheet, animated: true)
    }
}

/// A room's card: rounded, with a shadow; its symbol and its light's state.
final class RoomCell: CollectionViewCell {
    static let identifier = "room"
    let icon = ImageView(name: "icon")
    let nameLabel = Label(name: "name")
    let stateLabel = Label(name: "state")

    required init(frame: Rect = .zero, reuseIdentifier: String?) {
        super.init(frame: frame, reuseIdentifier: reuseIdentifier)
        contentView.backgroundColor = Theme.standard.surface
        contentView.layer.cornerRadius = 14
        contentView.layer.shadowOpacity = 0.35
        contentView.layer.shadowRadius = 8
        contentView.layer.shadowOffset = Size(width: 0, height: 4)
        nameLabel.font = .system(size: 17, weight: .semibold)
        stateLabel.font = .system(size: 14, weight: .medium)
        for view in [icon, nameLabel, stateLabel] { contentView.addSubview(view) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        icon.frame = Rect(x: 14, y: 14, width: 28, height: 28)
        nameLabel.frame = Rect(x: 14, y: 52, width: bounds.width - 28, height: 24)
        stateLabel.frame = Rect(x: 14, y: 78, width: bounds.width - 28, height: 20)
    }

    func show(_ room: Room) {
        if icon.image == nil || nameLabel.text != room.name {
            icon.image = Image(systemName: room.symbol, configuration: SymbolConfiguration(pointSize: 28))
        }
        nameLabel.text = room.name
        stateLabel.text = room.lightIsOn ? "Light on" : "Light off"
        icon.tintColor = room.lightIsOn ? Color(rgb: 0xF5B83D) : Theme.standard.secondaryText
    }

    /// Pressed in, then a spring back out: the card's transform, drawn each frame.
    func bounce() {
        contentView.transform = AffineTransform(scaleX: 0.92, y: 0.92)
        View.animate(
            withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [],
            animations: { self.contentView.transform = .identity })
    }
}
