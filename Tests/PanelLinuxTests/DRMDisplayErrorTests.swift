import CLinux
import Glibc
import Testing

@testable import PanelLinux

/// The errors a board without a usable display gets. This machine has no
/// /dev/dri, so only what fails before a KMS device is needed is shown here;
/// the VM test shows the real card.
@Suite struct DRMDisplayErrorTests {
    @Test func aMissingDirectoryHasNoCard() {
        var configuration = DRMDisplayConfiguration()
        configuration.directory = "/nonexistent-dri"
        let error = #expect(throws: PanelLinuxError.self) { try DRMDisplay.open(configuration) }
        #expect(error?.message.hasPrefix("no DRM card in /nonexistent-dri: no KMS driver is loaded") == true)
    }

    @Test func anEmptyDirectoryHasNoCard() throws {
        var template = Array("/tmp/panel-dri-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template)).withMemoryRebound(to: UInt8.self, capacity: 32) {
            String(cString: $0)
        }
        defer { rmdir(directory) }
        var configuration = DRMDisplayConfiguration()
        configuration.directory = directory
        let error = #expect(throws: PanelLinuxError.self) { try DRMDisplay.open(configuration) }
        #expect(error?.message.hasPrefix("no DRM card in \(directory):") == true)
    }

    @Test func aFileThatIsNotDRMIsNamed() {
        let error = #expect(throws: PanelLinuxError.self) {
            try DRMDisplay.open(DRMDisplayConfiguration(cardPath: "/dev/null"))
        }
        #expect(error?.message.hasPrefix("/dev/null: not a KMS display device") == true)
    }

    @Test func aMissingCardIsNamed() {
        let error = #expect(throws: PanelLinuxError.self) {
            try DRMDisplay.open(DRMDisplayConfiguration(cardPath: "/dev/dri/card7"))
        }
        #expect(error?.message == "/dev/dri/card7: no such DRM card")
    }

    @Test func permissionDeniedHintsAtTheGroup() {
        // The tests run as root, which no file mode refuses, so the kernel's
        // EACCES cannot be provoked here: this checks the message built from it.
        let drm = PanelLinuxError.opening("/dev/dri/card0", what: "DRM card", group: "video", .permissionDenied)
        #expect(drm.message.contains("/dev/dri/card0: permission denied"))
        #expect(drm.message.contains("'video' group"))
        let input = PanelLinuxError.opening(
            "/dev/input/event3", what: "touch input device", group: "input", .permissionDenied)
        #expect(input.message.contains("'input' group"))
    }

    @Test func cardsAreListedInNumericOrder() throws {
        var template = Array("/tmp/panel-dri-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template)).withMemoryRebound(to: UInt8.self, capacity: 32) {
            String(cString: $0)
        }
        for name in ["card10", "card1", "renderD128", "card0"] {
            let fd = clinux_open(directory + "/" + name, clinux_o_wronly_create_truncate(), 0o600)
            _ = close(fd)
        }
        defer {
            for name in ["card10", "card1", "renderD128", "card0"] { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        #expect(DRMDisplay.cardPaths(in: directory) == ["card0", "card1", "card10"].map { directory + "/" + $0 })
        // Plain files are no KMS devices: each is named in the error.
        var configuration = DRMDisplayConfiguration()
        configuration.directory = directory
        let error = #expect(throws: PanelLinuxError.self) { try DRMDisplay.open(configuration) }
        #expect(error?.message.contains("\(directory)/card0: not a KMS display device") == true)
    }
}

extension DRMDisplayErrorTests {
    @Test func aDirectoryGivenAsCardIsNamed() {
        let error = #expect(throws: PanelLinuxError.self) {
            try DRMDisplay.open(DRMDisplayConfiguration(cardPath: "/tmp"))
        }
        #expect(error?.message == "/tmp: cannot open the DRM card: Is a directory (errno 21)")
    }
}
