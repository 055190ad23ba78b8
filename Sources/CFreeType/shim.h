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

#endif
