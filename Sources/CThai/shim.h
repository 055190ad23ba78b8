#ifndef PANELKIT_CTHAI_SHIM_H
#define PANELKIT_CTHAI_SHIM_H

// libthai (Debian's libthai-dev, with libdatrie; its dictionary is
// libthai-data's /usr/share/libthai/thbrk.tri): Thai word segmentation.
// Thai is written without spaces between words, and UAX #14 leaves its
// breaks (class SA) to a dictionary, as Pango asks libthai.
// `th_brk_find_breaks` takes TIS-620 text; it allocates while it searches.

#include <stddef.h>
#include <thai/thbrk.h>

#endif
