/// A view that shows an ``Image``. Pure display: it takes no touches unless told to (R12).
open class ImageView: View {
    public var image: Image? { didSet { setNeedsDisplay() } }

    public init(frame: Rect = .zero, name: String = "", image: Image? = nil) {
        self.image = image
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(ImageView.self)
    }
}
