/// What the main thread is doing right now, kept in plain words that a
/// fatal-signal handler can read without locks, allocation or Swift's
/// runtime (`Application.turnRecord`).
///
/// When an app's action spins or blocks, its turn never ends, the run loop's
/// watchdog pings stop and systemd sends SIGABRT. The device host's handler
/// (`clinux_install_fatal_signal_report`) then writes, from these words,
/// which input event and which control's action the turn was in and for how
/// long: the app's own log names the stuck event. A few stores per turn, per
/// input event and per action; nothing is allocated.
public final class TurnRecord {
    /// What the turn is doing (word `Word.activity`).
    public enum Activity: UInt64 {
        case idle = 0
        case timers
        case touchFrame
        case key
        case encoder
        case nextTurnWork
        case frame
    }

    /// The words' layout, shared with CLinux's handler (CLinux.h names the same indices).
    public enum Word {
        /// `Activity`.
        public static let activity = 0
        /// The turn's start on the run loop's clock, as `Double` bits; 0 between turns.
        public static let turnStart = 1
        /// Input events (touch frames, key presses, encoder steps) handled since launch.
        public static let inputEvents = 2
        /// The touch frame's fingers down (0: the last one lifted); a key's
        /// code; an encoder's detents turned (two's complement), or 2^32 for its push.
        public static let inputDetail = 3
        /// The raw `ControlEvents` whose actions are running, 0 when none.
        public static let actionEvents = 4
        /// The sending control's `name` (or accessibility identifier), up to 31 UTF-8 bytes, NUL-terminated.
        public static let actionName = 5
        public static let actionNameWords = 4
        public static let count = 9
    }

    /// The words; their address stays put for the record's life.
    public let words: UnsafeMutablePointer<UInt64>

    public init() {
        words = .allocate(capacity: Word.count)
        words.initialize(repeating: 0, count: Word.count)
    }

    deinit { words.deallocate() }

    @inlinable public var activity: Activity {
        get { Activity(rawValue: words[Word.activity]) ?? .idle }
        set { words[Word.activity] = newValue.rawValue }
    }

    /// Input events handled since launch (it wraps rather than traps).
    @inlinable public var inputEvents: UInt64 { words[Word.inputEvents] }

    /// The clock time the current turn began, nil between turns.
    @inlinable public var turnStart: Double? {
        words[Word.turnStart] == 0 ? nil : Double(bitPattern: words[Word.turnStart])
    }

    @inlinable func beginTurn(at time: Double) {
        words[Word.turnStart] = time == 0 ? Double.leastNonzeroMagnitude.bitPattern : time.bitPattern
        words[Word.activity] = Activity.timers.rawValue
    }

    @inlinable func endTurn() {
        words[Word.activity] = Activity.idle.rawValue
        words[Word.turnStart] = 0
    }

    @inlinable func beginInput(_ activity: Activity, detail: UInt64) {
        words[Word.inputEvents] &+= 1
        words[Word.activity] = activity.rawValue
        words[Word.inputDetail] = detail
    }

    @inlinable static func detail(of frame: TouchFrame) -> UInt64 { UInt64(frame.count) }

    @inlinable static func detail(of event: EncoderEvent) -> UInt64 {
        switch event {
        case .turn(let detents): UInt64(bitPattern: Int64(detents))
        case .push: 1 << 32
        }
    }

    /// The name and events of the action that runs now; `endAction` puts the outer one back.
    @inlinable func beginAction(events: UInt64, of control: View) -> ActionRecord {
        var saved = ActionRecord()
        saved.events = words[Word.actionEvents]
        for i in 0..<Word.actionNameWords { saved.name[i] = words[Word.actionName + i] }
        words[Word.actionEvents] = events
        let name = control.accessibilityIdentifier ?? control.name
        (words + Word.actionName).withMemoryRebound(to: UInt8.self, capacity: Word.actionNameWords * 8) { bytes in
            var count = 0
            for byte in name.utf8 where count < Word.actionNameWords * 8 - 1 {
                bytes[count] = byte
                count += 1
            }
            bytes[count] = 0
        }
        return saved
    }

    @inlinable func endAction(restoring saved: ActionRecord) {
        words[Word.actionEvents] = saved.events
        for i in 0..<Word.actionNameWords { words[Word.actionName + i] = saved.name[i] }
    }

    /// The action words as they were before an inner action began.
    @usableFromInline struct ActionRecord {
        @usableFromInline var events: UInt64 = 0
        @usableFromInline var name: InlineArray<4, UInt64> = InlineArray(repeating: 0)
        @usableFromInline init() {}
    }
}
