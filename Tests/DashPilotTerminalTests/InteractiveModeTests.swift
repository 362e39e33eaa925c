import Foundation
import Testing

@testable import DashPilotTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Drives the interactive mode end to end under tmux: keys in with send-keys, the screen out with
/// capture-pane, on a private tmux server per test.
struct TmuxSession {
    let dash: Binary
    let socket: String
    let name = "dashpilot"

    init(dash: Binary, command: String, columns: Int = 100, rows: Int = 40) {
        self.dash = dash
        socket = "dashpilot-test-" + UUID().uuidString.prefix(8)
        tmux(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), command])
    }

    @discardableResult
    func tmux(_ arguments: [String]) -> RunResult {
        dash.spawn(
            (["/usr/bin/tmux", "-L", socket] + arguments).map { Array($0.utf8) },
            environment: dash.environment.merging(["TERM": "xterm-256color"]) { $1 }, stdin: nil)
    }

    func keys(_ keys: String...) { tmux(["send-keys", "-t", name] + keys) }

    func type(_ text: String) { tmux(["send-keys", "-t", name, "-l", text]) }

    var screen: String { tmux(["capture-pane", "-p", "-t", name]).stdout }

    /// Waits for the screen to satisfy `condition`: the program runs in another process, so the
    /// test polls its screen until a deadline instead of sleeping a fixed time.
    /// A screen that never comes is a test failure, recorded with the last screen seen.
    @discardableResult
    func waitFor(_ seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) -> String {
        // A frame reaches tmux in pieces: a screen counts once two captures in a row agree.
        let deadline = Date().addingTimeInterval(seconds)
        var previous = ""
        var last = screen
        while !(condition(last) && last == previous) && Date() < deadline {
            usleep(20_000)
            previous = last
            last = screen
        }
        if !condition(last) { Issue.record("the screen never came; the last one was:\n\(last)", sourceLocation: sourceLocation) }
        return last
    }

    func kill() { tmux(["kill-server"]) }
}

@Suite("The interactive mode, under tmux", .serialized)
struct InteractiveModeTests {
    @Test func openingNamingAPlaceAStepALiveChangeAndQuitting() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        dash.run(["pickup", "set", "1", "Nowhere Noodles"])
        dash.run(["delivery", "accept"])
        let session = TmuxSession(
            dash: dash, command: "env DASHPILOT_STORE='\(dash.storePath)' TZ=UTC \(dash.program()); echo exited-$?; sleep 30")
        defer { session.kill() }

        var screen = session.waitFor { $0.contains("Shift running since") && $0.contains("q quit") }
        #expect(screen.contains("▸ Delivery 2 · Accepted"))  // the newest open delivery is selected
        #expect(screen.contains("[ Add Pickup Place ]"))
        #expect(screen.contains("Arrived at Pickup"))
        #expect(screen.contains("a accept"))

        session.keys("p")
        screen = session.waitFor { $0.contains("Pickup place · Delivery 2") }
        #expect(screen.contains("Recent"))
        #expect(screen.contains("Nowhere Noodles"))
        session.type("Sample Sandwiches")
        session.keys("Enter")
        screen = session.waitFor { $0.contains("Sample Sandwiches") && !$0.contains("Pickup place ·") }
        #expect(screen.contains("[ Change Pickup Place ]"))

        session.keys("Enter")
        // A capture can land while a frame is half drawn: wait for the whole of it.
        screen = session.waitFor { $0.contains("Delivery 2 · At pickup") && $0.contains("Picked Up") }
        #expect(screen.contains("Picked Up"))

        // A command from another terminal shows without a key press.
        #expect(dash.run(["delivery", "accept"]).stdout == "3\n")
        screen = session.waitFor(2) { $0.contains("Delivery 3 · Accepted") }
        #expect(screen.contains("Delivery 3 · Accepted"))

