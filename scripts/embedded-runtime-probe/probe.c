// The Embedded Swift runtime's contract that compiled code relies on, checked
// on a board's architecture (scripts/embedded-runtime-check). The compiler
// declares that swift_bridgeObjectRetain returns its argument, whatever its
// tag bits, and on aarch64 the code after the call uses the result register
// as the value. Prints one line per case; exits 1 if any is broken.
#include <stdint.h>
#include <stdio.h>

void *swift_bridgeObjectRetain(void *object);
void *swift_bridgeObjectRetain_n(void *object, uint32_t n);
void swift_bridgeObjectRelease_n(void *object, uint32_t n);

// An Embedded Swift heap object's header: metadata, then the reference count.
struct HeapObject {
    void *metadata;
    intptr_t refcount;
};

static int broken = 0;

static void check(const char *name, uintptr_t bits, struct HeapObject *object) {
    intptr_t before = object ? object->refcount : 0;
    void *returned = swift_bridgeObjectRetain((void *)bits);
    intptr_t after = object ? object->refcount : 0;
    swift_bridgeObjectRelease_n((void *)bits, 1);
    int ok = (uintptr_t)returned == bits && (!object || (after == before + 1 && object->refcount == before));
    if (!ok) broken++;
    printf("%-22s retain(%#jx) returned %#jx, reference count %jd -> %jd: %s\n", name, (uintmax_t)bits,
           (uintmax_t)(uintptr_t)returned, (intmax_t)before, (intmax_t)after, ok ? "ok" : "BROKEN");
}

int main(void) {
    static struct HeapObject object __attribute__((aligned(16))) = {0, 1};
    uintptr_t plain = (uintptr_t)&object;
    check("native object", plain, &object);
#if UINTPTR_MAX == 0xffffffffffffffffu
    // A small string's object word (0xE8: small, ASCII, 8 bytes), an empty
    // string's, and a native object with a string storage's tag bit (60).
    check("small string", 0xE800000000000000u, 0);
    check("empty string", 0xE000000000000000u, 0);
    check("tagged native object", plain | 0x1000000000000000u, &object);
#endif
    return broken ? 1 : 0;
}
