import CAllocationCounter
import CLinux

/// Nanoseconds on CLOCK_MONOTONIC.
@inlinable public func monotonicNanoseconds() -> Double { clinux_monotonic_now() * 1e9 }

/// Allocations made on this thread so far: the malloc interposer the tests use.
@inlinable public func allocationsSoFar() -> UInt64 { panelkit_allocations_on_this_thread() }

/// Bytes the process holds from malloc now, every thread (free memory the allocator keeps excluded).
@inlinable public func heapBytesInUse() -> UInt64 { panelkit_heap_bytes_in_use() }

/// True in an AddressSanitizer build: ASan owns malloc there, and its
/// quarantine keeps freed memory resident for a while, so RSS grows by design.
@inlinable public var underAddressSanitizer: Bool {
    UInt8(bitPattern: panelkit_allocation_counter_kind()[0]) == UInt8(ascii: "a")
}

/// One reported number: the median, p99, min and max of its samples.
public struct Figure {
    public var name: String
    public var unit: String
    public var median: Double
    public var p99: Double
    public var min: Double
    public var max: Double
    public var samples: Int
    /// The figure over a baseline measured in the same run, and which one.
    public var ratio: Double?
    public var ratioOf: String?
    /// What the median should be at most (`Goal`), set after the run.
    public var goals: [Goal] = []

    public init(name: String, unit: String, samples values: [Double]) {
        self.name = name
        self.unit = unit
        var sorted = values
        sorted.sort()
        samples = sorted.count
        if sorted.isEmpty {
            median = 0
            p99 = 0
            min = 0
            max = 0
        } else {
            median = sorted[sorted.count / 2]
            p99 = sorted[Swift.min(sorted.count - 1, (sorted.count * 99 + 99) / 100 - 1)]
            min = sorted[0]
            max = sorted[sorted.count - 1]
        }
    }

    /// A figure that is a single derived number (a ratio, a pixel count).
    public init(name: String, unit: String, value: Double) {
        self.init(name: name, unit: unit, samples: [value])
    }
}

/// Times `body` `samples` times after `warmUp` runs; each sample runs it
/// `batch` times and reports the time per run, so short operations are not
/// lost in the clock's own cost. Counts allocations over the measured runs.
public struct Stopwatch {
    public var samples: Int
    public var warmUp: Int
    public var batch: Int

    public init(samples: Int, warmUp: Int, batch: Int = 1) {
        self.samples = samples
        self.warmUp = warmUp
        self.batch = batch
    }

    /// Per-run nanoseconds, and allocations per run.
    public func measure(_ body: () -> Void) -> (nanoseconds: [Double], allocationsPerRun: Double) {
        for _ in 0..<warmUp { body() }
        var times = [Double](repeating: 0, count: samples)
        var allocations: UInt64 = 0
        for sample in 0..<samples {
            let before = allocationsSoFar()
            let start = monotonicNanoseconds()
            for _ in 0..<batch { body() }
            let end = monotonicNanoseconds()
            allocations += allocationsSoFar() - before
            times[sample] = (end - start) / Double(batch)
        }
        return (times, Double(allocations) / Double(samples * batch))
    }
}
