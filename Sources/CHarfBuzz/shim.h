#ifndef PANELKIT_CHARFBUZZ_SHIM_H
#define PANELKIT_CHARFBUZZ_SHIM_H

// HarfBuzz (Debian's libharfbuzz-dev): OpenType shaping, with its FreeType
// font functions so that shaped advances are the hinted ones FreeType draws,
// and its own (hb-ot) for colour bitmap fonts, whose advances are the design ones.

#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

#endif
