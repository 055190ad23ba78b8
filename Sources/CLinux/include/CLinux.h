#ifndef CLINUX_H
#define CLINUX_H

// POSIX and Linux headers for Swift code that cannot import Glibc (Embedded
// Swift), with non-variadic wrappers for the variadic calls Swift cannot import.

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <time.h>
#include <signal.h>
#include <dirent.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <poll.h>
#include <linux/input.h>

/// `open(2)` with an explicit mode: the variadic original does not import.
static inline int clinux_open(const char *path, int flags, mode_t mode) {
    return open(path, flags, mode);
}

/// The calling thread's `errno`, which is a macro in glibc.
static inline int clinux_errno(void) { return errno; }

static inline int clinux_o_rdonly(void) { return O_RDONLY | O_CLOEXEC; }
static inline int clinux_o_wronly_create_truncate(void) { return O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC; }
static inline int clinux_eintr(void) { return EINTR; }


// MARK: - PanelLinux: epoll run loop, evdev and DRM helpers

/// CLOCK_MONOTONIC in seconds.
static inline double clinux_monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static inline int clinux_o_rdwr_nonblock(void) { return O_RDWR | O_NONBLOCK | O_CLOEXEC; }
static inline int clinux_o_rdonly_nonblock(void) { return O_RDONLY | O_NONBLOCK | O_CLOEXEC; }
static inline int clinux_o_rdonly_directory(void) { return O_RDONLY | O_DIRECTORY | O_CLOEXEC; }
static inline int clinux_eagain(void) { return EAGAIN; }

static inline int clinux_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
/// Adds `fd` for EPOLLIN with `data` as its user data.
static inline int clinux_epoll_add(int epfd, int fd, uint64_t data) {
    struct epoll_event ev; memset(&ev, 0, sizeof ev);
    ev.events = EPOLLIN; ev.data.u64 = data;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
}
static inline int clinux_epoll_remove(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL); }
/// Waits for one ready fd; writes its data and events. Returns epoll_wait's result.
static inline int clinux_epoll_wait_one(int epfd, int timeout_ms, uint64_t *data, uint32_t *events) {
    struct epoll_event ev;
    int n = epoll_wait(epfd, &ev, 1, timeout_ms);
    if (n == 1) { *data = ev.data.u64; *events = ev.events; }
    return n;
}

static inline int clinux_timerfd_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC); }
/// Arms the timerfd at an absolute CLOCK_MONOTONIC time in seconds, or disarms it when `seconds` < 0.
static inline int clinux_timerfd_arm(int fd, double seconds) {
    struct itimerspec spec; memset(&spec, 0, sizeof spec);
    if (seconds >= 0) {
        if (seconds < 1e-9) seconds = 1e-9; /* zero disarms */
        spec.it_value.tv_sec = (time_t)seconds;
        spec.it_value.tv_nsec = (long)((seconds - (double)spec.it_value.tv_sec) * 1e9) + 1000; /* never early */
        if (spec.it_value.tv_nsec >= 1000000000L) { spec.it_value.tv_sec += 1; spec.it_value.tv_nsec -= 1000000000L; }
        if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    }
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

/// Blocks SIGINT and SIGTERM and returns a signalfd for them.
static inline int clinux_signalfd_term(void) {
    sigset_t set; sigemptyset(&set);
    sigaddset(&set, SIGINT); sigaddset(&set, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}
/// Reads one signal from a signalfd: the signal number, 0 when none, -1 on error.
static inline int clinux_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n == (ssize_t)sizeof info) return (int)info.ssi_signo;
    return n < 0 ? -1 : 0;
}
static inline int clinux_sigterm(void) { return SIGTERM; }
static inline int clinux_sigint(void) { return SIGINT; }

static inline int clinux_inotify_create(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }
/// Watches `path` for entries created, deleted or changing attributes; returns the watch or -1.
static inline int clinux_inotify_watch(int fd, const char *path) {
    return inotify_add_watch(fd, path, IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO);
}
static inline int clinux_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

static inline int clinux_eviocgrab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, grab); }
static inline int clinux_eviocsclockid_monotonic(int fd) { int clk = CLOCK_MONOTONIC; return ioctl(fd, EVIOCSCLOCKID, &clk); }

static inline void *clinux_mmap_shared(int fd, size_t length, uint64_t offset) {
    void *p = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
    return p == MAP_FAILED ? NULL : p;
}

/// The name of the next directory entry, or NULL at the end.
static inline const char *clinux_readdir_name(DIR *dir) {
    struct dirent *entry = readdir(dir);
    return entry ? entry->d_name : NULL;
}

#endif
