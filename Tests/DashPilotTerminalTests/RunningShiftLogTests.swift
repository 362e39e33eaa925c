import Foundation
import Testing

@testable import DashPilotTerminal

/// A running shift's log, opened from a week (money-and-time.md: "A shift's log shows elapsed and
/// working time when they differ"), and what it offers before the shift has ended.
@Suite("The log of a shift still running")
struct RunningShiftLogTests {
    /// A shift started at 17:00, paused 17:05 to 17:15, then a log opened at 17:30 from its week.
    static func pausedOnce() throws -> (Binary, Window) {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "pause"], at: "2026-11-29 17:05:00")
        dash.run(["shift", "resume"], at: "2026-11-29 17:15:00")
        let window = try Window(dash, at: "2026-11-29 17:30:00")
        window.press("w", Window.enter, Window.enter)
        return (dash, window)
    }

    /// The times were counted at the shift's start: "0 s elapsed · 0 s working (10 min paused)".
    @Test func itsTimesAreCountedToNowAndMoveWithTheClock() throws {
        let (_, window) = try Self.pausedOnce()
        #expect(window.screen.contains("Shift 1 · Sun, Nov 29 · 5:00 PM · running"), "\(window.screen)")
        #expect(window.screen.contains("30 min elapsed · 20 min working (10 min paused)"), "\(window.screen)")
        window.clock.advance(60)
        _ = window.harness.ticks()
        #expect(window.screen.contains("31 min elapsed · 21 min working (10 min paused)"), "\(window.screen)")
    }
}
