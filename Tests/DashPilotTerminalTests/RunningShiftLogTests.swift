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

    /// platform.md: "Gross earnings may be entered on a completed shift only". The log offered
    /// `$ earnings` and opened its sheet, which refused only once an amount was typed.
    @Test func earningsAreNotOfferedUntilTheShiftHasEnded() throws {
        let (dash, window) = try Self.pausedOnce()
        #expect(!window.screen.contains("$ earnings"), "\(window.screen)")
        window.press("$")
        #expect(window.screen.contains("Shift 1 is still running; end it first."), "\(window.screen)")
        #expect(!window.screen.contains("What did Shift 1 pay?"), "\(window.screen)")
        dash.run(["shift", "end"], at: "2026-11-29 17:31:00")
        let ended = try Window(dash, at: "2026-11-29 17:32:00")
        ended.press("w", Window.enter, Window.enter)
        #expect(ended.screen.contains("$ earnings"), "\(ended.screen)")
        ended.press("$")
        #expect(ended.screen.contains("What did Shift 1 pay?"), "\(ended.screen)")
    }
}
