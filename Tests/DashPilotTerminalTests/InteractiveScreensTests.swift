import CSQLite
import DashPilotStore
import Foundation
import Testing

@testable import DashPilotTerminal

/// The interactive mode's screens, driven in process at fixed times.
@Suite("The interactive mode's screens, in process")
struct InteractiveScreensTests {
    @Test func openingNamingAPlaceAStepALiveChangeAndQuitting() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        var screen = window.screen
        // The header as screens.md sketches it, after the app's name.
        #expect(screen.hasPrefix("DashPilot · Shift running since 5:00 PM · 5 min · 2 deliveries"), "\(screen)")
        #expect(screen.contains("▸ Delivery 2 · Accepted"))  // the newest open delivery is selected
        #expect(screen.contains("[ Add Pickup Place ]") && screen.contains("Arrived at Pickup") && screen.contains("a accept"))

        window.press("p")
        screen = window.screen
        #expect(screen.contains("Pickup place · Delivery 2") && screen.contains("Recent") && screen.contains("Nowhere Noodles"))
        window.type("Sample Sandwiches")
        window.press(Window.enter)
        screen = window.screen
        #expect(!screen.contains("Pickup place ·") && screen.contains("Sample Sandwiches") && screen.contains("[ Change Pickup Place ]"))

        window.press(Window.enter)
        #expect(window.screen.contains("Delivery 2 · At pickup") && window.screen.contains("Picked Up"))

        // A command from another terminal shows without a key press.
        #expect(dash.run(["delivery", "accept"], at: "2026-11-29 17:06:00").stdout == "3\n")
        window.idle()
        #expect(window.screen.contains("Delivery 3 · Accepted"))

