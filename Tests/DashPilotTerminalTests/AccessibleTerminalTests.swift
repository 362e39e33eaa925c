import Foundation
import Testing

@testable import DashPilotTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary in the screen-reader mode: on a pseudo-terminal (tmux, `script`), with every
/// byte it writes kept, and with standard input that is no terminal at all.
@Suite("The screen-reader mode, end to end", .serialized)
struct AccessibleTerminalTests {
    @Test func aDeliveryFromAcceptToDeliveredWritesNotOneEscapeByte() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        let transcriptPath = dash.folder + "/transcript"
        // The program waits for a line, so that every byte it writes reaches the pipe.
        let session = TmuxSession(
            dash: dash,
            command: "read go; \(dash.program(at: "2026-11-29 17:02:00")) --accessible --store '\(dash.storePath)'; echo done-$?; sleep 30"
        )
        defer { session.kill() }
        session.tmux(["pipe-pane", "-o", "-t", session.name, "cat >> '\(transcriptPath)'"])
        session.keys("go", "Enter")
        session.waitFor { $0.contains("Keys: a accept") }
        #expect(session.tmux(["display", "-p", "-t", session.name, "#{alternate_on}"]).stdout == "0\n")
        session.keys("a")
        session.waitFor { $0.contains("Delivery 1, accepted. Selected.") }
        session.keys("p")
        session.waitFor { $0.contains("Name, empty, type and press Enter.") }
        session.type("Nowhere Noodles")
        session.keys("Enter")
        session.waitFor { $0.contains("Delivery 1, accepted, Nowhere Noodles. Selected.") }
        for step in ["arrived at pickup", "picked up", "delivered"] {
            session.keys("Enter")
            session.waitFor { $0.contains("Delivery 1, \(step) at 5:02 PM.") }
        }
        session.keys("q")
        session.waitFor { $0.contains("done-0") }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: transcriptPath))
        #expect(!bytes.contains(0x1B))
        let transcript = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        for said in [
            "Shift running since 5:00 PM, 0 deliveries.\nNo deliveries yet. Press a to accept one.\n",
            "> a\nShift running since 5:00 PM, 1 delivery.\nDelivery 1, accepted. Selected.\n"
                + "Keys: a accept, up and down select, Enter arrived at pickup, p pickup place, question mark all keys.\n",
            "> p\nPickup place, Delivery 1.\n",
            "> Nowhere Noodles\nShift running since 5:00 PM, 1 delivery.\nDelivery 1, accepted, Nowhere Noodles. Selected.\n",
            "> Enter\nDelivery 1, arrived at pickup at 5:02 PM.\n> Enter\nDelivery 1, picked up at 5:02 PM.\n",
            "> Enter\nDelivery 1, delivered at 5:02 PM.\n"
                + "Keys: a accept, up and down select, p pickup place, question mark all keys.\n> q\ndone-0",
        ] {
            #expect(transcript.contains(said), "\(transcript)")
        }
        let show = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        let delivery = try #require((show["deliveries"] as? [[String: Any]])?.first)
        #expect(delivery["state"] as? String == "delivered" && delivery["pickupPlace"] as? String == "Nowhere Noodles")
    }

    @Test(
        "--accessible, DASHPILOT_ACCESSIBLE=1 and TERM=dumb each give the mode, with no escape byte",
        arguments: [(["--accessible"], [:]), ([], ["DASHPILOT_ACCESSIBLE": "1"]), ([], ["TERM": "dumb"])])
    func everyWayToAskForTheModeGivesIt(arguments: [String], environment: [String: String]) {
        let dash = Binary()
        defer { dash.remove() }
        dash.environment.merge(environment) { $1 }
        guard let result = onTerminal(dash, arguments, typing: "q") else { return }
        #expect(result.status == 0)
        #expect(result.stdout.contains("No shift running.\r\nPress s to start a shift.\r\nKeys: s start shift"), "\(result.stdout)")
        #expect(!result.stdout.utf8.contains(0x1B))
    }

    @Test func outputThatGoesAwayLeavesTheTerminalAsItFoundIt() throws {
        let dash = Binary()
        defer { dash.remove() }
        let settings = dash.folder + "/stty.txt"
        // head takes the first line and leaves: the next thing the mode says has nowhere to go.
        let session = TmuxSession(
            dash: dash,
            command:
                "\(dash.program()) --accessible --store '\(dash.storePath)' | head -1; stty -a > '\(settings)'; echo restored; sleep 30")
        defer { session.kill() }
        session.waitFor { $0.contains("No shift running.") }
        session.keys("s")
        session.waitFor { $0.contains("restored") }
        let modes = try String(contentsOfFile: settings, encoding: .utf8)
        #expect(!modes.contains("-icanon") && !modes.contains("-echo "), "\(modes)")
    }

    @Test func standardInputThatIsNoTerminalIsReadAsKeysUntilItEnds() {
        let dash = Binary()
        defer { dash.remove() }
        let result = dash.run(["--accessible"], at: "2026-11-29 17:00:00", stdin: "sa")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(
            result.stdout.hasSuffix(
                "> s\nShift running since 5:00 PM, 0 deliveries.\nNo deliveries yet. Press a to accept one.\n"
                    + "Keys: a accept, question mark all keys.\n"
                    + "> a\nShift running since 5:00 PM, 1 delivery.\nDelivery 1, accepted. Selected.\n"
                    + "Keys: a accept, up and down select, Enter arrived at pickup, p pickup place, question mark all keys.\n"),
            "\(result.stdout)")
        #expect(!result.stdout.utf8.contains(0x1B))
        #expect(dash.run(["shift", "list", "--all", "--json"]).stdout.contains("\"deliveries\""))
        // Asked for by the environment alone, a script still gets help.
        let help = dash.run([], stdin: "", environment: ["DASHPILOT_ACCESSIBLE": "1"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW"))
    }

    @Test(
        "Standard input closed, empty, a folder: the mode says its screen and ends, 0",
        arguments: [StandardInput.closed, .file("/dev/null"), .file("/")])
    func standardInputThatGivesNothingEndsTheModeAtOnce(input: StandardInput) throws {
        let dash = Binary()
        defer { dash.remove() }
        let result = try #require(runWithin(seconds: 20, dash.command() + ["--accessible"], dash.environment, stdin: input))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == "No shift running.\nPress s to start a shift.\nKeys: s start shift, h history, w weeks, l places, "
                + "c expenses, q quit, question mark all keys.\n")
    }
}

