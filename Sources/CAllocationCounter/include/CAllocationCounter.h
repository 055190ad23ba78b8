#ifndef CALLOCATIONCOUNTER_H
#define CALLOCATIONCOUNTER_H

// A malloc interposer for tests and benchmarks. Linking this target into a process replaces
// `malloc`, `calloc`, `realloc`, `reallocarray`, `free`, `posix_memalign`,
// `aligned_alloc`, `memalign`, `valloc` and `pvalloc` for the whole process
// (the Swift runtime, Foundation and every C library included). Each call forwards to glibc's own
// allocator (`__libc_malloc` and friends) and counts one allocation on the
// calling thread. Frees are counted apart, in a balance of live blocks.
//
// Linked into PanelTesting (test binaries) and into PanelBench, so into
// `panel` (`panel bench`) and, through the runtime (PanelKit), into every app, whose
// `--bench` checks that an input frame allocates nothing, on the board too.
// It costs each allocation a forwarding call and a thread-local increment.
//
// Built with AddressSanitizer (`swift test --sanitize=address`), it replaces
// nothing: ASan owns the allocator, and a malloc hook installed in it does the
// same counting (see CAllocationCounter.c).

#include <stdint.h>

/// How many allocations the calling thread has made since it started: every
/// call of `malloc`, `calloc`, `posix_memalign`, `aligned_alloc`, `memalign`,
/// `valloc` and `pvalloc`, and every `realloc` or `reallocarray` that allocates (any call except
/// `realloc(p, 0)`, which frees). Subtract two readings to count a stretch of
/// code. It never decreases.
uint64_t panelkit_allocations_on_this_thread(void);

/// Blocks the calling thread has allocated minus those it has freed, since it
/// started: the difference of two readings is 0 when the code between them
/// freed every block it allocated (a block freed on another thread counts there).
int64_t panelkit_live_block_balance_on_this_thread(void);

/// How the counting is done in this build: "interposer" (the normal build),
/// "asan-hooks" (an AddressSanitizer build, hooks installed) or
/// "asan-hooks-failed" (ASan refused the hooks: nothing is counted, and the
/// allocation tests must fail rather than pass with a count of zero).
const char *panelkit_allocation_counter_kind(void);

/// Bytes the whole process holds from malloc now (all threads): glibc's
/// `mallinfo2` (chunks in use in every arena, plus mmapped chunks), or ASan's
/// allocated-bytes figure under ASan. Unlike the resident set, it leaves out
/// free memory the allocator keeps, so a soak tells a leak from fragmentation.
uint64_t panelkit_heap_bytes_in_use(void);

// Instruction counts under valgrind's callgrind (`scripts/bench-instructions`):
// the bench counts only what it measures. These are callgrind's client
// requests, the magic no-op instruction sequence valgrind.h defines, written
// out for x86_64 and aarch64 (no header needed): natively they cost a few
// instructions and do nothing; elsewhere they do nothing.

/// Non-zero when the process runs under valgrind.
unsigned long panelkit_running_on_valgrind(void);

/// Turns callgrind's collection of events on or off (run with `--collect-atstart=no`).
void panelkit_callgrind_toggle_collect(void);

/// Writes callgrind's counts so far as a dump described by `label`, and zeroes them.
void panelkit_callgrind_dump_stats_at(const char *label);

#endif
