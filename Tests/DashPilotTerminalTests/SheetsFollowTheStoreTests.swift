import Foundation
import Testing

/// A sheet filled in from the store when it opened, while another terminal records on the same
/// store: left as it was filled, a field follows what the store holds now, and Enter never writes
/// back what the sheet showed over what the other program recorded.
@Suite struct SheetsFollowTheStoreTests {
    /// Shift 1, ended, with Delivery 1 delivered, paid $6.00 and earnings of $50.00; an expense.
    static func paidShift() -> Binary {
        let dash = Binary()
        for (command, time) in [
            (["shift", "start"], "16:00"), (["delivery", "accept"], "16:01"), (["delivery", "arrive", "1"], "16:02"),
            (["delivery", "pickup", "1"], "16:03"), (["delivery", "deliver", "1"], "16:04"), (["shift", "end"], "16:30"),
            (["delivery", "pay", "1", "6.00", "--shift", "1"], "16:31"), (["shift", "earnings", "1", "50.00"], "16:31"),
            (["expense", "add", "6.50", "parking"], "16:32"),
        ] {
            #expect(dash.run(command, at: "2026-11-20 \(time):00").status == 0, "\(command)")
        }
        return dash
    }

    static func show(_ dash: Binary) -> [String: Any] {
        json(dash.run(["shift", "show", "1", "--json"], at: "2026-11-20 17:00:00").stdout) as? [String: Any] ?? [:]
    }

    @Test func thePaySheetFollowsPayRecordedElsewhereAndEnterKeepsIt() throws {
        let dash = Self.paidShift()
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t")
        #expect(window.screen.contains("6.00"), "\(window.screen)")
        #expect(dash.run(["delivery", "pay", "1", "7.25", "--shift", "1"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("7.25"), "\(window.screen)")
        window.press(Window.enter)
        let deliveries = Self.show(dash)["deliveries"] as? [[String: Any]]
        #expect(deliveries?.first?["pay"] as? String == "7.25", "\(String(describing: deliveries))")
    }

