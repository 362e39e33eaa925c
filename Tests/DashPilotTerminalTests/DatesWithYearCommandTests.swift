import Foundation
import Testing

/// platform.md, "Dates say their year", on the command line and in the interactive mode: the
/// year is the driver's year at the time the program runs.
@Suite("Dates of another year, end to end")
struct DatesWithYearCommandTests {
    @Test func lastYearsShiftSaysItsYearAndThisYearsDoesNot() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2025-12-03 17:02:00")
        dash.run(["shift", "end"], at: "2025-12-03 21:40:00")
        dash.run(["shift", "start"], at: "2026-11-26 17:02:00")
        dash.run(["shift", "end"], at: "2026-11-26 21:40:00")
        let list = dash.run(["shift", "list"], at: "2026-11-29 18:00:00").stdout
        #expect(
            list.contains("Shift 1 · Wed, Dec 3, 2025 · 5:02 PM – 9:40 PM") && list.contains("Shift 2 · Thu, Nov 26 · 5:02 PM"), "\(list)")
        let weeks = dash.run(["period", "list", "week", "--all"], at: "2026-11-29 18:00:00").stdout
        #expect(weeks.contains("Dec 1 – 7, 2025") && weeks.contains("Nov 23 – 29"), "\(weeks)")
        // The same store read a year on: every date says its year.
        let later = dash.run(["shift", "list"], at: "2027-02-01 09:00:00").stdout
        #expect(later.contains("Shift 2 · Thu, Nov 26, 2026"), "\(later)")
        let window = try Window(dash, at: "2027-02-01 09:00:00")
        window.press("h")
        #expect(window.screen.contains("Thu, Nov 26, 2026") && window.screen.contains("Wed, Dec 3, 2025"), "\(window.screen)")
    }

    /// platform.md reads the locale "as every POSIX program reads it": one no language begins is
    /// one setlocale refuses, so C. The program wrote ICU's root locale ("M11 29, Sun - 17:00").
    @Test(arguments: ["garbage", "xx_YY.UTF-8"])
    func aLocaleNoProgramCanSetReadsAsC(lang: String) {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let list = dash.run(["shift", "list"], at: "2026-11-29 18:00:00", environment: ["LANG": lang, "LC_ALL": ""]).stdout
        #expect(list.contains("Sun, Nov 29") && list.contains("running since 5:00 PM"), "\(list)")
    }

    /// A shift that ended two days after it began read "Fri, Nov 27 · 5:00 PM – 5:30 PM": half an
    /// hour on Friday. Once the clock has gone round a day, its end says its day; an overnight
    /// shift's does not need to ("6:00 PM – 12:30 AM").
    @Test func aShiftEndingADayOrMoreLaterSaysTheDayItEnded() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-27 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 17:30:00")
        dash.run(["shift", "start"], at: "2026-11-29 18:00:00")
        dash.run(["shift", "end"], at: "2026-11-30 00:30:00")
        let list = dash.run(["shift", "list"], at: "2026-11-30 09:00:00").stdout
        #expect(list.contains("Shift 1 · Fri, Nov 27 · 5:00 PM – Sun, Nov 29, 5:30 PM · 0 deliveries"), "\(list)")
        #expect(list.contains("Shift 2 · Sun, Nov 29 · 6:00 PM – 12:30 AM · 0 deliveries"), "\(list)")
        let shown = dash.run(["shift", "show", "1"], at: "2026-11-30 09:00:00").stdout
        #expect(shown.hasPrefix("Shift 1 · Fri, Nov 27 · 5:00 PM – Sun, Nov 29, 5:30 PM · 48 h 30 min"), "\(shown)")
        let reader = try Reader(dash, at: "2026-11-30 09:00:00")
        let said = reader.press("h")
        #expect(said.contains { $0.contains("Shift 1, Friday November 27, 5:00 PM to Sunday November 29, 5:30 PM") }, "\(said)")
        // Its log, opened from that row, says its title's days as the row does.
        let log = reader.press(Window.down, Window.enter)
        #expect(log.contains { $0.hasPrefix("Shift 1, Friday November 27, 5:00 PM to Sunday November 29, 5:30 PM, 48 hours") }, "\(log)")
    }

    /// platform.md: "The time zone is `TZ`, else the system's", read "as every POSIX program reads
    /// it": a POSIX rule or a path to a zone file was taken for no zone at all, and every time typed
    /// and shown was UTC's.
    @Test(arguments: [
        ("JST-9", "2026-11-20T09:00:00Z"), ("<+0530>-5:30", "2026-11-20T12:30:00Z"),
        ("/usr/share/zoneinfo/Asia/Tokyo", "2026-11-20T09:00:00Z"),
        (":/usr/share/zoneinfo/Asia/Tokyo", "2026-11-20T09:00:00Z"), ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-11-20T17:00:00Z"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-11-20T23:00:00Z"),
        // POSIX's GMT+5 is five hours west of UTC (Foundation read it east).
        ("GMT+5", "2026-11-20T23:00:00Z"), ("UTC-3", "2026-11-20T15:00:00Z"),
        // A rule no known zone keeps (summer time from April to October): its offset now.
        ("XST+5XDT,M4.1.0,M10.5.0", "2026-11-20T23:00:00Z"),
    ])
    func aZoneWrittenAsAPosixRuleOrAPathIsTheZoneItSays(zone: String, at: String) throws {
        let dash = Binary()
        dash.environment["TZ"] = zone
        // faketime reads the time it is given in the zone too: 11 PM there.
        #expect(dash.run(["expense", "add", "1", "other", "--at", "18:00"], at: "2026-11-20 23:00:00").status == 0)
        let listed = try #require(json(dash.run(["expense", "list", "--json"], at: "2026-11-20 23:00:00").stdout) as? [[String: Any]])
        #expect(listed.first?["at"] as? String == at)
        let text = dash.run(["expense", "list"], at: "2026-11-20 23:00:00").stdout
        #expect(text.contains("Fri, Nov 20 · 6:00 PM"), "\(text)")
    }

    /// Left open over New Year, the interactive mode's dates of the year just ended say it.
    @Test func theInteractiveModeLeftOpenOverNewYearSaysTheOldYear() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-12-31 17:02:00")
        dash.run(["shift", "end"], at: "2026-12-31 21:40:00")
        let window = try Window(dash, at: "2026-12-31 23:59:30")
        window.press("h")
        #expect(window.screen.contains("Thu, Dec 31 ·"), "\(window.screen)")
        window.clock.set("2027-01-01 00:00:30")
        window.idle()
        #expect(window.screen.contains("Thu, Dec 31, 2026"), "\(window.screen)")
    }
}
