#ifndef PANELKIT_CPNG_SHIM_H
#define PANELKIT_CPNG_SHIM_H

// libpng, for its simplified API (png_image_*), which reports errors in the
// png_image's `message` instead of through setjmp/longjmp. The inline
// functions stand in for macros Swift cannot import.

#include <string.h>
#include <png.h>

/// A zeroed `png_image` with `version` set to `PNG_IMAGE_VERSION`: what every
/// png_image_* call expects to start from.
static inline png_image cpng_image_make(void) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    return image;
}

/// `PNG_FORMAT_RGB`: 3 bytes a pixel, 8 bits a channel, R then G then B.
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
/// `PNG_FORMAT_RGBA`: 4 bytes a pixel, 8 bits a channel, straight alpha last.
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }

/// `PNG_IMAGE_ROW_STRIDE(*image)`: the bytes in one row of `image` in its `format`.
static inline png_uint_32 cpng_image_row_stride(const png_image *image) {
    return PNG_IMAGE_ROW_STRIDE(*image);
}

/// `PNG_IMAGE_SIZE(*image)`: the bytes a buffer needs for `image` in its `format`.
static inline size_t cpng_image_size(const png_image *image) { return PNG_IMAGE_SIZE(*image); }

/// `PNG_IMAGE_FAILED(*image)`: whether libpng reported an error (not just a warning).
static inline int cpng_image_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image) ? 1 : 0; }

/// libpng's last error or warning for `image`, NUL-terminated; empty if none.
static inline const char *cpng_image_message(const png_image *image) { return image->message; }

/// `PNG_LIBPNG_VER_STRING`: the libpng version these headers are from.
static inline const char *cpng_header_version(void) { return PNG_LIBPNG_VER_STRING; }

#endif
