#include "CLinux.h"
#include <stdio.h> // rename(2)

// MARK: - The fatal-signal report (see CLinux.h). Async-signal-safe: no stdio,
// no malloc, no locks: a fixed buffer filled by hand and one write(2).

static const uint64_t *volatile report_record;
static const int report_signals[] = { SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE };
#define REPORT_SIGNAL_COUNT (sizeof report_signals / sizeof report_signals[0])
static struct sigaction report_previous[REPORT_SIGNAL_COUNT];
static int report_installed;
// A stack of its own, so a stack overflow's SIGSEGV is still reported.
static char report_stack[32768] __attribute__((aligned(16)));

struct report_line { char text[512]; size_t length; };

static void put(struct report_line *line, const char *text) {
    while (*text && line->length < sizeof line->text - 1) line->text[line->length++] = *text++;
}

static void put_unsigned(struct report_line *line, uint64_t value) {
    char digits[24]; int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value && count < 24);
    while (count > 0 && line->length < sizeof line->text - 1) line->text[line->length++] = digits[--count];
}

static void put_hex(struct report_line *line, uint64_t value) {
    char digits[16]; int count = 0;
    do { digits[count++] = "0123456789abcdef"[value & 15]; value >>= 4; } while (value && count < 16);
    put(line, "0x");
    while (count > 0 && line->length < sizeof line->text - 1) line->text[line->length++] = digits[--count];
}

static const char *signal_description(int signal) {
    switch (signal) {
    case SIGABRT: return "SIGABRT (systemd's watchdog, or an abort)";
    case SIGSEGV: return "SIGSEGV (a bad memory access, or the stack overflowed)";
    case SIGBUS: return "SIGBUS (a bad memory access)";
    case SIGILL: return "SIGILL (a Swift trap: a failed precondition, an overflow, nil unwrapped)";
    case SIGTRAP: return "SIGTRAP (a Swift trap: a failed precondition, an overflow, nil unwrapped)";
    case SIGFPE: return "SIGFPE (an integer division by zero)";
    default: return "a fatal signal";
    }
}

void clinux_write_fatal_signal_report(int fd, int signal) {
    struct report_line line; line.length = 0;
    const uint64_t *record = report_record;
    put(&line, "panel: ");
    put(&line, signal_description(signal));
    if (!record) {
        put(&line, "\n");
        (void)!write(fd, line.text, line.length);
        return;
    }
    uint64_t activity = record[CLINUX_TURN_ACTIVITY];
    uint64_t start_bits = record[CLINUX_TURN_START];
    if (activity == 0 || start_bits == 0) {
        put(&line, ": the main thread was between turns");
    } else {
        double start; memcpy(&start, &start_bits, sizeof start);
        struct timespec now; clock_gettime(CLOCK_MONOTONIC, &now);
        double elapsed = (double)now.tv_sec + (double)now.tv_nsec * 1e-9 - start;
        if (elapsed < 0) elapsed = 0;
        uint64_t tenths = (uint64_t)(elapsed * 10 + 0.5);
        put(&line, ": the main thread's turn has run for ");
        put_unsigned(&line, tenths / 10); put(&line, "."); put_unsigned(&line, tenths % 10);
        put(&line, " s, ");
        uint64_t detail = record[CLINUX_TURN_INPUT_DETAIL];
        switch (activity) {
        case 1: put(&line, "firing timers"); break;
        case 2: case 3: case 4:
            put(&line, "handling input event "); put_unsigned(&line, record[CLINUX_TURN_INPUT_EVENTS]);
            if (activity == 2) {
                if (detail == 0) put(&line, ", the touch frame in which the last finger lifted");
                else { put(&line, ", a touch frame with "); put_unsigned(&line, detail); put(&line, detail == 1 ? " finger down" : " fingers down"); }
            } else if (activity == 3) {
                put(&line, ", key code "); put_unsigned(&line, detail);
            } else if (detail == ((uint64_t)1 << 32)) {
                put(&line, ", the encoder's push");
            } else {
                int64_t detents; memcpy(&detents, &detail, sizeof detents);
                put(&line, ", the encoder turned ");
                if (detents < 0) { put(&line, "-"); put_unsigned(&line, (uint64_t)(-detents)); }
                else put_unsigned(&line, (uint64_t)detents);
                put(&line, detents == 1 || detents == -1 ? " detent" : " detents");
            }
            break;
        case 5: put(&line, "running next-turn work"); break;
        case 6: put(&line, "laying out, drawing or presenting a frame"); break;
        default: put(&line, "doing activity "); put_unsigned(&line, activity); break;
        }
        if (record[CLINUX_TURN_ACTION_EVENTS] != 0) {
            char name[CLINUX_TURN_WORDS * 8];
            memcpy(name, &record[CLINUX_TURN_ACTION_NAME], (CLINUX_TURN_WORDS - CLINUX_TURN_ACTION_NAME) * 8);
            name[(CLINUX_TURN_WORDS - CLINUX_TURN_ACTION_NAME) * 8 - 1] = 0;
            put(&line, ", in the action for control events ");
            put_hex(&line, record[CLINUX_TURN_ACTION_EVENTS]);
            put(&line, " of '"); put(&line, name); put(&line, "'");
        }
    }
    put(&line, "\n");
    (void)!write(fd, line.text, line.length);
}

