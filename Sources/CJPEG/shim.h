#ifndef PANELKIT_CJPEG_SHIM_H
#define PANELKIT_CJPEG_SHIM_H

// libjpeg-turbo, decoded whole in C: libjpeg reports errors by calling
// `error_exit`, which by default exits the process; here it longjmps back
// into the function that called libjpeg, which Swift cannot do, and the
// message is returned. The file is opened twice (size, then pixels) so that
// Swift allocates the buffer.

#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

struct cjpeg_error_manager {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void cjpeg_error_exit(j_common_ptr info) {
    struct cjpeg_error_manager *errors = (struct cjpeg_error_manager *)info->err;
    longjmp(errors->jump, 1);
}

/// Warnings (a corrupt stream libjpeg can still decode) are not printed.
static void cjpeg_output_message(j_common_ptr info) { (void)info; }

/// Decodes the JPEG at `path`. With `rgba` NULL it only reads the header:
/// `*width` and `*height` are set. Otherwise it writes `*width * *height`
/// pixels of 4 bytes (R, G, B, 255) into `rgba`, which holds `capacity`
/// bytes, for the size a first call gave. Returns 0 on success; else 1
/// (libjpeg's reason) or 2 (the file could not be opened: the system's) and
/// a NUL-terminated reason in `message` (at least JMSG_LENGTH_MAX bytes).
static inline int cjpeg_decode(const char *path, unsigned char *rgba, size_t capacity, int *width, int *height,
                               char *message) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(message, JMSG_LENGTH_MAX, "%s", strerror(errno));
        return 2;
    }
    struct jpeg_decompress_struct info;
    struct cjpeg_error_manager errors;
    unsigned char *volatile row = NULL;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = cjpeg_error_exit;
    errors.manager.output_message = cjpeg_output_message;
    if (setjmp(errors.jump)) {
        (*info.err->format_message)((j_common_ptr)&info, message);
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(row);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    if (rgba == NULL) {
        *width = (int)info.image_width;
        *height = (int)info.image_height;
        jpeg_destroy_decompress(&info);
        fclose(file);
        return 0;
    }
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    int w = (int)info.output_width;
    int h = (int)info.output_height;
    if (w != *width || h != *height || (size_t)w * (size_t)h * 4 > capacity || info.output_components != 3) {
        snprintf(message, JMSG_LENGTH_MAX, "the image changed size between two reads");
        jpeg_destroy_decompress(&info);
        fclose(file);
        return 1;
    }
    row = (unsigned char *)malloc((size_t)w * 3);
    if (row == NULL) {
        snprintf(message, JMSG_LENGTH_MAX, "out of memory");
        jpeg_destroy_decompress(&info);
        fclose(file);
        return 1;
    }
    while (info.output_scanline < info.output_height) {
        unsigned char *rows[1] = {row};
        int y = (int)info.output_scanline;
        jpeg_read_scanlines(&info, rows, 1);
        unsigned char *out = rgba + (size_t)y * (size_t)w * 4;
        for (int x = 0; x < w; x++) {
            out[x * 4] = row[x * 3];
            out[x * 4 + 1] = row[x * 3 + 1];
            out[x * 4 + 2] = row[x * 3 + 2];
            out[x * 4 + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    free(row);
    return 0;
}

/// JMSG_LENGTH_MAX: the room `cjpeg_decode`'s message needs.
static inline int cjpeg_message_capacity(void) { return JMSG_LENGTH_MAX; }

/// The libjpeg API version these headers are from (62 for libjpeg-turbo's libjpeg62 ABI).
static inline int cjpeg_library_version(void) { return JPEG_LIB_VERSION; }

#endif
