import PanelText
import PanelUI

/// UIKit's `UIImage.SymbolConfiguration`: the size and weight a symbol is
/// drawn at.
public struct SymbolConfiguration: Equatable, Sendable {
    /// The symbol's square, in points: the size of text it sits beside.
    public var pointSize: Double
    public var weight: Font.Weight

    public init(pointSize: Double = 17, weight: Font.Weight = .regular) {
        self.pointSize = pointSize
        self.weight = weight
    }

    /// Sized and weighted as text in `font`, to sit beside it (UIKit's `init(font:)`).
    public init(font: Font) {
        self.init(pointSize: font.size, weight: font.weight)
    }
}

extension AppResources {
    /// The font folder symbols are drawn from: the running app's
    /// (`assets/fonts`, set when it launches), else Debian's copy of the icon
    /// font (fonts-material-design-icons-iconfont).
    public nonisolated(unsafe) static var fontDirectory: String?
}

extension Image {
    /// UIKit's `UIImage(systemName:)`: the symbol `name` from PanelKit's icon
    /// font, Material Icons (`"phone"`, `"home"`, `"settings"`,
    /// `"thermostat"`, `"add"`, `"delete"`: the names in
    /// /usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss),
    /// a template image that draws in its view's `tintColor`, `pointSize`
    /// points square at the screen's scale. `nil` for a name the font does not
    /// have: `Image.loadSymbol(named:)` says why.
    ///
    ///     let call = BarButtonItem(image: Image(systemName: "phone"), target: self, action: …)
    ///     let icon = Image(systemName: "thermostat", configuration: SymbolConfiguration(font: label.font))
    ///
    /// Each call rasterizes the glyph (about a millisecond): make a symbol once and keep it.
    public convenience init?(
        systemName name: String, configuration: SymbolConfiguration = SymbolConfiguration(),
        scale: Double = AppResources.screenScale
    ) {
        guard let symbol = try? Image.loadSymbol(named: name, configuration: configuration, scale: scale) else {
            return nil
        }
        self.init(
            width: symbol.width, height: symbol.height, pixels: symbol.pixels, scale: symbol.scale,
            renderingMode: .alwaysTemplate)
    }

    /// `Image(systemName:)` that says what went wrong: no icon font, or no symbol of that name.
    public static func loadSymbol(
        named name: String, configuration: SymbolConfiguration = SymbolConfiguration(),
        scale: Double = AppResources.screenScale
    ) throws(ImageFileError) -> Image {
        // A renderer of its own for each call: FreeType is not shared across
        // threads, and symbols are made once, when a screen is built.
        let folder = AppResources.fontDirectory ?? "/usr/share/fonts/truetype/material-design-icons-iconfont"
        do throws(TextError) {
            let renderer = try FreeTypeTextRenderer(fontDirectory: folder)
            return try renderer.symbolImage(
                named: name, pixelSize: configuration.pointSize * scale, weight: configuration.weight, scale: scale)
        } catch {
            throw ImageFileError(path: name, message: error.message)
        }
    }
}
