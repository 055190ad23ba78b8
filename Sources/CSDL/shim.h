#ifndef PANELKIT_CSDL_SHIM_H
#define PANELKIT_CSDL_SHIM_H

// SDL2 for the desktop simulator's window, plus inline functions for the
// macros Swift cannot import.

// PanelKit's `panel` has its own main; SDL must not rename it.
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>   // not pkg-config: its -D_REENTRANT (a no-op on glibc) makes SwiftPM warn on every build

/// `SDL_WINDOWPOS_CENTERED`.
static inline int csdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
/// `SDL_BUTTON_LEFT`.
static inline uint8_t csdl_button_left(void) { return SDL_BUTTON_LEFT; }
/// Whether SDL_GetMouseState's mask holds the left button (`SDL_BUTTON_LMASK`).
static inline int csdl_left_button_held(uint32_t mask) { return (mask & SDL_BUTTON_LMASK) != 0; }

#endif
