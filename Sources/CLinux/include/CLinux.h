#ifndef CLINUX_H
#define CLINUX_H

// POSIX and Linux headers for Swift code that cannot import Glibc (Embedded
// Swift), with non-variadic wrappers for the variadic calls Swift cannot import.

#include <errno.h>
#include <stdlib.h>
#include <malloc.h>
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
#include <linux/vt.h>
#include <linux/kd.h>
#include <linux/fb.h>
#include <sys/sysmacros.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <stddef.h>
#include <stdint.h>

/// `open(2)` with an explicit mode: the variadic original does not import.
static inline int clinux_open(const char *path, int flags, mode_t mode) {
    return open(path, flags, mode);
}

/// The calling thread's `errno`, which is a macro in glibc.
static inline int clinux_errno(void) { return errno; }

static inline int clinux_o_rdonly(void) { return O_RDONLY | O_CLOEXEC; }
static inline int clinux_o_wronly_create_truncate(void) { return O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC; }
/// Write-only on a file that must exist (a sysfs attribute such as a backlight's `brightness`).
static inline int clinux_o_wronly(void) { return O_WRONLY | O_CLOEXEC; }
static inline int clinux_eintr(void) { return EINTR; }


// MARK: - PanelLinux: epoll run loop, evdev and DRM helpers

/// CLOCK_MONOTONIC in seconds.
static inline double clinux_monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
/// CLOCK_BOOTTIME in seconds: since the kernel started, suspend included (the clock /proc's start times count on).
static inline double clinux_boottime_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_BOOTTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
/// Clock ticks per second (`sysconf(_SC_CLK_TCK)`), /proc/PID/stat's unit.
static inline long clinux_clock_ticks_per_second(void) { return sysconf(_SC_CLK_TCK); }
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
/// Blocks SIGINT, SIGTERM and the `count` signals in `extra`, and makes the
/// signalfd `fd` report exactly those.
static inline int clinux_signalfd_update(int fd, const int *extra, int count) {
    sigset_t set; sigemptyset(&set);
    sigaddset(&set, SIGINT); sigaddset(&set, SIGTERM);
    for (int i = 0; i < count; i++) if (extra[i] > 0) sigaddset(&set, extra[i]);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(fd, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}
/// Real-time signal SIGRTMIN + `offset` (glibc reserves the first few for itself, so SIGRTMIN is a call).
static inline int clinux_sigrtmin_plus(int offset) { return SIGRTMIN + offset; }
static inline int clinux_sigusr1(void) { return SIGUSR1; }
static inline int clinux_sigusr2(void) { return SIGUSR2; }
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

// MARK: - Virtual terminals (VT_PROCESS switching, KD_GRAPHICS)

/// The number N of the virtual terminal /dev/ttyN that `fd` is open on
/// (character device, major 4, minor 1...63), or 0 when it is not one.
static inline int clinux_vt_number(int fd) {
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) return 0;
    if (major(st.st_rdev) != 4) return 0;
    unsigned int n = minor(st.st_rdev);
    return (n >= 1 && n <= 63) ? (int)n : 0;
}
static inline int clinux_o_rdwr_noctty(void) { return O_RDWR | O_NOCTTY | O_CLOEXEC; }
/// `KDGETMODE`: writes KD_TEXT or KD_GRAPHICS.
static inline int clinux_kd_get_mode(int fd, int *mode) {
    unsigned int value = 0;
    int r = ioctl(fd, KDGETMODE, &value);
    if (r == 0) *mode = (int)value;
    return r;
}
static inline int clinux_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }
static inline int clinux_kd_text(void) { return KD_TEXT; }
static inline int clinux_kd_graphics(void) { return KD_GRAPHICS; }
static inline int clinux_vt_get_mode(int fd, struct vt_mode *mode) { return ioctl(fd, VT_GETMODE, mode); }
static inline int clinux_vt_set_mode(int fd, const struct vt_mode *mode) { return ioctl(fd, VT_SETMODE, mode); }
/// `VT_SETMODE` to VT_PROCESS: the kernel asks before switching away
/// (`release` signal, answered by `VT_RELDISP 1`) and says when the VT is
/// back (`acquire` signal, answered by `VT_RELDISP VT_ACKACQ`).
static inline int clinux_vt_set_process_mode(int fd, int release, int acquire) {
    struct vt_mode mode; memset(&mode, 0, sizeof mode);
    mode.mode = VT_PROCESS;
    mode.relsig = (short)release;
    mode.acqsig = (short)acquire;
    return ioctl(fd, VT_SETMODE, &mode);
}
/// `VT_RELDISP`: 1 allows a switch away, 0 refuses it, VT_ACKACQ acknowledges getting the VT back.
static inline int clinux_vt_reldisp(int fd, int value) { return ioctl(fd, VT_RELDISP, (unsigned long)value); }
static inline int clinux_vt_ackacq(void) { return VT_ACKACQ; }
/// The active VT's number (`VT_GETSTATE`), or -1.
static inline int clinux_vt_active(int fd) {
    struct vt_stat state; memset(&state, 0, sizeof state);
    if (ioctl(fd, VT_GETSTATE, &state) != 0) return -1;
    return (int)state.v_active;
}

