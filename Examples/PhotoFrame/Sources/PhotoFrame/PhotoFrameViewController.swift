import PanelKit

/// The photo frame's one screen: a photo per page, moved, zoomed and turned
/// with the fingers, a caption, a page indicator, badges and an info panel.
///
/// The gestures, all recognizers on the photo view:
///
/// | gesture | what it does |
/// | --- | --- |
/// | one finger drag | moves a zoomed-in photo (pan) |
/// | swipe left / right | next / previous page, when not zoomed in |
/// | two fingers apart / together | zooms about the fingers (pinch) |
/// | two fingers turning | turns the photo about the fingers (rotation, with the pinch) |
/// | double tap | zooms in 2× at the finger, or back to fitted |
/// | single tap | hides the info panel if shown, else shows or hides the caption |
/// | long press | shows the info panel |
///
/// How they get along (docs/touch-rules.md):
/// - **Single tap versus double tap (G8):** the single tap `require(toFail:)`
///   the double tap, so it fires only once the second tap can no longer come
///   (0.35 s after the lift); a double tap never toggles the caption.
/// - **Swipe versus pan:** both want one finger moving. A pan begins after
///   10 pt, long before a swipe's 50 pt, and G5 would then fail the swipe. So
///   the delegate lets only one of them begin, by the zoom: fitted, a fast
///   stroke turns the page (the pan may not begin, G6); zoomed in, the finger
///   moves the photo and swipes may not begin. Like a photo viewer: zoom out
///   to page on. Waiting for the swipe to fail instead (G8) would delay every
///   pan by up to half a second.
/// - **Pinch, rotation and pan together (G5):** the delegate lets the three
///   recognize simultaneously, so two fingers zoom, turn and move in one
///   gesture; each step is applied about the fingers' centroid.
/// - **Long press:** begins after 0.5 s still, which fails the taps (G5).
final class PhotoFrameViewController: ViewController, GestureRecognizerDelegate {
    let photos: [Photo]
    let photoView = PhotoView()
    let caption = CaptionBar()
    let pageIndicator = PageIndicator()
    let zoomBadge = ValueBadge(name: "zoom", value: 1)
    let angleBadge = ValueBadge(name: "angle", value: 0)
    let info = InfoPanel()

    let pan = PanGestureRecognizer(name: "pan")
    let pinch = PinchGestureRecognizer(name: "pinch")
    let rotation = RotationGestureRecognizer(name: "rotation")
    let swipe = SwipeGestureRecognizer(name: "swipe")
    let doubleTap = TapGestureRecognizer(name: "doubleTap")
    let singleTap = TapGestureRecognizer(name: "singleTap")
    let longPress = LongPressGestureRecognizer(name: "longPress")

    let screenBounds: Rect
    /// The runtime's JSON Lines log: every overlay's `.valueChanged` becomes an `action` line.
    unowned(unsafe) let log: ReplayLog

    /// The page shown, 0-based.
    var currentPage: Int { pageIndicator.currentPage }
    var currentPhoto: Photo { photos[currentPage] }
    /// The caption texts, "1 of 3", made once.
    private var positionTexts: [String] = []

    init(photos: [Photo], screenBounds: Rect, log: ReplayLog) {
        precondition(!photos.isEmpty, "a photo frame needs a photo")
        self.photos = photos
        self.screenBounds = screenBounds
        self.log = log
        super.init()
    }

    override func loadView() {
        let root = PhotoFrameView(frame: screenBounds, controller: self)
        root.backgroundColor = Color(rgb: 0x000000)
        root.clipsToBounds = true
        view = root
    }

    override func viewDidLoad() {
        for i in 0..<photos.count { positionTexts.append(String(i + 1) + " of " + String(photos.count)) }
        pageIndicator.numberOfPages = photos.count

        swipe.direction = [.left, .right]
        pan.maximumNumberOfTouches = 2
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap) // G8: a single tap waits for the double tap to fail
        for recognizer in [pan, pinch, rotation, swipe, doubleTap, singleTap, longPress] as [GestureRecognizer] {
            recognizer.delegate = self
            photoView.addGestureRecognizer(recognizer)
        }
        pan.addTarget(self, action: PhotoFrameViewController.panned)
        pinch.addTarget(self, action: PhotoFrameViewController.pinched)
        rotation.addTarget(self, action: PhotoFrameViewController.rotated)
        swipe.addTarget(self, action: PhotoFrameViewController.swiped)
        doubleTap.addTarget(self, action: PhotoFrameViewController.doubleTapped)
        singleTap.addTarget(self, action: PhotoFrameViewController.singleTapped)
        longPress.addTarget(self, action: PhotoFrameViewController.longPressed)
        pageIndicator.addTarget(self, action: PhotoFrameViewController.pageChanged, for: .valueChanged)

        // The log: one action line for each change the user makes.
        log.logActions(of: pageIndicator) { control in Double((control as? PageIndicator)?.currentPage ?? 0) }
        log.logActions(of: zoomBadge) { control in (control as? ValueBadge)?.value }
        log.logActions(of: angleBadge) { control in (control as? ValueBadge)?.value }
        log.logActions(of: caption) { control in control.isHidden ? 0 : 1 }
        log.logActions(of: info) { control in control.isHidden ? 0 : 1 }

