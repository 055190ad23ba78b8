// Corrections to the Embedded Swift runtime of the toolchain the boards build
// with (Swift 6.3). scripts/build-board compiles this file with
// PANELKIT_EMBEDDED_RUNTIME_FIXES into every board binary: the runtime's own
// definitions are weak, so these replace them at link time. The host build
// (SwiftPM, the full Swift runtime) compiles it to nothing.
#ifdef PANELKIT_EMBEDDED_RUNTIME_FIXES

#include <stdint.h>

#if UINTPTR_MAX == 0xffffffffffffffffu

// swift_bridgeObjectRetain must return its argument: the compiler declares it
// so (LLVM's `returned` attribute), and on aarch64, where the argument and the
// result are both x0, the code after the call keeps using x0 as the value.
// Swift 6.3's Embedded runtime returns the argument with its tag bits masked
// off instead, so a small string's object word 0xE8... came back as 0x88...:
// the string then read as a large one with a huge count, and the next append
// trapped in swift_allocObject (panel-bench on rpi4-7inch, CI45). Fixed in
// the toolchain by swiftlang/swift#91151; delete this file once the boards'
// toolchain has it (scripts/embedded-runtime-check then still passes).
//
// On 32-bit targets the runtime's mask keeps every bit, so it is correct there.

void *swift_retain_n(void *object, uint32_t n);

// The plain object under a bridge object's tag bits (the runtime's
// bridgeObjectToPlainObjectMask); swift_retain_n ignores null and values with
// bit 63 set (immortal, or not an object at all, such as a small string).
static const uintptr_t plainObjectMask = 0x8ffffffffffffff8u;

void *swift_bridgeObjectRetain_n(void *object, uint32_t n) {
    swift_retain_n((void *)((uintptr_t)object & plainObjectMask), n);
    return object;
}

void *swift_bridgeObjectRetain(void *object) {
    return swift_bridgeObjectRetain_n(object, 1);
}

#endif
#endif
