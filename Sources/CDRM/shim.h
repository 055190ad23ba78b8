#ifndef PANELKIT_CDRM_SHIM_H
#define PANELKIT_CDRM_SHIM_H

// libdrm (KMS modesetting, dumb buffers, page flips), plus inline functions for
// the macros Swift cannot import: fourcc codes and ioctl request numbers.

#include <stdint.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

/// `DRM_FORMAT_XRGB8888` ('XR24'): 32 bits a pixel, x:R:G:B little-endian.
static inline uint32_t cdrm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
/// `DRM_FORMAT_RGB565` ('RG16'): 16 bits a pixel, R:G:B 5:6:5 little-endian.
static inline uint32_t cdrm_format_rgb565(void) { return DRM_FORMAT_RGB565; }

/// `DRM_IOCTL_MODE_CREATE_DUMB`, for `drmIoctl` with a `struct drm_mode_create_dumb`.
static inline unsigned long cdrm_ioctl_mode_create_dumb(void) { return DRM_IOCTL_MODE_CREATE_DUMB; }
/// `DRM_IOCTL_MODE_MAP_DUMB`, for `drmIoctl` with a `struct drm_mode_map_dumb`.
static inline unsigned long cdrm_ioctl_mode_map_dumb(void) { return DRM_IOCTL_MODE_MAP_DUMB; }
/// `DRM_IOCTL_MODE_DESTROY_DUMB`, for `drmIoctl` with a `struct drm_mode_destroy_dumb`.
static inline unsigned long cdrm_ioctl_mode_destroy_dumb(void) { return DRM_IOCTL_MODE_DESTROY_DUMB; }

/// `DRM_MODE_PAGE_FLIP_EVENT`.
static inline uint32_t cdrm_page_flip_event(void) { return DRM_MODE_PAGE_FLIP_EVENT; }
/// `DRM_EVENT_CONTEXT_VERSION` 2: a page-flip handler.
typedef void (*cdrm_flip_handler)(int fd, unsigned int sequence, unsigned int tv_sec, unsigned int tv_usec, void *user_data);
static inline int cdrm_handle_event(int fd, cdrm_flip_handler handler) {
    drmEventContext context;
    memset(&context, 0, sizeof context);
    context.version = 2;
    context.page_flip_handler = handler;
    return drmHandleEvent(fd, &context);
}
/// `DRM_FORMAT_BGRX8888` ('BX24'), for naming what a plane offers.
static inline uint32_t cdrm_format_bgrx8888(void) { return DRM_FORMAT_BGRX8888; }
/// `DRM_CLIENT_CAP_UNIVERSAL_PLANES`: list primary and cursor planes too.
static inline uint64_t cdrm_client_cap_universal_planes(void) { return DRM_CLIENT_CAP_UNIVERSAL_PLANES; }
/// `DRM_PLANE_TYPE_PRIMARY`, the value of a plane's "type" property.
static inline uint64_t cdrm_plane_type_primary(void) { return DRM_PLANE_TYPE_PRIMARY; }
/// `DRM_MODE_OBJECT_PLANE`, for the property calls.
static inline uint32_t cdrm_object_plane(void) { return DRM_MODE_OBJECT_PLANE; }
/// `DRM_MODE_PROP_BITMASK`: a property whose enum entries name bits (rotation).
static inline uint32_t cdrm_prop_bitmask(void) { return DRM_MODE_PROP_BITMASK; }
static inline uint32_t cdrm_connected(void) { return DRM_MODE_CONNECTED; }
static inline uint32_t cdrm_mode_type_preferred(void) { return DRM_MODE_TYPE_PREFERRED; }

#endif
