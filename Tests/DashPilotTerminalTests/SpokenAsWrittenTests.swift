import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation
import Testing

/// screens.md: a delivery is said with "the place as written"; pickup-identity.txt: "VoiceOver
/// reads the delivery, then the place as it is written". The screen-reader mode says the program's
/// own separators and units in words ("7 min" is "7 minutes", "–" is "to"); a name the driver typed
/// that holds them was reworded too, so that two places could sound alike, and a braille reader who
/// typed back what was said made another place.
@Suite("What the driver typed is said as written")
struct SpokenAsWrittenTests {
    static let names = ["Sushi – Downtown", "Fish + Chips", "mi casa", "Esc Bar", "Cafe 4 · 12", "Wok…n Roll", "Noodle 24 h"]

    /// A running shift with one accepted delivery at each of `names`.
    static func shift(_ dash: Binary) throws {
        let clock = SetClock("2026-03-02 18:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for name in names {
            let number = try store.acceptDelivery().number
            _ = try store.setPickupPlace(try PickupPlaceName(name), delivery: number, shiftID: nil)
        }
    }

    @Test func aPlacesNameIsSaidAsWrittenOnTheCardsAndInThePlacesList() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        for (index, name) in Self.names.enumerated() {
            #expect(reader.opening.contains { $0.hasPrefix("Delivery \(index + 1), accepted, \(name).") }, "\(reader.opening)")
        }
        let places = reader.press("l")
        for name in Self.names {
            #expect(places.contains { $0.contains(". \(name), 1 delivery.") }, "\(name): \(places)")
        }
    }

    /// cli.md: "A rename refused for a collision names the place it collided with": "Esc Bar",
    /// never "Escape Bar", which may be another place.
    @Test func aRefusedRenameNamesThePlaceAsWritten() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        reader.press("l", Window.end, Window.enter)
        let title = reader.press("r")
        #expect(title.contains("Rename pickup place, Wok…n Roll."), "\(title)")
        let refused = reader.press("esc bar", Window.enter)
        #expect(refused.contains { $0.hasPrefix("Another pickup place is already called Esc Bar") }, "\(refused)")
    }

    /// A title the sheet shows, with the place in it, is said in words but for the name: "Noodle
    /// 24 h" would be "Noodle 24 hours"; and "mi casa" after "Delivery 3," was "miles casa"
    /// (screen-reader recheck).
    @Test func thePickupSheetsTitleSaysThePlaceAsWritten() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        let sheet = reader.press("p")
        #expect(sheet.contains("Change pickup place, Delivery 7, Noodle 24 h."), "\(sheet)")
        reader.press(Window.escape, Window.up, Window.up, Window.up, Window.up)
        let third = reader.press("p")
        #expect(third.contains("Change pickup place, Delivery 3, mi casa."), "\(third)")
    }

    /// cli.md: after a key "only what changed is printed". A place renamed from a filtered list
    /// no longer matches the filter; it was said to be "Removed: 1. Wok…n Roll, 1 delivery."
    /// (screen-reader recheck; pickup-identity.txt: a rename changes only the spelling).
    @Test func aPlaceRenamedOutOfAFilteredListIsNotSaidToBeRemoved() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        reader.press("l")
        reader.type("wok")
        reader.press(Window.enter, "r")
        reader.press("Sample Sandwiches", Window.enter)
        let back = reader.press(Window.escape)
        #expect(!back.contains { $0.hasPrefix("Removed") }, "\(back)")
        #expect(back.contains { $0.contains("0 of 7 match \"wok\"") }, "\(back)")
    }

    /// A place merged away from a filtered list is gone from the record: that is said (review).
    @Test func aPlaceMergedAwayFromAFilteredListIsSaidToBeRemoved() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        reader.press("l")
        reader.type("wok")
        reader.press(Window.enter, "m")
        reader.type("esc")
        reader.press(Window.enter, "y")
        let back = reader.press(Window.escape)
        #expect(back.contains { $0.hasPrefix("Removed: 1. Wok…n Roll") }, "\(back)")
    }

    /// A place's history says each delivery's wait in words, "waited 14 minutes", as every
    /// label does (review: a row said as written read "waited 14 min").
    @Test func aPlacesHistorySaysEachWaitInWords() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-03-02 18:00:00")
        dash.run(["delivery", "accept"], at: "2026-03-02 18:01:00")
        dash.run(["pickup", "set", "1", "Noodle 24 h"], at: "2026-03-02 18:01:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-03-02 18:02:00")
        dash.run(["pickup", "1"], at: "2026-03-02 18:16:00")
        let reader = try Reader(dash, at: "2026-03-02 18:20:00")
        reader.press("l")
        let history = reader.press(Window.enter)
        #expect(history.contains("Noodle 24 h."), "\(history)")
        #expect(history.contains { $0.hasSuffix("Delivery 1, waited 14 minutes. Selected.") }, "\(history)")
    }

    /// screens.md: a text field "echoes what was typed". Characters that came in one read (a
    /// paste, a fast typist) were echoed through the table of keys' names: "empty", the pay
    /// sheet's word for its clearing keys, was "> Control U then Enter"; blanks were "> ".
    @Test func charactersThatCameTogetherAreEchoedAsTheyWereTyped() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        reader.press("l")
        #expect(reader.press("empty").first == "> empty")
        reader.press("\u{15}")  // Ctrl-U empties the filter
        #expect(reader.press("  ").first == "> spaces only")
    }

    @Test func aSentenceRewordsOnlyTheProgramsOwnWords() {
        #expect(SpokenWords.sentence("Fish + Chips · 24 min", keeping: ["Fish + Chips"]) == "Fish + Chips, 24 minutes.")
        #expect(SpokenWords.sentence("Noodle 24 h · 2 h", keeping: ["Noodle 24 h"]) == "Noodle 24 h, 2 hours.")
        // Kept where it stands whole, never inside a longer number (screen-reader recheck).
        #expect(SpokenWords.sentence("Shortest 5 min, longest 15 min", keeping: ["5 min"]) == "Shortest 5 min, longest 15 minutes.")
        // "1," ends a phrase: the word after it is no unit ("Delivery 1, mi casa").
        #expect(SpokenWords.sentence("Change pickup place · Delivery 1 · mi casa") == "Change pickup place, Delivery 1, mi casa.")
        #expect(SpokenWords.sentence("4 h 8 min working · 2 mi") == "4 hours 8 minutes working, 2 miles.")
    }

    /// A place named like one of the program's words is kept as written only in the line that
    /// names it: the history of a place called "min" said its waits "4 min", "2 min" (screen-
    /// reader audit), where every other place's say "minutes".
    @Test func aPlaceNamedLikeAProgramWordLeavesTheScreensOtherWordsInWords() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-03-02 18:00:00")
        for (number, wait) in [(1, 2), (2, 4), (3, 6)] {
            dash.run(["delivery", "accept"], at: "2026-03-02 18:00:00")
            dash.run(["pickup", "set", "\(number)", "min"], at: "2026-03-02 18:00:00")
            dash.run(["delivery", "arrive", "\(number)"], at: "2026-03-02 18:01:00")
            dash.run(["pickup", "\(number)"], at: "2026-03-02 18:\(String(format: "%02d", 1 + wait)):00")
        }
        let reader = try Reader(dash, at: "2026-03-02 18:20:00")
        reader.press("l")
        let history = reader.press(Window.enter)
        #expect(history.contains("min."), "\(history)")
        #expect(history.contains("Shortest 2 minutes, longest 6 minutes."), "\(history)")
        #expect(history.contains("Rename pickup place, min: r."), "\(history)")
    }

    /// screens.md: a text field "echoes what was typed"; a time refused quotes it, and the quote
    /// was said half in words ("\"Esc, 1 h\" is not one"; screen-reader audit).
    @Test func aRefusedTimeQuotesWhatWasTypedAsTyped() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        reader.press("@")
        let refused = reader.press("Esc · 1 h", Window.enter)
        #expect(refused.contains { $0.hasSuffix("\"Esc · 1 h\" is not one.") }, "\(refused)")
        // With blanks around it, quoted without them: said as typed still ("at Sunday 5").
        let blanks = reader.press(" at Sun 5 ", Window.enter)
        #expect(blanks.contains { $0.hasSuffix("\"at Sun 5\" is not one.") }, "\(blanks)")
    }

    /// The keys line says `@` "at sign"; the end refusal's "@ at the time it happened" read "at
    /// at the time" (screen-reader audit).
    @Test func theAtSignIsSaidAsTheKeysLineSaysIt() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        let refused = reader.press("e")
        #expect(refused.contains { $0.contains("at sign at the time it happened") }, "\(refused)")
    }

    /// A rename from another terminal while the rename sheet is open: the sheet's field held the
    /// old spelling, and Enter renamed the place back (screen-reader audit).
    @Test func theRenameSheetFollowsARenameMadeElsewhereAndNeverUndoesIt() throws {
        let dash = Binary()
        try Self.shift(dash)
        let window = try Window(dash, at: "2026-03-02 18:02:00")
        window.press("l", Window.end, Window.enter, "r")
        #expect(window.screen.contains("Wok…n Roll"), "\(window.screen)")
        dash.run(["place", "rename", "Wok…n Roll", "Wok Example"], at: "2026-03-02 18:03:00")
        window.idle()
        #expect(window.screen.contains("Wok Example"), "\(window.screen)")
        window.press(Window.enter)
        let names = dash.run(["place", "list"], at: "2026-03-02 18:04:00").stdout
        #expect(names.contains("Wok Example") && !names.contains("Wok…n Roll"), "\(names)")
    }

    /// The line under a filter that matches nothing quotes it as typed, as the heading does
    /// ("Fish plus Chipz" under "0 of 7 match "Fish + Chipz""); a field of blanks alone is said
    /// "spaces only", as their echo is (screen-reader last pass).
    @Test func aFilterMatchingNothingAndAFieldOfBlanksAreSaidAsTyped() throws {
        let dash = Binary()
        try Self.shift(dash)
        let reader = try Reader(dash, at: "2026-03-02 18:02:00")
        reader.press("l")
        let none = reader.press("Fish + Chipz")
        #expect(none.contains("No place's name contains \"Fish + Chipz\"."), "\(none)")
        reader.press(Window.escape, Window.escape, "p", Window.down, Window.down, Window.down, Window.down, Window.down)
        reader.press("   ", Window.enter)
        let again = reader.press("\u{0C}")  // Ctrl-L says the sheet again
        // Among the recent places, the field typing goes to says so.
        #expect(again.contains("Name, spaces only, type and press Enter. Selected."), "\(again)")
    }
}