static const char *signal_name(int signal) {
    switch (signal) {
    case SIGABRT: return "SIGABRT"; case SIGSEGV: return "SIGSEGV"; case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL"; case SIGTRAP: return "SIGTRAP"; case SIGFPE: return "SIGFPE";
    default: return "a fatal signal";
    }
}

/// The last part of `path` (the flight recorder names its files by it).
static const char *flight_file_name(const char *path) {
    const char *name = path;
    for (const char *c = path; *c; c++) if (*c == '/') name = c + 1;
    return name;
}

static void report_handler(int signal) {
    int saved_errno = errno;
    clinux_write_fatal_signal_report(2, signal);
    if (clinux_flight.events && clinux_flight.device_count > 0) {
        // The input that led here, for a replay on the desk.
        long written = clinux_flight_write(signal_name(signal));
        struct report_line line; line.length = 0;
        if (written >= 0) {
            put(&line, "panel: flight recording: "); put_unsigned(&line, (uint64_t)written);
            put(&line, " events written");
            int listed = 0;
            for (uint32_t d = 0; d < clinux_flight.device_count; d++) {
                if (!clinux_flight.devices[d].written) continue;
                put(&line, listed++ ? ", " : " to ");
                put(&line, listed == 1 ? clinux_flight.devices[d].path : flight_file_name(clinux_flight.devices[d].path));
            }
        } else {
            put(&line, "panel: the flight recording could not be written to "); put(&line, clinux_flight.devices[0].path);
            put(&line, " (errno "); put_unsigned(&line, (uint64_t)errno); put(&line, ")");
        }
        put(&line, "\n");
        (void)!write(2, line.text, line.length);
    }
    // The handler that was there before (the default, or Swift's backtracer) takes it from here.
    for (size_t i = 0; i < REPORT_SIGNAL_COUNT; i++)
        if (report_signals[i] == signal) sigaction(signal, &report_previous[i], NULL);
    errno = saved_errno;
    raise(signal); // pending until the handler returns; a fault re-runs its instruction and faults again
}

int clinux_install_fatal_signal_report(const uint64_t *turn_record) {
    report_record = turn_record;
    if (report_installed) return 0;
    stack_t stack; memset(&stack, 0, sizeof stack);
    stack.ss_sp = report_stack; stack.ss_size = sizeof report_stack;
    if (sigaltstack(&stack, NULL) != 0) return -1;
    struct sigaction action; memset(&action, 0, sizeof action);
    action.sa_handler = report_handler;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < REPORT_SIGNAL_COUNT; i++)
        if (sigaction(report_signals[i], &action, &report_previous[i]) != 0) return -1;
    report_installed = 1;
    return 0;
}

void clinux_remove_fatal_signal_report(void) {
    if (report_installed)
        for (size_t i = 0; i < REPORT_SIGNAL_COUNT; i++) sigaction(report_signals[i], &report_previous[i], NULL);
    report_installed = 0;
    report_record = NULL;
}

// MARK: - The flight recorder (see CLinux.h). Its writer is async-signal-safe:
// open, write, fsync, rename and close; numbers formatted by hand.

struct clinux_flight_recorder clinux_flight;

