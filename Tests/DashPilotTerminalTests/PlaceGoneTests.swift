import DashPilotCore
import DashPilotStore
import Foundation
import Testing

/// pickup-identity.txt: "A merge is refused when the two places are the same place, and when
/// either is no longer a row the store holds. Both refusals happen before anything is changed."
/// A second terminal can take a place away while its screens are open here: they say so, and
/// Esc still goes back (cli.md: "`Esc` Closes a sheet or goes back one screen").
@Suite struct PlaceGoneTests {
    /// Three places, one delivery each, on a running shift.
    static func threePlaces() throws -> Binary {
        let dash = Binary()
        let clock = SetClock("2026-11-20 16:00:00")
        let store = try DashPilotStore(path: dash.storePath, clock: clock)
        _ = try store.startShift()
        for (number, name) in ["Amber Attic", "Birch Booth", "Cedar Cellar"].enumerated() {
            clock.advance(60)
            _ = try store.acceptDelivery()
            _ = try store.setPickupPlace(try PickupPlaceName(name), delivery: number + 1, shiftID: nil)
        }
        return dash
    }

    static func count(_ dash: Binary, _ place: String) -> Int? {
        let shown = dash.run(["place", "show", place, "--json"], at: "2026-11-20 16:10:00")
        let object = (try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))) as? [String: Any]
        return (object?["deliveries"] as? [Any])?.count
    }

    @Test func aMergeWhoseDestinationWentElsewhereSaysSoMergesNothingAndEscGoesBack() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("l", Window.enter, "m", Window.enter)
        #expect(window.screen.contains("Merge \"Amber Attic\" into \"Birch Booth\"?"), "\(window.screen)")
        #expect(dash.run(["place", "merge", "Birch Booth", "Cedar Cellar", "--yes"], at: "2026-11-20 16:06:00").status == 0)
        window.idle()
        #expect(window.screen.contains("The place to merge into no longer exists; nothing was merged."), "\(window.screen)")
        #expect(!window.screen.contains("Merge \"Amber Attic\""), "\(window.screen)")
        #expect(window.screen.contains("Esc back"), "\(window.screen)")
        window.press("y")
        #expect(Self.count(dash, "Amber Attic") == 1)
        window.press(Window.escape)
        // The merge list, read again: the place that is left.
        #expect(window.screen.contains("Cedar Cellar") && !window.screen.contains("Birch Booth"), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("Amber Attic") && window.screen.contains("How long pickups took"), "\(window.screen)")
    }

    @Test func aMergeWhoseSourceWentElsewhereSaysSo() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("l", Window.enter, "m", Window.enter)
        #expect(dash.run(["place", "merge", "Amber Attic", "Cedar Cellar", "--yes"], at: "2026-11-20 16:06:00").status == 0)
        window.idle()
        #expect(window.screen.contains("The place to merge no longer exists; nothing was merged."), "\(window.screen)")
        window.press("y")
        #expect(Self.count(dash, "Birch Booth") == 1 && Self.count(dash, "Cedar Cellar") == 2)
    }

    @Test func aPlacesHistoryWhosePlaceWentElsewhereSaysSoAndOffersOnlyEsc() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("l", Window.enter)
        #expect(window.screen.contains("Amber Attic"), "\(window.screen)")
        #expect(dash.run(["place", "merge", "Amber Attic", "Birch Booth", "--yes"], at: "2026-11-20 16:06:00").status == 0)
        window.idle()
        #expect(window.screen.contains("This pickup place no longer exists."), "\(window.screen)")
        #expect(!window.screen.contains("Rename") && !window.screen.contains("How long pickups took"), "\(window.screen)")
        // No key of the place it was: r opens no rename sheet, m no merge list.
        window.press("r")
        #expect(!window.screen.contains("Rename pickup place"), "\(window.screen)")
        // Only Esc goes back, as its footer says: another key leaves the sentence in place.
        #expect(window.screen.contains("This pickup place no longer exists."), "\(window.screen)")
        window.press("m")
        #expect(!window.screen.contains("Merge Amber Attic into"), "\(window.screen)")
        window.press(Window.escape)
        #expect(window.screen.contains("Birch Booth") && !window.screen.contains("Amber Attic"), "\(window.screen)")
    }

    @Test func renamingAPlaceThatWentElsewhereSaysItNoLongerExists() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("l", Window.enter, "r")
        #expect(dash.run(["place", "merge", "Amber Attic", "Birch Booth", "--yes"], at: "2026-11-20 16:06:00").status == 0)
        window.type("Amber Annex")
        window.press(Window.enter)
        #expect(window.screen.contains("This pickup place no longer exists."), "\(window.screen)")
        #expect(!window.screen.contains("No pickup place has that name"), "\(window.screen)")
    }

    @Test func theScreenReaderModeSaysAPlaceWentAndThatEscGoesBack() throws {
        let dash = try Self.threePlaces()
        let reader = try Reader(dash, at: "2026-11-20 16:05:00")
        reader.press("l", Window.enter)
        #expect(dash.run(["place", "merge", "Amber Attic", "Birch Booth", "--yes"], at: "2026-11-20 16:06:00").status == 0)
        let said = reader.harness.idle().joined(separator: "\n")
        #expect(said.contains("This pickup place no longer exists."), "\(said)")
        let keys = reader.press("?").joined(separator: "\n")
        #expect(keys.contains("Esc") && !keys.contains("rename"), "\(keys)")
    }

    /// Another terminal names a new place: it comes first in the alphabet, or first among the
    /// recent places. The selection slid to the row that now stood where it was, and Enter
    /// recorded, or merged into, a place the driver had not chosen.
    static func anotherPlaceNamed(_ dash: Binary, _ name: String) {
        #expect(dash.run(["delivery", "accept"], at: "2026-11-20 16:06:00").status == 0)
        #expect(dash.run(["pickup", "set", "4", name], at: "2026-11-20 16:06:00").status == 0)
    }

    @Test func thePlacesListKeepsItsSelectionWhenAnotherTerminalNamesAPlace() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("l", Window.down)
        #expect(window.screen.contains("▸ Birch Booth"), "\(window.screen)")
        Self.anotherPlaceNamed(dash, "Aardvark Arepas")
        window.idle()
        #expect(window.screen.contains("Aardvark Arepas") && window.screen.contains("▸ Birch Booth"), "\(window.screen)")
    }

    @Test func theMergeListKeepsItsSelectionWhenAnotherTerminalNamesAPlace() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("l", Window.enter, "m", Window.down)
        #expect(window.screen.contains("▸ Cedar Cellar"), "\(window.screen)")
        Self.anotherPlaceNamed(dash, "Aardvark Arepas")
        window.idle()
        #expect(window.screen.contains("Aardvark Arepas") && window.screen.contains("▸ Cedar Cellar"), "\(window.screen)")
    }

    @Test func thePickupSheetKeepsItsSelectedRecentPlaceWhenAnotherTerminalUsesOne() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("p", Window.down)
        #expect(window.screen.contains("▸ 2  Birch Booth"), "\(window.screen)")
        Self.anotherPlaceNamed(dash, "Amber Attic")
        window.idle()
        #expect(window.screen.contains("▸ 3  Birch Booth"), "\(window.screen)")
        window.press(Window.enter)
        let show = json(dash.run(["shift", "show", "--json"], at: "2026-11-20 16:07:00").stdout) as? [String: Any]
        let places = (show?["deliveries"] as? [[String: Any]] ?? []).map { $0["pickupPlace"] as? String }
        #expect(places == ["Amber Attic", "Birch Booth", "Birch Booth", "Amber Attic"], "\(places)")
    }

    /// Enter on a recent place another terminal had just merged away said "No pickup place has
    /// that name.", though no name was typed.
    @Test func aRecentPlaceMergedAwayBeforeEnterSaysItIsGone() throws {
        let dash = try Self.threePlaces()
        let window = try Window(dash, at: "2026-11-20 16:05:00", columns: 100, rows: 32)
        window.press("p", Window.down)
        #expect(window.screen.contains("▸ 2  Birch Booth"), "\(window.screen)")
        #expect(dash.run(["place", "merge", "Birch Booth", "Amber Attic", "--yes"], at: "2026-11-20 16:06:00").status == 0)
        window.press(Window.enter)
        #expect(window.screen.contains("This pickup place no longer exists."), "\(window.screen)")
        #expect(!window.screen.contains("Birch Booth") && window.screen.contains("Amber Attic"), "\(window.screen)")
    }
}
