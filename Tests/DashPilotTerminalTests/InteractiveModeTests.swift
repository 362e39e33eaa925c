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

    /// The interactive mode on the store at `store`, at `time` in UTC; when it ends, the window
    /// says "exited-" and its status, and stays for a test to read.
    static func untilExit(_ dash: Binary, store: String, at time: String) -> TmuxSession {
        TmuxSession(dash: dash, command: "env DASHPILOT_STORE='\(store)' TZ=UTC \(dash.program(at: time)); echo exited-$?; sleep 30")
    }

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

    @Test func keysTypedBeforeTheScreenOpensAreKept() throws {
        // `script` types the keys the moment the program starts, before it takes the terminal:
        // they were flushed with the change of mode, and the mode then waited for ever.
        let dash = Binary()
        defer { dash.remove() }
        dash.environment["TERM"] = "xterm-256color"
        let line = dash.command().map { "'" + $0 + "'" }.joined(separator: " ")
        let input = dash.folder + "/typed"
        _ = FileManager.default.createFile(atPath: input, contents: Data("sq".utf8))
        let result = try #require(
            runWithin(seconds: 20, ["/usr/bin/script", "-qec", line, "/dev/null"], dash.environment, stdin: .file(input)))
        #expect(result.status == 0)
        let shift = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        #expect(shift["endedAt"] is NSNull, "the typed-ahead s started no shift: \(shift)")
    }

    /// cli.md: the store "is created with its folder by the first command that writes; a command
    /// that only reads a store that does not exist answers as an empty store would … and creates
    /// nothing". Opening the screens to look made the store and its folders, with the currency of
    /// whatever locale the terminal had.
    @Test func lookingAtTheScreensOfAStoreThatDoesNotExistCreatesNothing() throws {
        let dash = Binary()
        dash.environment["TERM"] = "xterm-256color"
        let fresh = dash.folder + "/new/sub/store.sqlite"
        let line = (dash.command() + ["--store", fresh]).map { "'" + $0 + "'" }.joined(separator: " ")
        let input = dash.folder + "/typed"
        for (keys, made) in [("q", false), ("sq", true)] {
            _ = FileManager.default.createFile(atPath: input, contents: Data(keys.utf8))
            let result = try #require(
                runWithin(seconds: 20, ["/usr/bin/script", "-qec", line, "/dev/null"], dash.environment, stdin: .file(input)))
            #expect(result.status == 0)
            #expect(FileManager.default.fileExists(atPath: fresh) == made, "\(keys)")
            #expect(FileManager.default.fileExists(atPath: dash.folder + "/new") == made, "\(keys)")
        }
        #expect(dash.run(["--store", fresh, "shift", "list"]).stdout.contains("Shift 1"))
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
        // At 100 columns a button is 60 wide (as wide as the window up to 60), its key beside its label.
        let wide = session.waitFor { $0.contains("Arrived at Pickup") && $0.contains("q quit") }
        #expect(wide.split(separator: "\n").contains { $0.hasPrefix("  ┗") && $0.count == 62 })
        #expect(wide.split(separator: "\n").contains { $0.contains("Arrived at Pickup") && $0.hasSuffix("Enter ┃") && $0.count == 62 })
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
}
