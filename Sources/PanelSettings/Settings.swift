import CLinux
import CSQLite
import PanelUI

/// An app's settings, kept across restarts and power cuts: UIKit's
/// `UserDefaults` on SQLite.
///
/// The runtime opens the app's store at launch (`Settings.standard`, also
/// `LaunchOptions.settings`): `settings.sqlite` in the data directory the
/// board file names (`"data": {"directory": …}`, default
/// `/var/lib/panelkit/APP`) or `--data DIR`; headless runs and tests get a
/// store in memory, which writes nothing. An app registers its defaults,
/// reads and writes typed values, observes keys, and binds controls:
///
/// ```swift
/// let settings = Settings.standard
/// settings.register(defaults: ["volume": 0.5, "wifi": true])
/// settings.bind(volumeSlider, to: "volume")   // restored now, written when it changes
/// let wifi = settings.bool(forKey: "wifi")
/// ```
///
/// One table of keys and values in WAL journal mode with `synchronous=FULL`
/// (docs/settings.md says why): a value is durable once its commit returns.
/// `set(_:forKey:)` from the UI is committed on a run-loop timer
/// (`writeDelay` after the last change, all pending keys in one transaction),
/// never in the input frame that changed it; `write(_:forKey:)` commits at
/// once and throws. Not thread-safe: use it from the run loop's thread.
public final class Settings: RunLoopTarget {
    /// The file's path, or ":memory:" for a store that writes nothing.
    public let path: String
    var database: OpaquePointer?
    var writeStatement: OpaquePointer?
    var deleteStatement: OpaquePointer?
    var defaults: [(key: String, value: SettingValue)] = []
    var observers: [(id: Int, key: String, action: (Settings) -> Void)] = []
    var nextObserverID = 1
    /// Every value in the file, read once at open: reads never touch SQLite,
    /// so a control's action in an input frame costs a lookup here.
    var stored: [(key: String, value: SettingValue)] = []
    /// Keys `set` from the UI that the timer has not committed yet.
    var pending: [String] = []
    var runLoop: RunLoop?
    var flushTimer: TimerHandle?

    /// Seconds from a `set(_:forKey:)` to its commit when a run loop is
    /// attached (`attach(to:)`): a slider dragged or an encoder turned costs
    /// one commit when it rests, not one a frame. A power cut in this window
    /// loses that change.
    public var writeDelay: Double = 0.5

    /// Where a failed `set` or a failed timed commit goes (a full disk, a
    /// card gone read-only): by default one line on standard error. The value
    /// stays readable in this run.
    public var failureHandler: (SettingsError) -> Void = { error in
        writeStandardError("warning: " + error.message + "\n")
    }

    /// The store the runtime opened for the running app: `UserDefaults.standard`.
    /// Before a launch, and in code that runs without one, a store in memory.
    nonisolated(unsafe) public static var standard = Settings.inMemory()

    /// The file `Settings(directory:)` keeps in the data directory.
    public static let fileName = "settings.sqlite"

    /// Opens (or creates) the store in `directory`, making the directory when
    /// it is missing. Throws when it cannot be made or written, or when the
    /// file there is not a settings database, with the fix.
    public convenience init(directory: String) throws(SettingsError) {
        try makeDirectory(directory)
        guard access(directory, W_OK | X_OK) == 0 else {
            throw SettingsError(
                path: directory,
                "the data directory " + directory
                    + " is not writable by this user: give it to the app's user (chown), or " + chooseAnother
            )
        }
        try self.init(path: directory + "/" + Settings.fileName)
        // The file's name in the directory must survive a cut too: SQLite
        // syncs the directory when it makes the -wal file, not the database.
        syncDirectory(directory)
    }

