#ifndef CLINUX_H
#define CLINUX_H

// POSIX and Linux headers for Swift code that cannot import Glibc (Embedded
// Swift), with non-variadic wrappers for the variadic calls Swift cannot import.

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/// `open(2)` with an explicit mode: the variadic original does not import.
static inline int clinux_open(const char *path, int flags, mode_t mode) {
    return open(path, flags, mode);
}

/// The calling thread's `errno`, which is a macro in glibc.
static inline int clinux_errno(void) { return errno; }

static inline int clinux_o_rdonly(void) { return O_RDONLY | O_CLOEXEC; }
static inline int clinux_o_wronly_create_truncate(void) { return O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC; }
static inline int clinux_eintr(void) { return EINTR; }

#endif
