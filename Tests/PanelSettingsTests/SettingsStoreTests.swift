import Foundation
import PanelSettings
import PanelUI
import Testing

/// A fresh folder under the temporary directory, removed by the caller.
func temporaryFolder(_ name: String = #function) -> String {
    let path = NSTemporaryDirectory() + "panelsettings-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Settings: the store")
struct SettingsStoreTests {
    @Test("each type reads back as it was written, after the file is reopened")
    func typesSurviveReopening() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let settings = try Settings(directory: folder)
            settings.set(true, forKey: "wifi")
            settings.set(42, forKey: "count")
            settings.set(0.625, forKey: "volume")
            settings.set("kitchen", forKey: "room")
            settings.set(Int.max, forKey: "big")
            settings.close()
        }
        let settings = try Settings(directory: folder)
        #expect(settings.bool(forKey: "wifi") == true)
        #expect(settings.integer(forKey: "count") == 42)
        #expect(settings.double(forKey: "volume") == 0.625)
        #expect(settings.string(forKey: "room") == "kitchen")
        #expect(settings.integer(forKey: "big") == Int.max)
        #expect(settings.value(forKey: "room") == .string("kitchen"))
    }

    @Test("a key never written reads as its registered default, else the call's default, else zero")
    func defaults() throws {
        let settings = Settings.inMemory()
        settings.register(defaults: ["volume": 0.5, "wifi": true, "name": "panel", "level": 3])
        #expect(settings.double(forKey: "volume") == 0.5)
        #expect(settings.bool(forKey: "wifi"))
        #expect(settings.string(forKey: "name") == "panel")
        #expect(settings.integer(forKey: "level") == 3)
        #expect(!settings.hasValue(forKey: "volume"))
        #expect(settings.double(forKey: "missing") == 0)
        #expect(settings.string(forKey: "missing") == nil)
        #expect(settings.integer(forKey: "missing", default: 7) == 7)
        settings.set(0.8, forKey: "volume")
        #expect(settings.double(forKey: "volume") == 0.8)
        #expect(settings.double(forKey: "volume", default: 0.1) == 0.8)
        try settings.removeValue(forKey: "volume")
        #expect(settings.double(forKey: "volume") == 0.5)
    }

    @Test("observers of a key are told when its value changes, not when it is set to the same, and not after removal")
    func observation() throws {
        let settings = Settings.inMemory()
        var seen: [Double] = []
        var other = 0
        let observation = settings.addObserver(forKey: "volume") { seen.append($0.double(forKey: "volume")) }
        settings.addObserver(forKey: "wifi") { _ in other += 1 }
        settings.set(0.3, forKey: "volume")
        settings.set(0.3, forKey: "volume")
        settings.set(0.4, forKey: "volume")
        #expect(seen == [0.3, 0.4])
        #expect(other == 0)
        settings.removeObserver(observation)
        settings.set(0.9, forKey: "volume")
        #expect(seen == [0.3, 0.4])
    }

    @Test(
        "with a run loop, set commits after writeDelay, all pending keys in one transaction, and reads see it at once")
    func setCommitsOnTheRunLoopTimer() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = ManualClock()
        let runLoop = RunLoop(manualClock: clock)
        let settings = try Settings(directory: folder)
        settings.attach(to: runLoop)
        settings.set(0.2, forKey: "volume")
        settings.set(true, forKey: "wifi")
        #expect(settings.double(forKey: "volume") == 0.2)
        // Not in the file yet: another connection does not see it.
        #expect(try Settings(directory: folder).hasValue(forKey: "volume") == false)
        runLoop.advance(to: settings.writeDelay)
        let reader = try Settings(directory: folder)
        #expect(reader.double(forKey: "volume") == 0.2)
        #expect(reader.bool(forKey: "wifi"))
    }

    @Test("a value committed is in the files on disk while the process still holds them open (a power cut: no close)")
    func committedValueSurvivesAKill() throws {
        let folder = temporaryFolder()
        let copy = temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: copy)
        }
        let settings = try Settings(directory: folder)
        try settings.write(.double(0.75), forKey: "volume")
        try settings.write(.bool(true), forKey: "wifi")
        // What is on disk now, as a cut would leave it: the database and its WAL,
        // copied while the writer is still open (no checkpoint, no close).
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasSuffix("-shm") {
            try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: copy + "/" + name)
        }
        #expect(FileManager.default.fileExists(atPath: copy + "/settings.sqlite-wal"))
        let reopened = try Settings(directory: copy)
        #expect(reopened.double(forKey: "volume") == 0.75)
        #expect(reopened.bool(forKey: "wifi"))
        withExtendedLifetime(settings) {}
    }

    @Test("the file is in WAL mode with synchronous=FULL")
    func journalModeAndSynchronous() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = try Settings(directory: folder)
        try settings.write(.int(1), forKey: "x")
        #expect(FileManager.default.fileExists(atPath: folder + "/settings.sqlite-wal"))
        #expect(settings.journalMode == "wal")
        #expect(settings.synchronousLevel == 2) // FULL
    }

    @Test("a file that is not a database is a clear error naming the file and the fix")
    func corruptFileError() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + Settings.fileName
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Settings(directory: folder)
            Issue.record("a file of 'A's opened as settings")
        } catch {
            #expect(error.path == path)
            #expect(error.message.hasPrefix(path + " is not a SQLite database"))
            #expect(error.message.contains("move it aside or delete it"))
        }
    }

    @Test("a data directory this user cannot write is a clear error naming it and the fix")
    func unwritableDirectoryError() throws {
        guard getuid() != 0 else { return } // root writes anywhere
        let folder = temporaryFolder()
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        chmod(folder, 0o555)
        do {
            _ = try Settings(directory: folder)
            Issue.record("opened settings in a read-only folder")
        } catch {
            #expect(error.message.hasPrefix("the data directory " + folder + " is not writable by this user"))
            #expect(error.message.contains("--data DIR"))
        }
    }

    @Test("a data directory that is missing is made, parents included")
    func missingDirectoryIsMade() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = try Settings(directory: folder + "/a/b")
        settings.set(1, forKey: "x")
        #expect(FileManager.default.fileExists(atPath: folder + "/a/b/settings.sqlite"))
    }
}

@Suite("Settings: where the file cannot be")
struct SettingsPlacementTests {
    @Test("a data directory under a file cannot be made: the error names it and the fix")
    func directoryUnderAFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data())
        do {
            _ = try Settings(directory: folder + "/file/data")
            Issue.record("made a directory under a file")
        } catch {
            #expect(error.message.hasPrefix("cannot make the data directory " + folder + "/file/data"))
            #expect(error.message.contains("--data DIR"))
        }
    }
}
