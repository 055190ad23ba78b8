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

    /// Per-run nanoseconds, and allocations per run. With a `label`, under
    /// callgrind (`scripts/bench-instructions`), the instructions of the
    /// measured runs alone (not the warm-up, not the clock) are counted and
    /// dumped as "PanelKit bench: LABEL; runs N", for the script to divide.
    /// `between`, when given, runs before each warm-up run and each sample,
    /// untimed and uncounted (a scene's setup that is not the hot path).
    public func measure(counting label: String? = nil, between: () -> Void = {}, _ body: () -> Void) -> (
        nanoseconds: [Double], allocationsPerRun: Double
    ) {
        for _ in 0..<warmUp {
            between()
            body()
        }
        let counts = label != nil && InstructionCount.underCallgrind
        var times = [Double](repeating: 0, count: samples)
        var allocations: UInt64 = 0
        for sample in 0..<samples {
            between()
            let before = allocationsSoFar()
            let start = monotonicNanoseconds()
            if counts { InstructionCount.toggle() }
            for _ in 0..<batch { body() }
            if counts { InstructionCount.toggle() }
            let end = monotonicNanoseconds()
            allocations += allocationsSoFar() - before
            times[sample] = (end - start) / Double(batch)
        }
        if counts, let label { InstructionCount.dump(label, runs: samples * batch) }
        return (times, Double(allocations) / Double(samples * batch))
    }
}

/// Instruction counts, read by callgrind rather than by the process: they do
/// not move with the machine, its load or its memory (issue 39).
public enum InstructionCount {
    /// Whether this process runs under valgrind: only then are labelled measurements counted.
    public static let underCallgrind = panelkit_running_on_valgrind() != 0

    /// Turns counting on, or off again: around the measured work only.
    @inline(__always) static func toggle() { panelkit_callgrind_toggle_collect() }

    /// Hands callgrind what was counted as "PanelKit bench: LABEL; runs N" (and zeroes it).
    static func dump(_ label: String, runs: Int) {
        ("PanelKit bench: " + label + "; runs " + String(runs)).withCString { panelkit_callgrind_dump_stats_at($0) }
    }
}
