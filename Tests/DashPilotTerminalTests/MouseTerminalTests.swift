import Foundation
import Testing

@testable import DashPilotTerminal

#if canImport(Glibc)
    import Glibc
#endif

extension TmuxSession {
    /// The pane's mouse modes as tmux keeps them from what the program wrote: "11" while presses
    /// are reported (1000) in SGR coordinates (1006), "00" when neither is.
    var mouseModes: String {
        tmux(["display", "-p", "-t", name, "#{mouse_standard_flag}#{mouse_sgr_flag}"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Waits until the pane's mouse modes are `expected`, polling until a deadline; returns the
    /// last seen.
    @discardableResult
    func waitForMouseModes(_ expected: String, _ seconds: Double = 5) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var modes = mouseModes
        while modes != expected && Date() < deadline {
            usleep(20_000)
            modes = mouseModes
        }
        return modes
    }

    /// Starts keeping everything the pane's program writes in `path`, byte for byte.
    func keepTranscript(in path: String) { tmux(["pipe-pane", "-O", "-t", name, "cat > '\(path)'"]) }

    /// The bytes an SGR terminal sends for a tap on `column` of `row`, typed into the pane as
    /// they are (tmux, detached, has no mouse of its own to send).
    func tap(column: Int, row: Int) { type(MouseEvent.tap(column: column, row: row)) }
}

/// The transcript at `path` once it holds `text` (it is written by another process), polling
/// until a deadline.
func transcript(_ path: String, holding text: String, _ seconds: Double = 5) -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var written = ""
    repeat {
        written = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        if written.contains(text) { break }
        usleep(20_000)
    } while Date() < deadline
    return written
}

/// `cli.md`, "Interactive mode": SGR mouse reporting while the mode runs, off again on every way
/// out, and never asked for under `--no-mouse` or `DASHPILOT_MOUSE=0`. What the program writes is
/// read from the pane's modes as tmux keeps them and from a transcript of its output.
@Suite("The mouse on a real terminal, under tmux", .serialized)
struct MouseTerminalTests {
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"
    static let leave = "\u{1B}[?1049l"

