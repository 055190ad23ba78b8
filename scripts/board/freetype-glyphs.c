// Renders glyphs 1-399 of a font at a size with FreeType, the way PanelKit's
// glyph cache does (FT_LOAD_TARGET_NORMAL, grey levels), and prints a hash of
// their coverage: with `freetype`, by FT_Render_Glyph as it is; with
// `panelkit`, by the shim PanelKit renders through, which draws quadratic
// curves as the equal cubic ones (Sources/CFreeType/shim.h).
// scripts/board-test builds it for the host and for an armv7 board's
// sysroot: Debian's armhf libfreetype6 (32-bit `long`) draws Noto's TrueType
// glyphs from about 30 pixels up otherwise than amd64's with `freetype`,
// and alike with `panelkit`.
//
//   freetype-glyphs FONT SIZE_26_6 freetype|panelkit
#include "../../Sources/CFreeType/shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    FT_Library library;
    FT_Face face;
    if (argc != 4 || FT_Init_FreeType(&library) || FT_New_Face(library, argv[1], 0, &face)) {
        fprintf(stderr, "usage: freetype-glyphs FONT SIZE_26_6 freetype|panelkit\n");
        return 2;
    }
    int panelkit = strcmp(argv[3], "panelkit") == 0;
    FT_Set_Char_Size(face, 0, atol(argv[2]), 72, 72);
    static FT_Vector points[1 << 15];
    static char tags[1 << 15];
    static short contours[1 << 15];
    cfreetype_cubic_outline scratch = {points, tags, contours, 0, 0, {0, 0}};
    unsigned long long total = 0;
    for (long glyph = 1; glyph < face->num_glyphs && glyph < 400; glyph++) {
        if (FT_Load_Glyph(face, (FT_UInt)glyph, FT_LOAD_TARGET_NORMAL))
            continue;
        FT_Error error = panelkit ? cfreetype_render_with_cubic_curves(face->glyph, &scratch)
                                  : FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL);
        if (error)
            continue;
        const FT_Bitmap *bitmap = &face->glyph->bitmap;
        for (unsigned y = 0; y < bitmap->rows; y++)
            for (unsigned x = 0; x < bitmap->width; x++)
                total = total * 31 + bitmap->buffer[(long)y * bitmap->pitch + x];
    }
    printf("%016llx\n", total);
    return 0;
}
