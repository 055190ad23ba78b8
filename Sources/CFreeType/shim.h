#ifndef PANELKIT_CFREETYPE_SHIM_H
#define PANELKIT_CFREETYPE_SHIM_H

// FreeType, plus inline functions for the function-like macros Swift cannot
// import.

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/// `FT_LOAD_TARGET_NORMAL`: hinting for anti-aliased grey-level rendering.
static inline FT_Int32 cfreetype_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }
/// `FT_LOAD_TARGET_LIGHT`: lighter hinting, vertical only; keeps glyph shapes.
static inline FT_Int32 cfreetype_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
/// `FT_LOAD_TARGET_MONO`: hinting for 1-bit monochrome rendering.
static inline FT_Int32 cfreetype_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }

/// `FT_IS_SCALABLE(face)`: whether the face is an outline font.
static inline int cfreetype_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
/// `FT_HAS_COLOR(face) && FT_HAS_FIXED_SIZES(face)`: a colour bitmap font
/// (CBDT, as Noto Color Emoji, or sbix): its glyphs are BGRA images in
/// strikes of fixed pixel sizes.
static inline int cfreetype_is_color_bitmap(FT_Face face) {
    return FT_HAS_COLOR(face) && FT_HAS_FIXED_SIZES(face) ? 1 : 0;
}
/// `FT_LOAD_COLOR`: load a colour glyph's BGRA bitmap (premultiplied alpha).
static inline FT_Int32 cfreetype_load_color(void) { return FT_LOAD_COLOR; }

// MARK: Quadratic curves drawn as cubic ones

// FreeType's smooth rasterizer (Debian 12's 2.12) draws a quadratic curve
// (TrueType's) with arithmetic whose result depends on the width of C `long`:
// on armv7 (32 bits) glyphs of Noto's TrueType fonts from about 30 pixels up
// come out a level apart from amd64's, even unhinted. Its cubic path (CFF
// fonts such as Inter) draws the same on both. So a quadratic curve is
// rewritten as the cubic curve equal to it (control points 2/3 of the way
// to the quadratic's, rounded to 1/64 pixel) before rasterizing: every
// architecture then draws every font alike. scripts/board/freetype-glyphs.c
// shows both facts on the board-test's armv7 sysroot.

/// Where the rewritten outline goes: `points`/`tags` hold at least
/// `cfreetype_cubic_point_capacity(outline)` entries, `contours` at least
/// `outline->n_contours`.
typedef struct {
    FT_Vector *points;
    char *tags;
    short *contours;
    int count;
    int contourCount;
    FT_Vector last;
} cfreetype_cubic_outline;

/// Points the cubic rewrite of `outline` can take: every segment of a
/// contour becomes at most three points, plus its start.
static inline int cfreetype_cubic_point_capacity(const FT_Outline *outline) {
    return 3 * outline->n_points + outline->n_contours;
}

/// Whether `outline` has a quadratic (TrueType "conic") control point.
static inline int cfreetype_has_quadratic_curves(const FT_Outline *outline) {
    for (int i = 0; i < outline->n_points; i++)
        if (FT_CURVE_TAG(outline->tags[i]) == FT_CURVE_TAG_CONIC) return 1;
    return 0;
}

static inline void cfreetype_cubic_add(cfreetype_cubic_outline *out, FT_Vector point, char tag) {
    out->points[out->count] = point;
    out->tags[out->count] = tag;
    out->count++;
}

/// `from + 2/3 (control - from)`, rounded to the nearest 1/64 alike for
/// both signs, in integers: the same on every architecture.
static inline FT_Pos cfreetype_two_thirds(FT_Pos from, FT_Pos control) {
    FT_Pos twice = 2 * (control - from);
    return from + (twice >= 0 ? (twice + 1) / 3 : -((-twice + 1) / 3));
}

static inline int cfreetype_cubic_move(const FT_Vector *to, void *user) {
    cfreetype_cubic_outline *out = (cfreetype_cubic_outline *)user;
    if (out->count > 0) out->contours[out->contourCount++] = (short)(out->count - 1);
    cfreetype_cubic_add(out, *to, FT_CURVE_TAG_ON);
    out->last = *to;
    return 0;
}

static inline int cfreetype_cubic_line(const FT_Vector *to, void *user) {
    cfreetype_cubic_outline *out = (cfreetype_cubic_outline *)user;
    cfreetype_cubic_add(out, *to, FT_CURVE_TAG_ON);
    out->last = *to;
    return 0;
}

static inline int cfreetype_cubic_conic(const FT_Vector *control, const FT_Vector *to, void *user) {
    cfreetype_cubic_outline *out = (cfreetype_cubic_outline *)user;
    FT_Vector first = {cfreetype_two_thirds(out->last.x, control->x), cfreetype_two_thirds(out->last.y, control->y)};
    FT_Vector second = {cfreetype_two_thirds(to->x, control->x), cfreetype_two_thirds(to->y, control->y)};
    cfreetype_cubic_add(out, first, FT_CURVE_TAG_CUBIC);
    cfreetype_cubic_add(out, second, FT_CURVE_TAG_CUBIC);
    cfreetype_cubic_add(out, *to, FT_CURVE_TAG_ON);
    out->last = *to;
    return 0;
}

static inline int cfreetype_cubic_cubic(const FT_Vector *first, const FT_Vector *second, const FT_Vector *to, void *user) {
    cfreetype_cubic_outline *out = (cfreetype_cubic_outline *)user;
    cfreetype_cubic_add(out, *first, FT_CURVE_TAG_CUBIC);
    cfreetype_cubic_add(out, *second, FT_CURVE_TAG_CUBIC);
    cfreetype_cubic_add(out, *to, FT_CURVE_TAG_ON);
    out->last = *to;
    return 0;
}

/// `FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)` with the slot's outline's
/// quadratic curves drawn as cubic ones (see above), into the slot's bitmap
/// as FreeType's own renderer does (same bitmap box, bearing and coverage
/// rules). `out`'s arrays must hold the capacities above. The slot's
/// outline is FreeType's again afterwards.
static inline FT_Error cfreetype_render_with_cubic_curves(FT_GlyphSlot slot, cfreetype_cubic_outline *out) {
    // (An outline too big for `short` counts once rewritten is drawn as it is.)
    if (slot->format != FT_GLYPH_FORMAT_OUTLINE || cfreetype_cubic_point_capacity(&slot->outline) > 32767
        || !cfreetype_has_quadratic_curves(&slot->outline))
        return FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
    FT_Outline_Funcs funcs = {cfreetype_cubic_move, cfreetype_cubic_line, cfreetype_cubic_conic, cfreetype_cubic_cubic, 0, 0};
    out->count = 0;
    out->contourCount = 0;
    FT_Error error = FT_Outline_Decompose(&slot->outline, &funcs, out);
    if (error) return error;
    if (out->count > 0) out->contours[out->contourCount++] = (short)(out->count - 1);
    FT_Outline original = slot->outline;
    slot->outline.points = out->points;
    slot->outline.tags = out->tags;
    slot->outline.contours = out->contours;
    slot->outline.n_points = (short)out->count;
    slot->outline.n_contours = (short)out->contourCount;
    error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
    slot->outline = original;
    return error;
}

#endif
