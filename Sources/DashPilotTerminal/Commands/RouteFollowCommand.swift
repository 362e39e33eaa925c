import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RouteCommands {
    static let follow = CommandDefinition(
        words: ["route", "follow"],
        overview:
            "Records positions from standard input as they arrive (gpsd's JSON from gpspipe -w, or NMEA 0183 from a receiver), until the input ends, Ctrl-C, or the shift ends.",
        options: [.valued("--session", "ID", "The capture session (default: one of its own, and a new one after each pause).")]
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let session = try input.integerOption("--session")
        return { context in
            context.waitsOnce = false
            let store = try context.store()
            let follow = try store.follow(session: session)
            return try Follower(follow: follow, store: store, context: context).run()
        }
    }
}

/// The loop of `route follow`: reads standard input as it comes, at most a line of 4,096 bytes
/// held, and commits what it read at least once a second (twice, to be sure), so that a killed
/// follow loses at most the last second.
private struct Follower {
    let follow: RouteFollow
    let store: DashPilotStore
    let context: CommandContext

    /// How long fixes wait before they are committed, in seconds.
    static let commitEvery = 0.5

    /// How many fixes may wait at most: input read faster than a receiver sends it (a file, a
    /// replay) is committed as it comes, so that memory never grows with its length.
    static let commitAtMost = 1_024

    /// Follows until the input ends (0), a stop signal (128 + it: 130 for Ctrl-C), the shift ends
    /// elsewhere (0), or standard input cannot be read (1).
    func run() throws -> Int32 {
        StopSignals.catchThem()
        StopSignals.endingWaits()
        let status = StatusLine(format: context.format)
        var lines = PositionLines()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var lastCommit = ProcessInfo.processInfo.systemUptime
        var finished = RouteFollow.State.running
        var exit = ExitStatus.done
        var readFailure: Int32?
        status.show(follow, store: store)
        reading: while true {
            let waited = ProcessInfo.processInfo.systemUptime - lastCommit
            let timeout = Int32(max(0, (Self.commitEvery - waited) * 1000).rounded(.up))
            let outcome = Self.readAvailable(into: &buffer, lines: &lines, follow: follow, waiting: timeout)
            if stopSignal != 0 {
                // Everything read so far is kept, and nothing more is read: input that keeps
                // coming (a receiver, a long file) would otherwise hold the follow for ever.
                exit = 128 + stopSignal
                break reading
            }
            if case .failed(let code) = outcome {
                readFailure = code
                break reading
            }
            if outcome == .ended { break reading }
            guard ProcessInfo.processInfo.systemUptime - lastCommit >= Self.commitEvery || follow.pendingCount >= Self.commitAtMost
            else { continue }
            lastCommit = ProcessInfo.processInfo.systemUptime
            do {
                finished = try follow.commit()
                if finished != .running { break reading }
            } catch StoreError.busy {
                // Another program holds the store: what was read waits for the next commit.
                continue
            } catch let error as StoreError {
                return stopped(by: error, status: status)
            }
            status.show(follow, store: store)
        }
        if finished == .running {
            // At the end of input its last line counts even without a newline; a line a signal
            // or a read error cut short was never read whole, and is not a line at all.
            if exit == ExitStatus.done && readFailure == nil { lines.finish { follow.take(Self.report($0)) } }
            status.clear()
            let last: RouteFollow.State?
            do {
                last = try commitTheRest(stopped: exit != ExitStatus.done)
            } catch let error as StoreError {
                return stopped(by: error, status: status)
            }
            guard let last else {
                context.say(lines: RouteFollowWords.counts(follow.report).map(TerminalText.safe))
                return exit != ExitStatus.done ? exit : stopSignal != 0 ? 128 + stopSignal : ExitStatus.storeUnusable
            }
            finished = last
        }
        status.clear()
        if let readFailure {
            CommandLineTool.writeError(RouteFollowWords.cannotRead(String(cString: strerror(readFailure))))
            exit = ExitStatus.refused
        }
        switch finished {
        case .ended: context.say(RouteFollowWords.shiftEnded(follow.shiftID))
        case .gone: context.say(RouteFollowWords.shiftGone(follow.shiftID))
        case .rolledBack: context.say(RouteFollowWords.pointsGone(follow.shiftID))
        case .running: break
        }
        context.say(lines: RouteFollowWords.counts(follow.report).map(TerminalText.safe))
        return exit
    }

