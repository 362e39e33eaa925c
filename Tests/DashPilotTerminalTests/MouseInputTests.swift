import Foundation
import Testing

@testable import DashPilotTerminal

/// Taps on the rows of every list, and mouse reports that are malformed, cut across reads,
/// outside the window or not asked for: none crashes, hangs, types or cancels.
@Suite("Mouse reports: every list's rows, and bad input")
struct MouseInputTests {
    /// Two completed shifts a week apart at three places, and two expenses.
    private func twoWeeks() -> Binary {
        let dash = Binary()
        for (day, places) in [
            ("2026-11-02", ["Nowhere Noodles", "Example Diner"]), ("2026-11-10", ["Nowhere Noodles", "Sample Sandwiches"]),
        ] {
            dash.run(["shift", "start"], at: day + " 17:00:00")
            for (index, place) in places.enumerated() {
                dash.run(["delivery", "accept"], at: day + " 17:0\(index + 1):00")
                dash.run(["pickup", "set", String(index + 1), place], at: day + " 17:0\(index + 1):00")
                dash.run(["delivery", "cancel", String(index + 1)], at: day + " 17:0\(index + 2):00")
            }
            dash.run(["shift", "end"], at: day + " 18:00:00")
        }
        dash.run(["expense", "add", "12.50", "fuel", "--at", "2026-11-03 09:00"], at: "2026-11-11 09:00:00")
        dash.run(["expense", "add", "3.00", "parking", "--at", "2026-11-04 09:00"], at: "2026-11-11 09:00:00")
        return dash
    }

    @Test func aTapOnARowOfEveryListSelectsIt() throws {
        let dash = twoWeeks()
        let window = try Window(dash, at: "2026-11-11 12:00:00")
        // The row showing `text` is marked selected ("▸ "), in a list or in a sheet's box.
        func isSelected(_ text: String) -> Bool {
            window.screen.split(separator: "\n").contains { $0.contains(text) && $0.drop { "│ ".contains($0) }.hasPrefix("▸") }
        }
        func tapSelects(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(!isSelected(text), sourceLocation: sourceLocation)
            window.tap(window.place(of: text))
            #expect(isSelected(text), "\(window.screen)", sourceLocation: sourceLocation)
        }
        // Completed shifts; Enter then opens the one tapped.
        window.press("h")
        tapSelects("Shift 1 ·")
        window.press(Window.enter)
        #expect(window.screen.contains("Shift 1"))
        // A shift's log: its deliveries.
        tapSelects("Delivery 2 ·")
        window.press(Window.escape, Window.escape)
        // The places, then a place's history, its deliveries, and the merge destinations.
        window.press("l")
        tapSelects("Sample Sandwiches")
        tapSelects("Nowhere Noodles")
        window.press(Window.enter)
        tapSelects("Shift 1 · Delivery 1")
        window.press("m")
        tapSelects("Sample Sandwiches")
        window.press(Window.escape, Window.escape, Window.escape)
        // Weeks.
        window.press("w")
        tapSelects("Nov 2 – 8")
        window.press(Window.escape)
        // Expenses.
        window.press("c")
        tapSelects("Fuel")
        window.press(Window.escape)
        // The pickup sheet's recent places: one tap records it and closes the sheet
        // (pickup-identity.txt, "Tapping one records it and closes the sheet").
        window.press("s", "a", "p")
        window.tap(window.place(of: "Example Diner", from: window.place(of: "Recent")?.row ?? 1))
        #expect(!window.screen.contains("Recent"))
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        #expect((show?["deliveries"] as? [[String: Any]])?.first?["pickupPlace"] as? String == "Example Diner")
    }

