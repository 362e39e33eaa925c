import DashPilotCore
import Foundation

extension DashPilotStore {
    /// Records one route sample on the running shift at the clock's time, after the checks of
    /// `RouteSampleCheck`. Without `session` it joins the shift's default capture session.
    public func addRouteSample(latitude: Double, longitude: Double, accuracy: Double?, session: Int64?) throws -> RouteSample {
        try write {
            guard let shift = try shiftTable.running() else { throw DashPilotRefusal.noShiftRunning }
            let pauses = try pauseTable.pauses(shiftID: shift.id)
            if let last = pauses.last, last.end == nil { throw DashPilotRefusal.shiftPaused }
            let time = now
            // Never inside or before a pause already ended: after a resume the samples are its
            // session's, measured from there.
            if let end = pauses.last?.end, time < end { throw DashPilotRefusal.clockEarlierThanShift(id: shift.id) }
            // Samples after a resume are a capture session of their own: the way from where the
            // shift paused to where it resumed is never counted.
            // A session named after a resume is a new one too (money-and-time.md: "the distance
            // between where the driver paused and where they resumed is never counted"): one that
            // holds samples from before the pause is refused, never bridged across it.
            if let session, let end = pauses.last?.end, let last = try sampleTable.last(shiftID: shift.id, session: session),
                last.recordedAt < end
            {
                throw DashPilotRefusal.routeSampleRefused(.sessionBeforePause)
            }
            let session = session ?? Self.sessionAfterResuming(pauses.count)
            let candidate = RouteSample(
                recordedAt: time, latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy, session: session)
            if let problem = RouteSampleCheck.problem(
                with: candidate, shift: shift, lastKept: try sampleTable.last(shiftID: shift.id, session: session), now: time,
                duplicate: try sampleTable.holds(shiftID: shift.id, at: time.unixSeconds))
            {
                throw DashPilotRefusal.routeSampleRefused(problem)
            }
            let inserter = try sampleTable.inserter()
            defer { inserter.finish() }
            try inserter.insert(candidate, shiftID: shift.id)
            try routeSummaries.update(afterInserting: candidate, shiftID: shift.id)
            return RouteSampleTable.stored(candidate)
        }
    }

    /// Makes every shift's route summary again from its samples, in one transaction: the repair
    /// of a summary `doctor` finds differing from its samples, or lost (platform.md). Changes no
    /// sample. Returns how many shifts have a route. O(samples).
    public func rebuildRouteSummaries(progress: (@Sendable (Double) -> Void)? = nil) throws -> Int {
        try write {
            // A store SQLite finds damaged is refused (74), never rebuilt from what it misreads:
            // a damaged shift table read as no shifts left every summary deleted.
            guard try connection.texts("PRAGMA quick_check(1)") == ["ok"] else { throw StoreError.damaged(path: path) }
            try routeSummaries.rebuildAll(progress: progress)
            return Int(try connection.scalar("SELECT count(*) FROM route_summary") ?? 0)
        }
    }

    /// The capture session `route add` uses, with no session given, after `resumes` pauses of its
    /// shift: `nil` (the shift's own) before any, then one of a range kept for them, below 1: a
    /// driver, a follow and an import number theirs from 1 (`FreshSessions`).
    static func sessionAfterResuming(_ resumes: Int) -> Int64? { resumes == 0 ? nil : Int64.min + Int64(resumes) }

    /// Imports track segments (each one capture session): every point joins the shift whose time
    /// span holds it and passes the same checks as `addRouteSample`, against the last kept sample
    /// of its own segment. One transaction.
    public func importRoute(segments: [[RouteSample]]) throws -> RouteImportReport {
        try importRoute { sink in
            var report = GPXReader.Report()
            for segment in segments {
                try sink.segment()
                for point in segment {
                    report.points += 1
                    try sink.point(point)
                }
            }
            return report
        }
    }

