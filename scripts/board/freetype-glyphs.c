// Renders glyphs 1-399 of a font at a size with FreeType alone, the way
// PanelKit's glyph cache does (FT_LOAD_TARGET_NORMAL, FT_RENDER_MODE_NORMAL),
// and prints a hash of their coverage. scripts/board-test builds it for the
// host and for an armv7 board's sysroot: when the hashes differ, FreeType
// itself (Debian's libfreetype6 for armhf, with 32-bit `long`) draws that font
// at that size differently from the host, below any PanelKit code.
//
//   freetype-glyphs FONT SIZE_26_6
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    FT_Library library;
    FT_Face face;
    if (argc != 3 || FT_Init_FreeType(&library) || FT_New_Face(library, argv[1], 0, &face)) {
        fprintf(stderr, "usage: freetype-glyphs FONT SIZE_26_6\n");
        return 2;
    }
    FT_Set_Char_Size(face, 0, atol(argv[2]), 72, 72);
    unsigned long long total = 0;
    for (long glyph = 1; glyph < face->num_glyphs && glyph < 400; glyph++) {
        if (FT_Load_Glyph(face, (FT_UInt)glyph, FT_LOAD_TARGET_NORMAL) ||
            FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL))
            continue;
        const FT_Bitmap *bitmap = &face->glyph->bitmap;
        for (unsigned y = 0; y < bitmap->rows; y++)
            for (unsigned x = 0; x < bitmap->width; x++)
                total = total * 31 + bitmap->buffer[(long)y * bitmap->pitch + x];
    }
    printf("%016llx\n", total);
    return 0;
}
