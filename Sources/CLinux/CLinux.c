#include "CLinux.h"

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

static void report_handler(int signal) {
    int saved_errno = errno;
    clinux_write_fatal_signal_report(2, signal);
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
