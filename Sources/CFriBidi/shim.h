#ifndef PANELKIT_CFRIBIDI_SHIM_H
#define PANELKIT_CFRIBIDI_SHIM_H

// GNU FriBidi (Debian's libfribidi-dev): the Unicode Bidirectional Algorithm
// (UAX #9), for the embedding level of every character of a paragraph.

#include <fribidi.h>

// The paragraph directions, which fribidi defines as macros Swift cannot import.

/// `FRIBIDI_PAR_ON`: the paragraph takes the direction of its first strong character (UAX #9, P2–P3).
static inline FriBidiParType cfribidi_paragraph_auto(void) { return FRIBIDI_PAR_ON; }
/// `FRIBIDI_PAR_RTL`: a right-to-left paragraph.
static inline FriBidiParType cfribidi_paragraph_rtl(void) { return FRIBIDI_PAR_RTL; }
/// `FRIBIDI_PAR_LTR`: a left-to-right paragraph.
static inline FriBidiParType cfribidi_paragraph_ltr(void) { return FRIBIDI_PAR_LTR; }

#endif
