/// A view that shows text. Pure display: it takes no touches unless told to (R12).
/// Text drawing through FreeType arrives with the renderer's text support.
open class Label: View {
    public var text: String { didSet { setNeedsDisplay() } }
    public var textColor: Color = .white { didSet { setNeedsDisplay() } }

    public init(frame: Rect = .zero, name: String = "", text: String = "") {
        self.text = text
        super.init(frame: frame, name: name)
        isUserInteractionEnabled = false
    }

    @usableFromInline override class var usesStandardHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Label.self)
    }
}
