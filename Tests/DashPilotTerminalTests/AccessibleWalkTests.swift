import Foundation
import Testing

@testable import DashPilotTerminal

/// The issue's "every control reachable": every screen of the interactive mode opens in the
/// screen-reader mode with the same keys, and says itself in plain sentences.
@Suite("The screen-reader mode reaches every screen")
struct AccessibleWalkTests {
    /// A completed shift with a delivered and a cancelled delivery at two places, its earnings and
    /// an expense; then a running shift with one delivery accepted.
    static func evening(_ dash: Binary) {
        dash.run(["shift", "start"], at: "2026-11-28 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-28 17:01:00")
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-28 17:01:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-28 17:05:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-28 17:12:00")
        dash.run(["delivery", "deliver", "1"], at: "2026-11-28 17:30:00")
        dash.run(["delivery", "accept"], at: "2026-11-28 17:31:00")
        dash.run(["pickup", "set", "2", "Example Diner"], at: "2026-11-28 17:31:00")
        dash.run(["delivery", "cancel", "2"], at: "2026-11-28 17:35:00")
        dash.run(["shift", "end"], at: "2026-11-28 21:00:00")
        dash.run(["shift", "earnings", "1", "84.50"], at: "2026-11-28 21:01:00")
        dash.run(["expense", "add", "42.10", "fuel", "--note", "full tank"], at: "2026-11-28 21:02:00")
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
    }

