import DashPilotCore
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// screens.md, "For a screen reader (`--accessible`)": the same screens said as sentences from the
/// models' accessibility labels, once whole, then only what a key changed.
@Suite("The screen-reader mode's words, in process")
struct AccessibleModeTests {
    /// The design's example: a place with twelve recorded pickups at lunch (so the dinner band has
    /// too few to say), a shift since 5:02 PM with 4.1 miles recorded, Delivery 1 at pickup there
    /// and Delivery 2 accepted.
    static func designsShift(_ dash: Binary) throws {
        let clock = SetClock("2026-11-28 11:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for index in 0..<12 {
            clock.set("2026-11-28 11:\(String(format: "%02d", index * 4)):00")
            let number = try store.acceptDelivery().number
            _ = try store.setPickupPlace(try PickupPlaceName("Nowhere Noodles"), delivery: number, shiftID: nil)
            clock.advance(60)
            _ = try store.record(.arrive, delivery: number)
            clock.advance(7 * 60)
            _ = try store.record(.pickUp, delivery: number)
            _ = try store.record(.deliver, delivery: number)
        }
        clock.set("2026-11-28 13:05:00")
        _ = try store.endShift()
        clock.set("2026-11-29 17:02:00")
        _ = try store.startShift()
        clock.set("2026-11-29 17:05:00")
        _ = try store.acceptDelivery()
        _ = try store.setPickupPlace(try PickupPlaceName("Nowhere Noodles"), delivery: 1, shiftID: nil)
        clock.set("2026-11-29 17:10:00")
        _ = try store.record(.arrive, delivery: 1)
        // 0.0593 degrees of latitude, a minute a third: 4.1 miles.
        for step in 0...3 {
            clock.set("2026-11-29 17:1\(step):00")
            _ = try store.addRouteSample(latitude: 40.0 + 0.0593 * Double(step) / 3, longitude: -75.0, accuracy: nil, session: nil)
        }
        clock.set("2026-11-29 17:15:00")
        _ = try store.acceptDelivery()
    }

    private func earnings(_ dash: Binary) -> String? {
        (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["earnings"] as? String
    }

    @Test func aRunningShiftIsSaidInTheDesignsSentencesAndAKeyOnlyWhatItChanged() throws {
        let dash = Binary()
        try Self.designsShift(dash)
        let reader = try Reader(dash, at: "2026-11-29 17:19:00")
        #expect(
            reader.opening == [
                "Shift running since 5:02 PM, 2 deliveries, 4.1 miles recorded.",
                "Delivery 1, at pickup, Nowhere Noodles. Typical recorded wait 7 minutes, median of 12 recorded pickups.",
                "Delivery 2, accepted. Selected.",
                "Keys: a accept, up and down select, Enter arrived at pickup, p pickup place, question mark all keys.",
            ])
        #expect(reader.press(Window.enter) == ["> Enter", "Delivery 2, arrived at pickup at 5:19 PM."])
    }

    @Test func aPlacesShortestAndLongestWaitAreOneSentence() throws {
        let dash = Binary()
        try Self.designsShift(dash)
        let reader = try Reader(dash, at: "2026-11-29 17:19:00")
        reader.press("l")
        let history = reader.press(Window.enter)
        let range = history.first { $0.hasPrefix("Shortest ") }
        #expect(range?.contains(", longest ") == true && range?.contains("Longest") == false, "\(history)")
    }

