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
        // After the first minute, whole minutes: "5 min", not "5 min 1 s" ticking each second.
        window.clock.advance(60 * 5 - 6)
        window.idle()
        #expect(window.screen.contains("Shift running since 5:00 PM · 5 min ·"))
        window.clock.advance(10)
        #expect(window.harness.ticks() == false)
        window.clock.advance(60 * 37 - 10)
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