        window.press("q")
        #expect(window.harness.exitStatus == 0)
        let show = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let deliveries = try #require(show["deliveries"] as? [[String: Any]])
        #expect(deliveries[1]["pickupPlace"] as? String == "Sample Sandwiches")
        #expect(deliveries[1]["state"] as? String == "arrivedAtPickup")
        #expect(deliveries[1]["arrivedAtPickupAt"] as? String == "2026-11-29T17:05:00Z")
    }

    @Test func aPromptClosedWithoutActingLeavesTheSelectionWhereItWas() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press(Window.up)
        #expect(window.screen.contains("▸ Delivery 1 · Accepted"))
        // Declining to end the shift, then Escape from the prompt: Delivery 1 stays selected.
        window.press("e", "n")
        #expect(window.screen.contains("▸ Delivery 1 · Accepted"), "\(window.screen)")
        window.press("e", Window.escape)
        #expect(window.screen.contains("▸ Delivery 1 · Accepted"), "\(window.screen)")
        // And Enter works the delivery on screen as selected, not another.
        window.press(Window.enter)
        let shift = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let states = (shift["deliveries"] as? [[String: Any]])?.map { $0["state"] as? String }
        #expect(states == ["arrivedAtPickup", "accepted"])
    }

    @Test func mergeIsDrawnDisabledWhenThePlaceIsTheOnlyOne() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Lonely Place"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press("l", Window.enter)
        let screen = window.screen
        #expect(screen.contains("[ Rename ]  r") && screen.contains("[ Merge ]") && !screen.contains("[ Merge ]  m"), "\(screen)")
        #expect(screen.contains("Merge needs another pickup place to merge into, and this is the only one."))
        #expect(!screen.contains("m merge"))
        window.press("m")
        #expect(!window.screen.contains("Merge Lonely Place into"))
        // The reason is in view already: `m` does not say it a second time under it.
        let reason = "Merge needs another pickup place to merge into, and this is the only one."
        #expect(window.screen.components(separatedBy: reason).count == 2, "\(window.screen)")
    }

    @Test func theSheetKeepsARefusedNameWithItsSentence() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press("p")
        window.type(String(repeating: "n", count: 121))
        window.press(Window.enter)
        #expect(window.screen.contains("too long") && window.screen.contains("Pickup place · Delivery 1"))
        window.press(Window.escape)
        #expect(!window.screen.contains("Pickup place · Delivery 1"))
        window.press("?")
        #expect(window.screen.contains("Keys on this screen"))
    }

    /// cli.md: "Text pasted into a field goes into the field; outside a field, each character is
    /// its own key"; pickup-identity.txt: every run of whitespace or newlines is one space.
    @Test func aPasteGoesIntoTheFieldWholeItsLineBreaksAsSpaces() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press("p")
        window.type("\u{1B}[200~Two\nLines Cafe\u{1B}[201~")
        #expect(window.screen.contains("Pickup place · Delivery 1"), "\(window.screen)")
        window.press(Window.enter)
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        #expect((show?["deliveries"] as? [[String: Any]])?.first?["pickupPlace"] as? String == "Two Lines Cafe")
        // A control character pasted is the policy's to refuse, with its sentence, the sheet open.
        window.press("p")
        window.type("\u{1B}[200~Bad\u{01}Name\u{1B}[201~")
        window.press(Window.enter)
        #expect(window.screen.contains("pickup place · Delivery 1") && window.screen.contains("control character"), "\(window.screen)")
        window.press(Window.escape)
        // Outside a field, each character pasted is its own key: "a" accepts a delivery; markers
        // pasted inside the paste are dropped, however many (never a paste within a paste).
        window.type("\u{1B}[200~" + String(repeating: "\u{1B}[200~", count: 5_000) + "a\u{1B}[201~")
        #expect(window.screen.contains("Delivery 2 · Accepted") && !window.screen.contains("Delivery 3"), "\(window.screen)")
    }

    @Test func thePlacesListFiltersAsTheDriverTypesAndOpensAPlace() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for (number, name) in ["Nowhere Noodles", "Nodle", "Example Diner"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", String(number + 1), name], at: "2026-11-29 17:0\(number + 1):00")
        }
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press("l")
        var screen = window.screen
        #expect(screen.contains("Places · 3") && screen.contains("Example Diner") && screen.contains("Nodle"))
        window.type("NOO")
        screen = window.screen
        #expect(screen.contains("Places · 1 of 3 match \"NOO\""))
        #expect(screen.contains("▸ Nowhere Noodles") && !screen.contains("Nodle ") && !screen.contains("Example Diner"))
        window.press(Window.enter)
        screen = window.screen
        #expect(screen.contains("By time of day") && screen.contains("How long pickups took") && screen.contains("Shift 1 · Delivery 1"))
        // A filter that matches nothing offers no Enter and no arrows: they have no row to act on
        // (screens.md: what a key will act on is always on screen). Likewise in the merge list.
        window.press(Window.escape)
        window.type("Z")
        #expect(window.screen.contains("No place's name contains") && !window.screen.contains("Enter open"), "\(window.screen)")
        #expect(window.screen.contains("Esc back"), "\(window.screen)")
        for _ in 0..<4 { window.press(Window.backspace) }
        window.press(Window.enter, "m")
        window.type("Z")
        #expect(window.screen.contains("No place's name contains") && !window.screen.contains("Enter choose"), "\(window.screen)")
    }

    @Test func theWaitLineAppearsWhenAnotherTerminalNamesThePlace() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:02:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:09:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        let window = try Window(dash, at: "2026-11-29 17:11:00")
        #expect(window.screen.contains("Delivery 2 · Accepted") && !window.screen.contains("recorded wait"))
        dash.run(["pickup", "set", "2", "nowhere noodles"], at: "2026-11-29 17:11:00")
        window.idle()
        #expect(window.screen.contains("1 recorded wait: 7 min"))
    }

    @Test func theWaitLineWrapsInANarrowWindowAndIsNeverCut() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for number in 1...4 {
            let minute = 10 * number
            dash.run(["delivery", "accept"], at: "2026-11-29 17:\(minute):00")
            dash.run(["pickup", "set", String(number), "Nowhere Noodles"], at: "2026-11-29 17:\(minute):00")
            dash.run(["delivery", "arrive", String(number)], at: "2026-11-29 17:\(minute + 1):00")
            dash.run(["delivery", "pickup", String(number)], at: "2026-11-29 17:\(minute + 8):00")
            dash.run(["delivery", "deliver", String(number)], at: "2026-11-29 17:\(minute + 9):00")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 18:00:00")
        dash.run(["pickup", "set", "5", "Nowhere Noodles"], at: "2026-11-29 18:00:00")
        let window = try Window(dash, at: "2026-11-29 18:01:00", columns: 40, rows: 32)
        let screen = window.screen
        #expect(!screen.contains("…"), "\(screen)")
        let words = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(words.contains("Typical recorded wait 7 min median of 4 at dinner 7 min (median of 4)"), "\(screen)")
    }

    @Test func thePayAndTipsSheetCutsNoFigureNorButtonInANarrowWindow() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run(["delivery", step, "1"], at: "2026-11-29 17:20:00") }
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        dash.run(["delivery", "tip", "1", "2.50", "--cash", "--shift", "1"], at: "2026-11-29 18:20:00")
        let window = try Window(dash, at: "2026-11-29 18:30:00", columns: 40, rows: 30)
        window.press("h", Window.enter, "t")
        let screen = window.screen
        #expect(!screen.contains("…"), "\(screen)")
        let words = screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }.joined(separator: " ")
        #expect(
            words.contains("recorded 6:20 PM") && words.contains("[ Add a cash tip ]") && words.contains("[ Add a platform tip ]"),
            "\(screen)")
    }

    /// A tip is recorded when it is added (its own sheet's Enter), so leaving the pay sheet undoes
    /// nothing: "Esc cancel" told a driver who had just added a tip that Esc would take it back.
    @Test func leavingThePaySheetIsCalledClosingSinceItsTipsAreAlreadyRecorded() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        for step in ["arrive", "pickup", "deliver"] { dash.run(["delivery", step, "1"], at: "2026-11-29 17:20:00") }
        let window = try Window(dash, at: "2026-11-29 17:30:00", columns: 100, rows: 30)
        window.press(Window.down, "t", "c")
        window.type("3.00")
        window.press(Window.enter)
        #expect(window.screen.contains("Tip 1 · $3.00 cash"), "\(window.screen)")
        #expect(window.screen.contains("Esc close") && !window.screen.contains("Esc cancel"), "\(window.screen)")
        window.press(Window.escape)
        #expect(dash.run(["shift", "show", "--json"]).stdout.contains("3.00"))
    }

    @Test func theWeeksScreenTogglesMonthsAndOpensAPeriodAndItsShift() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-23 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-23 21:00:00")
        dash.run(["shift", "earnings", "1", "84.50"], at: "2026-11-23 21:05:00")
        let window = try Window(dash, at: "2026-11-24 09:00:00")
        window.press("w")
        var screen = window.screen
        #expect(screen.contains("Weeks") && screen.contains("$21.13/h #"))
        #expect(screen.contains("▸ Nov 23 – 29") && screen.contains("1 shift · 4 h"))
        window.press("m")
        screen = window.screen
        #expect(screen.contains("Months") && screen.contains("November 2026") && screen.contains("$84.50"))
        window.press(Window.enter)
        screen = window.screen
        #expect(screen.contains("1 shift · 4 h on shift") && screen.contains("Earnings $84.50 · $21.13 an hour"))
        #expect(screen.contains("▸ Shift 1 · "))
        window.press(Window.enter)
        #expect(window.screen.contains("Earnings $84.50") && window.screen.contains("No deliveries recorded."))
    }

    @Test func wideNamesKeepColumnsAligned() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "拉面小馆 \u{1F35C}"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        let lines = window.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.contains("拉面小馆") })
        let control = try #require(lines.first { $0.contains("Change Pickup Place") })
        let button = try #require(lines.first { $0.contains("Arrived at Pickup") })
        // The key stays in the last column: the control's `p` stands where the button's border does.
        #expect(control.hasSuffix(" p"))
        #expect(DisplayWidth.of(control) == DisplayWidth.of(button))
    }
}