// MARK: - fbdev (/dev/fbN): screen info, panning, vsync, blanking

/// `FBIOGET_VSCREENINFO`: the variable screen info (resolution, depth, bitfields, pan offset).
static inline int clinux_fb_get_var(int fd, struct fb_var_screeninfo *var) { return ioctl(fd, FBIOGET_VSCREENINFO, var); }
/// `FBIOPUT_VSCREENINFO`: asks the driver for `var` (it may adjust it; read it back).
static inline int clinux_fb_put_var(int fd, struct fb_var_screeninfo *var) { return ioctl(fd, FBIOPUT_VSCREENINFO, var); }
/// `FBIOGET_FSCREENINFO`: the fixed screen info (line length, memory size, type, visual, pan steps).
static inline int clinux_fb_get_fix(int fd, struct fb_fix_screeninfo *fix) { return ioctl(fd, FBIOGET_FSCREENINFO, fix); }
/// `FBIOPAN_DISPLAY` to (`xoffset`, `yoffset`) of `var`.
static inline int clinux_fb_pan(int fd, struct fb_var_screeninfo *var) { return ioctl(fd, FBIOPAN_DISPLAY, var); }
/// `FBIO_WAITFORVSYNC` on the first CRTC (0, as nearly every program passes): blocks until the next vblank.
static inline int clinux_fb_wait_for_vsync(int fd) { __u32 crtc = 0; return ioctl(fd, FBIO_WAITFORVSYNC, &crtc); }
/// `FBIOBLANK` with a level (FB_BLANK_UNBLANK, FB_BLANK_POWERDOWN); the argument is the value, not a pointer.
static inline int clinux_fb_blank(int fd, int level) { return ioctl(fd, FBIOBLANK, (unsigned long)level); }
static inline int clinux_fb_blank_unblank(void) { return FB_BLANK_UNBLANK; }
static inline int clinux_fb_blank_powerdown(void) { return FB_BLANK_POWERDOWN; }
static inline unsigned int clinux_fb_activate_now(void) { return FB_ACTIVATE_NOW; }
static inline unsigned int clinux_fb_type_packed_pixels(void) { return FB_TYPE_PACKED_PIXELS; }
static inline unsigned int clinux_fb_visual_truecolor(void) { return FB_VISUAL_TRUECOLOR; }
static inline unsigned int clinux_fb_visual_directcolor(void) { return FB_VISUAL_DIRECTCOLOR; }
static inline unsigned int clinux_fb_vmode_ywrap(void) { return FB_VMODE_YWRAP; }
/// The system's page size, for the offset of an unaligned `smem_start` in the mapping.
static inline long clinux_page_size(void) { return sysconf(_SC_PAGESIZE); }

/// glibc's `mmap` with a 64-bit offset on every architecture (on 64-bit ones
/// the same function): <sys/mman.h> declares it only for _LARGEFILE64_SOURCE.
extern void *mmap64(void *addr, size_t length, int prot, int flags, int fd, __off64_t offset);

/// Maps `length` bytes of `fd` at `offset`, shared; NULL when that fails.
/// Through `mmap64`: armv7's `off_t` is 32 bits, and a DRM dumb buffer's
/// offset is a 64-bit cookie (from 2^32 up under a 64-bit kernel, such as a
/// 32-bit Raspberry Pi OS on a Pi 4 runs), which `(off_t)` would cut.
static inline void *clinux_mmap_shared(int fd, size_t length, uint64_t offset) {
    void *p = mmap64(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (__off64_t)offset);
    return p == MAP_FAILED ? NULL : p;
}

/// The name of the next directory entry, or NULL at the end.
static inline const char *clinux_readdir_name(DIR *dir) {
    struct dirent *entry = readdir(dir);
    return entry ? entry->d_name : NULL;
}

// MARK: - systemd: the notify socket, the fatal-signal report

/// A datagram socket for `sd_notify`'s protocol (close-on-exec).
static inline int clinux_notify_socket(void) { return socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0); }

/// Sends `message` to `$NOTIFY_SOCKET`'s `address`: a path, or an abstract
/// name when it starts with '@'. Returns sendto's result (-1 and errno on failure).
static inline long clinux_notify_send(int fd, const char *address, const char *message, size_t length) {
    struct sockaddr_un peer; memset(&peer, 0, sizeof peer);
    peer.sun_family = AF_UNIX;
    size_t n = strlen(address);
    if (n < 2 || n >= sizeof peer.sun_path || (address[0] != '/' && address[0] != '@')) { errno = EINVAL; return -1; }
    memcpy(peer.sun_path, address, n);
    if (address[0] == '@') peer.sun_path[0] = 0;
    return (long)sendto(fd, message, length, MSG_NOSIGNAL, (const struct sockaddr *)&peer,
                        (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n));
}

