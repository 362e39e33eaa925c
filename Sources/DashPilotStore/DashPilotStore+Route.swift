import CSQLite
import DashPilotCore
import Foundation

/// What a route import kept and skipped.
public struct RouteImportReport: Sendable, Equatable {
    /// Why a point was skipped.
    public enum Skip: Hashable, Sendable, Comparable {
        case outsideEveryShift
        case refused(RouteSampleProblem)

        /// The reason as a clause.
        public var sentence: String {
            switch self {
            case .outsideEveryShift: "outside every shift"
            case .refused(let problem): problem.sentence
            }
        }

        /// A stable identifier for `--json` readers.
        public var identifier: String {
            switch self {
            case .outsideEveryShift: "outsideEveryShift"
            case .refused(let problem): problem.rawValue
            }
        }

        public static func < (lhs: Skip, rhs: Skip) -> Bool { lhs.identifier < rhs.identifier }
    }

    /// Points stored.
    public var kept = 0
    /// Points skipped, by reason.
    public var skipped: [Skip: Int] = [:]

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

    func lastSampleRow(shiftID: Int64) throws -> RouteSample? {
        try connection.queryFirst(
            """
            SELECT recorded_at, latitude_e7, longitude_e7, accuracy_dm, session FROM route_sample
            WHERE shift_id = ? ORDER BY recorded_at DESC LIMIT 1
            """, .integer(shiftID), row: Self.sample)
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
                with: candidate, shift: shift, lastKept: try lastSampleRow(shiftID: shift.id), now: time)
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
    /// span holds it and passes the same checks as `addRouteSample`. One transaction.
    public func importRoute(segments: [[RouteSample]]) throws -> RouteImportReport {
        try write {
            let time = now
            let shifts = try connection.query("SELECT \(Self.shiftColumns) FROM shift ORDER BY started_at, id", row: Self.shift)
            var report = RouteImportReport()
            let insert = try connection.statement(Self.insertSampleSQL)
            defer { insert.reset() }
            var lastKept: [Int64: RouteSample?] = [:]
            var nextSession: [Int64: Int64] = [:]
            for segment in segments {
                var sessionOfShift: [Int64: Int64] = [:]
                for point in segment {
                    guard let shift = Self.shift(holding: point.recordedAt.wholeSecond, in: shifts, now: time) else {
                        report.skipped[.outsideEveryShift, default: 0] += 1
                        continue
                    }
                    let last: RouteSample?
                    if let cached = lastKept[shift.id] { last = cached } else { last = try lastSampleRow(shiftID: shift.id) }
                    var sample = point
                    sample.recordedAt = point.recordedAt.wholeSecond
                    if let problem = RouteSampleCheck.problem(with: sample, shift: shift, lastKept: last, now: time) {
                        report.skipped[.refused(problem), default: 0] += 1
                        lastKept[shift.id] = last
                        continue
                    }
                    if sessionOfShift[shift.id] == nil {
                        let next: Int64
                        if let known = nextSession[shift.id] {
                            next = known
                        } else {
                            next =
                                (try connection.scalar("SELECT max(session) FROM route_sample WHERE shift_id = ?", .integer(shift.id)) ?? 0)
                                + 1
                        }
                        sessionOfShift[shift.id] = next
                        nextSession[shift.id] = next + 1
                    }
                    sample.session = sessionOfShift[shift.id]
                    try insertSample(sample, shiftID: shift.id, statement: insert)
                    lastKept[shift.id] = Self.stored(sample)
                    report.kept += 1
                }
            }
            for shiftID in lastKept.keys.sorted() where nextSession[shiftID] != nil {
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
