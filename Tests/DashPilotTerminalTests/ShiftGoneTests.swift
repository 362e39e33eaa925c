import DashPilotCore
import DashPilotStore
import Foundation
import Testing

/// A second terminal can end the running shift, and start another, while a sheet asks about a
/// delivery of it here. A delivery is named by its number within its shift (cli.md), so the same
/// number names another delivery of the new shift: a step or an end asked for on the shift shown
/// is refused, never recorded on the shift that runs now.
@Suite struct ShiftGoneTests {
    /// Shift 1 running with two deliveries accepted.
    static func twoDeliveries() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 16:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 16:02:00")
        return dash
    }

    /// From another terminal: the running shift's two deliveries cancelled, the shift ended, and
    /// another started with two deliveries accepted.
    static func endAndStartAnother(_ dash: Binary) {
        for command in [
            ["delivery", "cancel", "1"], ["delivery", "cancel", "2"], ["shift", "end"], ["shift", "start"], ["delivery", "accept"],
            ["delivery", "accept"],
        ] {
            #expect(dash.run(command, at: "2026-11-20 16:06:00").status == 0, "\(command)")
        }
    }

    static func states(_ dash: Binary, shift: Int) -> [String] {
        let show = json(dash.run(["shift", "show", String(shift), "--json"], at: "2026-11-20 16:07:00").stdout) as? [String: Any]
        return (show?["deliveries"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
    }

    @Test func aCancelAskedOnAShiftThatEndedIsRefusedAndTheNewShiftIsUntouched() throws {
        let dash = Self.twoDeliveries()
        // The screens' clock after the other terminal's writes: a step now is not refused as
        // earlier than the new shift's deliveries.
        let window = try Window(dash, at: "2026-11-20 16:10:00", columns: 100, rows: 32)
        window.press("x")
        #expect(window.screen.contains("Cancel Delivery 2?"), "\(window.screen)")
        Self.endAndStartAnother(dash)
        window.press("y")
        #expect(window.screen.contains("Shift 1 is no longer running: another program ended it; nothing was recorded."), "\(window.screen)")
        #expect(Self.states(dash, shift: 2) == ["accepted", "accepted"])
    }

    /// Once the screens see the shift ended, the question is gone: it says so, and only Esc acts.
    @Test func aCancelQuestionSeenAfterTheShiftEndedSaysSo() throws {
        let dash = Self.twoDeliveries()
        let window = try Window(dash, at: "2026-11-20 16:10:00", columns: 100, rows: 32)
        window.press("x")
        Self.endAndStartAnother(dash)
        window.idle()
        #expect(window.screen.contains("Shift 1 is no longer running") && !window.screen.contains("Cancel Delivery 2?"), "\(window.screen)")
        window.press("y")
        #expect(Self.states(dash, shift: 2) == ["accepted", "accepted"])
        window.press(Window.escape)
        #expect(window.screen.contains("Delivery 2 · Accepted"), "\(window.screen)")
        // The same from the @ sheet, on shift 2: another terminal ends it and starts shift 3.
        window.press("@")
        Self.endAndStartAnother(dash)
        window.idle()
        #expect(window.screen.contains("Shift 2 is no longer running"), "\(window.screen)")
        window.press(Window.enter)
        #expect(Self.states(dash, shift: 3) == ["accepted", "accepted"])
    }

    @Test func aForgottenStepOnAShiftThatEndedIsRefusedAndTheNewShiftIsUntouched() throws {
        let dash = Self.twoDeliveries()
        let window = try Window(dash, at: "2026-11-20 16:10:00", columns: 100, rows: 32)
        window.press("@")
        Self.endAndStartAnother(dash)
        window.press(Window.enter)
        #expect(window.screen.contains("Shift 1 is no longer running"), "\(window.screen)")
        #expect(Self.states(dash, shift: 2) == ["accepted", "accepted"])
    }

    /// screens.md: the end confirmation closes with `n` or `Esc`. Ended meanwhile by another
    /// terminal, it went blank, with no key that did anything but Ctrl-C.
    @Test func theEndConfirmationOfAShiftEndedElsewhereSaysSoAndEscGoesBack() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 60, rows: 16)
        window.press("e")
        #expect(window.screen.contains("End shift 1?"), "\(window.screen)")
        #expect(dash.run(["shift", "end"], at: "2026-11-20 16:06:00").status == 0)
        window.idle()
        #expect(window.screen.contains("Shift 1 is no longer running"), "\(window.screen)")
        #expect(window.screen.contains("Esc back"), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("No shift running"), "\(window.screen)")
    }

    /// `y` pressed before the screens saw another terminal end the shift and start another: the
    /// store refuses to end the shift that runs now, which the question was not about.
    @Test func anEndAskedOfAShiftThatEndedElsewhereEndsNothing() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 60, rows: 16)
        window.press("e")
        #expect(dash.run(["shift", "end"], at: "2026-11-20 16:01:00").status == 0)
        #expect(dash.run(["shift", "start"], at: "2026-11-20 16:02:00").status == 0)
        window.press("y")
        #expect(window.screen.contains("Shift 1 is no longer running"), "\(window.screen)")
        #expect((json(dash.run(["shift", "show", "--json"], at: "2026-11-20 16:07:00").stdout) as? [String: Any])?["endedAt"] is NSNull)
        window.press(Window.escape)
        #expect(window.screen.contains("Shift running since"), "\(window.screen)")
    }

    /// A shift's log whose shift another terminal deleted kept its whole log on screen, and `$`
    /// still opened its earnings: it says the shift is gone, as a place's history does.
    @Test func aLogWhoseShiftWasDeletedElsewhereSaysSoAndOnlyEscActs() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        dash.run(["shift", "end"], at: "2026-11-20 16:30:00")
        let window = try Window(dash, at: "2026-11-20 17:00:00", columns: 100, rows: 32)
        window.press("h", Window.enter)
        #expect(window.screen.contains("Shift 1 ·") && window.screen.contains("No deliveries recorded."), "\(window.screen)")
        #expect(dash.run(["shift", "delete", "1", "--yes"], at: "2026-11-20 17:01:00").status == 0)
        window.idle()
        #expect(window.screen.contains("This shift no longer exists: another program deleted it."), "\(window.screen)")
        #expect(!window.screen.contains("No deliveries recorded.") && window.screen.contains("Esc back"), "\(window.screen)")
        window.press("$")
        #expect(!window.screen.contains("What did Shift 1 pay?"), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("Completed shifts") && window.screen.contains("No completed shifts yet."), "\(window.screen)")
    }

    @Test func theStoreRefusesAStepOrAnEndOnAShiftThatNoLongerRuns() throws {
        let clock = SetClock("2026-11-20 16:00:00")
        let store = try DashPilotStore(path: NSTemporaryDirectory() + "shift-gone-" + UUID().uuidString + ".sqlite", clock: clock)
        let first = try store.startShift()
        _ = try store.acceptDelivery()
        _ = try store.record(.cancel, delivery: 1)
        _ = try store.endShift()
        let second = try store.startShift()
        _ = try store.acceptDelivery()
        #expect(throws: DashPilotRefusal.shiftNoLongerRunning(id: first.id)) {
            _ = try store.record(.arrive, delivery: 1, onShift: first.id)
        }
        #expect(throws: DashPilotRefusal.shiftNoLongerRunning(id: first.id)) { _ = try store.endShift(shown: first.id) }
        #expect(try store.delivery(number: 1, shiftID: second.id).state == .accepted)
        #expect(try store.record(.arrive, delivery: 1, onShift: second.id).state == .arrivedAtPickup)
    }
}

