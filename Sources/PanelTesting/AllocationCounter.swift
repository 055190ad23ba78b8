import CAllocationCounter
import PanelUI

/// Counts heap allocations, for tests that hold the hot path to zero.
///
/// The count comes from a real allocator interposer (the `CAllocationCounter`
/// C target replaces `malloc`, `calloc`, `realloc`, `posix_memalign`,
/// `aligned_alloc`, `memalign` and friends for the whole test process), so it
/// sees every allocation made on the calling thread by anyone: PanelKit, the
/// Swift runtime (class instances, array and string storage, boxed
/// existentials, escaping closure contexts), Foundation and C libraries.
/// Allocations made on other threads are not counted, so Swift Testing's
/// parallel tests do not disturb each other.
///
/// Frees are not counted: a body that allocates and frees one buffer counts 1.
/// `unfreedBlocks(_:)` counts them against allocations, to find leaks.
///
/// Under AddressSanitizer (`swift test --sanitize=address`, `scripts/asan-test`)
/// nothing is interposed, since ASan owns `malloc`; a hook in ASan's allocator
/// counts the same calls instead (`mechanism` says which is in use), so the
/// allocation tests run, and can fail, in both builds.
///
/// Warm up before measuring: the first run of a code path may allocate where
/// later runs do not, because the Swift runtime instantiates generic type
/// metadata and protocol conformances lazily (a plain `for` loop over an
/// `UnsafeMutableBufferPointer<Int>` makes 3 allocations the first time in a
/// debug build, 0 after), as do lazy globals and caches. `count(warmUpRuns:_:)`
/// does that for you.
///
/// ```swift
/// let allocations = AllocationCounter.count(warmUpRuns: 1) { tracker.process(frame) }
/// #expect(allocations == 0)
/// ```
public enum AllocationCounter {
    /// Allocations made on the calling thread since it started. Only the
    /// difference between two readings means anything.
    public static var allocationsOnThisThread: UInt64 {
        panelkit_allocations_on_this_thread()
    }

    /// How this build counts: `"interposer"` (the normal build), `"asan-hooks"`
    /// (AddressSanitizer's allocator hooks) or `"asan-hooks-failed"` (ASan
    /// refused the hooks, so nothing is counted and the counting tests fail).
    public static var mechanism: String {
        String(cString: panelkit_allocation_counter_kind())
    }

    /// Whether this build is optimised (`swift test -c release`; a board's
    /// build always is), so that the counts are what a board's code makes. A
    /// debug build (`swift test`, -Onone) counts more for some app code:
    /// `for x in array` allocates once per element there and not at all
    /// optimised, `contains(where:)` 6 times a call (docs/memory.md,
    /// "Everyday patterns that allocate"). PanelKit's own paths allocate
    /// nothing per frame in both.
    public static var isOptimizedBuild: Bool { !_isDebugAssertConfiguration() }

    /// Which build counted, and what a count above 0 means in it: a comment
    /// for an allocation check, `#expect(count == 0, Comment(rawValue: AllocationCounter.buildNote))`.
    public static var buildNote: String {
        isOptimizedBuild
            ? "counted in an optimised build (-O), as a board runs it"
            : "counted in a debug build (-Onone), where some code allocates that an optimised build does not "
                + "(for x in array: once per element; contains(where:); docs/memory.md, \"Everyday patterns that "
                + "allocate\"): `swift test -c release` counts what a board runs"
    }

    /// The number of allocations made on the calling thread while `body` ran.
    ///
    /// `body` runs synchronously on the calling thread, so the whole of it is
    /// counted; work it hands to other threads is not.
    @inline(never)
    public static func count(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = panelkit_allocations_on_this_thread()
        try body()
        return panelkit_allocations_on_this_thread() &- before
    }

    /// Blocks `body` allocated on the calling thread and did not free: 0 when
    /// it frees everything it allocates, as code must on its error paths (a C
    /// library's handle released on every way out). Warm up first, as for
    /// `count(_:)`: the runtime's lazily made metadata is never freed.
    @inline(never)
    public static func unfreedBlocks(_ body: () throws -> Void) rethrows -> Int64 {
        let before = panelkit_live_block_balance_on_this_thread()
        try body()
        return panelkit_live_block_balance_on_this_thread() &- before
    }

    /// Runs `body` `warmUpRuns` times without counting, then once more, and
    /// returns the allocations of that last run: what a steady-state hot path
    /// costs once the runtime's one-time work is done.
    public static func count(warmUpRuns: Int, _ body: () throws -> Void) rethrows -> UInt64 {
        precondition(warmUpRuns >= 0)
        for _ in 0..<warmUpRuns {
            try body()
        }
        return try count(body)
    }
}
