import Foundation
import Testing

@testable import DashPilotTerminal

/// platform.md, "Mileage is derived, and a floor": when samples exist but none pair up (one
/// sample, or every pair split by a gap), every place that speaks of the route says it has too
/// few points to measure, not that none was recorded.
@Suite("A route too short to measure is said to be one")
struct RouteWordsTests {
    /// A shift with two samples ten minutes apart (a gap: no pair), one delivery, ended and paid.
    private static func shiftWithAGappedRoute() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["route", "add", "40.7128", "-74.0060"], at: "2026-11-29 17:01:00")
        dash.run(["route", "add", "40.7200", "-74.0000"], at: "2026-11-29 17:11:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:12:00")
        for (step, minute) in [("arrive", 15), ("pickup", 20), ("deliver", 30)] {
            dash.run(["delivery", step, "1"], at: "2026-11-29 17:\(minute):00")
        }
        return dash
    }

    @Test func everyScreenSaysTheRouteHasTooFewPointsToMeasure() throws {
        let dash = Self.shiftWithAGappedRoute()
        // While it runs: its screen and `shift show` (they said nothing of the route at all).
        let window = try Window(dash, at: "2026-11-29 17:40:00")
        #expect(window.screen.contains("too few route points to measure"), "\(window.screen)")
        let running = dash.run(["shift", "show"], at: "2026-11-29 17:40:00").stdout
        #expect(running.contains("too few route points to measure"), "\(running)")
        // The end confirmation, before the shift ends.
        window.press("e")
        #expect(window.screen.contains("too few route points to measure") && !window.screen.contains("no route"))
        window.press("y")
        dash.run(["shift", "earnings", "1", "20.00"], at: "2026-11-29 17:41:00")
        let show = dash.run(["shift", "show", "1"], at: "2026-11-29 17:42:00").stdout
        #expect(show.contains("The route has too few points to measure"))
        #expect(show.contains("no rate per mile (the route has too few points to measure)") && !show.contains("no route"))
        let week = dash.run(["period", "week", "2026-11-29"], at: "2026-11-29 17:42:00").stdout
        #expect(week.contains("too few route points to measure") && !week.contains("no route"))
        let weeks = dash.run(["period", "list", "week", "--limit", "1"], at: "2026-11-29 17:42:00").stdout
        #expect(weeks.contains("1 delivered · too few route points"))
        // The contract's JSON is unchanged: miles null, the route not measurable.
        let json = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(json["miles"] is NSNull)
    }

    @Test func aShiftWithNoSamplesStillSaysNoRouteWasRecorded() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        dash.run(["shift", "earnings", "1", "20.00"], at: "2026-11-29 18:01:00")
        let show = dash.run(["shift", "show", "1"], at: "2026-11-29 18:02:00").stdout
        #expect(show.contains("no rate per mile (no route was recorded to measure)") && !show.contains("too few"))
        let week = dash.run(["period", "list", "week", "--limit", "1"], at: "2026-11-29 18:02:00").stdout
        #expect(week.contains("no route") && !week.contains("too few"))
    }
}
