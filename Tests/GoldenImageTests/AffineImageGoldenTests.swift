import PanelImage
import PanelTesting
import PanelUI
import Testing

// GraphicsContext.draw(_:in:transform:): an image drawn through a rotating
// and scaling transform, bilinearly sampled with anti-aliased edges.

/// A view that draws `image` through `transform` (image pixels to its bounds).
private final class TransformedImageView: View {
    let image: Image
    let imageTransform: AffineTransform

    init(frame: Rect, name: String, image: Image, transform: AffineTransform) {
        self.image = image
        self.imageTransform = transform
        super.init(frame: frame, name: name)
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.draw(image, transform: imageTransform)
    }
}

/// A 40×24 test card: four coloured quadrants, a white 1-pixel frame, a
/// diagonal line, and a clear hole with a half-transparent rim.
func affineTestCard() -> Image {
    let width = 40
    let height = 24
    var pixels: [Color] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
        for x in 0..<width {
            var color: Color
            switch (x < width / 2, y < height / 2) {
            case (true, true): color = Color(rgb: 0xD83A2E)
            case (false, true): color = Color(rgb: 0x2E9E4F)
            case (true, false): color = Color(rgb: 0x2F5FD0)
            case (false, false): color = Color(rgb: 0xF2C12E)
            }
            if x == 0 || y == 0 || x == width - 1 || y == height - 1 { color = .white }
            if x == y + 8 { color = Color(rgb: 0x202020) }
            let dx = x - 29
            let dy = y - 15
            let d2 = dx * dx + dy * dy
            if d2 <= 9 { color = .clear } else if d2 <= 16 { color = color.withAlphaComponent(0.5) }
            pixels.append(color)
        }
    }
    return Image(width: width, height: height, pixels: pixels)
}

@Suite("Golden images: affine image drawing")
struct AffineImageGoldenTests {
    @Test("An image scaled 1.5× and rotated 30° about the view's centre, bilinear, with soft edges and its alpha hole")
    func rotatedAndScaled() {
        let card = affineTestCard()
        let bounds = Rect(x: 0, y: 0, width: 112, height: 72)
        let transform = AffineTransform(translationX: -Double(card.width) / 2, y: -Double(card.height) / 2)
            .concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
            .concatenating(AffineTransform(rotationAngle: Double.pi / 6))
            .concatenating(AffineTransform(translationX: bounds.midX, y: bounds.midY))
        let plate = View(frame: Rect(x: 4, y: 4, width: 112, height: 72), name: "plate")
        plate.backgroundColor = Color(rgb: 0x3A3F4B)
        plate.addSubview(TransformedImageView(frame: bounds, name: "card", image: card, transform: transform))
        let display = drawn(Size(width: 120, height: 80), [plate], text: nil)
        let result = GoldenImage.check(display.framebuffer, named: "image-affine")
        #expect(result.passed, "\(result)")
    }
}
