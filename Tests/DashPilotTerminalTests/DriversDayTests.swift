import Foundation
import Testing

@testable import DashPilotTerminal

@Suite("A driver's whole day in the interactive mode, in any window")
struct DriversDayTests {
    @Test("From s to earnings and rates with no command line", arguments: [(40, 12), (60, 20), (100, 32), (160, 50)])
    func aWholeShift(columns: Int, rows: Int) throws {
        let dash = Binary()
        let window = try Window(dash, at: "2026-11-29 17:00:00", columns: columns, rows: rows)
        #expect(window.screen.contains("No shift running"))
        window.press("s")
        #expect(window.screen.contains("Shift running since 5:00 PM") && window.screen.contains("quit"))
        window.clock.advance(60)
        window.press("a")
        #expect(window.screen.contains("Delivery 1 · Accepted"))
        window.press("p")
        #expect(window.screen.contains("Pickup place"))
        // A typo in the middle of the name, fixed where it is.
        window.type("Nowher Noodles")
        for _ in 0..<8 { window.press(Window.left) }
        window.press("e", Window.enter)
        #expect(window.screen.contains("Nowhere Noodles") && !window.screen.contains("Pickup place"))
        for step in ["At pickup", "Picked up", "Delivered"] {
            window.clock.advance(300)
            window.press(Window.enter)
            #expect(window.screen.contains("Delivery 1 · \(step)"))
        }
        window.clock.advance(600)
        window.press("e")
        #expect(window.screen.contains("End shift 1?") && window.screen.contains("keep it running"))
        #expect(window.screen.contains("1 delivery"))
        window.press("y")
        #expect(window.screen.contains("No shift running"))
        window.press("h")
        #expect(window.screen.contains("Completed shifts") && window.screen.contains("Shift 1"))
        window.press(Window.enter)
        // The log opens on its delivery, in view whole; in a small window its figures are above.
        #expect(window.screen.contains("▸ Delivery 1 · Delivered"))
        for _ in 0..<12 where !window.screen.contains("Add what this shift paid") { window.press(Window.up) }
        #expect(window.screen.contains("Add what this shift paid"))
        window.press("$")
        #expect(window.screen.contains("What did Shift 1 pay?"))
        window.type("84.555")
        window.press(Window.enter)
        // A refusal keeps the sheet open, its sentence whole.
        #expect(window.screen.contains("Use at most two decimal places.") && window.screen.contains("What did Shift 1 pay?"))
        for _ in 0..<6 { window.press(Window.backspace) }
        window.type("-1")
        window.press(Window.enter)
        // The sheet's own sentence names what it asks for (screens.md).
        #expect(window.screen.contains("Earnings can't be negative.") && window.screen.contains("What did Shift 1 pay?"))
        window.press(Window.backspace, Window.backspace)
        window.type("84.55")
        window.press(Window.enter)
        let screen = window.screen
        #expect(screen.contains("Earnings $84.55"))
        // Nothing is wider than the window, and the keys stay at the foot.
        for line in screen.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= columns, "\(line)") }
        window.press(Window.escape, Window.escape, "q")
        #expect(window.harness.exitStatus == 0)
        let show = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(show["startedAt"] as? String == "2026-11-29T17:00:00Z" && show["endedAt"] as? String == "2026-11-29T17:26:00Z")
    }

    @Test func aRecentPlaceIsOneKeyAwayAndTwoRecordsTheSecond() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for (number, name) in ["Example Diner", "Nowhere Noodles"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", String(number + 1), name], at: "2026-11-29 17:0\(number + 1):00")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 17:05:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:06:00")
        let window = try Window(dash, at: "2026-11-29 17:07:00")
        #expect(window.screen.contains("▸ Delivery 4"))
        window.press("p")
        #expect(window.screen.contains("Pickup place · Delivery 4") && window.screen.contains("Enter record Nowhere Noodles"))
        #expect(window.screen.contains("▸ 1  Nowhere Noodles"))
        window.press("2")
        #expect(!window.screen.contains("Pickup place ·"))
        window.press(Window.up, "p")
        #expect(window.screen.contains("Pickup place · Delivery 3"))
        window.press(Window.enter)
        #expect(!window.screen.contains("Pickup place ·") && window.screen.contains("q quit"))
        let deliveries = (json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])?["deliveries"] as? [[String: Any]]
        #expect(deliveries?.map { $0["pickupPlace"] as? String } == ["Example Diner", "Nowhere Noodles", "Example Diner", "Example Diner"])
    }

    @Test func aForgottenShiftEndsAtItsLastActivity() throws {
        let dash = Binary()
        // Started three days ago and forgotten: the date shows, and the line that says what e does.
        dash.run(["shift", "start"], at: "2026-11-26 15:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-26 15:10:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-26 15:20:00")
        let window = try Window(dash, at: "2026-11-29 17:00:00")
        #expect(window.screen.contains("Running for 74 h. If you forgot to end it, e ends it at its last activity."))
        #expect(window.screen.contains("Shift running since Thu, Nov 26, 3:00 PM") && window.screen.contains("74 h"))
        window.press("e")
        #expect(window.screen.contains("end it at its last activity"))
        window.press("l")
        #expect(window.screen.contains("No shift running"))
        let show = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(show["endedAt"] as? String == "2026-11-26T15:20:00Z")
    }

    @Test func aGermanDriverReadsTwentyFourHourTimesAndEuros() throws {
        let dash = Binary()
        // A store made under a German locale holds euros; the locale writes them.
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00", environment: ["LC_ALL": "de_DE.UTF-8"])
        dash.run(["shift", "end"], at: "2026-11-29 21:40:00")
        dash.run(["shift", "earnings", "1", "84.50"], at: "2026-11-29 21:41:00")
        let window = try Window(dash, at: "2026-11-30 09:00:00", environment: ["LC_ALL": "de_DE.UTF-8"])
        window.press("h", Window.enter)
        #expect(window.screen.contains("84,50 €") && window.screen.contains("17:00 – 21:40") && !window.screen.contains("PM"))
        // Another locale writes the store's euros its own way, and never makes them pounds.
        #expect(dash.run(["shift", "show", "1"], environment: ["LC_ALL": "en_GB.UTF-8"]).stdout.contains("€84.50"))
        #expect(
            dash.run(["shift", "show", "1", "--json"], environment: ["LC_ALL": "de_DE.UTF-8"]).stdout.contains("\"earnings\": \"84.50\""))
    }
}

