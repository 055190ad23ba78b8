import Glibc
import PanelTesting
import Testing

/// Shows that `AllocationCounter` tells allocating code from code that does
/// not: the hot-path tests elsewhere rely on both answers being right.
@Suite struct AllocationCounterTests {
    final class Payload {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func countsClassInstancesAppendedToAnArray() {
        var payloads: [Payload] = []
        let allocations = AllocationCounter.count {
            for i in 0..<10 {
                payloads.append(Payload(i))
            }
        }
        #expect(payloads.count == 10)
        // Ten objects, plus the array's storage as it grows.
        #expect(allocations >= 10)
    }

    @Test func countsZeroForALoopOverAnUnsafeBuffer() {
        let buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1000)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: 0..<1000)
        var sum = 0

        // One warm-up run: the first pass instantiates the iterator's generic
        // metadata, which the runtime allocates once per process.
        let allocations = AllocationCounter.count(warmUpRuns: 1) {
            sum = 0
            for value in buffer {
                sum &+= value
            }
        }

        #expect(sum == 999 * 1000 / 2)
        #expect(allocations == 0)
    }

    @Test func countsAllocationsFromCLibrariesExactly() {
        // strdup allocates inside glibc: the interposer sees C code too. A
        // StaticString, because passing a String to a C pointer parameter may
        // itself allocate a temporary copy.
        let text: StaticString = "hello"
        let allocations = AllocationCounter.count {
            let copy = strdup(UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self))
            free(copy)
        }
        #expect(allocations == 1)
    }

    @Test func countsEveryAllocatorEntryPoint() {
        let allocations = AllocationCounter.count {
            free(malloc(8))
            free(calloc(2, 8))
            free(realloc(nil, 8))
            var aligned: UnsafeMutableRawPointer?
            _ = posix_memalign(&aligned, 64, 8)
            free(aligned)
            free(aligned_alloc(64, 64))
        }
        #expect(allocations == 5)
    }

    @Test func countingIsActiveInThisBuild() {
        // The interposer in a normal build, ASan's allocator hooks under
        // --sanitize=address; never a counter that silently reads zero.
        #expect(["interposer", "asan-hooks"].contains(AllocationCounter.mechanism))
        let allocations = AllocationCounter.count {
            free(malloc(16))
        }
        #expect(allocations == 1)
    }

    @Test func readingGrowsWithEachAllocation() {
        let first = AllocationCounter.allocationsOnThisThread
        let numbers = [Int](repeating: 7, count: 100)
        let second = AllocationCounter.allocationsOnThisThread
        #expect(numbers.count == 100)
        #expect(second > first)
    }

    @Test func theBalanceOfBlocksCountsWhatIsKeptNotWhatIsFreed() {
        #expect(AllocationCounter.unfreedBlocks { free(malloc(16)) } == 0)
        #expect(AllocationCounter.unfreedBlocks { free(realloc(malloc(16), 4096)) } == 0)
        var kept: UnsafeMutableRawPointer?
        #expect(AllocationCounter.unfreedBlocks { kept = malloc(16) } == 1)
        #expect(AllocationCounter.unfreedBlocks { kept = realloc(kept, 64) } == 0)
        #expect(AllocationCounter.unfreedBlocks { free(kept) } == -1)
    }
}
