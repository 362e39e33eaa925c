import DashPilotCore
import Foundation

/// A live capture into the running shift (`route follow`, `platform.md` "Live capture"): each
/// fix read is held until the next commit, then judged by the checks of `route add` and stored
/// in one transaction with the shift's route summary. One capture session a follow, and a new
/// one after each pause.
public final class RouteFollow {
    /// What was kept and skipped so far, by reason.
    public private(set) var report = RouteImportReport()
    /// The shift followed.
    public let shiftID: Int64
    /// When the last fix read was taken, kept or not: a receiver that still speaks, to a driver
    /// parked at a pickup whose fixes within 5 m are skipped.
    public private(set) var lastFix: Date?

    private let store: DashPilotStore
    /// Pauses of the shift that had ended before the follow began: its first session follows them.
    private let pausesBefore: Int
    private let session: Int64?
    /// Fixes read since the last commit, in the order they came.
    private var pending: [RouteSample] = []
    /// The session of the samples after each pause, by how many pauses ended before them.
    private var sessions: [Int: Int64] = [:]
    /// The last sample of each session of this follow, as its last commit read it (by whichever
    /// program it was kept).
    private var lastKept: [Int64: RouteSample] = [:]

    init(store: DashPilotStore, shift: Shift, pausesBefore: Int, session: Int64?) {
        self.store = store
        shiftID = shift.id
        self.pausesBefore = pausesBefore
        self.session = session
    }

    /// Whether fixes wait for the next commit.
    public var isPending: Bool { !pending.isEmpty }

    /// How many fixes wait for the next commit.
    public var pendingCount: Int { pending.count }

    /// Takes one line's report: a fix waits for the next commit, a line that is no position is
    /// counted with its reason, anything else is let be.
    public func take(_ line: PositionReport) {
        switch line {
        case .fix(let time, let latitude, let longitude, let accuracy):
            lastFix = time.wholeSecond
            pending.append(
                RouteSample(recordedAt: time.wholeSecond, latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy))
        case .skipped(let skip):
            report.skipped[.live(skip), default: 0] += 1
        case .ignored:
            break
        }
    }

    /// Whether the shift followed still runs, ended, is gone from the store (another program
    /// deleted it, or restored a backup without it), or no longer holds the points the follow
    /// kept (another program restored a backup from before them).
    public enum State: Equatable, Sendable {
        case running
        case ended
        case gone
        case rolledBack
    }

    /// Whether the shift still runs, read without writing.
    public func state() throws -> State {
        try store.read {
            guard let shift = try store.shiftTable.shift(id: shiftID) else { return .gone }
            if try !holdsWhatWasKept(lastKept) { return .rolledBack }
            return shift.endedAt == nil ? .running : .ended
        }
    }

    /// Whether the store still holds the last sample of each session as the last commit read it
    /// (kept by this follow or by another program): one gone was restored or deleted away.
    private func holdsWhatWasKept(_ kept: [Int64: RouteSample]) throws -> Bool {
        try kept.values.allSatisfy { try store.sampleTable.holds(shiftID: shiftID, at: $0.recordedAt.unixSeconds) }
    }

    /// Stores what was read since the last commit, in one transaction, and says whether the
    /// shift still runs. A fix of a shift that ended meanwhile is still judged against the span
    /// it had.
    @discardableResult
    public func commit() throws -> State {
        guard !pending.isEmpty else { return try state() }
        let fixes = pending
        let state = try store.write { () throws -> (State, RouteImportReport, [Int64: RouteSample], [Int: Int64]) in
            var report = self.report
            var lastKept = self.lastKept
            var sessions = self.sessions
            guard let shift = try store.shiftTable.shift(id: shiftID) else {
                report.skipped[.refused(.outsideShift), default: 0] += fixes.count
                return (.gone, report, lastKept, sessions)
            }
            // What it kept is gone: nothing more is judged against points no longer there.
            guard try holdsWhatWasKept(lastKept) else { return (.rolledBack, report, lastKept, sessions) }
            let now = store.now
            let pauses = try store.pauseTable.pauses(shiftID: shiftID)
            let inserter = try store.sampleTable.inserter()
            defer { inserter.finish() }
            var summary = try store.routeSummaries.stored(shiftID: shiftID) ?? RouteSummary()
            var inOrder = true
            // The sessions whose last sample was read in this transaction.
            var read: Set<Int64> = []
            for fix in fixes {
                let resumes = pauses.filter { $0.end.map { $0 <= fix.recordedAt } ?? false }.count - pausesBefore
                let session: Int64
                if let known = sessions[resumes] {
                    session = known
                } else if resumes == 0, let given = self.session {
                    session = given
                } else {
                    session = try store.sampleTable.freshSession(shiftID: shiftID)
                }
                if !read.contains(session) {
                    // Judged against what the session holds now, as `route add` judges: another
                    // program may have added to it since the last commit (`route add --session`,
                    // a second follow of it), and a session given may hold samples already.
                    lastKept[session] = try store.sampleTable.last(shiftID: shiftID, session: session)
                    read.insert(session)
                }
                var sample = fix
                sample.session = session
                if let problem = RouteSampleCheck.problem(
                    with: sample, shift: shift, lastKept: lastKept[session], now: now,
                    duplicate: try store.sampleTable.holds(shiftID: shiftID, at: sample.recordedAt.unixSeconds), pauses: pauses)
                {
                    report.skipped[.refused(problem), default: 0] += 1
                    continue
                }
                sessions[resumes] = session
                try inserter.insert(sample, shiftID: shiftID)
                let kept = RouteSampleTable.stored(sample)
                lastKept[session] = kept
                report.kept += 1
                if let last = summary.last, kept.recordedAt.unixSeconds <= last.time { inOrder = false }
                if inOrder {
                    summary.add(time: kept.recordedAt.unixSeconds, latitude: kept.latitude, longitude: kept.longitude, session: session)
                }
            }
            // The summary extended in order, or recomputed once when a fix came before another
            // session's latest: equal to the samples either way.
            if report.kept != self.report.kept {
                if inOrder {
                    try store.routeSummaries.save(summary, shiftID: shiftID)
                } else {
                    try store.routeSummaries.recompute(shiftID: shiftID)
                }
            }
            return (shift.endedAt == nil ? .running : .ended, report, lastKept, sessions)
        }
        // Only a committed transaction changes what the follow knows.
        pending.removeAll(keepingCapacity: true)
        (report, lastKept, sessions) = (state.1, state.2, state.3)
        return state.0
    }
}

extension DashPilotStore {
    /// Begins following the running shift (`route follow`): refused when none runs. Without
    /// `session`, the follow's fixes are a capture session of their own.
    public func follow(session: Int64? = nil) throws -> RouteFollow {
        try read {
            guard let shift = try shiftTable.running() else { throw DashPilotRefusal.noShiftRunning }
            let ended = try pauseTable.pauses(shiftID: shift.id).filter { $0.end != nil }
            // A session given that holds samples from before the last pause is not continued:
            // resuming started a new capture session, so the follow's is a fresh one, and the
            // way across the pause is never counted.
            var given = session
            if let session, let end = ended.last?.end, let last = try sampleTable.last(shiftID: shift.id, session: session),
                last.recordedAt < end
            {
                given = nil
            }
            return RouteFollow(store: self, shift: shift, pausesBefore: ended.count, session: given)
        }
    }

    /// The mileage of shift `id` as its route summary has it, without reading a sample.
    public func recordedRoute(shiftID id: Int64) throws -> RecordedRoute {
        try read { try routeSummaries.stored(shiftID: id)?.route ?? .none }
    }
}
