// Replaces glibc's allocator entry points with counting forwarders.
//
// Why this works: the test executable defines `malloc` and friends, and the
// dynamic linker resolves every library's `malloc` (libswiftCore, libc itself,
// libpng, ...) to the first definition in the search order, which is the
// executable's. Each forwarder calls glibc's real implementation through its
// exported `__libc_*` aliases, so no `dlsym` is needed (dlsym itself allocates,
// which would recurse before the first allocation could be served).

#include "CAllocationCounter.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// initial-exec: reading the counter must not itself allocate. The general
// dynamic TLS model may call into the dynamic linker, which can call malloc.
static __thread uint64_t allocation_count __attribute__((tls_model("initial-exec")));

#define EXPORTED __attribute__((visibility("default"), used))

static inline void count_one(void) { allocation_count += 1; }

uint64_t panelkit_allocations_on_this_thread(void) { return allocation_count; }

EXPORTED void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

EXPORTED void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

EXPORTED void *realloc(void *pointer, size_t size) {
    if (pointer == NULL || size != 0) {
        count_one();
    }
    return __libc_realloc(pointer, size);
}

EXPORTED void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, bytes);
}

EXPORTED void free(void *pointer) { __libc_free(pointer); }

static int is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

EXPORTED int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) {
        return EINVAL;
    }
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

EXPORTED void *aligned_alloc(size_t alignment, size_t size) {
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    count_one();
    return __libc_memalign(alignment, size);
}

EXPORTED void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

EXPORTED void *valloc(size_t size) {
    count_one();
    return __libc_valloc(size);
}

EXPORTED void *pvalloc(size_t size) {
    count_one();
    return __libc_pvalloc(size);
}