        showPage(0)
    }

    // MARK: Pages

    func pageChanged(_ sender: Control) {
        showPage(pageIndicator.currentPage)
    }

    func showPage(_ page: Int) {
        let photo = photos[page]
        photoView.image = photo.image // fitted, upright, centred
        caption.title = photo.title
        caption.position = positionTexts[page]
        placementChanged()
    }

    // MARK: Gestures

    func swiped(_ recognizer: GestureRecognizer) {
        pageIndicator.turn(by: swipe.recognizedDirection == .left ? 1 : -1)
    }

    func panned(_ recognizer: GestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            photoView.move(by: pan.translation(in: photoView))
            pan.setTranslation(.zero, in: photoView)
        case .ended, .cancelled:
            photoView.settle()
        default:
            break
        }
    }

    func pinched(_ recognizer: GestureRecognizer) {
        switch pinch.state {
        case .began, .changed:
            photoView.scale(by: pinch.scale, about: pinch.location(in: photoView))
            pinch.scale = 1
        case .ended, .cancelled:
            photoView.settle()
            placementChanged()
        default:
            break
        }
    }

    func rotated(_ recognizer: GestureRecognizer) {
        switch rotation.state {
        case .began, .changed:
            photoView.rotate(by: rotation.rotation, about: rotation.location(in: photoView))
            rotation.rotation = 0
        case .ended, .cancelled:
            photoView.settle()
            placementChanged()
        default:
            break
        }
    }

    func doubleTapped(_ recognizer: GestureRecognizer) {
        if photoView.isTransformed {
            photoView.resetPlacement()
        } else {
            photoView.zoom(to: 2, about: doubleTap.location(in: photoView))
        }
        placementChanged()
    }

    func singleTapped(_ recognizer: GestureRecognizer) {
        if info.isShown {
            info.setShown(false)
        } else {
            caption.setShown(!caption.isShown)
        }
    }

    func longPressed(_ recognizer: GestureRecognizer) {
        guard longPress.state == .began else { return }
        info.describe(currentPhoto, zoom: photoView.zoom, angle: photoView.angle)
        info.setShown(true)
    }

    /// After a page turn, a zoom or a turn: the badges (and their log lines) and the info panel follow,
    /// and a photo someone zoomed into, turned or moved holds the screen awake
    /// (UIKit's `isIdleTimerDisabled`); back to fitted, the board's idle policy dims and blanks it again.
    func placementChanged() {
        view.window?.owningApplication?.isIdleTimerDisabled = photoView.isTransformed
        let zoom = (photoView.zoom * 100).rounded() / 100
        zoomBadge.show(zoom, text: Format.percent(zoom), visible: photoView.isZoomedIn)
        let degrees = Format.wholeDegrees(photoView.angle)
        angleBadge.show(Double(degrees), text: Format.degrees(photoView.angle), visible: degrees != 0)
        if info.isShown { info.describe(currentPhoto, zoom: photoView.zoom, angle: photoView.angle) }
    }

    // MARK: GestureRecognizerDelegate

    /// G6: one finger moving is a pan when zoomed in, a swipe when not.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === pan { return photoView.isZoomedIn }
        if gestureRecognizer === swipe { return !photoView.isZoomedIn }
        return true
    }

    /// G5: pinch, rotation and pan work together.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        isManipulation(gestureRecognizer) && isManipulation(other)
    }

    private func isManipulation(_ recognizer: GestureRecognizer) -> Bool {
        recognizer === pan || recognizer === pinch || recognizer === rotation
    }
}

/// The photo frame's root view. The photo fills it (autoresizing); the
/// overlays keep their sizes in points and are placed in `layoutSubviews()`:
/// the caption across the top, the page indicator centred at the bottom (or at
/// the left when the badges would reach it, on a narrow screen), the badges in
/// the bottom right corner and the info panel in the middle. A small screen
/// gets smaller overlays.
final class PhotoFrameView: View {
    /// Unretained: the controller owns this view (its `view`) and outlives it.
    unowned(unsafe) let controller: PhotoFrameViewController

    init(frame: Rect, controller: PhotoFrameViewController) {
        self.controller = controller
        super.init(frame: frame, name: "photoFrame")
        controller.photoView.frame = bounds
        controller.photoView.autoresizingMask = .flexibleSize
        addSubview(controller.photoView)
        addSubview(controller.caption)
        addSubview(controller.pageIndicator)
        addSubview(controller.zoomBadge)
        addSubview(controller.angleBadge)
        addSubview(controller.info)
    }

    override func layoutSubviews() {
        let compact = bounds.height < 360 || bounds.width < 560
        let margin = compact ? 8.0 : 16.0
        let gap = compact ? 8.0 : 12.0
        let barHeight = compact ? 24.0 : 32.0
        let badgeWidth = compact ? 64.0 : 84.0
        controller.caption.frame = Rect(x: 0, y: 0, width: bounds.width, height: compact ? 40 : 56)
        let barY = bounds.height - margin - barHeight
        controller.angleBadge.frame = Rect(
            x: bounds.width - margin - badgeWidth, y: barY, width: badgeWidth, height: barHeight)
        controller.zoomBadge.frame = Rect(
            x: controller.angleBadge.frame.minX - gap - badgeWidth, y: barY,
            width: badgeWidth, height: barHeight)
        let indicatorWidth = compact ? 104.0 : 140.0
        var indicatorX = (bounds.width - indicatorWidth) / 2
        if indicatorX + indicatorWidth + gap > controller.zoomBadge.frame.minX { indicatorX = margin }
        controller.pageIndicator.frame = Rect(x: indicatorX, y: barY, width: indicatorWidth, height: barHeight)
        let infoWidth = min(compact ? 280.0 : 400.0, bounds.width - 2 * margin)
        let infoHeight = min(infoWidth / 2, bounds.height - 2 * margin)
        controller.info.frame = Rect(
            x: ((bounds.width - infoWidth) / 2).rounded(), y: ((bounds.height - infoHeight) / 2).rounded(),
            width: infoWidth, height: infoHeight)
    }
}
