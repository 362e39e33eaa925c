import CSQLite
import DashPilotCore
import Foundation

/// What a route import kept and skipped.
public struct RouteImportReport: Sendable, Equatable {
    /// Why a point was skipped.
    public enum Skip: Hashable, Sendable, Comparable {
        case outsideEveryShift
        case refused(RouteSampleProblem)
        case unreadable(GPXReader.PointSkip)

        /// The reason as a clause.
        public var sentence: String {
            switch self {
            case .outsideEveryShift: "outside every shift"
            case .refused(let problem): problem.sentence
            case .unreadable(let skip): skip.sentence
            }
        }

        /// A stable identifier for `--json` readers.
        public var identifier: String {
            switch self {
            case .outsideEveryShift: "outsideEveryShift"
            case .refused(let problem): problem.rawValue
            case .unreadable(let skip): skip.rawValue
            }
        }

        public static func < (lhs: Skip, rhs: Skip) -> Bool { lhs.identifier < rhs.identifier }
    }

    /// Points stored.
    public var kept = 0
    /// Points skipped, by reason.
    public var skipped: [Skip: Int] = [:]
    /// How many tracks the file held.
    public var tracks = 0
    /// How many planned routes and waypoints it held: not a recorded track, never imported.
    public var routesOrWaypoints = 0

    /// All points skipped.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}

extension DashPilotStore {
    static func sample(_ row: Row) -> RouteSample {
        RouteSample(
            recordedAt: Date(unixSeconds: row.int64(0)), latitude: Double(row.int64(1)) / 1e7,
            longitude: Double(row.int64(2)) / 1e7, horizontalAccuracy: row.optionalInt64(3).map { Double($0) / 10 },
            session: row.optionalInt64(4))
    }

    /// A sample as stored: coordinates to 1e-7 degree, accuracy to the decimetre.
    static func stored(_ sample: RouteSample) -> RouteSample {
        RouteSample(
            recordedAt: sample.recordedAt.wholeSecond, latitude: (sample.latitude * 1e7).rounded() / 1e7,
            longitude: (sample.longitude * 1e7).rounded() / 1e7,
            horizontalAccuracy: sample.horizontalAccuracy.map { ($0 * 10).rounded() / 10 }, session: sample.session)
    }

    /// The owner of the route summaries, on this store's connection.
    var routeSummaries: RouteSummaryTable { RouteSummaryTable(connection: connection) }

    /// The last kept sample of capture session `session` of shift `shiftID`.
    func lastSampleRow(shiftID: Int64, session: Int64?) throws -> RouteSample? {
        try connection.queryFirst(
            """
            SELECT recorded_at, latitude_e7, longitude_e7, accuracy_dm, session FROM route_sample
            WHERE shift_id = ? AND session IS ? ORDER BY recorded_at DESC LIMIT 1
            """, .integer(shiftID), .integer(session), row: Self.sample)
    }

    /// Whether shift `shiftID` holds a sample at `time` (importing a file twice adds nothing).
    func holdsSample(shiftID: Int64, at time: Int64) throws -> Bool {
        try connection.scalar("SELECT count(*) FROM route_sample WHERE shift_id = ? AND recorded_at = ?", .integer(shiftID), .integer(time))
            != 0
    }

    static let insertSampleSQL = """
        INSERT INTO route_sample (shift_id, recorded_at, latitude_e7, longitude_e7, accuracy_dm, session) VALUES (?, ?, ?, ?, ?, ?)
        """

    /// Inserts one checked sample: coordinates to 1e-7 degree, accuracy to the decimetre.
    func insertSample(_ sample: RouteSample, shiftID: Int64, statement: Statement) throws {
        try statement.bind(1, shiftID)
        try statement.bind(2, sample.recordedAt.unixSeconds)
        try statement.bind(3, Int64((sample.latitude * 1e7).rounded()))
        try statement.bind(4, Int64((sample.longitude * 1e7).rounded()))
        try statement.bind(5, sample.horizontalAccuracy.map { Int64(($0 * 10).rounded()) })
        try statement.bind(6, sample.session)
        _ = try statement.step()
        sqlite3_reset(statement.handle)
    }

    /// Records one route sample on the running shift at the clock's time, after the checks of
    /// `RouteSampleCheck`. Without `session` it joins the shift's default capture session.
    public func addRouteSample(latitude: Double, longitude: Double, accuracy: Double?, session: Int64?) throws -> RouteSample {
        try write {
            guard let shift = try runningShiftRow() else { throw DashPilotRefusal.noShiftRunning }
            let time = now
            let candidate = RouteSample(
                recordedAt: time, latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy, session: session)
            if let problem = RouteSampleCheck.problem(
                with: candidate, shift: shift, lastKept: try lastSampleRow(shiftID: shift.id, session: session), now: time,
                duplicate: try holdsSample(shiftID: shift.id, at: time.unixSeconds))
            {
                throw DashPilotRefusal.routeSampleRefused(problem)
            }
            let insert = try connection.statement(Self.insertSampleSQL)
            defer { insert.reset() }
            try insertSample(candidate, shiftID: shift.id, statement: insert)
            try routeSummaries.update(
                afterInserting: (
                    time: time.unixSeconds, latitudeE7: Int64((latitude * 1e7).rounded()), longitudeE7: Int64((longitude * 1e7).rounded()),
                    session: session
                ), shiftID: shift.id)
            return Self.stored(candidate)
        }
    }

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
            let shifts = try connection.query("SELECT \(Self.shiftColumns) FROM shift ORDER BY started_at, id", row: Self.shift)
            var report = RouteImportReport()
            let insert = try connection.statement(Self.insertSampleSQL)
            defer { insert.reset() }
            var nextSession: [Int64: Int64] = [:]
            var sessionOfShift: [Int64: Int64] = [:]
            var lastKept: [Int64: RouteSample] = [:]
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
                    let duplicate = try self.holdsSample(shiftID: shift.id, at: sample.recordedAt.unixSeconds)
                    if let problem = RouteSampleCheck.problem(
                        with: sample, shift: shift, lastKept: lastKept[shift.id], now: time, duplicate: duplicate)
                    {
                        report.skipped[.refused(problem), default: 0] += 1
                        return
                    }
                    if sessionOfShift[shift.id] == nil {
                        let next =
                            try nextSession[shift.id]
                            ?? ((self.connection.scalar("SELECT max(session) FROM route_sample WHERE shift_id = ?", .integer(shift.id)) ?? 0)
                                + 1)
                        sessionOfShift[shift.id] = next
                        nextSession[shift.id] = next + 1
                    }
                    sample.session = sessionOfShift[shift.id]
                    try self.insertSample(sample, shiftID: shift.id, statement: insert)
                    lastKept[shift.id] = Self.stored(sample)
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