@Suite("Words per surface")
struct WordsPerSurfaceTests {
    @Test func aRefusalOnAScreenPointsAtAKeyNeverAtCommandSyntax() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        #expect(window.screen.contains("Shift running since 5:00 PM"))
        // Another terminal ends the shift; this screen has not read it yet.
        dash.run(["shift", "end"], at: "2026-11-29 17:06:00")
        window.press("a")
        #expect(window.screen.contains("No shift is running. Press s to start a shift."))
        #expect(!window.screen.contains("`") && !window.screen.contains("dashpilot shift"))
    }

    @Test func theCommandLineAddsItsOwnCommandToTheSameRefusal() {
        let dash = Binary()
        let result = dash.run(["delivery", "accept"], at: "2026-11-29 17:00:00")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: No shift is running. Start one with `dashpilot shift start`.\n")
    }
}

/// A store another program holds locked is busy, never empty.
@Suite("A store that cannot be read is never taken for an empty one")
struct BusyStoreTests {
    /// Another program's exclusive lock on the store at `path`, until `release`.
    final class Lock {
        private var handle: OpaquePointer?

        init(_ path: String) {
            sqlite3_open(path, &handle)
            sqlite3_exec(handle, "BEGIN EXCLUSIVE", nil, nil, nil)
        }