int clinux_flight_configure(uint32_t capacity, double seconds, double launch_time) {
    free(clinux_flight.events);
    clinux_flight.events = NULL;
    for (uint32_t i = 0; i < clinux_flight.device_count; i++) free(clinux_flight.devices[i].header);
    memset(clinux_flight.devices, 0, sizeof clinux_flight.devices);
    clinux_flight.device_count = 0;
    clinux_flight.next = 0;
    clinux_flight.recorded = 0;
    clinux_flight.capacity = capacity;
    clinux_flight.seconds = seconds;
    clinux_flight.launch_time = launch_time;
    if (capacity == 0) return 0;
    clinux_flight.events = calloc(capacity, sizeof *clinux_flight.events);
    return clinux_flight.events ? 0 : -1;
}

int clinux_flight_add_device(const char *header, const char *role, const char *path) {
    if (clinux_flight.device_count == CLINUX_FLIGHT_DEVICES) { errno = ENOSPC; return -1; }
    struct clinux_flight_device *device = &clinux_flight.devices[clinux_flight.device_count];
    size_t path_length = strlen(path), role_length = strlen(role);
    // Room for ".partial" after the path.
    if (path_length >= sizeof device->path - 9 || role_length >= sizeof device->role) { errno = ENAMETOOLONG; return -1; }
    char *copy = strdup(header);
    if (!copy) return -1;
    device->header = copy;
    device->recorded = 0;
    memcpy(device->path, path, path_length + 1);
    memcpy(device->role, role, role_length + 1);
    return (int)clinux_flight.device_count++;
}

struct flight_output { int fd; char buffer[4096]; size_t length; int failed; };

static void flight_flush(struct flight_output *out) {
    size_t done = 0;
    while (done < out->length && !out->failed) {
        ssize_t n = write(out->fd, out->buffer + done, out->length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) out->failed = 1; else done += (size_t)n;
    }
    out->length = 0;
}

static void flight_put(struct flight_output *out, const char *text) {
    while (*text) {
        if (out->length == sizeof out->buffer) flight_flush(out);
        out->buffer[out->length++] = *text++;
    }
}

static void flight_put_number(struct flight_output *out, uint64_t value, int minimum_digits) {
    char digits[24]; int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value && count < 24);
    while (count < minimum_digits && count < 24) digits[count++] = '0';
    char text[25]; int length = 0;
    while (count > 0) text[length++] = digits[--count];
    text[length] = 0;
    flight_put(out, text);
}

static void flight_put_hex4(struct flight_output *out, uint16_t value) {
    char text[5];
    for (int i = 3; i >= 0; i--) { text[i] = "0123456789abcdef"[value & 15]; value >>= 4; }
    text[4] = 0;
    flight_put(out, text);
}

static int flight_is_report(const struct clinux_flight_event *event) { return event->type == 0 && event->code == 0; }

/// Which of one device's events a recording keeps, of the `held` the ring holds from `first`, the
/// `window` oldest of which are older than the last `seconds`.
struct flight_span { uint64_t skip; uint64_t kept; uint64_t lost; };

static struct flight_span flight_span_of(int device, uint32_t first, uint64_t held, uint64_t window) {
    const struct clinux_flight_recorder *flight = &clinux_flight;
    uint64_t in_ring = 0, before = 0; int last_before_is_report = 0;
    for (uint64_t i = 0; i < held; i++) {
        const struct clinux_flight_event *event = &flight->events[(first + i) % flight->capacity];
        if (event->device != device) continue;
        in_ring++;
        if (i < window) { before++; last_before_is_report = flight_is_report(event); }
    }
    uint64_t recorded = flight->devices[device].recorded;
    uint64_t overwritten = recorded > in_ring ? recorded - in_ring : 0;
    // A recording that does not start at the device's first event starts at a frame's first
    // event, after a SYN_REPORT: a replay never reads half a frame.
    uint64_t to_frame = 0;
    if ((overwritten > 0 || before > 0) && !(before > 0 && last_before_is_report)) {
        uint64_t seen = 0;
        for (uint64_t i = window; i < held; i++) {
            const struct clinux_flight_event *event = &flight->events[(first + i) % flight->capacity];
            if (event->device != device) continue;
            seen++;
            if (flight_is_report(event)) { to_frame = seen; break; }
        }
        if (to_frame == 0) to_frame = in_ring - before; // no whole frame: nothing kept
    }
    struct flight_span span;
    span.skip = before + to_frame;
    span.kept = in_ring - span.skip;
    span.lost = overwritten + span.skip;
    return span;
}

