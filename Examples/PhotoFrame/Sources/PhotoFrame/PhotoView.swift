import PanelKit

/// Shows one photo that fingers move, zoom and turn: the picture is drawn
/// through an affine transform (`GraphicsContext.draw(_:transform:)`), so a
/// turned photo is really turned, not just its bounding box.
///
/// The view keeps the photo's placement, UIKit-style as plain state:
/// `zoom` (1 is the whole photo fitted to the view), `angle` (radians,
/// clockwise) and `offset` (the photo's centre from the view's centre).
/// Zooming and turning happen about an anchor point, the fingers' centroid,
/// so the spot under the fingers stays under them.
final class PhotoView: View {
    static let maximumZoom = 4.0

    var image: Image? {
        didSet { resetPlacement() }
    }
    private(set) var zoom = 1.0
    private(set) var angle = 0.0
    private(set) var offset = Point.zero

    override init(frame: Rect = .zero, name: String = "photo") {
        super.init(frame: frame, name: name)
        isMultipleTouchEnabled = true // pinch and rotation need both fingers (R10)
        backgroundColor = Color(rgb: 0x000000)
    }

    /// Zoomed in past the fitted size: one finger pans the photo instead of turning the page.
    var isZoomedIn: Bool { zoom > 1.001 }

    /// Whether the photo is anything but fitted, upright and centred.
    var isTransformed: Bool { isZoomedIn || angle != 0 || offset != .zero }

    /// The scale that fits the whole photo in the view at zoom 1.
    var fitScale: Double {
        guard let image, image.width > 0, image.height > 0 else { return 1 }
        let size = image.size // points: an @2x photo is as large as its 1x version
        return min(bounds.width / size.width, bounds.height / size.height)
    }

    /// The image's points to the view's coordinates: centred on the origin,
    /// scaled, turned, then moved to the view's centre plus the offset.
    var imageTransform: AffineTransform {
        guard let image else { return .identity }
        let scale = fitScale * zoom
        return AffineTransform(translationX: -image.size.width / 2, y: -image.size.height / 2)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(AffineTransform(rotationAngle: angle))
            .concatenating(AffineTransform(translationX: bounds.midX + offset.x, y: bounds.midY + offset.y))
    }

    // MARK: Changing the placement

    /// Fitted, upright and centred.
    func resetPlacement() {
        zoom = 1
        angle = 0
        offset = .zero
        setNeedsDisplay()
    }

    /// Moves the photo by `translation` (view points), kept on the screen.
    func move(by translation: Point) {
        offset = Point(x: offset.x + translation.x, y: offset.y + translation.y)
        clampOffset()
        setNeedsDisplay()
    }

    /// Multiplies the zoom by `factor` (held within 1...`maximumZoom`) about `anchor` (view points).
    func scale(by factor: Double, about anchor: Point) {
        guard factor > 0, factor.isFinite else { return }
        let newZoom = min(max(zoom * factor, 1), Self.maximumZoom)
        let k = newZoom / zoom
        zoom = newZoom
        // The photo's centre moves away from the anchor by the same factor.
        let centre = photoCentre
        place(centreAt: Point(x: anchor.x + (centre.x - anchor.x) * k, y: anchor.y + (centre.y - anchor.y) * k))
    }

    /// Sets the zoom to `newZoom` about `anchor`.
    func zoom(to newZoom: Double, about anchor: Point) {
        scale(by: newZoom / zoom, about: anchor)
    }

    /// Turns the photo by `radians` (clockwise) about `anchor` (view points).
    func rotate(by radians: Double, about anchor: Point) {
        guard radians.isFinite else { return }
        angle += radians
        let (s, c) = sineCosine(radians)
        let centre = photoCentre
        let vx = centre.x - anchor.x
        let vy = centre.y - anchor.y
        place(centreAt: Point(x: anchor.x + c * vx - s * vy, y: anchor.y + s * vx + c * vy))
    }

    /// After a gesture: a zoom just above 1 snaps back to fitted and centred.
    func settle() {
        if zoom < 1.05 {
            zoom = 1
            offset = .zero
        }
        clampOffset()
        setNeedsDisplay()
    }

    // MARK: Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let image else { return }
        context.draw(image, transform: imageTransform)
    }

    // MARK: Helpers

    private var photoCentre: Point { Point(x: bounds.midX + offset.x, y: bounds.midY + offset.y) }

    private func place(centreAt centre: Point) {
        offset = Point(x: centre.x - bounds.midX, y: centre.y - bounds.midY)
        clampOffset()
        setNeedsDisplay()
    }

    /// The photo may move until its (turned) edge reaches the view's edge, no
    /// farther: no empty margin opens where the photo is larger than the view.
    private func clampOffset() {
        guard let image else { return }
        let scale = fitScale * zoom
        let (s, c) = sineCosine(angle)
        let w = Double(image.width) * scale
        let h = Double(image.height) * scale
        let boxWidth = abs(c) * w + abs(s) * h
        let boxHeight = abs(s) * w + abs(c) * h
        let limitX = max(0, (boxWidth - bounds.width) / 2)
        let limitY = max(0, (boxHeight - bounds.height) / 2)
        offset = Point(x: min(max(offset.x, -limitX), limitX), y: min(max(offset.y, -limitY), limitY))
    }
}
