import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

/// platform.md: "When samples exist but none pair up …, the screen says the route has too few
/// points to measure, not that none was recorded": a completed shift's row says so, as the week
/// it is in does.
@Suite("A shift's row says what its route gives")
struct ShiftRowRouteTests {
    static let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        .at(ISO8601.parse("2026-11-29T23:00:00Z")!)

    @Test(
        "A measured route, too few points and none",
        arguments: [
            (
                RecordedRoute.measured(Mileage(metres: 6_598.6, measuredSegments: 1, isPartial: false)), " · 4.1 mi",
                ", 4.1 miles recorded"
            ),
            (RecordedRoute.tooFewPoints, " · too few route points", ", too few route points to measure"),
            (RecordedRoute.none, "", ""),
        ])
    func aShiftsRowSaysItsRoute(route: RecordedRoute, shown: String, spoken: String) {
        let shift = Shift(id: 2, startedAt: ISO8601.parse("2026-11-17T17:00:00Z")!, endedAt: ISO8601.parse("2026-11-17T22:00:00Z")!)
        let row = ShiftListScreen.row(ShiftSummary(shift: shift, deliveryCount: 4, route: route), format: Self.format)
        #expect(row.text == "Shift 2 · Tue, Nov 17 · 5:00 PM – 10:00 PM · 4 deliveries" + shown)
        #expect(row.accessibilityLabel == "Shift 2, Tuesday November 17, 5:00 PM to 10:00 PM, 4 deliveries" + spoken)
    }
}
