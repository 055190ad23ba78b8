#ifndef PANELKIT_CSQLITE_SHIM_H
#define PANELKIT_CSQLITE_SHIM_H

// SQLite (Debian's libsqlite3-dev), for PanelSettings. The inline functions
// stand in for macros Swift cannot import.

#include <sqlite3.h>

/// `sqlite3_bind_text` with `SQLITE_TRANSIENT`: SQLite copies the bytes, so
/// the caller's buffer may go away before the statement runs.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