    /// Imports what `read` hands its sink as it reads a file, in one transaction: a file that
    /// turns out malformed (`read` throws) leaves nothing behind. Each segment is a new capture
    /// session of each shift it touches, so file order and the order files arrive in do not
    /// matter; a point at a second its shift already holds is counted as already recorded. The
    /// route summaries of the shifts touched are brought up to date (extended, or recomputed from
    /// their samples) before the commit.
    public func importRoute(_ read: (GPXReader.Sink) throws -> GPXReader.Report) throws -> RouteImportReport {
        try write {
            let time = now
            var shifts = ShiftFinder(table: shiftTable, now: time)
            var report = RouteImportReport()
            var inserter = try sampleTable.batchInserter()
            defer { inserter.finish() }
            // Each shift the file touches, read once; a file's points mostly run on in one shift,
            // so the last one touched is looked at first.
            var touched: [TouchedShift] = []
            var indexOf: [Int64: Int] = [:]
            var last = -1
            let sink = GPXReader.Sink(
                segment: {
                    for index in touched.indices { touched[index].beginSegment() }
                },
                point: { point in
                    var sample = point
                    sample.recordedAt = point.recordedAt.wholeSecond
                    guard let shift = try shifts.shift(holding: sample.recordedAt) else {
                        report.skipped[.outsideEveryShift, default: 0] += 1
                        return
                    }
                    if last < 0 || touched[last].shift.id != shift.id {
                        if let index = indexOf[shift.id] {
                            last = index
                        } else {
                            last = touched.count
                            indexOf[shift.id] = last
                            let latest = try self.sampleTable.latestTime(shiftID: shift.id)
                            touched.append(
                                TouchedShift(
                                    shift: shift, held: HeldSeconds(latest: latest),
                                    pauses: try self.pauseTable.pauses(shiftID: shift.id),
                                    // Extended as points are kept, from the stored summary (none
                                    // without samples; a missing one is recomputed at the end).
                                    summary: latest == nil ? RouteSummary() : try self.routeSummaries.stored(shiftID: shift.id)))
                        }
                    }
                    touched[last].resumeIfPaused(before: sample.recordedAt)
                    let second = sample.recordedAt.unixSeconds
                    func check(duplicate: Bool) -> RouteSampleProblem? {
                        RouteSampleCheck.problem(
                            with: sample, shift: shift, lastKept: touched[last].lastKept, now: time, duplicate: duplicate,
                            pauses: touched[last].pauses)
                    }
                    // Later than every sample the shift holds, a point is none of them; else the
                    // table says (with the batch waiting to be inserted written first).
                    var duplicate = false
                    if touched[last].held.mayHold(second) {
                        try inserter.flush()
                        duplicate = try self.sampleTable.holds(shiftID: shift.id, at: second)
                    }
                    if let problem = check(duplicate: duplicate) {
                        report.skipped[.refused(problem), default: 0] += 1
                        // A point already recorded that the checks would keep is still the one the
                        // segment's next is judged against: a file imported again judges its
                        // points as it did the first time, and so adds nothing.
                        if problem == .alreadyRecorded, check(duplicate: false) == nil {
                            touched[last].judgeNext(against: RouteSampleTable.stored(sample))
                        }
                        return
                    }
                    if touched[last].session == nil {
                        var sessions = try touched[last].sessions ?? FreshSessions(table: self.sampleTable, shiftID: shift.id)
                        touched[last].session = try sessions.next(table: self.sampleTable)
                        touched[last].sessions = sessions
                    }
                    sample.session = touched[last].session
                    try inserter.insert(sample, shiftID: shift.id)
                    touched[last].keep(RouteSampleTable.stored(sample))
                    report.kept += 1
                })
            let read = try read(sink)
            try inserter.flush()
            for (skip, count) in read.skipped { report.skipped[.unreadable(skip), default: 0] += count }
            report.tracks = read.tracks
            report.routesOrWaypoints = read.routesOrWaypoints
            for shift in touched.filter({ $0.sessions != nil }).sorted(by: { $0.shift.id < $1.shift.id }) {
                if let summary = shift.summary {
                    try routeSummaries.save(summary, shiftID: shift.shift.id)
                } else {
                    try routeSummaries.recompute(shiftID: shift.shift.id)
                }
            }
            return report
        }
    }
}

/// What an import holds of a shift it touches: the seconds the shift holds a sample at (the file's
/// own kept ones included), its pauses, its route summary while the kept points come after every
/// sample it holds, in time order, and, within the file's current segment, its capture session
/// and the sample its next point is judged against (the last kept, or one already recorded).
private struct TouchedShift {
    let shift: Shift
    private(set) var held: HeldSeconds
    let pauses: [Pause]
    /// The summary extended by each kept sample, as `RouteSummaryTable.update` extends it: equal
    /// to recomputing it while every sample comes later than the last. `nil` once one does not
    /// (or when the stored one was missing): then it is recomputed from the samples.
    private(set) var summary: RouteSummary?
    /// The sessions the shift's segments get; `nil` until a point of the file is kept in it.
    var sessions: FreshSessions?
    var session: Int64?
    private(set) var lastKept: RouteSample?