/// What only a real terminal shows: raw mode, suspending and resuming, exit statuses.
@Suite("The interactive mode on a real terminal, under tmux", .serialized)
struct TerminalSessionTests {
    @Test func ctrlCExits130AndCtrlZSuspendsUntilFg() {
        let dash = Binary()
        let session = TmuxSession(dash: dash, command: "bash --norc --noprofile -i")
        defer { session.kill() }
        session.type("env DASHPILOT_STORE='\(dash.storePath)' \(dash.program())")
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") }
        session.keys("C-z")
        var screen = session.waitFor { $0.contains("Stopped") }
        #expect(!screen.contains("No shift running"))
        session.type("fg")
        session.keys("Enter")
        screen = session.waitFor { $0.contains("No shift running") && $0.contains("q quit") }
        session.keys("C-c")
        session.waitFor { !$0.contains("No shift running") }
        // `fg` returns the status of the job it brought back.
        session.type("echo status-$?")
        session.keys("Enter")
        screen = session.waitFor { $0.contains("status-130") }
        #expect(screen.contains("status-130"))
    }

    @Test func keysReachTheProgramThroughARealTerminalAndQuitExitsZero() {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let session = TmuxSession.untilExit(dash, store: dash.storePath, at: "2026-11-29 17:01:00")
        defer { session.kill() }
        session.waitFor { $0.contains("Shift running since 5:00 PM") }
        session.keys("a")
        session.waitFor { $0.contains("Delivery 1 · Accepted") }
        session.keys("q")
        #expect(session.waitFor { $0.contains("exited-0") }.contains("exited-0"))
    }

    /// cli.md: "Text pasted into a field goes into the field": through a real terminal's
    /// bracketed paste, a name with a line break in it is one name, never an Enter.
    @Test func aNamePastedThroughARealTerminalIsOneName() {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:00:00")
        let session = TmuxSession.untilExit(dash, store: dash.storePath, at: "2026-11-29 17:01:00")
        defer { session.kill() }
        session.waitFor { $0.contains("Delivery 1 · Accepted") }
        session.keys("p")
        session.waitFor { $0.contains("Name") }
        session.tmux(["set-buffer", "-b", "pasted", "Two\nLines Cafe"])
        session.tmux(["paste-buffer", "-p", "-b", "pasted", "-t", session.name])
        #expect(session.waitFor { $0.contains("Two Lines Cafe") }.contains("Two Lines Cafe"))
        session.keys("Enter")
        session.waitFor { $0.contains("Delivery 1 · Accepted") && !$0.contains("Recent") }
        session.keys("q")
        #expect(session.waitFor { $0.contains("exited-0") }.contains("exited-0"))
        let show = json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any]
        #expect((show?["deliveries"] as? [[String: Any]])?.first?["pickupPlace"] as? String == "Two Lines Cafe")
    }
}