    @Test(
        "Mouse reporting is on while the mode runs and off again on every way out",
        arguments: ["q", "C-c", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGSEGV", "SIGABRT"])
    func mouseReportingIsOffOnEveryWayOut(way: String) {
        let dash = Binary()
        defer { dash.remove() }
        let written = dash.folder + "/transcript"
        let session = TmuxSession(
            dash: dash, command: "read go; \(dash.program()) --store '\(dash.storePath)'; echo exited-$?; sleep 30")
        defer { session.kill() }
        session.keepTranscript(in: written)
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") }
        #expect(session.waitForMouseModes("11") == "11")
        let signals = ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP, "SIGQUIT": SIGQUIT, "SIGSEGV": SIGSEGV, "SIGABRT": SIGABRT]
        if let signal = signals[way] {
            let pids = processes(containing: dash.storePath)
            #expect(pids.count == 1)
            for pid in pids { kill(pid, signal) }
        } else {
            session.keys(way)
        }
        session.waitFor { $0.contains("exited-") }
        #expect(session.waitForMouseModes("00") == "00")
        #expect(session.tmux(["display", "-p", "-t", session.name, "#{alternate_on}"]).stdout == "0\n")
        let output = transcript(written, holding: Self.leave)
        let on = output.range(of: Self.mouseOn)
        let off = output.range(of: Self.mouseOff, options: .backwards)
        #expect(on != nil && off != nil)
        if let on, let off { #expect(on.upperBound <= off.lowerBound) }
    }

    @Test func ctrlZTurnsMouseReportingOffUntilFgTurnsItOnAgain() {
        let dash = Binary()
        defer { dash.remove() }
        let session = TmuxSession(dash: dash, command: "bash --norc --noprofile -i")
        defer { session.kill() }
        session.type("env DASHPILOT_STORE='\(dash.storePath)' \(dash.program())")
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") }
        #expect(session.waitForMouseModes("11") == "11")
        session.keys("C-z")
        session.waitFor { $0.contains("Stopped") }
        #expect(session.waitForMouseModes("00") == "00")
        session.type("fg")
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") && $0.contains("q quit") }
        #expect(session.waitForMouseModes("11") == "11")
        session.keys("q")
        session.waitFor { !$0.contains("No shift running") }
        #expect(session.waitForMouseModes("00") == "00")
    }

    /// cli.md: the mode "leaves the terminal as it found it", and Ctrl-Z "suspends to the shell;
    /// fg brings the screen back as it was". Stopped from outside (kill -TSTP), it kept the
    /// alternate screen and mouse reporting under the shell's prompt, and after fg keys came only
    /// with Enter: the terminal was no longer raw.
    @Test func aStopFromOutsideGivesTheTerminalBackAsCtrlZDoes() {
        let dash = Binary()
        defer { dash.remove() }
        let session = TmuxSession(dash: dash, command: "bash --norc --noprofile -i")
        defer { session.kill() }
        session.type("\(dash.program()) --store '\(dash.storePath)'")
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") }
        #expect(session.waitForMouseModes("11") == "11")
        // The program alone, not the faketime it runs under: as another program would stop it.
        let script = "for p in $(pgrep -f -- \"--store $0\"); do [ \"$(cat /proc/$p/comm)\" = dashpilot ] && kill -TSTP $p; done; true"
        let stop = dash.spawn(
            ["/bin/sh", "-c", script, dash.storePath].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"], stdin: nil)
        #expect(stop.status == 0, "\(stop.stderr)")
        session.waitFor { $0.contains("Stopped") }
        #expect(session.waitForMouseModes("00") == "00")
        #expect(session.tmux(["display", "-p", "-t", session.name, "#{alternate_on}"]).stdout == "0\n")
        session.type("fg")
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") && $0.contains("q quit") }
        // Raw again: a key acts at once, with no Enter.
        session.keys("s")
        session.waitFor { $0.contains("Shift running") }
        session.keys("q")
        session.waitFor { !$0.contains("Shift running") }
        #expect(session.waitForMouseModes("00") == "00")
    }

    @Test(
        "--no-mouse and DASHPILOT_MOUSE=0 write no mouse sequence, and a tap does nothing", arguments: ["--no-mouse", "DASHPILOT_MOUSE=0"])
    func leavingTheMouseToTheTerminalWritesNoMouseSequence(how: String) {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        let written = dash.folder + "/transcript"
        let (environment, option) = how.hasPrefix("--") ? ("", how) : (how, "")
        let session = TmuxSession(
            dash: dash,
            command: "read go; env \(environment) \(dash.program()) --store '\(dash.storePath)' \(option); echo exited-$?; sleep 30")
        defer { session.kill() }
        session.keepTranscript(in: written)
        session.keys("Enter")
        let before = session.waitFor { $0.contains("Arrived at Pickup") }
        #expect(session.mouseModes == "00")
        // A report that comes anyway (another program left the terminal reporting) is no tap.
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        let row = (lines.firstIndex { $0.contains("Arrived at Pickup") } ?? 0) + 1
        session.tap(column: 20, row: row)
        session.keys("q")
        session.waitFor { $0.contains("exited-0") }
        let output = transcript(written, holding: Self.leave)
        #expect(output.contains("\u{1B}[?1049h") && output.contains(Self.leave))
        #expect(!output.contains("\u{1B}[?1000") && !output.contains("\u{1B}[?1006"))
        let state = (json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])?["deliveries"] as? [[String: Any]]
        #expect(state?.first?["state"] as? String == "accepted")
    }

    @Test func aTapSentThroughARealTerminalWorksTheButtonItLandsOn() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        dash.run(["delivery", "accept"])
        let session = TmuxSession(dash: dash, command: "\(dash.program()) --store '\(dash.storePath)'")
        defer { session.kill() }
        let screen = session.waitFor { $0.contains("▸ Delivery 2") && $0.contains("q quit") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        // The first card's button: the first "Arrived at Pickup" on the window.
        let row = (lines.firstIndex { $0.contains("Arrived at Pickup") } ?? 0) + 1
        session.tap(column: 20, row: row)
        session.waitFor { $0.contains("▸ Delivery 1 · At pickup") }
        let state = (json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])?["deliveries"] as? [[String: Any]]
        #expect(state?.map { $0["state"] as? String } == ["arrivedAtPickup", "accepted"])
        // The wheel, sent the same way, moves the selection down the cards.
        session.type(MouseEvent.wheel(down: true, column: 5, row: 5))
        session.waitFor { $0.contains("▸ Delivery 2 · Accepted") }
    }
}