    @Test func movingTheSelectionSaysOnlyTheRowNowSelected() throws {
        let dash = Binary()
        try Self.designsShift(dash)
        let reader = try Reader(dash, at: "2026-11-29 17:19:00")
        #expect(
            reader.press(Window.up) == [
                "> up", "Delivery 1, at pickup, Nowhere Noodles. Typical recorded wait 7 minutes, median of 12 recorded pickups. Selected.",
            ])
        // At the top already: the key is echoed, and nothing changed.
        #expect(reader.press(Window.up) == ["> up"])
        #expect(
            reader.press("a") == [
                "> a", "Shift running since 5:02 PM, 3 deliveries, 4.1 miles recorded.", "Delivery 3, accepted. Selected.",
            ])
    }

    @Test func thePickupSheetNumbersItsRecentPlacesAndADigitRecordsOne() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for (number, name) in ["Example Diner", "Nowhere Noodles"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", String(number + 1), name], at: "2026-11-29 17:0\(number + 1):00")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 17:03:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        #expect(
            reader.press("p") == [
                "> p", "Pickup place, Delivery 3.", "Recent.", "1. Record Nowhere Noodles as the pickup place. Selected.",
                "2. Record Example Diner as the pickup place.", "Name, empty, type and press Enter.",
                "Keys: Enter record Nowhere Noodles, up and down recent, 1 to 2 record a recent place, Escape cancel, question mark all keys.",
            ])
        #expect(reader.press(Window.down) == ["> down", "2. Record Example Diner as the pickup place. Selected."])
        #expect(
            reader.press("2") == [
                "> 2", "Shift running since 5:00 PM, 3 deliveries.", "Delivery 3, accepted, Example Diner. Selected.",
            ])
    }

    @Test func aTextFieldIsReadAsALineAndEchoedWhenEnterEndsIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        let sheet = reader.press("p")
        #expect(sheet.contains("Name, empty, type and press Enter."))
        // Typing says nothing; Enter echoes the line and says what it changed.
        #expect(reader.type("Sample Sandwiches").isEmpty)
        #expect(
            reader.press(Window.enter) == [
                "> Sample Sandwiches", "Shift running since 5:00 PM, 1 delivery.", "Delivery 1, accepted, Sample Sandwiches. Selected.",
            ])
    }

    /// A field the driver typed into is theirs when it is said again (Control L, Control Z and
    /// fg, moving off it and back): typing "Nowhere", Control L, then " Noodles" recorded a new
    /// place "Noodles", the field taken for one the program had filled.
    @Test func whatTheDriverTypedStaysWhenItsFieldIsSaidAgain() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        reader.press("p")
        reader.type("Nowhere")
        #expect(reader.press("\u{0C}").contains("Name, Nowhere, type and press Enter."))
        reader.type(" Noodles")
        #expect(reader.press(Window.enter).first == "> Nowhere Noodles")
        #expect(dash.run(["place", "list"]).stdout.hasPrefix("Nowhere Noodles"), "\(dash.run(["place", "list"]).stdout)")
    }

    /// A sheet opened again is a new sheet: its prefilled pay is replaced by typing, as before
    /// the driver typed into the one closed (it read "12.0015", refused). A tip added from the
    /// pay sheet leaves what was typed into its pay field the driver's.
    @Test func aSheetOpenedAgainIsFreshAndATipSheetLeavesThePayTyped() throws {
        let dash = SheetKeysTests.tipped(0)
        dash.run(["delivery", "pay", "1", "12.00", "--shift", "1"], at: "2026-11-29 18:25:00")
        let reader = try Reader(dash, at: "2026-11-29 18:30:00")
        _ = reader.press("h") + reader.press(Window.enter) + reader.press("t")
        reader.type("9")
        _ = reader.press(Window.escape) + reader.press("t")
        reader.type("15")
        _ = reader.press(Window.enter)
        #expect(dash.run(["shift", "show", "1", "--json"]).stdout.contains("\"pay\": \"15.00\""))
        _ = reader.press("t", "\u{15}")
        reader.type("12")
        _ = reader.press("c")
        reader.type("2.50")
        _ = reader.press(Window.enter)
        reader.type("5")
        _ = reader.press(Window.enter)
        #expect(dash.run(["shift", "show", "1", "--json"]).stdout.contains("\"pay\": \"125.00\""))
    }

    /// screens.md: "Each screen is said once, top to bottom". Back on the places list after a
    /// merge, "Removed: 2. Nowhere Noodles, 1 delivery." was said before the list's title, which
    /// had changed ("Places, 1.").
    @Test func aScreenComeBackToIsNamedBeforeWhatChangedOnIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for _ in 1...2 { dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00") }
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:02:00")
        dash.run(["pickup", "set", "2", "Nowhere Noodles"], at: "2026-11-29 17:02:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        _ = reader.press("l") + reader.press(Window.down) + reader.press(Window.enter) + reader.press("m") + reader.press(Window.enter)
        _ = reader.press("y")
        let back = reader.press(Window.escape)
        let title = back.firstIndex { $0.hasPrefix("Places") }
        let removed = back.firstIndex { $0.hasPrefix("Removed:") }
        #expect(title != nil && removed != nil && title! < removed!, "\(back)")
    }

    @Test func aRefusedLineIsSaidAtEachEnterAndTheNextLineReplacesIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 21:00:00")
        let reader = try Reader(dash, at: "2026-11-29 21:05:00")
        reader.press("h", Window.enter)
        #expect(
            reader.press("$") == [
                "> dollar", "What did Shift 1 pay?", "Amount, empty, type and press Enter.",
                "Keys: Enter record, Control U then Enter clears, Escape cancel.",
            ])
        reader.type("-5")
        let refused = reader.press(Window.enter)
        #expect(refused.first == "> -5" && refused.count == 2 && refused[1].contains("negative"))
        #expect(reader.press(Window.enter) == refused)
        // A refused line is typed again whole: what was typed replaces it.
        reader.type("84.50")
        #expect(reader.press(Window.enter).first == "> 84.50")
        #expect(earnings(dash) == "84.50")
    }

    @Test func typingIntoAPrefilledFieldReplacesWhatItHeldAndEnterAloneKeepsIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 21:00:00")
        dash.run(["shift", "earnings", "1", "84.50"], at: "2026-11-29 21:01:00")
        let reader = try Reader(dash, at: "2026-11-29 21:05:00")
        reader.press("h", Window.enter)
        #expect(reader.press("$").contains("Amount, 84.50, type and press Enter."))
        #expect(reader.press(Window.enter).first == "> 84.50")
        reader.press("$")
        reader.type("90")
        #expect(reader.press(Window.enter).first == "> 90")
        #expect(earnings(dash) == "90.00")
        // cli.md: "an empty field clears it". Enter alone keeps the line, so the keys say how a
        // screen reader empties it; said "empty clears", it could not be found.
        let sheet = reader.press("$")
        #expect(sheet.contains("Keys: Enter record, Control U then Enter clears, Escape cancel."), "\(sheet)")
        reader.press("\u{15}", Window.enter)
        #expect(earnings(dash) == nil)
    }

    @Test func theKeysListSaysEveryKeyInWordsAndCtrlLSaysTheScreenAgain() throws {
        let dash = Binary()
        try Self.designsShift(dash)
        let reader = try Reader(dash, at: "2026-11-29 17:19:00")
        let keys = reader.press("?")
        #expect(keys.first == "> question mark" && keys[1] == "Keys on this screen.")
        for said in [
            // A list, its first row selected as it opens.
            "a accept. Selected.", "up and down select.", "at sign step at a time.", "x cancel.", "e end shift.", "q quit.",
            "Control L says this screen again.",
        ] {
            #expect(keys.contains(said), "\(keys)")
        }
        // Esc closes the list: back on the running shift, its title; nothing else changed.
        #expect(reader.press(Window.escape) == ["> Escape", "Shift running since 5:02 PM, 2 deliveries, 4.1 miles recorded."])
        #expect(reader.press("\u{0C}") == reader.opening)
    }

    @Test func aLongListIsSaidTenRowsAtATimeWithWhereTheyStand() throws {
        let dash = Binary()
        let clock = SetClock("2026-11-29 17:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for index in 1...12 {
            let number = try store.acceptDelivery().number
            _ = try store.setPickupPlace(try PickupPlaceName("Place \(String(format: "%02d", index))"), delivery: number, shiftID: nil)
        }
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        let places = reader.press("l")
        #expect(places.filter { $0.contains(", 1 delivery.") }.count == 10)
        #expect(places.contains("1. Place 01, 1 delivery. Selected.") && places.contains("Items 1 to 10 of 12."))
        for _ in 1...9 { reader.press(Window.down) }
        // The next page: its selected row, and where the rows now stand.
        #expect(reader.press(Window.down) == ["> down", "11. Place 11, 1 delivery. Selected.", "Items 11 to 12 of 12."])
        // A page is the ten rows the reader is given, whatever the terminal's height.
        reader.press(Window.home)
        #expect(reader.press(Window.pageDown).contains("11. Place 11, 1 delivery. Selected."))
    }

    @Test func aRowAddedAmongTheRowsIsSaidAndSwitchingWeeksAndMonthsSaysEachRow() throws {
        let dash = Binary()
        dash.run(["expense", "add", "6.50", "parking"], at: "2026-11-26 09:02:00")
        for day in ["2026-10-20", "2026-11-18", "2026-11-24"] {
            dash.run(["shift", "start"], at: "\(day) 17:00:00")
            dash.run(["shift", "end"], at: "\(day) 18:00:00")
        }
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        reader.press("c")
        // A new expense: its row is said where it now stands, beside the one already there.
        reader.press("a")
        reader.press("42.10")
        let added = reader.press(Window.enter)
        #expect(added.contains("1. Fuel, 42 dollars 10 cents, Sunday November 29, 5:05 PM. Selected."), "\(added)")
        reader.press(Window.escape, "w")
        let months = reader.press("m")
        #expect(months.contains { $0.hasPrefix("1. November 2026:") } && months.contains { $0.hasPrefix("2. October 2026:") }, "\(months)")
        let weeks = reader.press("m")
        #expect(weeks.contains { $0.hasPrefix("2. Week of November 16:") }, "\(weeks)")
        // Weeks and months are two lists: switching says the other whole, every row of its page
        // (more weeks than months) and its keys, where m now means the other.
        for row in ["3. Week of November 9:", "4. Week of November 2:", "6. Week of October 19:"] {
            #expect(weeks.contains { $0.hasPrefix(row) }, "\(weeks)")
        }
        #expect(weeks.contains { $0.hasPrefix("Keys:") && $0.contains("m months") }, "\(weeks)")
        // A move says the row it selects, no other.
        let moved = reader.press(Window.down)
        #expect(moved.count == 2 && moved[1].hasPrefix("2. Week of November 16:") && moved[1].hasSuffix("Selected."), "\(moved)")
    }

    /// A running shift whose one delivery was cancelled: a finished delivery to pay and tip.
    static func oneCancelledDelivery() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:20:00")
        return dash
    }

    /// screens.md: "after a key, only what changed": the first tip added is said, and a tip
    /// removed is said to be gone, not only the row the selection moved to.
    @Test func aTipAddedOrRemovedIsSaid() throws {
        let dash = Self.oneCancelledDelivery()
        let reader = try Reader(dash, at: "2026-11-29 17:30:00")
        reader.press("t")
        reader.press("c")
        reader.press("1.50")
        let first = reader.press(Window.enter)
        #expect(first.contains { $0.hasPrefix("Tip 1, 1 dollar 50 cents, cash") }, "\(first)")
        reader.press("c")
        reader.press("2.50")
        reader.press(Window.enter)
        reader.press(Window.down)
        let removed = reader.press("\u{1B}[3~")
        #expect(removed.contains { $0.hasPrefix("Removed: Tip 1, 1 dollar 50 cents, cash") }, "\(removed)")
    }

    /// screens.md: "after a key, only what changed". Adding an expense to twelve said "Removed:"
    /// of the row it pushed off the page, and said every row again whose number moved; removing
    /// one said the rows after it again. Only the row added or removed is said, and where the page
    /// stands.
    @Test func aRowAddedOrRemovedIsSaidAloneAndNoRowIsSaidRemovedThatWasNot() throws {
        let dash = Binary()
        for day in 10...21 { dash.run(["expense", "add", "\(day).00", "fuel", "--at", "2026-11-\(day) 12:00"], at: "2026-11-29 17:00:00") }
        let reader = try Reader(dash, at: "2026-11-29 17:30:00")
        reader.press("c", "a")
        reader.press("2")
        let added = reader.press(Window.enter)
        #expect(!added.contains { $0.hasPrefix("Removed:") }, "\(added)")
        #expect(added.contains { $0.hasPrefix("1. Fuel, 2 dollars") }, "\(added)")
        #expect(added.filter { $0.contains("Fuel") }.count == 1, "\(added)")
        #expect((json(dash.run(["expense", "list", "--json", "--all"], at: "2026-11-29 17:31:00").stdout) as? [Any])?.count == 13)
        reader.press(Window.down, Window.down)
        reader.press("d")
        let removed = reader.press("y")
        #expect(removed.contains { $0.hasPrefix("Removed: 3. Fuel, 20 dollars") }, "\(removed)")
        // The row now selected is said; those that only moved up are not.
        #expect(
            removed.filter { $0.contains("Fuel") && !$0.hasPrefix("Removed:") } == [
                "3. Fuel, 19 dollars, Thursday November 19, 12:00 PM. Selected."
            ], "\(removed)")
    }

    /// screens.md's `@` sheet: "Picked up at [ 5:26 PM_ ]". Its field was said as "Time"; an
    /// opened week's explanation of its net was said as a sentence in lower case.
    @Test func theAtSheetsFieldIsNamedAsTheSketchNamesItAndAWeeksNetExplanationIsASentence() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:05:00")
        dash.run(["expense", "add", "4.10", "fuel"], at: "2026-11-29 17:06:00")
        let reader = try Reader(dash, at: "2026-11-29 17:20:00")
        let sheet = reader.press("@")
        #expect(sheet.contains("Picked up at, 5:20 PM, type and press Enter."), "\(sheet)")
        reader.press(Window.escape)
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:21:00")
        dash.run(["shift", "end"], at: "2026-11-29 17:22:00")
        dash.run(["shift", "earnings", "1", "30"], at: "2026-11-29 17:23:00")
        let later = try Reader(dash, at: "2026-11-29 17:30:00")
        later.press("w")
        let week = later.press(Window.enter)
        #expect(week.contains { $0.hasPrefix("Recorded earnings of 1 of 1 shift, less 1 recorded expense;") }, "\(week)")
    }

    /// Recording a delivery's pay closes its sheet over a card that shows no pay: the screen-reader
    /// mode said only the shift's header, and nothing told the driver the pay was recorded.
    @Test func recordingAPayIsSaid() throws {
        let dash = Self.oneCancelledDelivery()
        let reader = try Reader(dash, at: "2026-11-29 17:30:00")
        reader.press("t")
        reader.type("12")
        let said = reader.press(Window.enter)
        #expect(said.contains { $0.contains("Delivery 1 of shift 1: recorded pay") }, "\(said)")
        let window = try Window(dash, at: "2026-11-29 17:31:00")
        window.press("t", Window.enter)
        #expect(window.screen.contains("Delivery 1 of shift 1: recorded pay $12.00."), "\(window.screen)")
    }

    /// Typing into a filter only hides rows: nothing is said to be removed, "y" included.
    @Test func rowsAFilterHidesAreNotSaidToBeRemoved() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for (number, name) in ["Example Diner", "Nowhere Noodles", "Sample Yard"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", String(number + 1), name], at: "2026-11-29 17:0\(number + 1):00")
        }
        let reader = try Reader(dash, at: "2026-11-29 17:30:00")
        reader.press("l")
        reader.press(Window.enter)
        reader.press("m")
        let typed = reader.press("y")
        #expect(!typed.contains { $0.hasPrefix("Removed:") }, "\(typed)")
        // y to the question over a list removes its row, and that is said.
        dash.run(["expense", "add", "3.00", "parking"], at: "2026-11-29 17:10:00")
        dash.run(["expense", "add", "4.00", "fuel"], at: "2026-11-29 17:11:00")
        reader.press(Window.escape)
        reader.press(Window.escape)
        reader.press(Window.escape)
        reader.press("c")
        reader.press("d")
        let removed = reader.press("y")
        #expect(removed.contains { $0.hasPrefix("Removed: ") && $0.contains("Fuel") }, "\(removed)")
    }

    /// A key that acts on a delivery, on a shift with none, said nothing at all: a listener could
    /// not tell it from a key that was not heard.
    @Test func aKeyForADeliveryOnAShiftWithNoneSaysThereIsNone() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:02:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        for key in ["x", "@", Window.enter, "p", "t"] {
            #expect(reader.press(key).last == "There is no delivery on this shift yet to act on.", "\(key)")
        }
        #expect(dash.run(["shift", "show", "--json"]).stdout.contains("\"deliveries\": []"))
    }

    /// screens.md: "After 12 hours a line under the header says: 'Running for 14 h. If you forgot
    /// to end it, e ends it at its last activity.'" For a driver who forgot the shift, it is said
    /// as it appears, with no key; it was heard only after the next key.
    @Test func theTwelveHourReminderIsSaidAsItAppears() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:02:00")
        let reader = try Reader(dash, at: "2026-11-30 05:01:00")
        #expect(!reader.opening.contains { $0.hasPrefix("Running for") }, "\(reader.opening)")
        reader.clock.advance(120)
        #expect(reader.harness.idle() == ["Running for 12 hours. If you forgot to end it, e ends it at its last activity."])
        // Said once: not again a minute on, nor after the next key.
        reader.clock.advance(60)
        #expect(reader.harness.idle().isEmpty)
        #expect(reader.press(Window.up) == ["> up"])
    }

    @Test func anotherTerminalsChangeIsSaidWithNoKeyAndTheClockSaysNothing() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:06:00")
        // The first delivery brings the keys that act on it.
        #expect(
            reader.harness.idle() == [
                "Shift running since 5:00 PM, 1 delivery.", "Delivery 1, accepted. Selected.",
                "Keys: a accept, up and down select, Enter arrived at pickup, p pickup place, question mark all keys.",
            ])
        // An hour on, the header's clock has moved: nothing is said for it, with or without a key.
        reader.clock.advance(3600)
        #expect(reader.harness.idle().isEmpty)
        #expect(reader.press(Window.up) == ["> up"])
    }

    /// A place and a step another terminal recorded between two looks are both said: the step as
    /// it happened, then the card as it now reads, place and all.
    @Test func aPlaceAndAStepArrivingTogetherAreBothSaid() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:06:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:06:00")
        let said = reader.harness.idle()
        #expect(said.contains("Delivery 1, arrived at pickup at 5:06 PM."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Delivery 1, at pickup, Example Diner") }, "\(said)")
        // A step alone is said as it happened, and only so.
        dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:08:00")
        let step = reader.harness.idle()
        #expect(step == ["Delivery 1, picked up at 5:08 PM."], "\(step)")
    }

    /// A row another terminal removed is said to be gone, as one removed here is: the change was
    /// said with no key, and a removal said nothing at all.
    @Test func aRowAnotherTerminalRemovedIsSaidToBeGone() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        dash.run(["delivery", "delete", "1", "--yes"], at: "2026-11-29 17:06:00")
        let said = reader.harness.idle()
        #expect(said.contains { $0.hasPrefix("Removed: Delivery 1, accepted") }, "\(said)")
        // One added there is said as added, and nothing as removed.
        dash.run(["delivery", "accept"], at: "2026-11-29 17:07:00")
        let added = reader.harness.idle()
        #expect(added.contains { $0.hasPrefix("Delivery 3, accepted") } && !added.contains { $0.hasPrefix("Removed:") }, "\(added)")
        // The last one removed there is said too; the shift ended there removes nothing.
        dash.run(["delivery", "delete", "2", "--yes"], at: "2026-11-29 17:08:00")
        dash.run(["delivery", "delete", "3", "--yes"], at: "2026-11-29 17:08:00")
        let last = reader.harness.idle()
        #expect(last.contains { $0.hasPrefix("Removed: Delivery 3, accepted") }, "\(last)")
        let number = dash.run(["delivery", "accept"], at: "2026-11-29 17:09:00").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        reader.harness.idle()
        dash.run(["delivery", "cancel", number], at: "2026-11-29 17:09:00")
        dash.run(["shift", "end"], at: "2026-11-29 17:10:00")
        let ended = reader.harness.idle()
        #expect(!ended.contains { $0.hasPrefix("Removed:") }, "\(ended)")
    }

    /// cli.md: "after each key only what changed is printed". A change another terminal made
    /// under a sheet, a question or the keys list was never said: back on the list after Esc, an
    /// expense removed or added meanwhile, or a delivery deleted, went unsaid (an outside audit).
    @Test func whatAnotherTerminalChangedUnderASheetIsSaidOnComingBack() throws {
        let dash = Binary()
        dash.run(["expense", "add", "42.10", "fuel"], at: "2026-11-29 16:00:00")
        dash.run(["expense", "add", "5", "parking"], at: "2026-11-29 16:10:00")
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        // The run loop reads another terminal's change between keys (`idle`), with the sheet on top.
        reader.press("c", "a")
        dash.run(["expense", "remove", "1", "--yes"], at: "2026-11-29 17:06:00")
        reader.harness.idle()
        let removed = reader.press(Window.escape)
        #expect(removed.contains { $0.hasPrefix("Removed: ") && $0.contains("42 dollars 10 cents") }, "\(removed)")
        reader.press("a")
        dash.run(["expense", "add", "9", "supplies", "--at", "2026-11-29 15:00"], at: "2026-11-29 17:06:00")
        reader.harness.idle()
        let added = reader.press(Window.escape)
        #expect(added.contains { $0.contains("Supplies, 9 dollars") }, "\(added)")
        reader.press(Window.escape, "?")
        dash.run(["delivery", "delete", "2", "--yes"], at: "2026-11-29 17:07:00")
        reader.harness.idle()
        let closed = reader.press(Window.escape)
        #expect(closed.contains { $0.hasPrefix("Removed: Delivery 2, accepted") }, "\(closed)")
        // Nothing changed meanwhile, nothing more than the screen's title is said.
        reader.press("c", "a")
        #expect(reader.press(Window.escape) == ["> Escape", "Expenses."])
    }

    /// Every echo is a word a screen reader says: the space bar echoed "> ", and a name field
    /// given only blanks "> " and three spaces (an outside audit).
    @Test func theSpaceBarAndALineOfBlanksAreEchoedInWords() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        #expect(reader.press(" ").first == "> space")
        reader.press("p")
        let said = reader.type("   ") + reader.press(Window.enter)
        #expect(said.first == "> spaces only", "\(said)")
    }
}
