#ifndef PANELKIT_CUNIBREAK_SHIM_H
#define PANELKIT_CUNIBREAK_SHIM_H

// libunibreak (Debian's libunibreak-dev): the Unicode Line Breaking
// Algorithm (UAX #14), for where a line may break after each character.
// `set_linebreaks_utf32` fills a table the caller owns and allocates nothing.

#include <stddef.h>
#include <linebreak.h>

#endif