/// The words of PanelUI's `TurnRecord` (`TurnRecord.Word`), read by the report.
enum {
    CLINUX_TURN_ACTIVITY = 0, CLINUX_TURN_START = 1, CLINUX_TURN_INPUT_EVENTS = 2, CLINUX_TURN_INPUT_DETAIL = 3,
    CLINUX_TURN_ACTION_EVENTS = 4, CLINUX_TURN_ACTION_NAME = 5, CLINUX_TURN_WORDS = 9
};

/// Installs a handler for SIGABRT (systemd's watchdog sends it), SIGSEGV,
/// SIGBUS, SIGILL, SIGTRAP and SIGFPE that writes one line to standard
/// error saying what the main thread's turn was doing and for how long
/// (from `turn_record`, whose turn start is on CLOCK_MONOTONIC), then puts
/// back the handler that was there before and raises the signal again.
/// Async-signal-safe: write(2) and clock_gettime only, on its own stack.
/// `record` must outlive the process's use of it (`clinux_remove_fatal_signal_report`).
int clinux_install_fatal_signal_report(const uint64_t *turn_record);
/// Puts back the handlers that were there before.
void clinux_remove_fatal_signal_report(void);
/// Writes the report for `signal` to `fd` now (for tests; the handler calls it).
void clinux_write_fatal_signal_report(int fd, int signal);

// MARK: - The flight recorder: the last input events, written as evemu traces

/// Devices a recording keeps: the touch screen, keyboards and buttons, the encoder and its push button.
#define CLINUX_FLIGHT_DEVICES 8

/// One input event as a device sent it (16 bytes): `device` is its index
/// (`clinux_flight_add_device`); evdev's types all fit a byte.
struct clinux_flight_event { double time; uint8_t device; uint8_t type; uint16_t code; int32_t value; };

/// One recorded device: its evemu header and the file its events go to.
struct clinux_flight_device {
    char *header;          // the evemu header, comments and all, NUL-terminated
    uint64_t recorded;     // its events recorded since it was added
    int written;           // whether the last recording wrote its file (it had events)
    char role[16];         // what it is to the app ("touch", "keys", "encoder", "encoder-button")
    char path[512];        // where its recording goes
};

/// The ring and what a recording needs, in plain memory: the fatal-signal
/// handler writes it with write(2) alone. Set up once (`clinux_flight_configure`).
struct clinux_flight_recorder {
    struct clinux_flight_event *events;
    uint32_t capacity;     // events the ring holds
    uint32_t next;         // where the next event goes
    uint64_t recorded;     // events recorded since launch (more than capacity: the oldest are gone)
    double launch_time;    // CLOCK_MONOTONIC at launch: E: lines count from it
    double seconds;        // how far back a recording reaches
    uint32_t device_count; // devices added
    struct clinux_flight_device devices[CLINUX_FLIGHT_DEVICES];
};
extern struct clinux_flight_recorder clinux_flight;

/// Allocates the ring for `capacity` events (the only allocation besides the
/// headers; 0 turns the recorder off) and forgets the devices added before.
int clinux_flight_configure(uint32_t capacity, double seconds, double launch_time);
/// Adds a device to record: its evemu header (copied), its role and the path
/// its recording goes to. Returns its index for `clinux_flight_record`, or -1
/// (errno ENOSPC: `CLINUX_FLIGHT_DEVICES` are recorded already; ENAMETOOLONG).
int clinux_flight_add_device(const char *header, const char *role, const char *path);

/// How many devices are recorded.
static inline uint32_t clinux_flight_device_count(void) { return clinux_flight.device_count; }
/// Whether device `index`'s file was written by the last recording.
static inline int clinux_flight_device_written(uint32_t index) { return clinux_flight.devices[index].written; }
/// Where device `index`'s recording goes (`clinux_flight_add_device`'s path).
static inline const char *clinux_flight_device_path(uint32_t index) { return clinux_flight.devices[index].path; }

/// Records one event of device `device`: five stores, no call, no allocation.
static inline void clinux_flight_record(int device, double time, uint16_t type, uint16_t code, int32_t value) {
    if (!clinux_flight.events || device < 0) return;
    struct clinux_flight_event *event = &clinux_flight.events[clinux_flight.next];
    event->time = time; event->device = (uint8_t)device; event->type = (uint8_t)type;
    event->code = code; event->value = value;
    clinux_flight.next = clinux_flight.next + 1 == clinux_flight.capacity ? 0 : clinux_flight.next + 1;
    clinux_flight.recorded++;
    clinux_flight.devices[device].recorded++;
}

/// Writes the recording of each device with events in the last `seconds`
/// (its header, a comment naming `reason` and the set of files written, and
/// its events) to its path.partial, then renames it to its path; the file of
/// a device without events is removed. Async-signal-safe. Returns the
/// events written in all, or -1 (errno; ENODATA: no device was added).
long clinux_flight_write(const char *reason);

#endif
