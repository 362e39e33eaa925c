import DashPilotCore

/// The one owner of the `route_summary` table: each shift's route summary, a cache of what its
/// samples give, read by every list so that no list reads samples.
///
/// Every write that changes a shift's samples calls `update` or `recompute` in the same
/// transaction, so that the stored summary equals, bit for bit, recomputing it from the samples
/// in time order; `doctor` checks that it does.
struct RouteSummaryTable {
    let connection: Connection

    static let columns = "metres, segments, measured_segments, last_segment_measured, last_at, last_latitude, last_longitude, last_session"

    /// A summary from the columns of `columns`, starting at `offset`.
    static func summary(_ row: Row, offset: Int32 = 0) -> RouteSummary? {
        guard !row.isNull(offset) else { return nil }
        return RouteSummary(
            metres: row.double(offset), segments: Int(row.int64(offset + 1)), measuredSegments: Int(row.int64(offset + 2)),
            lastSegmentMeasured: row.int64(offset + 3) != 0,
            last: RouteSummary.LastSample(
                time: row.int64(offset + 4), latitude: row.double(offset + 5), longitude: row.double(offset + 6),
                session: row.optionalInt64(offset + 7)))
    }

    /// The stored summary of shift `shiftID`, or `nil` when it has no samples.
    func stored(shiftID: Int64) throws -> RouteSummary? {
        try connection.queryFirst(
            "SELECT \(Self.columns) FROM route_summary WHERE shift_id = ?", .integer(shiftID), row: { Self.summary($0) }) ?? nil
    }

    /// The summary recomputed from shift `shiftID`'s samples in time order. O(samples).
    func recomputed(shiftID: Int64) throws -> RouteSummary {
        var summary = RouteSummary()
        let statement = try connection.statement(
            "SELECT recorded_at, latitude_e7, longitude_e7, session FROM route_sample WHERE shift_id = ? ORDER BY recorded_at")
        defer { statement.reset() }
        try statement.bind([.integer(shiftID)])
        while try statement.step() {
            let row = Row(statement: statement)
            summary.add(
                time: row.int64(0), latitude: Self.degrees(row.int64(1)), longitude: Self.degrees(row.int64(2)),
                session: row.optionalInt64(3))
        }
        return summary
    }

    /// Degrees from a stored coordinate (1e-7 degree): the one conversion every summary uses.
    static func degrees(_ e7: Int64) -> Double { Double(e7) / 1e7 }

    /// Stores `summary` for shift `shiftID` (removing the row when it has no samples).
    func save(_ summary: RouteSummary, shiftID: Int64) throws {
        guard let last = summary.last else {
            try connection.run("DELETE FROM route_summary WHERE shift_id = ?", .integer(shiftID))
            return
        }
        let statement = try connection.statement(
            "INSERT OR REPLACE INTO route_summary (shift_id, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        defer { statement.reset() }
        try statement.bind([
            .integer(shiftID), .real(summary.metres), .integer(Int64(summary.segments)), .integer(Int64(summary.measuredSegments)),
            .integer(summary.lastSegmentMeasured ? 1 : 0), .integer(last.time), .real(last.latitude), .real(last.longitude),
            .integer(last.session),
        ])
        while try statement.step() {}
    }

    /// Brings shift `shiftID`'s summary up to date after `sample` was inserted: extended in O(1)
    /// when it is the shift's latest sample, else recomputed from every sample.
    func update(afterInserting sample: (time: Int64, latitudeE7: Int64, longitudeE7: Int64, session: Int64?), shiftID: Int64) throws {
        var summary = try stored(shiftID: shiftID) ?? RouteSummary()
        if let last = summary.last, sample.time <= last.time {
            summary = try recomputed(shiftID: shiftID)
        } else {
            summary.add(
                time: sample.time, latitude: Self.degrees(sample.latitudeE7), longitude: Self.degrees(sample.longitudeE7),
                session: sample.session)
        }
        try save(summary, shiftID: shiftID)
    }

    /// Recomputes and stores shift `shiftID`'s summary.
    func recompute(shiftID: Int64) throws {
        try save(try recomputed(shiftID: shiftID), shiftID: shiftID)
    }

    /// Rebuilds every shift's summary from all samples in one pass over the table in key order
    /// (shift, time): the migration to version 7, and the repair of a lost cache.
    func rebuildAll(progress: (@Sendable (Double) -> Void)?) throws {
        try connection.execute("DELETE FROM route_summary")
        let total = max(1, try connection.scalar("SELECT max(_rowid_) FROM shift") ?? 1)
        let statement = try connection.statement(
            "SELECT shift_id, recorded_at, latitude_e7, longitude_e7, session FROM route_sample ORDER BY shift_id, recorded_at")
        defer { statement.reset() }
        var current: Int64?
        var summary = RouteSummary()
        var reported = -1
        while try statement.step() {
            let row = Row(statement: statement)
            let shiftID = row.int64(0)
            if shiftID != current {
                if let current { try save(summary, shiftID: current) }
                current = shiftID
                summary = RouteSummary()
                let percent = Int(shiftID * 100 / total)
                if percent != reported {
                    reported = percent
                    progress?(Double(min(percent, 100)) / 100)
                }
            }
            summary.add(
                time: row.int64(1), latitude: Self.degrees(row.int64(2)), longitude: Self.degrees(row.int64(3)),
                session: row.optionalInt64(4))
        }
        if let current { try save(summary, shiftID: current) }
        progress?(1)
    }

    /// The ids of shifts whose stored summary differs from recomputing it from their samples.
    func shiftsWhoseSummaryDiffers() throws -> [Int64] {
        let ids = try connection.query("SELECT id FROM shift ORDER BY id") { $0.int64(0) }
        var differing: [Int64] = []
        for id in ids {
            let recomputed = try recomputed(shiftID: id)
            let stored = try stored(shiftID: id) ?? RouteSummary()
            if !Self.sameBits(stored, recomputed) { differing.append(id) }
        }
        return differing
    }

    /// Equality to the bit: a distance that differs in its last place is a different cache.
    static func sameBits(_ a: RouteSummary, _ b: RouteSummary) -> Bool {
        a.metres.bitPattern == b.metres.bitPattern && a.segments == b.segments && a.measuredSegments == b.measuredSegments
            && a.lastSegmentMeasured == b.lastSegmentMeasured && a.last?.time == b.last?.time
            && a.last?.latitude.bitPattern == b.last?.latitude.bitPattern && a.last?.longitude.bitPattern == b.last?.longitude.bitPattern
            && a.last?.session == b.last?.session
    }
}