/// Runs the binary with `arguments` on a pseudo-terminal through `script`, typing `keys` (typed
/// ahead: the program may not have started yet); `nil` when it has not ended within 20 s.
private func onTerminal(_ dash: Binary, _ arguments: [String], typing keys: String) -> RunResult? {
    let line = (dash.command() + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let input = dash.folder + "/typed"
    _ = FileManager.default.createFile(atPath: input, contents: Data(keys.utf8))
    return runWithin(seconds: 20, ["/usr/bin/script", "-qec", line, "/dev/null"], dash.environment, stdin: .file(input))
}

/// What a test gives a process as its standard input.
enum StandardInput: Sendable, CustomStringConvertible {
    case closed
    case file(String)

    var description: String {
        switch self {
        case .closed: "closed"
        case .file(let path): path
        }
    }
}

/// Runs `command` with `input` as standard input, its output kept; `nil` (and a recorded
/// failure) when it has not ended within `seconds`, and then it is killed: a hang fails the test
/// instead of stopping the suite.
func runWithin(
    seconds: Double, _ command: [String], _ environment: [String: String], stdin input: StandardInput,
    sourceLocation: SourceLocation = #_sourceLocation
) -> RunResult? {
    let folder = NSTemporaryDirectory() + "dashpilot-within-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch input {
    case .closed: posix_spawn_file_actions_addclose(&actions, 0)
    case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var attributes = Binary.cleanSignals()
    defer { posix_spawnattr_destroy(&attributes) }
    var pid: pid_t = 0
    guard posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, envp) == 0 else { return nil }
    // The process runs apart from the test: its end is polled for until the deadline.
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
        if Date() > deadline {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            Issue.record("it did not end within \(seconds) s", sourceLocation: sourceLocation)
            return nil
        }
        usleep(20_000)
    }
    func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: folder + "/" + name) ?? Data(), as: UTF8.self)
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return RunResult(status: exitStatus, stdout: read("out"), stderr: read("err"))
}