    /// Opens (or creates) the store at `path` (a file, or ":memory:").
    public init(path: String) throws(SettingsError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        database = handle
        guard status == SQLITE_OK else {
            let error = failure(status, "opening it")
            close()
            throw error
        }
        do throws(SettingsError) {
            // WAL: a commit appends to the -wal file and never rewrites the
            // database in place, so a cut mid-commit leaves the last good state.
            // FULL: in WAL, NORMAL keeps the file consistent but may lose the
            // last commits at a power cut (the WAL is synced only at
            // checkpoints); settings are written seldom, so one sync per
            // commit is cheap, and a value the user set stays set.
            if !isInMemory {
                let mode = try pragma("PRAGMA journal_mode=WAL")
                guard sameBytes(mode, "wal") else {
                    throw SettingsError(
                        path: path,
                        path + " cannot use SQLite's WAL journal (it stays '" + mode
                            + "'): keep the data directory on a local filesystem that supports shared memory (not NFS)")
                }
            }
            try execute("PRAGMA synchronous=FULL")
            try execute("CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID")
            try load()
            writeStatement = try prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)")
            deleteStatement = try prepare("DELETE FROM settings WHERE key = ?1")
        } catch {
            close()
            throw error
        }
        stored.reserveCapacity(stored.count + 32)
        pending.reserveCapacity(32)
    }

    /// Reads every row into `stored`.
    func load() throws(SettingsError) {
        let statement = try prepare("SELECT key, value FROM settings")
        defer { sqlite3_finalize(statement) }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(status, "reading it") }
            let key = columnText(statement, 0)
            switch sqlite3_column_type(statement, 1) {
            case SQLITE_INTEGER:
                let number = sqlite3_column_int64(statement, 1)
                // Beyond a 32-bit Int (armv7), the number as a Double.
                stored.append((key, Int(exactly: number).map { .int($0) } ?? .double(Double(number))))
            case SQLITE_FLOAT:
                stored.append((key, .double(sqlite3_column_double(statement, 1))))
            case SQLITE_TEXT:
                stored.append((key, .string(columnText(statement, 1))))
            default:
                break // NULL or a blob: not a setting this store wrote
            }
        }
    }

    func columnText(_ statement: OpaquePointer, _ column: Int32) -> String {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A store in memory: what headless runs and tests use; it writes nothing.
    public static func inMemory() -> Settings {
        do throws(SettingsError) {
            return try Settings(path: ":memory:")
        } catch {
            fatalError("SQLite cannot open a database in memory")
        }
    }

    deinit { close() }

    /// Whether this store lives in memory only.
    public var isInMemory: Bool { sameBytes(path, ":memory:") }

    /// Commits what is pending and closes the file; reads still give the values, writes fail after.
    /// The runtime calls it when the app ends.
    public func close() {
        if database != nil && !pending.isEmpty {
            do throws(SettingsError) { try flush() } catch { failureHandler(error) }
        }
        if let flushTimer, let runLoop { runLoop.cancel(flushTimer) }
        flushTimer = nil
        sqlite3_finalize(writeStatement)
        sqlite3_finalize(deleteStatement)
        writeStatement = nil
        deleteStatement = nil
        if let database { sqlite3_close(database) }
        database = nil
    }

    // MARK: Defaults

    /// The values reads give for keys never written: `UserDefaults.register(defaults:)`.
    /// Registering a key again replaces its default. Nothing is written.
    public func register(defaults list: KeyValuePairs<String, SettingValue>) {
        for entry in list { register(entry.value, forKey: entry.key) }
    }

    /// One default: what reads give for `key` until it is written.
    public func register(_ value: SettingValue, forKey key: String) {
        if let index = defaultIndex(key) {
            defaults[index].value = value
        } else {
            defaults.append((key, value))
        }
    }

    func defaultIndex(_ key: String) -> Int? {
        var i = 0
        while i < defaults.count {
            if sameBytes(defaults[i].key, key) { return i }
            i += 1
        }
        return nil
    }

    // MARK: Reading

    /// The value written for `key`, else its registered default, else nil.
    public func value(forKey key: String) -> SettingValue? {
        storedValue(key) ?? defaultIndex(key).map { defaults[$0].value }
    }

    /// Whether a value was written for `key` (a default does not count).
    public func hasValue(forKey key: String) -> Bool { storedValue(key) != nil }

    /// `key` as a Bool; false when it has no value or holds a string.
    public func bool(forKey key: String) -> Bool { value(forKey: key)?.boolValue ?? false }
    /// `key` as a Bool, else `fallback` when nothing was written (registered defaults are not read).
    public func bool(forKey key: String, default fallback: Bool) -> Bool {
        storedValue(key)?.boolValue ?? fallback
    }

    /// `key` as an Int; 0 when it has no value or holds a string.
    public func integer(forKey key: String) -> Int { value(forKey: key)?.intValue ?? 0 }
    /// `key` as an Int, else `fallback` when nothing was written.
    public func integer(forKey key: String, default fallback: Int) -> Int {
        storedValue(key)?.intValue ?? fallback
    }

    /// `key` as a Double; 0 when it has no value or holds a string.
    public func double(forKey key: String) -> Double { value(forKey: key)?.doubleValue ?? 0 }
    /// `key` as a Double, else `fallback` when nothing was written.
    public func double(forKey key: String, default fallback: Double) -> Double {
        storedValue(key)?.doubleValue ?? fallback
    }

    /// `key`'s string; nil when it has no value or holds another kind.
    public func string(forKey key: String) -> String? { value(forKey: key)?.stringValue }
    /// `key`'s string, else `fallback` when nothing was written.
    public func string(forKey key: String, default fallback: String) -> String {
        storedValue(key)?.stringValue ?? fallback
    }

    /// What was written for `key` (read at open, or set since).
    func storedValue(_ key: String) -> SettingValue? {
        storedIndex(key).map { stored[$0].value }
    }

    func storedIndex(_ key: String) -> Int? {
        var i = 0
        while i < stored.count {
            if sameBytes(stored[i].key, key) { return i }
            i += 1
        }
        return nil
    }

    func pendingIndex(_ key: String) -> Int? {
        var i = 0
        while i < pending.count {
            if sameBytes(pending[i], key) { return i }
            i += 1
        }
        return nil
    }

    func remember(_ value: SettingValue, forKey key: String) {
        if let index = storedIndex(key) {
            stored[index].value = value
        } else {
            stored.append((key, value))
        }
    }

    // MARK: Writing

    /// Sets `key` (`UserDefaults.set(_:forKey:)`). With a run loop attached
    /// the commit waits `writeDelay` (so a control's changes in input frames
    /// never touch the file); without one it commits now. A failure goes to
    /// `failureHandler`; the value stays readable in this run.
    public func set(_ value: SettingValue, forKey key: String) {
        guard let runLoop else {
            do throws(SettingsError) { try write(value, forKey: key) } catch { failureHandler(error) }
            return
        }
        let old = self.value(forKey: key)
        remember(value, forKey: key)
        if pendingIndex(key) == nil { pending.append(key) }
        // `writeDelay` after the last change: a drag commits once it rests, never mid-drag (an fsync there is a dropped frame).
        if let flushTimer, runLoop.isScheduled(flushTimer) { runLoop.cancel(flushTimer) }
        flushTimer = runLoop.schedule(after: writeDelay, target: self)
        if old != value { notify(key) }
    }

    public func set(_ value: Bool, forKey key: String) { set(.bool(value), forKey: key) }
    public func set(_ value: Int, forKey key: String) { set(.int(value), forKey: key) }
    public func set(_ value: Double, forKey key: String) { set(.double(value), forKey: key) }
    public func set(_ value: String, forKey key: String) { set(.string(value), forKey: key) }

    /// Sets `key` and commits it now: durable once this returns. Observers of
    /// `key` are told when its value changed.
    public func write(_ value: SettingValue, forKey key: String) throws(SettingsError) {
        let old = self.value(forKey: key)
        try commit(value, forKey: key)
        if let index = pendingIndex(key) { pending.remove(at: index) }
        remember(value, forKey: key)
        if old != value { notify(key) }
    }

    /// Forgets what was written for `key`: reads give its default again.
    public func removeValue(forKey key: String) throws(SettingsError) {
        let old = value(forKey: key)
        if let index = pendingIndex(key) { pending.remove(at: index) }
        guard let statement = deleteStatement else { throw closedError() }
        defer { sqlite3_reset(statement) }
        bindKey(statement, key)
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE else { throw failure(status, "removing a setting") }
        if let index = storedIndex(key) { stored.remove(at: index) }
        if old != value(forKey: key) { notify(key) }
    }

    /// Whether some `set` waits for the timer's commit.
    public var hasPendingChanges: Bool { !pending.isEmpty }

    /// Commits every pending `set` in one transaction (one sync).
    public func flush() throws(SettingsError) {
        if let flushTimer, let runLoop { runLoop.cancel(flushTimer) }
        flushTimer = nil
        guard !pending.isEmpty else { return }
        try execute("BEGIN IMMEDIATE")
        var i = 0
        while i < pending.count {
            do throws(SettingsError) {
                if let value = storedValue(pending[i]) { try commit(value, forKey: pending[i]) }
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
            i += 1
        }
        do throws(SettingsError) {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Commits `set`s on `runLoop`'s timer from now on (the runtime attaches the app's).
    public func attach(to runLoop: RunLoop) {
        self.runLoop = runLoop
    }

    public func runLoopDidFire(_ handle: TimerHandle) {
        flushTimer = nil
        do throws(SettingsError) { try flush() } catch { failureHandler(error) }
    }

    func commit(_ value: SettingValue, forKey key: String) throws(SettingsError) {
        guard let statement = writeStatement else { throw closedError() }
        defer { sqlite3_reset(statement) }
        bindKey(statement, key)
        switch value {
        case .bool(let flag): sqlite3_bind_int64(statement, 2, flag ? 1 : 0)
        case .int(let number): sqlite3_bind_int64(statement, 2, Int64(number))
        case .double(let number): sqlite3_bind_double(statement, 2, number)
        case .string(let text):
            var text = text
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    _ = csqlite_bind_text(statement, 2, chars.baseAddress, Int32(chars.count))
                }
            }
        }
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE else { throw failure(status, "writing a setting") }
    }

    // MARK: Observing

    /// Calls `action` after `key`'s value changes (`set`, `write`,
    /// `removeValue`), with this store. The store keeps `action` until
    /// `removeObserver(_:)`: capture what it changes `[unowned(unsafe) x]`
    /// and remove it before `x` goes away.
    @discardableResult
    public func addObserver(forKey key: String, _ action: @escaping (Settings) -> Void) -> SettingsObservation {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, key, action))
        return SettingsObservation(id: id)
    }

    /// Stops an observation; removing one twice does nothing.
    public func removeObserver(_ observation: SettingsObservation) {
        var i = 0
        while i < observers.count {
            if observers[i].id == observation.id {
                observers.remove(at: i)
                return
            }
            i += 1
        }
    }

    func notify(_ key: String) {
        // By identifier, so an observer may add or remove observers.
        var i = 0
        while i < observers.count {
            let entry = observers[i]
            if sameBytes(entry.key, key) { entry.action(self) }
            if i < observers.count && observers[i].id == entry.id { i += 1 }
        }
    }

    // MARK: SQLite

    func bindKey(_ statement: OpaquePointer, _ key: String) {
        var key = key
        key.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                _ = csqlite_bind_text(statement, 1, chars.baseAddress, Int32(chars.count))
            }
        }
    }

    func execute(_ sql: StaticString) throws(SettingsError) {
        guard let database else { throw closedError() }
        let status = sql.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sqlite3_exec(database, $0.baseAddress, nil, nil, nil) }
        }
        guard status == SQLITE_OK else { throw failure(status, "setting it up") }
    }

    /// SQLite's journal mode for this file: "wal" ("memory" in memory).
    public var journalMode: String { (try? pragma("PRAGMA journal_mode")) ?? "" }

    /// SQLite's `synchronous` level: 2 is FULL.
    public var synchronousLevel: Int {
        guard let statement = try? prepare("PRAGMA synchronous") else { return -1 }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return -1 }
        return Int(sqlite3_column_int(statement, 0))
    }

    /// Runs a pragma and returns its one text result.
    func pragma(_ sql: StaticString) throws(SettingsError) -> String {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        let status = sqlite3_step(statement)
        guard status == SQLITE_ROW else { throw failure(status, "setting it up") }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard let text = sqlite3_column_text(statement, 0) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func prepare(_ sql: StaticString) throws(SettingsError) -> OpaquePointer {
        guard let database else { throw closedError() }
        var statement: OpaquePointer?
        let status = sql.withUTF8Buffer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_prepare_v3(
                    database, $0.baseAddress, Int32($0.count), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
            }
        }
        guard status == SQLITE_OK, let statement else { throw failure(status, "setting it up") }
        return statement
    }

    func closedError() -> SettingsError {
        SettingsError(path: path, "the settings in " + path + " were closed: open them again (Settings(directory:))")
    }

    /// SQLite's `status` as one line naming the file and the fix.
    func failure(_ status: Int32, _ doing: StaticString) -> SettingsError {
        var detail = ""
        if let database, let text = sqlite3_errmsg(database) {
            detail = cString(text)
        } else if let text = sqlite3_errstr(status) {
            detail = cString(text)
        }
        let what = " (" + detail + ", " + doing.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } + ")"
        switch status & 0xff {
        case SQLITE_NOTADB:
            return SettingsError(
                path: path,
                path + " is not a SQLite database" + what
                    + ": move it aside or delete it (the app starts from its defaults), or choose another --data DIR")
        case SQLITE_CORRUPT:
            return SettingsError(
                path: path,
                path + " is damaged" + what
                    + ": move it aside or delete it (the app starts from its defaults); keep the data directory on storage that honours fsync"
            )
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH:
            return SettingsError(
                path: path,
                "cannot write " + path + what
                    + ": give the file and its directory to the app's user (chown), or " + chooseAnother
            )
        case SQLITE_FULL:
            return SettingsError(path: path, "no space left for " + path + what + ": free space on its filesystem")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return SettingsError(
                path: path,
                path + " is in use by another process" + what + ": run one copy of the app per data directory")
        default:
            return SettingsError(
                path: path, "SQLite error " + String(status) + " on " + path + what + ": check the file and its storage"
            )
        }
    }
}