    /// Each key (or keys, one read each), and the first sentence said after its echo: the title
    /// of the screen it opens, or of the screen it returns to.
    static let walk: [([String], String)] = [
        (["p"], "Pickup place, Delivery 1."), ([Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        (["@"], "Arrived at pickup, Delivery 1, at another time."), ([Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        (["x"], "Cancel Delivery 1?"), (["n"], "Shift running since 5:00 PM, 1 delivery."),
        (["t"], "What did Delivery 1 pay?"), ([Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        // A delivery still open is said before anything else (screens.md), the question too.
        (
            ["e"],
            "Delivery 1 is still open (accepted 5:01 PM). Deliver or cancel it first: on its card, Enter records its next step now, at sign at the time it happened."
        ),
        (["n"], "Shift running since 5:00 PM, 1 delivery."),
        (["?"], "Keys on this screen."), ([Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        (["c"], "Expenses."), (["a"], "Add an expense."), ([Window.escape], "Expenses."),
        (["d"], "Remove the fuel expense of $42.10 on Saturday November 28?"), (["n"], "Expenses."),
        ([Window.enter], "Expense 1."), ([Window.escape, Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        (["w"], "Weeks."), ([Window.enter], "Week of November 23 to 29."),
        ([Window.enter], "Shift 2, Sunday November 29, 5:00 PM, running."),
        ([Window.escape, Window.escape, "m"], "Months."), ([Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        (["l"], "Places, 2."), ([Window.enter], "Example Diner."), (["r"], "Rename pickup place, Example Diner."),
        ([Window.escape, "m"], "Merge Example Diner into which place?"),
        (
            [Window.enter],
            "Merge \"Example Diner\" into \"Nowhere Noodles\"? All deliveries recorded under Example Diner will move to Nowhere Noodles, keeping their recorded times. Example Diner will then be removed. This cannot be undone."
        ),
        (["n", Window.escape, Window.escape, Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        (["h"], "Completed shifts."), ([Window.enter], "Shift 1, Saturday November 28, 5:00 PM to 9:00 PM, 4 hours."),
        (["$"], "What did Shift 1 pay?"), ([Window.escape, "t"], "What did Delivery 1 pay?"), (["c"], "Cash tip for Delivery 1."),
        ([Window.escape, Window.escape, "p"], "Change pickup place, Delivery 1, Nowhere Noodles."),
        ([Window.escape, Window.enter], "Nowhere Noodles."),
        ([Window.escape, Window.escape, Window.escape], "Shift running since 5:00 PM, 1 delivery."),
        ([Window.enter, Window.enter, Window.enter, "e"], "End shift 2?"), (["y"], "No shift running."),
    ]

    @Test func everyScreenOpensWithItsKeysAndSaysItselfInSentences() throws {
        let dash = Binary()
        Self.evening(dash)
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        for (keys, title) in Self.walk {
            let said = keys.flatMap { reader.press($0) }
            let lastEcho = said.lastIndex { $0.hasPrefix("> ") } ?? -1
            #expect(said.indices.contains(lastEcho + 1) && said[lastEcho + 1] == title, "after \(keys): \(said)")
        }
        reader.press("q")
        #expect(reader.harness.exitStatus == 0)
        let transcript = reader.opening + reader.harness.transcript.split(separator: "\n").map(String.init)
        // Plain sentences: no escape sequence, no drawing, every line but an echo a sentence.
        for line in transcript {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
            #expect(!line.contains { "·▸┃│┏┗┌└─↑↓…–#".contains($0) }, "\(line)")
            #expect(line.hasPrefix("> ") || line.last.map { ".?!".contains($0) } == true, "\(line)")
        }
    }

    /// cli.md: "after each key only what changed is printed, as a sentence". Typing into the merge
    /// list's filter changed which places it held and said nothing: only "> z".
    @Test func typingIntoTheMergeListsFilterSaysHowManyPlacesMatch() throws {
        let dash = Binary()
        Self.evening(dash)
        let reader = try Reader(dash, at: "2026-11-29 17:10:00")
        reader.press("l", Window.enter, "m")
        let narrowed = reader.press("z")
        #expect(narrowed.contains("Merge Example Diner into which place? 0 of 1 match \"z\"."), "\(narrowed)")
        let back = reader.press(Window.backspace)
        #expect(back.contains("Merge Example Diner into which place?"), "\(back)")
        #expect(reader.press("n").contains("Merge Example Diner into which place? 1 of 1 match \"n\"."))
        // cli.md: "anywhere | ? | Lists the keys of this screen", as the keys line says and as
        // the places list does while filtered; it went into the filter once one was typed.
        let keys = reader.press("?")
        #expect(!keys.contains { $0.contains("match \"n?\"") } && keys.contains { $0.hasPrefix("Keys") }, "\(keys)")
    }

    /// screens.md: "a refusal shown in the interactive mode points at the key ('Press s to start
    /// a shift')". With no shift, a, b and e were silent: a driver who pressed a to accept an
    /// order heard nothing that said it was not recorded.
    @Test func aShiftsKeysPressedWithNoShiftSayWhy() throws {
        let dash = Binary()
        let reader = try Reader(dash, at: "2026-11-29 17:00:00")
        for key in ["a", "b", "e"] {
            #expect(reader.press(key).contains("No shift is running. Press s to start a shift."), "\(key)")
        }
        #expect(dash.run(["shift", "list", "--json"]).stdout == "[]\n")
    }

    @Test func aKeyThatChangesWhichKeysWorkSaysTheKeysAgainAndTypingDoesNot() throws {
        let dash = Binary()
        let reader = try Reader(dash, at: "2026-11-29 17:00:00")
        #expect(
            reader.press("s") == [
                "> s", "Shift running since 5:00 PM, 0 deliveries.", "No deliveries yet. Press a to accept one.",
                // With no delivery, only what works: Enter, the arrows and p act on a delivery.
                "Keys: a accept, question mark all keys.",
            ])
        // screens.md's sketch: Enter names the step it records on the selected card.
        #expect(
            reader.press("a") == [
                "> a", "Shift running since 5:00 PM, 1 delivery.", "Delivery 1, accepted. Selected.",
                "Keys: a accept, up and down select, Enter arrived at pickup, p pickup place, question mark all keys.",
            ])
        // A delivery finished: Enter records nothing on it.
        reader.press(Window.enter, Window.enter)
        #expect(
            reader.press(Window.enter).last == "Keys: a accept, up and down select, p pickup place, question mark all keys.")
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:00:00")
        reader.press("a", "p")
        // Typing goes into the name field, which takes away the digits' key, and says nothing.
        #expect(reader.type("Sample").isEmpty)
        #expect(reader.press(Window.backspace).isEmpty)
        #expect(
            reader.press(Window.enter) == [
                "> Sampl", "Shift running since 5:00 PM, 2 deliveries.", "Delivery 2, accepted, Sampl. Selected.",
            ])
    }
}
