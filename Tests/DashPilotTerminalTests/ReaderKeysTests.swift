import Foundation
import Testing

@testable import DashPilotTerminal

/// The screen-reader mode's keys, as a reader types them one at a time (screens.md: "a text field
/// reads a line, ended by Enter … echoes what was typed when Enter is pressed"; "after a key, only
/// what changed").
@Suite("The screen-reader mode: digits typed, and the keys list")
struct ReaderKeysTests {
    @Test func digitsTypedIntoAnExpensesAmountAreTheAmount() throws {
        // 1–5 choose a category only in the category's field. The reader took them for keys in
        // every field: "> 1", "> 2", then the "." cleared the prefilled field with them in it,
        // and $12.50 was recorded as 50 cents.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        reader.press("c", "a")
        let typed = reader.type("12.50")
        #expect(typed.isEmpty, "typing is silent: \(typed)")
        #expect(reader.press(Window.enter).first == "> 12.50")
        let list = try #require(json(dash.run(["expense", "list", "--json"], at: "2026-11-29 17:06:00").stdout) as? [[String: Any]])
        #expect(list.first?["amount"] as? String == "12.50", "\(list)")
    }

    /// cli.md: "Tab in a text field is whitespace". In the expense sheet's Amount it typed a blank
    /// and was said "> Tab", a key that seemed to do nothing (from audit): it is typed, silently.
    @Test func tabInAnExpensesTextFieldIsTypedNotSaidAsAKey() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        reader.press("c", "a")
        var said = reader.type("4")
        said += reader.press("\t")
        said += reader.type("2")
        #expect(said.isEmpty, "typing is silent: \(said)")
        let entered = reader.press(Window.enter)
        #expect(entered.first == "> 4 2" && entered.contains { $0.hasPrefix("An amount is a decimal number") }, "\(entered)")
    }

    /// screens.md: the screen-reader mode says a screen "as sentences built from the same
    /// accessibility labels". The expense sheet shows which field typing goes to ("▸ Amount");
    /// said, its four fields were alike (from audit).
    @Test func theFieldTypingGoesToAmongOthersSaysSo() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        let opened = reader.press("c", "a")
        #expect(opened.contains("Amount, empty, type and press Enter. Selected."), "\(opened)")
        #expect(opened.contains { $0.hasPrefix("Note, empty, type and press Enter") && !$0.hasSuffix("Selected.") }, "\(opened)")
    }

    /// A pay typed and not recorded, then `c` for a cash tip: back on the pay sheet the field was
    /// not said, though it held the 7 typed (typing is silent), and the next Enter recorded $7.00
    /// over $6.00 (from audit). A sheet come back to says its field with what it holds.
    @Test func thePaySheetComeBackToSaysThePayTypedInIt() throws {
        let dash = SheetsFollowTheStoreTests.paidShift()
        let reader = try Reader(dash, at: "2026-11-20 17:00:00")
        reader.press("h", Window.enter, "t")
        #expect(reader.type("7").isEmpty)
        reader.press("c")
        reader.type("2")
        let back = reader.press(Window.enter)
        #expect(back.contains("Recorded pay, 7, type and press Enter."), "\(back)")
    }

    /// cli.md: "Tab in a text field is whitespace". Typed first into a prefilled field it was
    /// added to the text where a character replaces it: a rename of "Sat 5" to Tab then "Sunward
    /// Skillet" made "Sat 5 Sunward Skillet" (from audit).
    @Test func tabTypedFirstIntoAPrefilledFieldReplacesItAsABlankDoes() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Sat 5"], at: "2026-11-29 17:02:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        reader.press("l", Window.enter, "r", "\t")
        reader.type("Sunward Skillet")
        reader.press(Window.enter)
        let places = dash.run(["place", "list"], at: "2026-11-29 17:06:00").stdout
        #expect(places.hasPrefix("Sunward Skillet · 1 delivery"), "\(places)")
    }

    @Test func theKeysListSaysOnlyTheRowAKeyLandsOn() throws {
        // The keys list scrolls like any list; each key said all 22 lines again, and a paging
        // key was "page up page up".
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        let opened = reader.press("?")
        #expect(opened.contains("page up.") && !opened.contains { $0.contains("page up page up") }, "\(opened)")
        #expect(reader.press(Window.down) == ["> down", "up and down select. Selected."])
        #expect(reader.press(Window.end) == ["> End", "End last. Selected."])
        #expect(reader.press("a") == ["> a"])
    }
}