/// Writes device `device`'s file (its events: `span`); returns its events, or -1 (errno).
static long flight_write_device(int device, struct flight_span span, const char *reason, uint32_t first, uint64_t held) {
    const struct clinux_flight_recorder *flight = &clinux_flight;
    const struct clinux_flight_device *recorded = &flight->devices[device];
    char partial[sizeof recorded->path];
    size_t length = strlen(recorded->path);
    memcpy(partial, recorded->path, length);
    memcpy(partial + length, ".partial", 9);
    struct flight_output out; out.length = 0; out.failed = 0;
    out.fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out.fd < 0) return -1;

    flight_put(&out, recorded->header);
    flight_put(&out, "# PanelKit flight recording (");
    flight_put(&out, reason);
    flight_put(&out, "): ");
    flight_put_number(&out, span.kept, 1);
    if (span.lost == 0) {
        flight_put(&out, " events, the whole session since launch; E: times count from the launch\n");
    } else {
        flight_put(&out, " events; it starts mid-session, after ");
        flight_put_number(&out, span.lost, 1);
        flight_put(&out, " events that were not kept; E: times count from the launch\n");
    }
    // The devices recorded together, each a file beside this one: a replay of any plays them all.
    flight_put(&out, "# PanelKit flight recording set:");
    int listed = 0;
    for (uint32_t d = 0; d < flight->device_count; d++) {
        if (!flight->devices[d].written) continue;
        flight_put(&out, listed++ ? ", " : " ");
        flight_put(&out, flight->devices[d].role);
        flight_put(&out, " ");
        flight_put(&out, flight_file_name(flight->devices[d].path));
    }
    flight_put(&out, "\n");
    uint64_t seen = 0;
    for (uint64_t i = 0; i < held; i++) {
        struct clinux_flight_event *event = &flight->events[(first + i) % flight->capacity];
        if (event->device != device) continue;
        if (seen++ < span.skip) continue;
        double since = event->time - flight->launch_time;
        if (since < 0) since = 0;
        uint64_t micros = (uint64_t)(since * 1e6 + 0.5);
        flight_put(&out, "E: ");
        flight_put_number(&out, micros / 1000000, 1);
        flight_put(&out, ".");
        flight_put_number(&out, micros % 1000000, 6);
        flight_put(&out, " ");
        flight_put_hex4(&out, event->type);
        flight_put(&out, " ");
        flight_put_hex4(&out, event->code);
        flight_put(&out, " ");
        if (event->value < 0) {
            flight_put(&out, "-");
            flight_put_number(&out, (uint64_t)(-(int64_t)event->value), 4);
        } else {
            flight_put_number(&out, (uint64_t)event->value, 4);
        }
        flight_put(&out, "\n");
    }
    flight_flush(&out);
    int failed = out.failed || fsync(out.fd) != 0;
    close(out.fd);
    if (failed || rename(partial, recorded->path) != 0) { unlink(partial); return -1; }
    return (long)span.kept;
}

long clinux_flight_write(const char *reason) {
    struct clinux_flight_recorder *flight = &clinux_flight;
    if (!flight->events || flight->device_count == 0) { errno = ENODATA; return -1; }
    // The ring's events, oldest first; the `window` oldest are older than `seconds` before the newest.
    uint64_t held = flight->recorded < flight->capacity ? flight->recorded : flight->capacity;
    uint32_t first = flight->recorded < flight->capacity ? 0 : flight->next;
    uint64_t window = 0;
    if (held > 0) {
        uint32_t newest_index = flight->next == 0 ? flight->capacity - 1 : flight->next - 1;
        double newest = flight->events[newest_index].time;
        while (window < held && flight->events[(first + window) % flight->capacity].time < newest - flight->seconds)
            window++;
    }
    // Which devices have events to write: only they get a file, and the set line names only them.
    struct flight_span spans[CLINUX_FLIGHT_DEVICES];
    for (uint32_t d = 0; d < flight->device_count; d++) {
        spans[d] = flight_span_of((int)d, first, held, window);
        flight->devices[d].written = spans[d].kept > 0;
    }
    long written = 0;
    for (uint32_t d = 0; d < flight->device_count; d++) {
        if (!flight->devices[d].written) {
            unlink(flight->devices[d].path); // an older recording's file would not belong to this one
            continue;
        }
        long events = flight_write_device((int)d, spans[d], reason, first, held);
        if (events < 0) return -1;
        written += events;
    }
    return written;
}
