import DashPilotScreens
import Foundation
import Testing

@testable import DashPilotTerminal

/// cli.md's keys, acted on where the screen shows what they act on: a field's editing keys in
/// every field, and a list's selection marked wherever it stands.
@Suite("Keys act on what the screen shows")
struct KeysWhereTheyShowTests {
    @Test func deleteEditsThePayFieldWhenNoTipIsSelected() throws {
        // cli.md, any text field: "Backspace Delete … Move and edit as a shell's line editor
        // does". Delete was always the sheet's "remove the selected tip", and with none selected
        // it did nothing at all.
        let dash = try EveryWindowTests.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        window.press("h", Window.enter, "t")
        #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
        window.type("7.00")
        window.press(Window.home, Window.delete)
        #expect(window.screen.contains(".00") && !window.screen.contains("7.00"), "\(window.screen)")
    }

    @Test func aLogThatFitsTheWindowKeepsItsSelectionMarkedAndActsOnTheFirstKey() throws {
        // screens.md: "the selected row is always in view"; cli.md: "Every key is acted on".
        // ↑ on the first delivery, Home, or coming back from the earnings sheet scrolled up to
        // the shift's figures and hid the ▸; the next Enter, t or p only brought it back.
        let dash = try EveryWindowTests.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        window.press("h", Window.enter)
        window.press(Window.up)
        #expect(window.screen.contains("▸ Delivery 1 · Delivered"), "\(window.screen)")
        window.press("t")
        #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
        window.press(Window.escape, Window.end, Window.home)
        #expect(window.screen.contains("▸ Delivery 1 · Delivered"), "\(window.screen)")
        window.press("p")
        #expect(window.screen.contains("Change pickup place · Delivery 1"), "\(window.screen)")
        window.press(Window.escape, "$", Window.escape, "t")
        #expect(window.screen.contains("What did Delivery 1 pay?"), "\(window.screen)")
    }

    @Test func aPeriodScrolledToItsTotalsOpensAShiftOnlyOnceItIsInView() throws {
        // At 40×12 the week's totals fill the window: Enter there first brings the selected
        // shift into view (it opened a shift the window did not show), then opens it.
        let dash = try EveryWindowTests.store(shifts: 3)
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 40, rows: 12)
        window.press("w", Window.enter, Window.home)
        #expect(!window.screen.contains("▸"), "\(window.screen)")
        window.press(Window.enter)
        #expect(window.screen.contains("▸"), "\(window.screen)")
        #expect(!window.screen.contains("Delivery 1 ·"), "\(window.screen)")
        window.press(Window.enter)
        #expect(window.screen.contains("Delivery 1 ·"), "\(window.screen)")
    }
}

@Suite("The running shift's cards page as a list")
struct RunningCardsPageTests {
    @Test func pageKeysHomeAndEndMoveTheSelectedCard() throws {
        // cli.md, any list: "PgUp PgDn Home End | A page up or down, the first row, the last
        // row". Twelve cards scroll with "↑ more" as a list does, and only ↑↓ moved.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...12 { dash.run(["delivery", "accept"], at: String(format: "2026-11-29 17:%02d:00", minute)) }
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 100, rows: 32)
        #expect(window.screen.contains("▸ Delivery 12 · Accepted"), "\(window.screen)")
        window.press(Window.home)
        #expect(window.screen.contains("▸ Delivery 1 · Accepted"), "\(window.screen)")
        window.press(Window.pageDown)
        #expect(!window.screen.contains("▸ Delivery 1 · ") && window.screen.contains("▸ Delivery "), "\(window.screen)")
        window.press(Window.end)
        #expect(window.screen.contains("▸ Delivery 12 · Accepted"), "\(window.screen)")
        window.press(Window.pageUp)
        #expect(!window.screen.contains("▸ Delivery 12 · ") && window.screen.contains("▸ Delivery "), "\(window.screen)")
        window.press("?")
        #expect(window.screen.contains("PgUp"), "\(window.screen)")
    }
}

@Suite("The places screen's ? while a filter is typed")
struct PlacesQuestionMarkTests {
    @Test func questionMarkListsTheKeysWhileAFilterStands() throws {
        // screens.md sketches "Places · 3 of 214 match "noo" … ? keys": the header offers ?
        // with a filter typed, and ? went into the filter instead ("noo?", 0 of 3 match).
        let dash = try EveryWindowTests.store()
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 100, rows: 32)
        window.press("l")
        window.type("exa")
        window.press("?")
        #expect(window.screen.contains("PgUp"), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("match \"exa\""), "\(window.screen)")
    }
}

