import Foundation
import Testing

@testable import DashPilotTerminal

/// The environment read from the C library's `environ` is the one Foundation's copy holds.
@Suite("The process's environment")
struct SystemCallsTests {
    @Test func theEnvironmentReadIsFoundationsCopy() {
        #expect(processEnvironment() == ProcessInfo.processInfo.environment)
    }
}
