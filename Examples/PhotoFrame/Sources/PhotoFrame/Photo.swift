import PanelImage
import PanelKit

/// One page of the album: a PNG file, the title its caption shows, and its pixels.
struct Photo {
    let file: String
    let title: String
    let image: Image
    /// "640 × 400 pixels", made once: longer than 15 bytes, it would allocate each time.
    let sizeText: String

    init(file: String, title: String, image: Image) {
        self.file = file
        self.title = title
        self.image = image
        sizeText = String(image.width) + " × " + String(image.height) + " pixels"
    }

    /// The album: the files in `Resources/photos`, in page order, with their captions.
    static let album: [(file: String, title: String)] = [
        ("sunset.png", "Sunset over the hills"),
        ("tiles.png", "Tiles and dots"),
        ("lagoon.png", "The lagoon at dawn")
    ]

    /// Reads every photo of `album` from `folder`.
    static func loadAlbum(from folder: String) throws(LaunchError) -> [Photo] {
        var photos: [Photo] = []
        for entry in album {
            do throws(PNGError) {
                let image = try PNG.readImage(path: folder + "/" + entry.file)
                photos.append(Photo(file: entry.file, title: entry.title, image: image))
            } catch {
                throw LaunchError(
                    error.description + " (the photos are looked for in " + folder
                        + "; --photos DIR names another folder)")
            }
        }
        return photos
    }
}

/// Numbers as the overlays show them, without Foundation.
enum Format {
    /// `zoom` as a whole percentage: "150 %".
    static func percent(_ zoom: Double) -> String {
        String(Int((zoom * 100).rounded())) + " %"
    }

    /// `radians` as whole degrees in -179...180: "30°".
    static func degrees(_ radians: Double) -> String {
        String(wholeDegrees(radians)) + "°"
    }

    /// `radians` in whole degrees, in -179...180.
    static func wholeDegrees(_ radians: Double) -> Int {
        var degrees = Int((radians * 180 / Double.pi).rounded()) % 360
        if degrees > 180 { degrees -= 360 }
        if degrees <= -180 { degrees += 360 }
        return degrees
    }
}
