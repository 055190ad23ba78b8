#ifndef PANELKIT_CHARFBUZZ_SHIM_H
#define PANELKIT_CHARFBUZZ_SHIM_H

// HarfBuzz (Debian's libharfbuzz-dev): OpenType shaping, with its FreeType
// font functions so that shaped advances are the hinted ones FreeType draws.

#include <hb.h>
#include <hb-ft.h>

#endif
