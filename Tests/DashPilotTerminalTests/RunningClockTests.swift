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

extension RunningClockTests {
    /// cli.md: periods newest first, a period with no shift listed too; the program is right
    /// whatever the clock says. The weeks left open past Sunday midnight never gained the new
    /// week (nor the months the new month) until reopened (from audit).
    @Test func weeksAndMonthsLeftOpenGainTheNewPeriodAtMidnight() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-05 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-05 18:00:00")
        let window = try Window(dash, at: "2026-11-08 23:59:50")
        window.press("w")
        #expect(!window.screen.contains("Nov 9 – 15") && window.screen.contains("▸ Nov 2 – 8"), "\(window.screen)")
        window.clock.set("2026-11-08 23:59:59")
        #expect(window.harness.ticks() == false)
        window.clock.set("2026-11-09 00:00:01")
        #expect(window.harness.ticks() == true)
        #expect(window.screen.contains("Nov 9 – 15") && window.screen.contains("▸ Nov 2 – 8"), "\(window.screen)")
        window.press("m")
        #expect(!window.screen.contains("December 2026"), "\(window.screen)")
        window.clock.set("2026-12-01 00:00:01")
        #expect(window.harness.ticks() == true)
        #expect(window.screen.contains("December 2026") && window.screen.contains("▸ November 2026"), "\(window.screen)")
        // Into a new year, read again for the year its dates now say: the selection stays too.
        window.clock.set("2027-01-01 00:00:01")
        #expect(window.harness.ticks() == true)
        #expect(window.screen.contains("January 2027") && window.screen.contains("▸ November 2026"), "\(window.screen)")
    }
}

extension RunningClockTests {
    /// screens.md: "`e` asks first, with the shift's summary …: `y` ends it now", and the header's
    /// clock runs by itself. The confirmation said "end it now, at 5:42 PM" and the time of the
    /// minute it opened however long it stayed open, and `y` ended the shift later (new-driver
    /// audit).
    @Test func theEndConfirmationsNowAndTimeFollowTheClockWhileItAsks() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:42:10")
        window.press("e")
        #expect(window.screen.contains("end it now, at 5:42 PM") && window.screen.contains("42 min"), "\(window.screen)")
        window.clock.set("2026-11-29 17:43:20")
        #expect(window.harness.ticks() == true)
        #expect(window.screen.contains("end it now, at 5:43 PM") && window.screen.contains("43 min"), "\(window.screen)")
        window.press("y")
        let shown = json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any]
        #expect((shown?["endedAt"] as? String) == "2026-11-29T17:43:20Z", "\(String(describing: shown))")
    }
}
