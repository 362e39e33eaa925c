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
    static let names = ["Sushi – Downtown", "Fish + Chips", "Pho 24 h", "Esc Bar", "Cafe 7 · 11", "Wok…n Roll"]

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
        #expect(SpokenWords.sentence("Pho 24 h · 2 h", keeping: ["Pho 24 h"]) == "Pho 24 h, 2 hours.")
        #expect(SpokenWords.wouldReword("Esc Bar") && SpokenWords.wouldReword("Cafe 7 · 11"))
        #expect(!SpokenWords.wouldReword("Nowhere Noodles") && !SpokenWords.wouldReword("Joe's Subs"))
    }
}