        session.keys("q")
        screen = session.waitFor { $0.contains("exited-0") }
        #expect(screen.contains("exited-0"))
        let place = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let deliveries = try #require(place["deliveries"] as? [[String: Any]])
        #expect(deliveries[1]["pickupPlace"] as? String == "Sample Sandwiches")
        #expect(deliveries[1]["state"] as? String == "arrivedAtPickup")
    }

    @Test func ctrlCLeavesTheTerminalUsable() throws {
        let dash = Binary()
        defer { dash.remove() }
        let settings = dash.folder + "/stty.txt"
        let session = TmuxSession(
            dash: dash,
            command: "env DASHPILOT_STORE='\(dash.storePath)' \(dash.program()); stty -a > '\(settings)'; echo restored-$?; sleep 30")
        defer { session.kill() }
        _ = session.waitFor { $0.contains("No shift running") }
        #expect(session.tmux(["display", "-p", "-t", session.name, "#{alternate_on}"]).stdout == "1\n")
        session.keys("C-c")
        let screen = session.waitFor { $0.contains("restored-0") }
        #expect(screen.contains("restored-0"))
        #expect(session.tmux(["display", "-p", "-t", session.name, "#{alternate_on}"]).stdout == "0\n")
        let modes = try String(contentsOfFile: settings, encoding: .utf8)
        #expect(modes.contains(" icanon") && modes.contains(" echo") && !modes.contains("-icanon") && !modes.contains("-echo "))
    }

    @Test func theSheetKeepsARefusedNameWithItsSentence() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        let session = TmuxSession(dash: dash, command: "env DASHPILOT_STORE='\(dash.storePath)' NO_COLOR=1 \(dash.program())")
        defer { session.kill() }
        _ = session.waitFor { $0.contains("Delivery 1") }
        session.keys("p")
        _ = session.waitFor { $0.contains("Pickup place · Delivery 1") }
        session.type(String(repeating: "n", count: 121))
        session.keys("Enter")
        let screen = session.waitFor { $0.contains("too long") }
        #expect(screen.contains("too long"))
        #expect(screen.contains("Pickup place · Delivery 1"))
        session.keys("Escape")
        _ = session.waitFor { !$0.contains("Pickup place · Delivery 1") }
        session.keys("?")
        #expect(session.waitFor { $0.contains("Keys on this screen") }.contains("Keys on this screen"))
    }
}

/// The process ids whose command line holds `fragment`.
func processes(containing fragment: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
        guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
        let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return words.first?.hasSuffix("/dashpilot") == true && words.contains(fragment) ? pid : nil
    }
}

@Suite("The interactive mode: signals, resizing, colour and width", .serialized)
struct InteractiveTerminalTests {
    @Test("A signal or a crash leaves the terminal as it was found", arguments: [SIGTERM, SIGHUP, SIGSEGV, SIGABRT])
    func signalsRestoreTheTerminal(signal: Int32) throws {
        let dash = Binary()
        defer { dash.remove() }
        let settings = dash.folder + "/stty.txt"
        let session = TmuxSession(
            dash: dash, command: "\(dash.program()) --store '\(dash.storePath)'; stty -a > '\(settings)'; echo restored; sleep 30")
        defer { session.kill() }
        _ = session.waitFor { $0.contains("No shift running") }
        let pids = processes(containing: dash.storePath)
        #expect(pids.count == 1)
        for pid in pids { kill(pid, signal) }
        let screen = session.waitFor { $0.contains("restored") }
        #expect(screen.contains("restored"))
        #expect(session.tmux(["display", "-p", "-t", session.name, "#{alternate_on}"]).stdout == "0\n")
        let modes = try String(contentsOfFile: settings, encoding: .utf8)
        #expect(!modes.contains("-icanon") && !modes.contains("-echo "))
    }

