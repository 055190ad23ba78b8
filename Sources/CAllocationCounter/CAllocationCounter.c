// Counts every heap allocation of the calling thread, in one of two ways
// picked at compile time:
//
// - Normal builds replace glibc's allocator entry points with counting
//   forwarders. The executable defines `malloc` and friends, and the dynamic
//   linker resolves every library's `malloc` (libswiftCore, libc itself,
//   libpng, ...) to the first definition in the search order, which is the
//   executable's. Each forwarder calls glibc's real implementation through its
//   exported `__libc_*` aliases, so no `dlsym` is needed (dlsym itself
//   allocates, which would recurse before the first allocation could be served).
//
// - AddressSanitizer builds (`swift test --sanitize=address`, which compiles
//   this file with -fsanitize=address) define no allocator functions at all:
//   ASan's runtime owns `malloc` there, and replacing it would both hide heap
//   errors from ASan and run our code from inside ASan's start-up interception
//   (dlsym -> _dl_exception_create_format -> malloc), before this thread's
//   state exists: the test binary died with SIGSEGV before any test ran.
//   Instead a constructor installs a malloc hook in ASan's allocator
//   (`__sanitizer_install_malloc_and_free_hooks`), which ASan calls on the
//   allocating thread after every allocation it makes for the program. The
//   count is the same: one per malloc, calloc, posix_memalign, aligned_alloc,
//   memalign, valloc, pvalloc, operator new, and per realloc that allocates
//   (ASan's realloc always moves; `realloc(p, 0)` frees and is not counted).

#include "CAllocationCounter.h"

#include <errno.h>
#include <stddef.h>

#if defined(__SANITIZE_ADDRESS__)
#define PANELKIT_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PANELKIT_UNDER_ASAN 1
#endif
#endif

// initial-exec: reading the counter must not itself allocate. The general
// dynamic TLS model may call into the dynamic linker, which can call malloc.
static __thread uint64_t allocation_count __attribute__((tls_model("initial-exec")));

// Blocks allocated minus blocks freed on this thread: 0 over a stretch of code
// that frees everything it allocates.
static __thread int64_t live_block_balance __attribute__((tls_model("initial-exec")));

static inline void count_one(void) { allocation_count += 1; }

uint64_t panelkit_allocations_on_this_thread(void) { return allocation_count; }

int64_t panelkit_live_block_balance_on_this_thread(void) { return live_block_balance; }

#if defined(PANELKIT_UNDER_ASAN)

#if defined(__has_include) && __has_include(<sanitizer/allocator_interface.h>)
#include <sanitizer/allocator_interface.h>
#else
// The sanitizer runtime's interface, for compilers that ship no header for it.
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

static int hooks_installed;

// ASan calls these for every block it hands out and takes back, a realloc's
// new and old blocks included, so the balance needs no special case here.
static void count_asan_allocation(const volatile void *pointer, size_t size) {
    (void)pointer;
    (void)size;
    count_one();
    live_block_balance += 1;
}

static void count_asan_free(const volatile void *pointer) {
    (void)pointer;
    live_block_balance -= 1;
}

// Runs before main (and before Swift code), after ASan's own initialization,
// which happens in .preinit_array.
__attribute__((constructor)) static void install_asan_hooks(void) {
    hooks_installed = __sanitizer_install_malloc_and_free_hooks(count_asan_allocation, count_asan_free) != 0;
}

const char *panelkit_allocation_counter_kind(void) {
    return hooks_installed ? "asan-hooks" : "asan-hooks-failed";
}

uint64_t panelkit_heap_bytes_in_use(void) { return __sanitizer_get_current_allocated_bytes(); }

#else

#include <malloc.h>

const char *panelkit_allocation_counter_kind(void) { return "interposer"; }

uint64_t panelkit_heap_bytes_in_use(void) {
    // Every arena's chunks in use, and the chunks malloc got with mmap.
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

#define EXPORTED __attribute__((visibility("default"), used))

// A block handed out: counted, and one more live block (when there is one).
static inline void *counted_block(void *pointer) {
    if (pointer != NULL) {
        live_block_balance += 1;
    }
    return pointer;
}

EXPORTED void *malloc(size_t size) {
    count_one();
    return counted_block(__libc_malloc(size));
}

EXPORTED void *calloc(size_t count, size_t size) {
    count_one();
    return counted_block(__libc_calloc(count, size));
}

EXPORTED void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) {
        count_one();
        return counted_block(__libc_realloc(pointer, size));
    }
    if (size == 0) {   // glibc frees the block
        live_block_balance -= 1;
        return __libc_realloc(pointer, size);
    }
    count_one();   // resized or moved: still one live block
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

EXPORTED void free(void *pointer) {
    if (pointer != NULL) {
        live_block_balance -= 1;
    }
    __libc_free(pointer);
}

static int is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

EXPORTED int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) {
        return EINVAL;
    }
    count_one();
    void *pointer = counted_block(__libc_memalign(alignment, size));
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
    return counted_block(__libc_memalign(alignment, size));
}

EXPORTED void *memalign(size_t alignment, size_t size) {
    count_one();
    return counted_block(__libc_memalign(alignment, size));
}

EXPORTED void *valloc(size_t size) {
    count_one();
    return counted_block(__libc_valloc(size));
}

EXPORTED void *pvalloc(size_t size) {
    count_one();
    return counted_block(__libc_pvalloc(size));
}

#endif

// MARK: callgrind's client requests (valgrind.h's VALGRIND_DO_CLIENT_REQUEST_EXPR)

// Request codes: valgrind's core asks RUNNING_ON_VALGRIND with 0x1001; callgrind's
// own start at VG_USERREQ_TOOL_BASE('C','T'): dump, zero, toggle collect, dump at.
enum {
    panelkit_request_running_on_valgrind = 0x1001,
    panelkit_request_callgrind_base = ((unsigned int)'C' << 24) | ((unsigned int)'T' << 16),
    panelkit_request_toggle_collect = panelkit_request_callgrind_base + 2,
    panelkit_request_dump_stats_at = panelkit_request_callgrind_base + 3,
};

static unsigned long client_request(unsigned long request, unsigned long argument) {
    volatile unsigned long arguments[6] = {request, argument, 0, 0, 0, 0};
    unsigned long result = 0; // what a process not under valgrind gets
#if defined(__x86_64__)
    __asm__ volatile("rolq $3,  %%rdi ; rolq $13, %%rdi\n\t"
                     "rolq $61, %%rdi ; rolq $51, %%rdi\n\t"
                     "xchgq %%rbx,%%rbx"
                     : "=d"(result)
                     : "a"(&arguments[0]), "0"(result)
                     : "cc", "memory");
#elif defined(__aarch64__)
    __asm__ volatile("mov x3, %1\n\t"
                     "mov x4, %2\n\t"
                     "ror x12, x12, #3  ;  ror x12, x12, #13 \n\t"
                     "ror x12, x12, #51 ;  ror x12, x12, #61 \n\t"
                     "orr x10, x10, x10\n\t"
                     "mov %0, x3"
                     : "=r"(result)
                     : "r"(result), "r"(&arguments[0])
                     : "cc", "memory", "x3", "x4");
#else
    (void)arguments;
#endif
    return result;
}

unsigned long panelkit_running_on_valgrind(void) {
    return client_request(panelkit_request_running_on_valgrind, 0);
}

void panelkit_callgrind_toggle_collect(void) { (void)client_request(panelkit_request_toggle_collect, 0); }

void panelkit_callgrind_dump_stats_at(const char *label) {
    (void)client_request(panelkit_request_dump_stats_at, (unsigned long)label);
}
