import Foundation
import Testing

@testable import DashPilotTerminal

@Suite("A driver's whole day in the interactive mode, in any window")
struct DriversDayTests {
    static func command(_ dash: Binary, environment: String = "", at time: String? = nil) -> String {
        "env DASHPILOT_STORE='\(dash.storePath)' TZ=UTC LANG=C.UTF-8 \(environment) \(dash.program(at: time)); echo exited-$?; sleep 30"
    }

    @Test("From s to earnings and rates with no command line", arguments: [(40, 12), (60, 20), (100, 32), (160, 50)])
    func aWholeShift(columns: Int, rows: Int) throws {
        let dash = Binary()
        defer { dash.remove() }
        let session = TmuxSession(dash: dash, command: Self.command(dash), columns: columns, rows: rows)
        defer { session.kill() }
        session.waitFor { $0.contains("No shift running") }
        session.keys("s")
        session.waitFor { $0.contains("Shift running since") && $0.contains("quit") }
        session.keys("a")
        session.waitFor { $0.contains("Delivery 1 · Accepted") }
        session.keys("p")
        session.waitFor { $0.contains("Pickup place") }
        // A typo in the middle of the name, fixed where it is.
        session.type("Nowher Noodles")
        for _ in 0..<8 { session.keys("Left") }
        session.type("e")
        session.keys("Enter")
        var screen = session.waitFor { $0.contains("Nowhere Noodles") && !$0.contains("Pickup place") }
        #expect(screen.contains("Nowhere Noodles"))
        for step in ["At pickup", "Picked up", "Delivered"] {
            session.keys("Enter")
            session.waitFor { $0.contains("Delivery 1 · \(step)") }
        }
        session.keys("e")
        screen = session.waitFor { $0.contains("End shift 1?") && $0.contains("keep it running") }
        #expect(screen.contains("1 delivery"))
        session.keys("y")
        session.waitFor { $0.contains("No shift running") }
        session.keys("h")
        session.waitFor { $0.contains("Completed shifts") && $0.contains("Shift 1") }
        session.keys("Enter")
        session.waitFor { $0.contains("Add what this shift paid") }
        session.keys("$")
        session.waitFor { $0.contains("What did Shift 1 pay?") }
        session.type("84.555")
        session.keys("Enter")
        screen = session.waitFor { $0.contains("Use at most two decimal places.") }
        // A refusal keeps the sheet open, its sentence whole.
        #expect(screen.contains("What did Shift 1 pay?"))
        session.keys("BSpace")
        session.keys("Enter")
        screen = session.waitFor { $0.contains("Earnings $84.55") }
        #expect(screen.contains("Earnings $84.55"))
        // Nothing is wider than the window, and the keys stay at the foot.
        for line in screen.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= columns, "\(line)") }
        session.keys("Escape")
        session.keys("Escape")
        session.keys("q")
        #expect(session.waitFor { $0.contains("exited-0") }.contains("exited-0"))
    }

    @Test func aRecentPlaceIsOneKeyAwayAndTwoRecordsTheSecond() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for (number, name) in ["Example Diner", "Nowhere Noodles"].enumerated() {
            dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(number + 1):00")
            dash.run(["pickup", "set", String(number + 1), name], at: "2026-11-29 17:0\(number + 1):00")
        }
        dash.run(["delivery", "accept"], at: "2026-11-29 17:05:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:06:00")
        let session = TmuxSession(dash: dash, command: Self.command(dash))
        defer { session.kill() }
        session.waitFor { $0.contains("▸ Delivery 4") }
        session.keys("p")
        var screen = session.waitFor { $0.contains("Pickup place · Delivery 4") && $0.contains("Enter record Nowhere Noodles") }
        #expect(screen.contains("▸ 1  Nowhere Noodles"))
        session.keys("2")
        session.waitFor { !$0.contains("Pickup place ·") }
        session.keys("Up")
        session.keys("p")
        session.waitFor { $0.contains("Pickup place · Delivery 3") }
        session.keys("Enter")
        screen = session.waitFor { !$0.contains("Pickup place ·") && $0.contains("q quit") }
        let deliveries = (json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])?["deliveries"] as? [[String: Any]]
        #expect(deliveries?.map { $0["pickupPlace"] as? String } == ["Example Diner", "Nowhere Noodles", "Example Diner", "Example Diner"])
    }

    @Test func aForgottenShiftEndsAtItsLastActivity() throws {
        let dash = Binary()
        defer { dash.remove() }
        // Started three days ago and forgotten: the date shows, and the line that says what e does.
        dash.run(["shift", "start"], at: "2026-11-26 15:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-26 15:10:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-26 15:20:00")
        let session = TmuxSession(dash: dash, command: Self.command(dash, at: "2026-11-29 17:00:00"))
        defer { session.kill() }
        var screen = session.waitFor { $0.contains("Running for 74 h. If you forgot to end it, e ends it at its last activity.") }
        #expect(screen.contains("Shift running since ") && screen.contains("74 h"))
        session.keys("e")
        screen = session.waitFor { $0.contains("end it at its last activity") }
        session.keys("l")
        session.waitFor { $0.contains("No shift running") }
        let show = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(show["endedAt"] as? String == "2026-11-26T15:20:00Z")
    }

    @Test func ctrlCExits130AndCtrlZSuspendsUntilFg() {
        let dash = Binary()
        defer { dash.remove() }
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

    @Test func aGermanDriverReadsTwentyFourHourTimesAndEuros() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 21:40:00")
        dash.run(["shift", "earnings", "1", "84.50"])
        let session = TmuxSession(dash: dash, command: Self.command(dash, environment: "LC_ALL=de_DE.UTF-8"))
        defer { session.kill() }
        session.waitFor { $0.contains("No shift running") }
        session.keys("h")
        session.waitFor { $0.contains("Shift 1") }
        session.keys("Enter")
        let screen = session.waitFor { $0.contains("84,50 €") }
        #expect(screen.contains("17:00 – 21:40") && !screen.contains("PM"))
        #expect(dash.run(["shift", "show", "1"], environment: ["LC_ALL": "en_GB.UTF-8"]).stdout.contains("£84.50"))
        #expect(
            dash.run(["shift", "show", "1", "--json"], environment: ["LC_ALL": "de_DE.UTF-8"]).stdout.contains("\"earnings\": \"84.50\""))
    }
}