/// What `shift delete` asks and says names what goes with the shift as it is.
@Suite struct ShiftDeleteWordsTests {
    /// It asked "Delete shift 1 with its 3 deliveries and its route?" of a shift with no route.
    @Test func theDeleteQuestionNamesARouteOnlyWhereThereIsOne() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 16:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 16:01:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-20 16:02:00")
        dash.run(["shift", "end"], at: "2026-11-20 16:30:00")
        dash.run(["shift", "start"], at: "2026-11-20 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-20 17:30:00")
        let asked = dash.onTerminal(["shift", "delete", "1"], input: "n\n")
        #expect(asked.stdout.contains("Delete shift 1 with its 1 delivery? Pickup places stay. This cannot be undone."), "\(asked.stdout)")
        let empty = dash.run(["shift", "delete", "2", "--yes"], at: "2026-11-20 18:00:00")
        #expect(empty.stdout == "Deleted shift 2. Pickup places stay.\n", "\(empty.stdout)")
        dash.run(["shift", "start"], at: "2026-11-20 19:00:00")
        for minute in 1...3 { dash.run(["route", "add", "40.00\(minute)", "-75.0"], at: "2026-11-20 19:0\(minute):00") }
        dash.run(["shift", "end"], at: "2026-11-20 19:10:00")
        let routed = dash.run(["shift", "delete", "3", "--yes"], at: "2026-11-20 20:00:00")
        #expect(routed.stdout == "Deleted shift 3 with its route. Pickup places stay.\n", "\(routed.stdout)")
    }

    /// screens.md: "A shift that did not start today shows its start date"; a pause begun
    /// yesterday showed "paused since 8:20 PM", a time that had not come yet today.
    @Test func aPauseBegunOnAnotherDaySaysItsDay() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-28 20:00:00")
        dash.run(["shift", "pause"], at: "2026-11-28 20:20:00")
        let window = try Window(dash, at: "2026-11-29 10:30:00", columns: 160, rows: 32)
        #expect(window.screen.contains("paused since Sat, Nov 28, 8:20 PM"), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-29 10:30:00")
        // Said, its day spelled out.
        #expect(reader.opening.joined(separator: "\n").contains("paused since Saturday November 28, 8:20 PM"), "\(reader.opening)")
    }
}

