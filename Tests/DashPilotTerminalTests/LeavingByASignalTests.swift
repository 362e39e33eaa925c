import Foundation
import Testing

@testable import DashPilotTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// cli.md: a store "is created with its folder by the first command that writes; a command that
/// only reads … creates nothing", and on an interruption "the operation under way either committed
/// or left no trace". Closing the terminal window on the screens (SIGHUP) or a `kill` ended the
/// process inside the signal handler: the store made only to look at stayed behind, folders too.
@Suite("Leaving the screens by a signal, under tmux", .serialized)
struct LeavingByASignalTests {
    static let signals: [(String, Int32)] = [("SIGHUP", SIGHUP), ("SIGTERM", SIGTERM), ("SIGINT", SIGINT)]

    /// The screens on a store at `path`, in the plain mode for a screen reader when `spoken`; the
    /// window says "exited-" and the status when they end.
    static func screens(_ dash: Binary, store path: String, spoken: Bool = false) -> TmuxSession {
        let session = TmuxSession(
            dash: dash,
            command: "read go; \(dash.program()) --store '\(path)' \(spoken ? "--accessible" : ""); echo exited-$?; sleep 30")
        session.keys("Enter")
        session.waitFor { $0.contains("No shift running") }
        return session
    }

    @Test(
        "A signal ends the screens with its status, and a store made only to look at goes with its folders",
        arguments: signals, [false, true])
    func aSignalLeavesNothingMadeOnlyToLook(signal: (name: String, number: Int32), spoken: Bool) {
        let dash = Binary()
        defer { dash.remove() }
        let fresh = dash.folder + "/new/sub/store.sqlite"
        let session = Self.screens(dash, store: fresh, spoken: spoken)
        defer { session.kill() }
        let programs = processes(containing: fresh)
        #expect(programs.count == 1)
        for program in programs { kill(program, signal.number) }
        let screen = session.waitFor { $0.contains("exited-") }
        #expect(screen.contains("exited-\(128 + signal.number)"), "\(signal.name)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/new"), "\(signal.name)")
    }

    /// A guard more than a proof: what a key recorded before the signal stays recorded.
    @Test("A signal keeps what was recorded before it, on a store made by the screens")
    func aSignalKeepsWhatWasRecorded() {
        let dash = Binary()
        defer { dash.remove() }
        let fresh = dash.folder + "/new/store.sqlite"
        let session = Self.screens(dash, store: fresh)
        defer { session.kill() }
        session.keys("s")
        session.waitFor { $0.contains("Shift running") }
        for program in processes(containing: fresh) { kill(program, SIGHUP) }
        session.waitFor { $0.contains("exited-129") }
        let list = dash.run(["--store", fresh, "shift", "list", "--json"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("\"endedAt\": null"), "\(list.stdout)")
    }

    /// The screens for a screen reader written into a pipe nobody reads (the reader quit): SIGPIPE
    /// ended the process in its handler, and the store made only to look at stayed behind.
    @Test func outputThatNobodyReadsEndsTheSpokenScreensAndLeavesNothingMadeOnlyToLook() throws {
        let dash = Binary()
        defer { dash.remove() }
        let fresh = dash.folder + "/new/sub/store.sqlite"
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        let result = dash.run(bytes: [Array("--store".utf8), Array(fresh.utf8), Array("--accessible".utf8)], stdin: "", output: ends[1])
        close(ends[1])
        #expect(result.status == 128 + SIGPIPE, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: dash.folder + "/new"))
    }
}
