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
            let shifts = try shiftTable.allByStart()
            var report = RouteImportReport()
            let inserter = try sampleTable.inserter()
            defer { inserter.finish() }
            var nextSession: [Int64: Int64] = [:]
            var sessionOfShift: [Int64: Int64] = [:]
            var lastKept: [Int64: RouteSample] = [:]
            var pausesOf: [Int64: [Pause]] = [:]
            let sink = GPXReader.Sink(
                segment: {
                    sessionOfShift.removeAll(keepingCapacity: true)
                    lastKept.removeAll(keepingCapacity: true)
                },
                point: { point in
                    var sample = point
                    sample.recordedAt = point.recordedAt.wholeSecond
                    guard let shift = Self.shift(holding: sample.recordedAt, in: shifts, now: time) else {
                        report.skipped[.outsideEveryShift, default: 0] += 1
                        return
                    }
                    let duplicate = try self.sampleTable.holds(shiftID: shift.id, at: sample.recordedAt.unixSeconds)
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

    /// The shift whose span holds `time`, by binary search over shifts sorted by start.
    static func shift(holding time: Date, in shifts: [Shift], now: Date) -> Shift? {
        var low = 0
        var high = shifts.count
        while low < high {
            let middle = (low + high) / 2
            if shifts[middle].startedAt <= time { low = middle + 1 } else { high = middle }
        }
        // Shifts never overlap in practice, but a running shift or equal starts may; look back a little.
        var index = low - 1
        while index >= 0 {
            if shifts[index].holds(time, now: now) { return shifts[index] }
            if low - index > 2 { break }
            index -= 1
        }
        return nil
    }
}
