import Foundation
import Testing

/// screens.md: "With a delivery still open, it says so before anything else and offers no way to
/// end: 'Delivery 2 is still open (picked up 5:40 PM). Deliver or cancel it first: ...' Only `n`
/// or `Esc`, which close it." It asked "End shift 1?" first.
@Suite struct EndWithADeliveryOpenTests {
    @Test func eWithADeliveryOpenSaysSoBeforeAnythingElseAndOffersNoWayToEnd() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:02:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:20:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:30:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:40:00")
        let window = try Window(dash, at: "2026-11-29 17:50:00", columns: 100, rows: 32)
        window.press("e")
        let first = SmallWindowTests.lines(window).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(first?.hasPrefix("Delivery 1 is still open (picked up 5:40 PM). Deliver or cancel it first") == true, "\(window.screen)")
        #expect(!window.screen.contains("End shift 1?"), "\(window.screen)")
        // "e asks first, with the shift's summary": the summary still follows the sentence.
        let summary = "1 delivery · 48 min · no route recorded"
        #expect(window.screen.contains(summary), "\(window.screen)")
        window.press("y")
        #expect(dash.run(["shift", "show", "--json"]).stdout.contains("\"endedAt\": null"))
        let reader = try Reader(dash, at: "2026-11-29 17:50:00")
        let said = reader.press("e")
        #expect(said.first { !$0.hasPrefix(">") }?.hasPrefix("Delivery 1 is still open") == true, "\(said)")
        #expect(said.contains { $0.hasPrefix("1 delivery, 48 minutes") }, "\(said)")
    }

    /// screens.md: "A figure is never cut". In a narrow window the summary broke inside its
    /// times ("13 h 51" above "min working"); it breaks between its parts, as a log's lines do.
    @Test(arguments: [40, 45, 60])
    func theEndConfirmationsSummaryBreaksBetweenItsParts(columns: Int) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-03-02 18:09:00")
        dash.run(["shift", "pause"], at: "2026-03-02 18:30:00")
        dash.run(["shift", "resume"], at: "2026-03-02 18:30:05")
        let window = try Window(dash, at: "2026-03-03 08:00:30", columns: columns, rows: 14)
        window.press("e")
        let lines = SmallWindowTests.lines(window).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("0 deliveries · 13 h 52 min elapsed"), "\(window.screen)")
        #expect(lines.contains { $0.hasPrefix("13 h 51 min working (5 s paused)") }, "\(window.screen)")
    }

    @Test func aPausedShiftsEndConfirmationSaysItsWorkingTimeAsTheHeaderCountsIt() throws {
        // screens.md: "e asks first, with the shift's summary (deliveries, time, recorded miles)";
        // paused, the header beside it counts working time ("38 min") and the summary said the
        // elapsed 48 min, unlabelled.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:02:00")
        dash.run(["shift", "pause"], at: "2026-11-29 17:40:00")
        let window = try Window(dash, at: "2026-11-29 17:50:00", columns: 100, rows: 32)
        window.press("e")
        #expect(window.screen.contains("0 deliveries · 48 min elapsed · 38 min working (10 min paused)"), "\(window.screen)")
    }

    /// Ending a shift from its question said only "No shift running." (an outside audit of the
    /// screen-reader mode): it now says which shift ended, and when, as the command line does.
    @Test func endingAShiftSaysWhichEndedAndWhen() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:02:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:20:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:30:00")
        let reader = try Reader(dash, at: "2026-11-29 17:50:00")
        reader.press("e")
        let said = reader.press("l")
        #expect(said.contains("Shift 1 ended at 5:30 PM.") && said.contains { $0.hasPrefix("No shift running") }, "\(said)")
        let window = try Window(dash, at: "2026-11-29 18:00:00", columns: 100, rows: 32)
        window.press("s", "e", "y")
        #expect(window.screen.contains("Shift 2 ended at 6:00 PM."), "\(window.screen)")
    }
}
