import PanelImage
import PanelKit

/// A photo frame for a kiosk or a kitchen wall: PanelKit's runtime runs it on
/// a board, in the simulator or headless (`--help` lists the standard options).
///
/// The photos are PNG files in the package's `Resources/photos` folder, which
/// `scripts/build-board --app` copies beside the board binary.
@main
final class AppDelegate: ApplicationDelegate {
    var window: Window?
    private(set) var photoFrame: PhotoFrameViewController?
    /// Read before the display opens, so a missing file is one line and the screen is left alone.
    private(set) var photos: [Photo] = []

    static var options: [AppOption] {
        [AppOption("photos", value: "DIR", help: "the folder holding the photos (default: the app's Resources/photos)")]
    }

    func applicationWillLaunch(_ arguments: AppArguments) throws(LaunchError) {
        let folder: String
        if let given = arguments.value(of: "photos") {
            folder = given
        } else if let resources = AppResources.path() {
            folder = resources + "/photos"
        } else {
            throw LaunchError("no Resources folder beside the program or in its package: give --photos DIR")
        }
        photos = try Photo.loadAlbum(from: folder)
    }

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let photoFrame = PhotoFrameViewController(photos: photos, screenBounds: options.screenBounds, log: options.log)
        let window = Window(frame: options.screenBounds)
        window.rootViewController = photoFrame
        self.photoFrame = photoFrame
        self.window = window
        return true
    }
}
