import Foundation
import PanelImage
import PanelKit
import PanelTesting
import PanelUI
import Testing

// JPEG through libjpeg-turbo, and Image(named:) choosing PNG or JPEG and @2x
// files from an app's resources, with errors that name the file.

@Suite("JPEG files and Image(named:)")
struct JPEGAndNamedImageTests {
    let images = PackagePaths.path("Tests/PanelImageTests/Images")

    func near(_ a: Color, _ b: Color, within tolerance: Int = 12) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance && a.alpha == 255
    }

    @Test("a JPEG decodes to its size and colours (red and blue halves over a cream band), opaque")
    func decodes() throws {
        let image = try JPEG.readImage(path: images + "/door.jpg")
        #expect(image.width == 64 && image.height == 48 && image.scale == 1)
        #expect(near(image[8, 8], Color(rgb: 0xD03020)))
        #expect(near(image[56, 8], Color(rgb: 0x2060D0)))
        #expect(near(image[32, 40], Color(rgb: 0xF0E0C0)))
        #expect(JPEG.libraryVersion >= 62)
    }

    @Test("a file that is not a JPEG, or is missing, is an error naming the file and libjpeg's reason")
    func errors() {
        #expect {
            _ = try JPEG.readImage(path: images + "/bell.png")
        } throws: { error in
            "\(error)".hasPrefix("cannot read JPEG file '\(images)/bell.png': libjpeg: Not a JPEG file")
        }
        #expect {
            _ = try JPEG.readImage(path: images + "/nothing.jpg")
        } throws: { error in
            "\(error)" == "cannot read JPEG file '\(images)/nothing.jpg': No such file or directory"
        }
    }

    @Test("Image(named:) finds door.jpg for \"door\", door@2x.jpg at scale 2, bell.png for \"bell\"")
    func named() throws {
        let door = try Image.load(named: "door", in: images, scale: 1)
        #expect(door.width == 64 && door.scale == 1)
        let sharp = try Image.load(named: "door", in: images, scale: 2)
        #expect(sharp.width == 128 && sharp.scale == 2 && sharp.size == door.size)
        let bell = try Image.load(named: "bell", in: images, scale: 3)
        #expect(bell.width == 16 && bell.scale == 1, "no @3x or @2x: the 1x file")
        let explicit = try Image.load(named: "door.jpg", in: images, scale: 1)
        #expect(explicit.width == 64)
    }

    @Test("a missing name is an error listing the files tried; Image(named:) is then nil")
    func missing() {
        #expect {
            _ = try Image.load(named: "gate", in: images, scale: 1)
        } throws: { error in
            "\(error)"
                == "cannot load image 'gate': no such file (tried \(images)/gate.png, \(images)/gate.jpg, \(images)/gate.jpeg)"
        }
        #expect(Image(named: "gate") == nil, "PanelKit's own package has no Resources folder")
    }
}