    @Test func theScreenRedrawsWhenTheTerminalIsResized() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        let session = TmuxSession(dash: dash, command: "\(dash.program()) --store '\(dash.storePath)'")
        defer { session.kill() }
        // At 100 columns a button is 60 wide at most, its key beside its label.
        let wide = session.waitFor { $0.contains("Arrived at Pickup") && $0.contains("q quit") }
        #expect(wide.split(separator: "\n").contains { $0.hasPrefix("  ┗") && $0.count == 58 })
        #expect(wide.split(separator: "\n").contains { $0.contains("Arrived at Pickup") && $0.hasSuffix("Enter ┃") && $0.count == 58 })
        session.tmux(["resize-window", "-t", session.name, "-x", "50", "-y", "30"])
        let narrow = session.waitFor { $0.split(separator: "\n").contains { $0.hasPrefix("  ┗") && $0.count == 48 } }
        #expect(narrow.split(separator: "\n").contains { $0.hasPrefix("  ┗") && $0.count == 48 })
    }

    @Test func noColorMeansNoStylesAndColorMeansStyles() {
        let dash = Binary()
        defer { dash.remove() }
        for (noColor, expectStyles) in [("", true), ("1", false)] {
            let session = TmuxSession(dash: dash, command: "env NO_COLOR='\(noColor)' \(dash.program()) --store '\(dash.storePath)'")
            defer { session.kill() }
            _ = session.waitFor { $0.contains("No shift running") }
            let styled = session.tmux(["capture-pane", "-e", "-p", "-t", session.name]).stdout
            #expect(styled.contains("\u{1B}[") == expectStyles)
        }
    }

    @Test func wideNamesKeepColumnsAligned() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        dash.run(["pickup", "set", "1", "拉面小馆 \u{1F35C}"])
        let session = TmuxSession(dash: dash, command: "\(dash.program()) --store '\(dash.storePath)'")
        defer { session.kill() }
        let screen = session.waitFor { $0.contains("拉面小馆") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let control = try #require(lines.first { $0.contains("Change Pickup Place") })
        let button = try #require(lines.first { $0.contains("Picked Up") || $0.contains("Arrived at Pickup") })
        // The key stays in the last column: the control's `p` stands where the button's border does.
        #expect(control.hasSuffix(" p"))
        #expect(DisplayWidth.of(control) == DisplayWidth.of(button))
    }

    @Test func thePlacesListFiltersAsTheDriverTypesAndOpensAPlace() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        for (number, name) in ["Nowhere Noodles", "Nodle", "Example Diner"].enumerated() {
            dash.run(["delivery", "accept"])
            dash.run(["pickup", "set", String(number + 1), name])
        }
        let session = TmuxSession(dash: dash, command: "env DASHPILOT_STORE='\(dash.storePath)' TZ=UTC \(dash.program())")
        defer { session.kill() }
        session.waitFor { $0.contains("Shift running since") }
        session.keys("l")
        var screen = session.waitFor { $0.contains("Places · 3") }
        #expect(screen.contains("Example Diner") && screen.contains("Nodle") && screen.contains("Nowhere Noodles"))
        session.type("NOO")
        screen = session.waitFor { $0.contains("Places · 1 of 3 match \"NOO\"") }
        #expect(screen.contains("▸ Nowhere Noodles") && !screen.contains("Nodle ") && !screen.contains("Example Diner"))
        session.keys("Enter")
        screen = session.waitFor { $0.contains("By time of day") && $0.contains("How long pickups took") }
        #expect(screen.contains("Nowhere Noodles") && screen.contains("Shift 1 · Delivery 1"))
    }

    @Test func theWaitLineAppearsWhenAnotherTerminalNamesThePlace() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:02:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:09:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:10:00")
        let session = TmuxSession(dash: dash, command: "env DASHPILOT_STORE='\(dash.storePath)' TZ=UTC \(dash.program())")
        defer { session.kill() }
        session.waitFor { $0.contains("Delivery 2 · Accepted") }
        #expect(!session.screen.contains("recorded wait"))
        dash.run(["pickup", "set", "2", "nowhere noodles"])
        let screen = session.waitFor { $0.contains("1 recorded wait: 7 min") }
        #expect(screen.contains("1 recorded wait: 7 min"))
    }

    @Test func theWeeksScreenTogglesMonthsAndOpensAPeriodAndItsShift() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-23 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-23 21:00:00")
        dash.run(["shift", "earnings", "1", "84.50"], at: "2026-11-23 21:05:00")
        let session = TmuxSession(dash: dash, command: "env DASHPILOT_STORE='\(dash.storePath)' TZ=UTC NO_COLOR=1 \(dash.program())")
        defer { session.kill() }
        session.waitFor { $0.contains("No shift running") }
        session.keys("w")
        var screen = session.waitFor { $0.contains("Weeks") && $0.contains("$21.13/h #") }
        #expect(screen.contains("Nov 23 – 29") && screen.contains("1 shift · 4 h"))
        session.keys("m")
        screen = session.waitFor { $0.contains("Months") && $0.contains("November 2026") }
        #expect(screen.contains("$84.50"))
        session.keys("Enter")
        screen = session.waitFor { $0.contains("1 shift · 4 h on shift") }
        #expect(screen.contains("Earnings $84.50 · $21.13 an hour") && screen.contains("▸ Shift 1 · "))
        session.keys("Enter")
        screen = session.waitFor { $0.contains("Earnings $84.50") && $0.contains("No deliveries recorded.") }
        #expect(screen.contains("Earnings $84.50"))
    }
}
