import CFreeType

/// Renders a loaded glyph's outline into its slot's bitmap the way
/// `FT_Render_Glyph` does, with TrueType's quadratic curves first rewritten
/// as the equal cubic ones (`cfreetype_render_with_cubic_curves`): FreeType
/// rasterizes quadratic curves differently with a 32-bit `long`, and this
/// way an armv7 board draws every font as the desk does, pixel for pixel.
///
/// The scratch arrays for the rewritten outline grow to the largest glyph
/// seen and are kept: rendering a glyph is the cache's cold path, and the
/// next one reuses them.
@usableFromInline
final class OutlineRenderer {
    private var points: UnsafeMutablePointer<FT_Vector>
    private var tags: UnsafeMutablePointer<CChar>
    private var contours: UnsafeMutablePointer<CShort>
    private var pointCapacity = 64
    private var contourCapacity = 8

    init() {
        points = .allocate(capacity: pointCapacity)
        tags = .allocate(capacity: pointCapacity)
        contours = .allocate(capacity: contourCapacity)
    }

    deinit {
        points.deallocate()
        tags.deallocate()
        contours.deallocate()
    }

    /// Renders `slot`'s outline into its bitmap (anti-aliased grey levels);
    /// false when FreeType cannot.
    func render(_ slot: FT_GlyphSlot) -> Bool {
        let neededPoints = Int(cfreetype_cubic_point_capacity(&slot.pointee.outline))
        let neededContours = Int(slot.pointee.outline.n_contours)
        if neededPoints > pointCapacity {
            pointCapacity = neededPoints
            points.deallocate()
            tags.deallocate()
            points = .allocate(capacity: pointCapacity)
            tags = .allocate(capacity: pointCapacity)
        }
        if neededContours > contourCapacity {
            contourCapacity = neededContours
            contours.deallocate()
            contours = .allocate(capacity: contourCapacity)
        }
        var outline = cfreetype_cubic_outline(
            points: points, tags: tags, contours: contours, count: 0, contourCount: 0, last: FT_Vector())
        return cfreetype_render_with_cubic_curves(slot, &outline) == 0
    }
}