    /// The last commit. After Ctrl-C (`stopped`: someone is there to ask), it waits for as long
    /// as another program holds the store, so that everything read is kept, unless a further stop
    /// signal comes: then `nil`, saying what was not recorded. At the end of input (a script, a
    /// receiver unplugged) a store held beyond the busy timeout is busy, as for any command.
    /// A stop signal that comes during that last wait is a first Ctrl-C: the wait goes on as after
    /// one (it ended the wait, and was said as a busy store of five seconds, 74, the fixes lost).
    func commitTheRest(stopped: Bool) throws -> RouteFollow.State? {
        // The signals after which a further one gives up: the first asks to wait.
        let signals = max(1, stopSignals)
        var said = false
        while true {
            let asked = stopped || stopSignals != 0
            do {
                // After Ctrl-C each try is at once, and said: a further one is heard between them.
                return try asked ? store.waitingOnce(waiting: false) { try follow.commit() } : follow.commit()
            } catch StoreError.busy where stopped || stopSignals != 0 {
                let waiting = follow.pendingCount
                if stopSignals > signals {
                    CommandLineTool.writeError(RouteFollowWords.notRecorded(waiting))
                    return nil
                }
                if !said {
                    StandardError.write(RouteFollowWords.waitingForTheStore(waiting, byCtrlC: stopSignal == SIGINT) + "\n")
                    said = true
                }
                // However short the busy timeout, the wait never spins.
                usleep(100_000)
            }
        }
    }

    /// Ends following on a write the store could not make (a full disk): what was kept stays kept,
    /// and the counts say so; what waited is named as not recorded (74).
    func stopped(by error: StoreError, status: StatusLine) -> Int32 {
        status.clear()
        let waiting = follow.pendingCount
        let lost = waiting == 1 ? "the last fix read was" : "the last \(waiting) fixes read were"
        CommandLineTool.writeError("Error: \(error.cause): \(lost) not recorded; what was kept before is recorded.")
        context.say(lines: RouteFollowWords.counts(follow.report).map(TerminalText.safe))
        return ExitStatus.storeUnusable
    }

    enum Read: Equatable {
        case read, nothing, ended
        /// Standard input could not be read: the system's error number.
        case failed(Int32)
    }

    /// Reads what standard input holds within `waiting` milliseconds and hands its lines on.
    static func readAvailable(into buffer: inout [UInt8], lines: inout PositionLines, follow: RouteFollow, waiting: Int32) -> Read {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waiting) > 0 else { return .nothing }
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .nothing }
        // The end of input, or a device gone (a receiver unplugged reads EIO, or ENXIO or ENODEV
        // from some drivers); any other error (a folder, a closed descriptor) is said, never
        // taken for the end of input.
        if count < 0 && ![EIO, ENXIO, ENODEV].contains(errno) { return .failed(errno) }
        guard count > 0 else { return .ended }
        lines.feed(buffer[..<count]) { follow.take(report($0)) }
        return .read
    }

    static func report(_ line: PositionLines.Line) -> PositionReport {
        switch line {
        case .text(let bytes): PositionReport.read(bytes)
        case .tooLong: .skipped(.tooLong)
        }
    }
}

/// The one status line on standard error, when it is a terminal.
final class StatusLine {
    private let format: ScreenFormat
    private let terminal = isatty(STDERR_FILENO) != 0
    private var shown: String?

    init(format: ScreenFormat) { self.format = format }

    /// The line, in the longest form that fits the terminal's width less a column (a line that
    /// wrapped would leave a row behind at each rewrite), rewritten only when it changed.
    func show(_ follow: RouteFollow, store: DashPilotStore) {
        guard terminal else { return }
        let route = (try? store.recordedRoute(shiftID: follow.shiftID)) ?? .none
        let forms = RouteFollowWords.status(kept: follow.report.kept, route: route, lastFix: follow.lastFix, format: format)
            .map(TerminalText.safe)
        let width = terminalColumns(STDERR_FILENO)
        let columns = width > 1 ? width - 1 : Int.max
        let line = forms.first { DisplayWidth.of($0) <= columns } ?? DisplayWidth.fit(forms[forms.count - 1], columns)
        guard line != shown else { return }
        StandardError.write("\r\u{1B}[K\(line)")
        shown = line
    }

    func clear() {
        if shown != nil { StandardError.write("\r\u{1B}[K") }
        shown = nil
    }
}
