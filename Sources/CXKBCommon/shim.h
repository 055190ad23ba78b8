#ifndef PANELKIT_CXKBCOMMON_SHIM_H
#define PANELKIT_CXKBCOMMON_SHIM_H

// libxkbcommon: keymaps from rules/model/layout/variant/options, and the
// keyboard state that turns key codes into characters.

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <xkbcommon/xkbcommon.h>

// xkbcommon reports an option it does not know only in its log ("Unrecognized
// RMLVO option ... was ignored") and compiles the keymap without it. The log
// callback takes a va_list, which Swift cannot implement, so it lives here:
// it counts errors and keeps the first message in the context's user data.
struct panel_xkb_log {
    int errors;
    char first[256];
};

static inline void panel_xkb_log_fn(struct xkb_context *context, enum xkb_log_level level,
                                    const char *format, va_list args) {
    struct panel_xkb_log *log = (struct panel_xkb_log *)xkb_context_get_user_data(context);
    if (log == NULL || level > XKB_LOG_LEVEL_ERROR) return;
    if (log->errors++ == 0) vsnprintf(log->first, sizeof log->first, format, args);
}

/// Sends `context`'s errors to `log` instead of stderr.
static inline void panel_xkb_capture_log(struct xkb_context *context, struct panel_xkb_log *log) {
    xkb_context_set_user_data(context, log);
    xkb_context_set_log_level(context, XKB_LOG_LEVEL_ERROR);
    xkb_context_set_log_fn(context, panel_xkb_log_fn);
}

#endif