@Suite("A whole evening's money and time in the interactive mode")
struct EveningMoneyTests {
    @Test("Pay, two tips, a break, an expense and the week's net, with no command line", arguments: [(40, 12), (100, 32)])
    func aWholeEvening(columns: Int, rows: Int) throws {
        let dash = Binary()
        let window = try Window(dash, at: "2026-11-24 17:00:00", columns: columns, rows: rows)
        window.press("s")
        window.clock.advance(600)
        window.press("a")
        for _ in 0..<3 {
            window.clock.advance(600)
            window.press(Window.enter)
        }
        #expect(window.screen.contains("Delivery 1 · Delivered"))
        window.press("t")
        #expect(window.screen.contains("What did Delivery 1 pay?"))
        window.type("12.00")
        window.press(Window.enter)
        window.press("t", "c")
        #expect(window.screen.contains("Cash tip for Delivery 1"))
        window.type("2.50")
        window.press(Window.enter)
        #expect(window.screen.contains("Tip 1 · $2.50 cash"))
        window.press("f")
        window.type("0")
        window.press(Window.enter)
        // A tip of nothing keeps the sheet open with its sentence.
        #expect(window.screen.contains("A tip is more than zero"))
        window.press(Window.backspace)
        window.type("1.00")
        window.press(Window.enter, Window.escape)
        window.clock.advance(300)
        window.press("b")
        // The key to resume shows: in the footer, or where it gave way, in the paused shift's sentence.
        #expect(
            window.screen.contains("paused since 5:45 PM")
                && (window.screen.contains("b resume") || window.screen.contains("Press b to resume")), "\(window.screen)")
        #expect(!window.screen.contains("Arrived at Pickup") && !window.screen.contains("a accept"))
        // No delivery is open while paused: x, which cancels an open one, is not offered either.
        #expect(!window.screen.contains("x cancel"), "\(window.screen)")
        // a is not offered while paused; pressed, it says why and accepts nothing.
        window.press("a")
        #expect(
            window.screen.replacingOccurrences(of: "\n", with: " ").contains("The shift is paused; resume it first. Press b."),
            "\(window.screen)")
        window.clock.advance(1800)
        window.press("b")
        #expect(!window.screen.contains("paused since"))
        window.press("c", "a")
        #expect(window.screen.contains("Add an expense"))
        window.type("42.10")
        // In the category's field ↑↓ choose the category, as 1–5 do (screens.md); Tab leaves it.
        window.press(Window.down, Window.down)
        #expect(window.screen.contains("Category  Parking and tolls"), "\(window.screen)")
        window.press(Window.up)
        #expect(window.screen.contains("Category  Fuel"))
        // Past the list's ends, ↑↓ move on: back up to the amount, and down again.
        window.press(Window.up)
        #expect(window.screen.contains("▸ Amount") && window.screen.contains("Category  Fuel"), "\(window.screen)")
        window.press(Window.down)
        window.press("3", "1", "\t")
        #expect(window.screen.contains("▸ When") && window.screen.contains("Category  Fuel"), "\(window.screen)")
        // In a text field Tab is whitespace (cli.md).
        window.press(Window.down)
        window.type("full")
        window.press("\t")
        window.type("tank")
        window.press(Window.enter)
        #expect(window.screen.contains("Fuel") && window.screen.contains("$42.10"))
        #expect(json(dash.run(["expense", "list", "--json"]).stdout).map { "\($0)" }?.contains("full tank") == true)
        window.press(Window.escape)
        window.clock.advance(3600)
        window.press("e", "y", "h", Window.enter, "$")
        window.type("60")
        window.press(Window.enter)
        var screen = window.screen
        #expect(screen.contains("Earnings $60.00"))
        window.press(Window.escape, "w", Window.enter)
        // In a small window the totals scroll back above the shifts, line by line.
        for _ in 0..<12 where !window.screen.contains("Net after recorded expenses") { window.press(Window.up) }
        screen = window.screen
        #expect(screen.contains("Net after recorded expenses $17.90"), "\(screen)")
        for line in screen.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= columns, "\(line)") }
        let show = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect((show["tips"] as? [String: Any])?["total"] as? String == "3.50")
        #expect(show["pausedSeconds"] as? Int == 1800)
        #expect(((show["deliveries"] as? [[String: Any]])?.first)?["pay"] as? String == "12.00")
    }
}
