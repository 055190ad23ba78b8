import CLinux
import Testing

@testable import PanelLinux

@Suite struct ErrnoTests {
    @Test func namedErrnoValues() {
        #expect(Errno.interrupted.rawValue == EINTR)
        #expect(Errno.noDevice.rawValue == ENODEV)
    }
}
