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
            // Samples after a resume are a capture session of their own: the way from where the
            // shift paused to where it resumed is never counted.
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

    /// The capture session `route add` uses, with no session given, after `resumes` pauses of its
    /// shift: `nil` (the shift's own) before any, then one of a range kept for them, far below any
    /// session an import or a driver numbers.
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
    /// route summaries of the shifts touched are recomputed before the commit.
    public func importRoute(_ read: (GPXReader.Sink) throws -> GPXReader.Report) throws -> RouteImportReport {
        try write {
            let time = now
            var shifts = ShiftFinder(table: shiftTable, now: time)
            var report = RouteImportReport()
            let inserter = try sampleTable.inserter()
            defer { inserter.finish() }
            var nextSession: [Int64: Int64] = [:]
            var sessionOfShift: [Int64: Int64] = [:]
            var lastKept: [Int64: RouteSample] = [:]
            var pausesOf: [Int64: [Pause]] = [:]
            // The seconds each touched shift holds a sample at, the file's own kept ones included.
            var heldTimes: [Int64: Set<Int64>] = [:]
            let sink = GPXReader.Sink(
                segment: {
                    sessionOfShift.removeAll(keepingCapacity: true)
                    lastKept.removeAll(keepingCapacity: true)
                },
                point: { point in
                    var sample = point
                    sample.recordedAt = point.recordedAt.wholeSecond
                    guard let shift = try shifts.shift(holding: sample.recordedAt) else {
                        report.skipped[.outsideEveryShift, default: 0] += 1
                        return
                    }
                    if heldTimes[shift.id] == nil { heldTimes[shift.id] = try self.sampleTable.times(shiftID: shift.id) }
                    let second = sample.recordedAt.unixSeconds
                    let duplicate = heldTimes[shift.id]?.contains(second) == true
                    if pausesOf[shift.id] == nil { pausesOf[shift.id] = try self.pauseTable.pauses(shiftID: shift.id) }
                    if let problem = RouteSampleCheck.problem(
                        with: sample, shift: shift, lastKept: lastKept[shift.id], now: time, duplicate: duplicate,
                        pauses: pausesOf[shift.id] ?? [])
                    {
                        report.skipped[.refused(problem), default: 0] += 1
                        return
                    }
                    if sessionOfShift[shift.id] == nil {
                        let next = try nextSession[shift.id] ?? ((self.sampleTable.highestSession(shiftID: shift.id) ?? 0) + 1)
                        sessionOfShift[shift.id] = next
                        nextSession[shift.id] = next + 1
                    }
                    sample.session = sessionOfShift[shift.id]
                    try inserter.insert(sample, shiftID: shift.id)
                    heldTimes[shift.id]?.insert(second)
                    lastKept[shift.id] = RouteSampleTable.stored(sample)
                    report.kept += 1
                })
            let read = try read(sink)
            for (skip, count) in read.skipped { report.skipped[.unreadable(skip), default: 0] += count }
            report.tracks = read.tracks
            report.routesOrWaypoints = read.routesOrWaypoints
            for shiftID in nextSession.keys.sorted() {
                try routeSummaries.recompute(shiftID: shiftID)
            }
            return report
        }
    }

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

    init(table: ShiftTable, now: Date) {
        self.table = table
        self.now = now
    }

    /// The shift that holds `time`: of the three started last at or before it, the latest that
    /// holds it (shifts never overlap in practice, but a running shift or equal starts may).
    mutating func shift(holding time: Date) throws -> Shift? {
        let second = time.unixSeconds
        if second < from || second >= before {
            candidates = try table.latest(startedAtOrBefore: second, limit: 3)
            from = candidates.first?.startedAt.unixSeconds ?? Int64.min
            before = try table.firstStart(after: second) ?? Int64.max
        }
        return candidates.first { $0.holds(time, now: now) }
    }
}