/// A row another program adds above the selection: the selection stays on what it showed, as the
/// places list's does, not on the row that now stands where it was.
@Suite struct ListsKeepTheirSelectionTests {
    @Test func theCompletedShiftsKeepTheSelectedShiftWhenAnotherEnds() throws {
        let dash = Binary()
        for (start, end) in [("16:00", "16:30"), ("17:00", "17:30")] {
            dash.run(["shift", "start"], at: "2026-11-20 \(start):00")
            dash.run(["shift", "end"], at: "2026-11-20 \(end):00")
        }
        dash.run(["shift", "start"], at: "2026-11-20 18:00:00")
        let window = try Window(dash, at: "2026-11-20 18:10:00", columns: 100, rows: 32)
        window.press("h", Window.down)
        #expect(window.screen.contains("▸ Shift 1 ·"), "\(window.screen)")
        #expect(dash.run(["shift", "end"], at: "2026-11-20 18:05:00").status == 0)
        window.idle()
        #expect(window.screen.contains("Shift 3 ·") && window.screen.contains("▸ Shift 1 ·"), "\(window.screen)")
    }

    @Test func theExpensesKeepTheSelectedExpenseWhenAnotherIsAdded() throws {
        let dash = Binary()
        dash.run(["expense", "add", "6.50", "parking"], at: "2026-11-20 16:00:00")
        dash.run(["expense", "add", "42.10", "fuel"], at: "2026-11-20 17:00:00")
        let window = try Window(dash, at: "2026-11-20 18:00:00", columns: 100, rows: 32)
        window.press("c", Window.down)
        let selected = { window.screen.split(separator: "\n").first { $0.contains("▸") }.map(String.init) ?? "" }
        #expect(selected().contains("Parking"), "\(window.screen)")
        #expect(dash.run(["expense", "add", "3.00", "supplies"], at: "2026-11-20 17:30:00").status == 0)
        window.idle()
        #expect(selected().contains("Parking") && window.screen.contains("Supplies"), "\(window.screen)")
    }
}