    /// screens.md: "The sheet of a delivery still open says it can be filled in once the delivery
    /// is finished." It has no field: a figure typed there went into a field it did not show, was
    /// offered once another program finished the delivery, and Esc said it "was not recorded".
    @Test func thePaySheetOfAnOpenDeliveryTakesNothingTyped() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 16:01:00")
        let window = try Window(dash, at: "2026-11-20 16:10:00", columns: 80, rows: 24)
        window.press("t", "6")
        #expect(window.screen.contains("Delivery 1 is still open"), "\(window.screen)")
        #expect(dash.run(["delivery", "cancel", "1"], at: "2026-11-20 16:10:00").status == 0)
        window.idle()
        #expect(window.screen.contains("Recorded pay") && !window.screen.contains("[ 6"), "\(window.screen)")
        window.press(Window.escape)
        #expect(!window.screen.contains("was not recorded"), "\(window.screen)")
        window.press("a", "t", "7")
        #expect(window.screen.contains("Delivery 2 is still open"), "\(window.screen)")
        window.press(Window.escape)
        #expect(!window.screen.contains("was not recorded"), "\(window.screen)")
    }

    /// The question before cancelling a delivery that another program delivered meanwhile said
    /// "Cancel Delivery 1?" still, and y was refused under it; it now says what became of it.
    @Test func theCancelQuestionSaysWhenTheDeliveryWasFinishedElsewhere() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 16:01:00")
        let window = try Window(dash, at: "2026-11-20 16:10:00", columns: 100, rows: 32)
        window.press("x")
        #expect(window.screen.contains("Cancel Delivery 1?"), "\(window.screen)")
        for step in ["arrive", "pickup", "deliver"] { #expect(dash.run(["delivery", step, "1"], at: "2026-11-20 16:10:00").status == 0) }
        window.idle()
        #expect(!window.screen.contains("Cancel Delivery 1?") && window.screen.contains("Delivery 1 is delivered"), "\(window.screen)")
        #expect(!window.screen.contains("y cancel delivery"), "\(window.screen)")
    }

    /// The pay and tips sheet of a delivery whose shift another program deleted said only "There
    /// is no shift 1." and still offered to record; it says what happened, and only Esc is left.
    @Test func thePaySheetOfADeliveryDeletedElsewhereSaysSo() throws {
        let dash = Self.paidShift()
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t")
        #expect(window.screen.contains("6.00"), "\(window.screen)")
        #expect(dash.run(["shift", "delete", "1", "--yes"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("This delivery no longer exists: another program deleted it."), "\(window.screen)")
        #expect(!window.screen.contains("Enter record") && window.screen.contains("Esc"), "\(window.screen)")
        window.press("c")
        #expect(window.screen.contains("This delivery no longer exists"), "\(window.screen)")
    }

    /// The pickup sheet of a delivery another program deleted stayed open and took typing, with
    /// "Shift 1 has no Delivery 2." under it after each line; it says what happened, as the pay
    /// sheet does, in both modes, and only Esc is left (from audit).
    @Test func thePickupSheetOfADeliveryDeletedElsewhereSaysSo() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        for minute in 1...2 { dash.run(["delivery", "accept"], at: "2026-11-20 16:0\(minute):00") }
        let window = try Window(dash, at: "2026-11-20 16:10:00", columns: 60, rows: 20)
        window.press("p")
        #expect(window.screen.contains("Pickup place · Delivery 2"), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-20 16:10:00")
        _ = reader.press("p")
        #expect(dash.run(["delivery", "delete", "2", "--yes"], at: "2026-11-20 16:11:00").status == 0)
        window.idle()
        #expect(window.screen.contains("This delivery no longer exists: another program deleted it."), "\(window.screen)")
        #expect(!window.screen.contains("Enter record") && window.screen.contains("Esc"), "\(window.screen)")
        window.type("Foo")
        window.press(Window.enter)
        #expect(window.screen.contains("This delivery no longer exists"), "\(window.screen)")
        #expect(dash.run(["place", "list", "--json"]).stdout == "[]\n")
        window.press(Window.escape)
        #expect(!window.screen.contains("no longer exists"), "\(window.screen)")
        let said = reader.harness.idle()
        #expect(said.contains("This delivery no longer exists: another program deleted it."), "\(said)")
    }

    @Test func theEarningsSheetFollowsEarningsRecordedElsewhere() throws {
        let dash = Self.paidShift()
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "$")
        #expect(window.screen.contains("50.00"), "\(window.screen)")
        #expect(dash.run(["shift", "earnings", "1", "61.25"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("61.25") && !window.screen.contains("50.00"), "\(window.screen)")
        window.press(Window.enter)
        #expect(Self.show(dash)["earnings"] as? String == "61.25")
    }

    /// An edit writes what the driver changed (`expense edit` changes only what it is given): the
    /// sheet wrote its whole form back, the amount and note another program had just changed too.
    @Test func anExpenseEditWritesOnlyWhatTheDriverChanged() throws {
        let dash = Self.paidShift()
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("c", Window.enter)
        #expect(window.screen.contains("6.50"), "\(window.screen)")
        #expect(dash.run(["expense", "edit", "1", "--amount", "7.75", "--note", "garage"], at: "2026-11-20 17:01:00").status == 0)
        // What a key will act on is on screen: the fields left as filled show the store now.
        window.idle()
        #expect(window.screen.contains("7.75") && window.screen.contains("garage") && !window.screen.contains("6.50"), "\(window.screen)")
        window.press(Window.down, "1", Window.enter)
        let expense = (json(dash.run(["expense", "list", "--json"], at: "2026-11-20 17:02:00").stdout) as? [[String: Any]])?.first
        #expect(expense?["amount"] as? String == "7.75" && expense?["note"] as? String == "garage", "\(String(describing: expense))")
        #expect(expense?["category"] as? String == "fuel", "\(String(describing: expense))")
    }

    @Test func theRemovalQuestionNamesTheExpenseAsItIsAndSaysWhenItIsGone() throws {
        let dash = Self.paidShift()
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("c", "d")
        #expect(window.screen.contains("$6.50"), "\(window.screen)")
        #expect(dash.run(["expense", "edit", "1", "--amount", "7.75"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("$7.75") && !window.screen.contains("$6.50"), "\(window.screen)")
        #expect(dash.run(["expense", "remove", "1", "--yes"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("This expense no longer exists: another program removed it."), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("Expenses"), "\(window.screen)")
    }

    @Test func anExpenseSheetWhoseExpenseWasRemovedElsewhereSaysSo() throws {
        let dash = Self.paidShift()
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("c", Window.enter)
        #expect(dash.run(["expense", "remove", "1", "--yes"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("This expense no longer exists: another program removed it."), "\(window.screen)")
        // Only Esc is left, and the sheet's keys say so (they still offered Enter record).
        #expect(!window.screen.contains("Enter record") && window.screen.contains("Esc back"), "\(window.screen)")
        window.press("9", Window.enter)
        #expect(window.screen.contains("This expense no longer exists"), "\(window.screen)")
        #expect((json(dash.run(["expense", "list", "--json"], at: "2026-11-20 17:02:00").stdout) as? [[String: Any]])?.isEmpty == true)
        window.press(Window.escape)
        #expect(window.screen.contains("Expenses") && !window.screen.contains("no longer exists"), "\(window.screen)")
    }
}

extension SheetsFollowTheStoreTests {
    /// money-and-time.md: "A tip already inside the platform's pay must not be recorded again:
    /// the tip sheet and `delivery tip` say so, beside the pay already recorded." The sheet where
    /// the tip's amount is typed said neither, in the full screen and in the screen-reader mode;
    /// the pay it names is the store's, also when another program records it meanwhile.
    @Test func theTipsAmountSheetSaysThePayRecordedAndNotToAddATipInsideIt() throws {
        let dash = Self.paidShift()
        for (columns, rows) in [(100, 32), (40, 12)] {
            let window = try Window(dash, at: "2026-11-20 17:00:00", columns: columns, rows: rows)
            window.press("h", Window.enter, "t", "c")
            let words = window.screen.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).joined(separator: " ")
            #expect(words.contains("Cash tip for Delivery 1"), "\(window.screen)")
            #expect(words.contains("Recorded pay $6.00. A tip the platform already included"), "\(window.screen)")
            #expect(words.contains("don't add it again.") && words.contains("Esc cancel"), "\(window.screen)")
        }
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t", "f")
        dash.run(["delivery", "pay", "1", "7.25", "--shift", "1"], at: "2026-11-20 17:00:00")
        window.idle()
        #expect(window.screen.contains("Recorded pay $7.25."), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-20 17:00:00")
        _ = reader.press("h") + reader.press(Window.enter) + reader.press("t")
        let said = reader.press("c")
        #expect(
            said.contains(
                "Recorded pay $7.25. A tip the platform already included in its pay is part of that pay: don't add it again."),
            "\(said)")
    }
}
