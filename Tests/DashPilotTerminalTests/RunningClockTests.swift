import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md, Running shift: the header's elapsed time runs by itself, with no key and no write:
/// each second in the first minute, each minute after.
@Suite("The running shift's clock")
struct RunningClockTests {
    @Test func theHeadersElapsedTimeMovesWithNoKeyAndNoWrite() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:00:00")
        #expect(window.screen.contains("Shift running since 5:00 PM · 0 s"))
        window.clock.advance(7)
        window.idle()
        #expect(window.screen.contains("Shift running since 5:00 PM · 7 s"))
        window.clock.advance(60 * 42)
        window.idle()
        #expect(window.screen.contains("Shift running since 5:00 PM · 42 min"))
        // Within the same minute, nothing shown changes: the run loop draws nothing.
        window.clock.advance(20)
        #expect(window.harness.ticks() == false)
        window.clock.advance(60)
        #expect(window.harness.ticks() == true)
        #expect(window.screen.contains("· 43 min"))
    }
}