    /// screens.md: "What a key will act on is always on screen: … the selected card's title
    /// … and its button". At 40×12 the card above the selected one showed its button under
    /// "↑ more", its title out of view; a tap on it recorded a step for that unseen delivery at
    /// once (an outside audit). A tap on a card cut off at its top now selects it, and acts on
    /// nothing until it shows whole.
    @Test func aTapOnTheButtonOfACardWhoseTitleIsOutOfViewOnlySelectsIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...12 { dash.run(["delivery", "accept"], at: "2026-11-29 18:\(minute + 10):00") }
        let window = try Window(dash, at: "2026-11-29 21:00:00", columns: 40, rows: 12)
        window.press(Window.up)
        let lines = window.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let more = try #require(lines.firstIndex { $0.contains("↑ more") }, "\(window.screen)")
        let button = try #require(lines.indices.first { $0 > more && lines[$0].contains("Arrived at Pickup") }, "\(window.screen)")
        try #require(!lines[more..<button].contains { $0.contains("Delivery 10") }, "\(window.screen)")
        window.tap(column: 6, row: button + 1)
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        let states = (show?["deliveries"] as? [[String: Any]])?.map { $0["state"] as? String }
        #expect(states?.allSatisfy { $0 == "accepted" } == true, "\(String(describing: states))")
        #expect(window.screen.contains("▸ Delivery 10 · Accepted"), "\(window.screen)")
        // Shown whole, its button acts.
        let shown = try #require(window.lastPlace(of: "Arrived at Pickup"), "\(window.screen)")
        window.tap(column: shown.column, row: shown.row)
        let after = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        #expect((after?["deliveries"] as? [[String: Any]])?.filter { $0["state"] as? String == "arrivedAtPickup" }.count == 1)
    }

    /// What a terminal, a connection or another program might send that is no tap.
    static let badInput: [(name: String, reads: [String])] = [
        ("a report cut short that never ends", ["\u{1B}[<0;5"]),
        ("a report cut short whose rest comes late", ["\u{1B}[<0;5", ";3M"]),
        ("four numbers", ["\u{1B}[<0;5;3;9M"]),
        ("two numbers", ["\u{1B}[<0;5M\u{1B}[<0;5m"]),
        ("empty numbers", ["\u{1B}[<;;M"]),
        ("row and column 0", ["\u{1B}[<0;0;0M\u{1B}[<0;0;0m"]),
        ("a number too large", ["\u{1B}[<0;99999999999999999999999;3M"]),
        ("a sign", ["\u{1B}[<0;-5;3M"]),
        ("a report that goes on", ["\u{1B}[<" + String(repeating: "7", count: 5000)]),
        ("a report broken by a control byte", ["\u{1B}[<0;5\u{7}"]),
        ("an old-style report of nothing", ["\u{1B}[M\u{1}\u{1}\u{1}"]),
        ("outside the window", [MouseEvent.tap(column: 9999, row: 9999)]),
        ("right of the window", [MouseEvent.tap(column: 161, row: 1)]),
        ("below the window", [MouseEvent.tap(column: 2, row: 51)]),
        ("a press with no release", ["\u{1B}[<0;3;3M"]),
        ("a release with no press", ["\u{1B}[<0;3;3m"]),
        ("the right button", ["\u{1B}[<2;3;3M\u{1B}[<2;3;3m"]),
        ("a sideways wheel", ["\u{1B}[<66;3;3M\u{1B}[<67;3;3M"]),
        ("a drag's motion", ["\u{1B}[<32;3;3M"]),
    ]

    @Test("Malformed, cut and outside mouse reports over a sheet do nothing", arguments: TouchAndMouseTests.windows)
    func badMouseReportsDoNothing(columns: Int, rows: Int) throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00", columns: columns, rows: rows)
        window.press("p")
        window.type("Exam")
        let sheet = window.screen
        // A drag that ends on Esc cancel is no tap on it.
        let cancel = try #require(window.place(of: "Esc cancel"))
        window.harness.press("\u{1B}[<0;\(columns);\(rows)M", "\u{1B}[<0;\(cancel.column);\(cancel.row)m")
        #expect(window.screen == sheet)
        for bad in Self.badInput {
            switch bad.reads.count {
            case 1: window.harness.press(bad.reads[0])
            default: for read in bad.reads { window.harness.press(read) }
            }
            #expect(window.screen == sheet, "\(bad.name)\n\(window.screen)")
            #expect(window.harness.exitStatus == nil, "\(bad.name)")
        }
        // The keys still go where they went: into the field, and Enter records it.
        window.type("ple Diner")
        window.press(Window.enter)
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        #expect((show?["deliveries"] as? [[String: Any]])?.first?["pickupPlace"] as? String == "Example Diner")
    }

    @Test func aTapLandsOnTheWindowDrawnAndDoesNothingOnceAnotherScreenOpenedOverIt() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00")
        let button = try #require(window.place(of: "Arrived at Pickup"))
        // p and a tap in one read: the tap was aimed at the running shift's button, but the sheet
        // opened first; on the sheet it lands on nothing it was meant for.
        window.harness.press("p" + MouseEvent.tap(column: button.column, row: button.row))
        #expect(window.screen.contains("Pickup place · Delivery 2"))
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        #expect((show?["deliveries"] as? [[String: Any]])?.map { $0["state"] as? String } == ["accepted", "accepted"])
        #expect((show?["deliveries"] as? [[String: Any]])?.last?["pickupPlace"] as? String == nil)
    }

    @Test func withTheMouseLeftToTheTerminalATapDoesNothing() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:02:00")
        let window = try Window(dash, at: "2026-11-29 17:05:00", environment: ["DASHPILOT_MOUSE": "0"])
        let before = window.screen
        window.tap(window.place(of: "Delivery 1 ·"))
        window.tap(window.place(of: "Arrived at Pickup"))
        window.tap(window.lastPlace(of: "q quit"))
        window.wheel(down: false)
        #expect(window.screen == before && window.harness.exitStatus == nil)
    }
}