@Suite("At 40×12, what a key just did comes into view")
struct SmallestWindowShowsTests {
    @Test func aRefusedPickupNameShowsItsSentenceInTheSmallestWindow() throws {
        // screens.md: a refused name "shows the sentence under the field and keeps the sheet
        // open". At 40×12 the sentence stayed below "↓ more": Enter seemed to do nothing.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        // Five recent places above the field push it to the window's foot.
        for (number, name) in ["Alpha Deli", "Bravo Bakery", "Cobalt Cafe", "Delta Diner", "Echo Eatery"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number):00")
            dash.run(["pickup", "set", "\(number + 1)", name], at: "2026-11-29 17:0\(number):30")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 17:06:00")
        let window = try Window(dash, at: "2026-11-29 17:07:00", columns: 40, rows: 12)
        window.press("p")
        #expect(window.screen.contains("Echo Eatery"), "\(window.screen)")
        for _ in 0..<5 { window.press(Window.down) }
        window.type(String(repeating: "Long", count: 40))
        window.press(Window.enter)
        #expect(window.screen.contains("too long"), "\(window.screen)")
    }

    @Test func aPlacesControlsComeIntoViewWithItsLastDelivery() throws {
        // screens.md: "what does not fit scrolls". At 40×12 the "[ Rename ] r  [ Merge ] m" row
        // under a place's deliveries never came into view, End, ↓ and PgDn notwithstanding.
        let dash = try EveryWindowTests.store(shifts: 3)
        let window = try Window(dash, at: "2026-11-29 18:10:00", columns: 40, rows: 12)
        window.press("l", Window.enter, Window.end)
        #expect(window.screen.contains("Rename"), "\(window.screen)")
    }
}

extension KeysWhereTheyShowTests {
    @Test func questionMarkListsTheKeysInAnAmountOrATimeAndIsTypedInANameOrANote() throws {
        // cli.md: "anywhere | ? | Lists the keys of this screen." In an amount or a time, where
        // it can never be typed, ? went into the field ("An amount is a decimal number").
        let dash = SheetKeysTests.tipped(0)
        let window = try Window(dash, at: "2026-11-29 18:30:00")
        window.press("h", Window.enter, "t", "?")
        #expect(window.screen.contains(ScreenMessages.keysTitle), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("Recorded pay  [  ") || window.screen.contains("Recorded pay  [ ]"), "\(window.screen)")
        window.press(Window.escape, Window.escape, Window.escape)
        // The expense sheet: in its amount a key list, in its note a character.
        window.press("c", "a", "?")
        #expect(window.screen.contains(ScreenMessages.keysTitle), "\(window.screen)")
        window.press(Window.escape)
        window.type("4")
        window.press(Window.down, "\t")
        window.type("?")
        #expect(window.screen.contains(ScreenMessages.keysTitle), "\(window.screen)")
        window.press(Window.escape, Window.down)
        window.type("why")
        window.press("?")
        #expect(window.screen.contains("why?") && !window.screen.contains(ScreenMessages.keysTitle), "\(window.screen)")
        // The screen-reader mode reads the keys for ? in the pay sheet too.
        let reader = try Reader(dash, at: "2026-11-29 18:30:00")
        _ = reader.press("h", Window.enter, "t")
        let said = reader.press("?").joined(separator: "\n")
        #expect(said.contains(ScreenMessages.keysTitle), "\(said)")
        // In a name, ? is a character there too: the pickup sheet's field takes it.
        let named = try Reader(dash, at: "2026-11-29 18:30:00")
        _ = named.press("h", Window.enter, "p")
        _ = named.press("W", "h", "y", "?")
        let echoed = named.press(Window.enter).joined(separator: "\n")
        #expect(echoed.contains("Why?") && !echoed.contains(ScreenMessages.keysTitle), "\(echoed)")
    }
}

extension KeysWhereTheyShowTests {
    @Test func theKeysListWrapsWhatAKeyDoesAt40ColumnsNeverCuttingIt() throws {
        // screens.md: "a sentence is never cut with "…"". At 40 columns the expense sheet's keys
        // read "↑↓ move between fields (in the c…" and "Tab next field (from the category…".
        let dash = SheetKeysTests.tipped(0)
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 12)
        window.press("c", "a", "?")
        #expect(!window.screen.contains("…"), "\(window.screen)")
        window.press(Window.end)
        let words = window.screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for label in ["move between fields (in the category's, choose)", "next field (from the category's)"] {
            #expect(words.contains(label), "\(window.screen)")
        }
    }
}
