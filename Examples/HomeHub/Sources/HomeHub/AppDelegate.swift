import PanelKit

/// A home-automation hub on a wall panel: rooms as a grid of cards whose
/// lights a tap toggles, a wake-up time set on a picker in a sheet, an alert
/// before every light goes off, and the climate with its temperature in
/// monospaced digits; two tabs with symbols.
@main
final class AppDelegate: ApplicationDelegate {
    /// `--backend headless --replay TRACE --png FILE` on a board too: PanelKit's
    /// app-test replays traces into the board binaries and compares their pixels with the host's.
    static var tools: AppTools { [.headless] }
    var window: Window?
    let home = Home()
    private(set) var rooms: RoomsViewController?
    private(set) var climate: ClimateViewController?
    private(set) var tabs: TabBarController?

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let rooms = RoomsViewController(home: home)
        let climate = ClimateViewController(home: home)
        let roomsTab = NavigationController(rootViewController: rooms)
        roomsTab.tabBarItem = TabBarItem(title: "Rooms", image: Image(systemName: "home"))
        climate.tabBarItem = TabBarItem(title: "Climate", image: Image(systemName: "thermostat"))
        let tabs = TabBarController()
        tabs.viewControllers = [roomsTab, climate]
        // After a restart (a crash, systemd's watchdog, a power cut) the hub
        // comes back on the tab it showed, its rooms where they were scrolled.
        tabs.restorationIdentifier = "tabs"
        roomsTab.restorationIdentifier = "rooms"
        rooms.restorationIdentifier = "grid"
        climate.restorationIdentifier = "climate"
        let window = Window(frame: options.screenBounds)
        window.rootViewController = tabs
        self.rooms = rooms
        self.climate = climate
        self.tabs = tabs
        self.window = window
        return true
    }
}
