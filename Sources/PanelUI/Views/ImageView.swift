/// How an `ImageView` fits its image into its bounds: UIKit's `UIView.ContentMode`.
public enum ContentMode: Equatable, Sendable {
    /// Stretched to the bounds, ignoring the aspect ratio (the default).
    case scaleToFill
    /// As large as fits inside the bounds with its aspect ratio, centred.
    case scaleAspectFit
    /// Covers the bounds with its aspect ratio, centred; the overflow is clipped.
    case scaleAspectFill
    /// At its own size (`Image.size`, in points), centred.
    case center
}

/// A view that shows an `Image`: UIKit's `UIImageView`. Pure display: it
/// takes no touches unless told to (R12). A template image
/// (`Image.withRenderingMode(.alwaysTemplate)`) is drawn in the view's
/// `tintColor`. An image whose pixels the app changes in place (a camera
/// frame) is shown again after `setNeedsDisplay()`: only this view is redrawn.
open class ImageView: View {
    public var image: Image? {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// `ContentMode.scaleToFill` by default, as in UIKit.
    public final var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }

    public init(frame: Rect = .zero, name: String = "", image: Image? = nil) {
        self.image = image
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(ImageView.self)
    }

    /// The image's `Image.size` in points (its pixels over its scale); none without an image.
    open override var intrinsicContentSize: Size {
        guard let image else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        return image.size
    }

    /// Where the image is drawn, in the view's coordinates; `nil` without an image.
    public var imageRect: Rect? {
        guard let image, image.width > 0, image.height > 0 else { return nil }
        let w = image.size.width
        let h = image.size.height
        let scale: Double
        switch contentMode {
        case .scaleToFill: return bounds
        case .scaleAspectFit: scale = min(bounds.width / w, bounds.height / h)
        case .scaleAspectFill: scale = max(bounds.width / w, bounds.height / h)
        case .center: scale = 1
        }
        let size = Size(width: w * scale, height: h * scale)
        return Rect(
            x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
            width: size.width, height: size.height)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let image, let target = imageRect, !target.isEmpty else { return }
        context.draw(image, in: target, tint: image.isTemplate ? tintColor : nil)
    }

    /// A template image takes the new tint.
    open override func tintColorDidChange() {
        if image?.isTemplate == true { setNeedsDisplay() }
    }
}