        func release() {
            sqlite3_exec(handle, "COMMIT", nil, nil, nil)
            sqlite3_close(handle)
            handle = nil
        }

        deinit { if handle != nil { release() } }
    }

    @Test func aKeyUnderAHeldLockSaysTheStoreIsBusyNeverThatNoShiftRuns() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00", busyTimeout: 200)
        #expect(window.screen.contains("Shift running since 5:00 PM"))
        let lock = Lock(dash.storePath)
        window.press("a")
        #expect(window.screen.contains("The store is busy"))
        #expect(!window.screen.contains("No shift is running") && !window.screen.contains("No shift running"))
        window.press("h")
        #expect(window.screen.contains("The store is busy") && !window.screen.contains("No completed shifts yet"))
        lock.release()
        window.press(Window.escape, "a")
        #expect(window.screen.contains("Delivery 1 · Accepted"))
    }

    @Test func openingUnderAHeldLockSaysTheStoreIsBusyAndShowsNoFalseEmptyScreen() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let lock = Lock(dash.storePath)
        defer { lock.release() }
        dash.environment["DASHPILOT_BUSY_TIMEOUT_MS"] = "200"
        let result = dash.onTerminal([], input: "q")
        #expect(result.stdout.contains("The store is busy") && !result.stdout.contains("No shift running"), "\(result.stdout)")
    }

    @Test(arguments: [
        ["shift", "show"], ["shift", "list"], ["period", "week"], ["place", "list"], ["expense", "list"], ["delivery", "accept"],
    ])
    func everyCommandUnderAHeldLockSaysTheStoreIsBusyAndExits74(arguments: [String]) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let lock = Lock(dash.storePath)
        defer { lock.release() }
        let result = dash.run(arguments, environment: ["DASHPILOT_BUSY_TIMEOUT_MS": "200"])
        #expect(result.status == 74 && result.stderr.contains("The store is busy"), "\(result.stdout) \(result.stderr)")
    }

    /// `backup list` reads the backups folder, never the store: under a held lock it lists them.
    @Test func backupListUnderAHeldLockListsTheBackupsFolder() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["backup"], at: "2026-11-29 17:10:00")
        let lock = Lock(dash.storePath)
        defer { lock.release() }
        let result = dash.run(["backup", "list"], environment: ["DASHPILOT_BUSY_TIMEOUT_MS": "200"])
        #expect(result.status == 0 && result.stdout.contains("1 backup,"), "\(result.stdout) \(result.stderr)")
    }
}

extension InteractiveScreensTests {
    /// cli.md: ↑↓ on the pickup sheet "Move between the recent places, the name field and, when a
    /// place is recorded, Remove". With neither, the sheet still offered "↑↓ recent", in both
    /// modes, and the arrows did nothing (from audit).
    @Test func thePickupSheetOffersTheArrowsOnlyWhereTheyMove() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        window.press("p")
        #expect(window.screen.contains("No recent places yet") && !window.screen.contains("↑↓"), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-29 17:05:00")
        let said = reader.press("p")
        #expect(said.contains("Keys: Enter record, Escape cancel, question mark all keys."), "\(said)")
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:06:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:07:00")
        let again = try Window(dash, at: "2026-11-29 17:08:00")
        again.press("p")
        #expect(again.screen.contains("↑↓ recent"), "\(again.screen)")
    }
}