    init(shift: Shift, held: HeldSeconds, pauses: [Pause], summary: RouteSummary?) {
        self.shift = shift
        self.held = held
        self.pauses = pauses
        self.summary = summary
    }

    /// Records `sample` (as stored) as kept: its second held, the last kept, the summary extended.
    mutating func keep(_ sample: RouteSample) {
        lastKept = sample
        let time = sample.recordedAt.unixSeconds
        held.insert(time)
        if var extended = summary, extended.last.map({ time > $0.time }) ?? true {
            extended.add(time: time, latitude: sample.latitude, longitude: sample.longitude, session: sample.session)
            summary = extended
        } else {
            summary = nil
        }
    }

    /// `sample`, already recorded, is the one the segment's next point is judged against.
    mutating func judgeNext(against sample: RouteSample) { lastKept = sample }

    /// Points after a resume are a capture session of their own, as they are to `route add`: the
    /// way from where the shift paused to where it resumed is never counted, however short the break.
    mutating func resumeIfPaused(before time: Date) {
        guard let kept = lastKept?.recordedAt else { return }
        if pauses.contains(where: { $0.start >= kept && ($0.end.map { $0 <= time } ?? false) }) { beginSegment() }
    }

    /// A new segment is a new capture session, with no sample kept in it yet.
    mutating func beginSegment() {
        session = nil
        lastKept = nil
    }
}

/// What an import keeps of the seconds a shift holds a sample at: only the latest. A file's points
/// mostly come later still, and need no look; the few that do not are looked up in the table's
/// key. Memory does not grow with the file (platform.md: "Reading is streamed").
struct HeldSeconds {
    private var latest: Int64?

    /// The latest second the shift holds a sample at, if any.
    init(latest: Int64?) { self.latest = latest }

    /// Whether the shift may hold a sample at `second`: `false` when it is later than all of them.
    func mayHold(_ second: Int64) -> Bool { latest.map { second <= $0 } ?? false }

    mutating func insert(_ second: Int64) { latest = max(latest ?? second, second) }
}

/// The shift whose span holds a time, for a file's points: the few shifts that could hold it are
/// read once for every point that falls between the same two starts, so that an import costs
/// what its points touch, not a read of every shift of ten years.
struct ShiftFinder {
    let table: ShiftTable
    let now: Date
    /// The latest shifts started at or before the times `[from, before)`, latest first.
    private var candidates: [Shift] = []
    private var from = Int64.max
    private var before = Int64.min
    /// Whether the candidates hold, past the three latest, those started earlier still running.
    private var extended = false
    /// The longest any shift ran, read once an import needs it.
    private var longest: Int64?

    init(table: ShiftTable, now: Date) {
        self.table = table
        self.now = now
    }

    /// The shift that holds `time`: the latest started that holds it. Shifts rarely overlap, but a
    /// running shift, equal starts or a clock set back between shifts may make them: the three
    /// started last at or before it, and any started earlier still running at the latest start.
    mutating func shift(holding time: Date) throws -> Shift? {
        let second = time.unixSeconds
        if second < from || second >= before {
            candidates = try table.latest(startedAtOrBefore: second, limit: 3)
            from = candidates.first?.startedAt.unixSeconds ?? Int64.min
            before = try table.firstStart(after: second) ?? Int64.max
            extended = false
        }
        // One of the three started last holds it: none started earlier is the latest that does.
        if let shift = candidates.first(where: { $0.holds(time, now: now) }) { return shift }
        if !extended, candidates.count == 3, let oldest = candidates.last {
            extended = true
            // Bounded by the longest shift: a search of the shifts of that span, not of all.
            if longest == nil { longest = try table.longestSpan(now: now.unixSeconds) }
            candidates += try table.started(before: oldest, runningAt: from, longest: longest ?? 0)
            return candidates.dropFirst(3).first { $0.holds(time, now: now) }
        }
        return nil
    }
}