/// An observation `Settings.addObserver(forKey:_:)` returned: give it to `removeObserver(_:)`.
public struct SettingsObservation: Equatable {
    let id: Int
}

/// Why the settings cannot be opened or written: one line naming the file and the fix.
public struct SettingsError: Error {
    /// The file or directory concerned.
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }
}

/// The fix every "cannot write here" message ends with (one copy in the binary).
let chooseAnother = "choose another with --data DIR or the board file's data.directory"

/// `mkdir -p`: makes `path` and its missing parents.
func makeDirectory(_ path: String) throws(SettingsError) {
    let bytes = Array(path.utf8)
    var end = 1
    while end <= bytes.count {
        if end == bytes.count || bytes[end] == UInt8(ascii: "/") {
            let prefix = String(decoding: bytes[0..<end], as: UTF8.self)
            if mkdir(prefix, 0o755) != 0 && access(prefix, F_OK) != 0 {
                throw SettingsError(
                    path: path,
                    "cannot make the data directory " + path + " (at " + prefix
                        + "): make it and give it to the app's user, or " + chooseAnother
                )
            }
        }
        end += 1
    }
}

/// `fsync` on a directory: what it lists is on the storage.
func syncDirectory(_ path: String) {
    let folder = clinux_open(path, clinux_o_rdonly_directory(), 0)
    guard folder >= 0 else { return }
    _ = fsync(folder)
    _ = close(folder)
}

/// A C string's text (UTF-8).
func cString(_ text: UnsafePointer<CChar>) -> String {
    UnsafeRawPointer(text).withMemoryRebound(to: UInt8.self, capacity: strlen(text) + 1) { bytes in
        String(decoding: UnsafeBufferPointer(start: bytes, count: strlen(text)), as: UTF8.self)
    }
}

func writeStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
