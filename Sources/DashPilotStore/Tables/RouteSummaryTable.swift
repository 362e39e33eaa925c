import DashPilotCore

/// The one owner of the `route_summary` table: each shift's route summary, a cache of what its
/// samples give, read by every list so that no list reads samples.
///
/// Every write that changes a shift's samples calls `update` or `recompute` in the same
/// transaction, so that the stored summary equals, bit for bit, recomputing it from the samples
/// in time order; `doctor` checks that it does.
struct RouteSummaryTable {
    let connection: Connection

    /// The columns a summary is read from, in select order.
    enum Column: Int32, Columns {
        case metres, segments, measuredSegments, lastSegmentMeasured, lastAt, lastLatitude, lastLongitude, lastSession

        var sql: String {
            switch self {
            case .metres: "metres"
            case .segments: "segments"
            case .measuredSegments: "measured_segments"
            case .lastSegmentMeasured: "last_segment_measured"
            case .lastAt: "last_at"
            case .lastLatitude: "last_latitude"
            case .lastLongitude: "last_longitude"
            case .lastSession: "last_session"
            }
        }
    }

    /// A summary from `row`'s `Column`s, or `nil` where a join found none (a shift with no samples).
    static func summary(_ row: Row) -> RouteSummary? {
        guard !row.isNull(Column.metres) else { return nil }
        return RouteSummary(
            metres: row.double(Column.metres), segments: Int(row.int64(Column.segments)),
            measuredSegments: Int(row.int64(Column.measuredSegments)), lastSegmentMeasured: row.int64(Column.lastSegmentMeasured) != 0,
            last: RouteSummary.LastSample(
                time: row.int64(Column.lastAt), latitude: row.double(Column.lastLatitude), longitude: row.double(Column.lastLongitude),
                session: row.optionalInt64(Column.lastSession)))
    }

    /// The stored summary of shift `shiftID`, or `nil` when it has no samples.
    func stored(shiftID: Int64) throws -> RouteSummary? {
        try connection.queryFirst("SELECT \(Column.select()) FROM route_summary WHERE shift_id = ?", .integer(shiftID), row: Self.summary)
            ?? nil
    }

    /// The summary recomputed from shift `shiftID`'s samples in time order. O(samples).
    func recomputed(shiftID: Int64) throws -> RouteSummary {
        var summary = RouteSummary()
        try RouteSampleTable(connection: connection).forEachPoint(shiftID: shiftID) { _, time, latitude, longitude, session in
            summary.add(time: time, latitude: latitude, longitude: longitude, session: session)
        }
        return summary
    }

    /// Stores `summary` for shift `shiftID` (removing the row when it has no samples).
    func save(_ summary: RouteSummary, shiftID: Int64) throws {
        guard let last = summary.last else {
            try connection.run("DELETE FROM route_summary WHERE shift_id = ?", .integer(shiftID))
            return
        }
        let statement = try connection.statement(
            "INSERT OR REPLACE INTO route_summary (shift_id, \(Column.select())) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
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
    func update(afterInserting sample: RouteSample, shiftID: Int64) throws {
        // No summary stored: the shift's first sample, or a summary lost, which is never extended
        // from nothing (the miles of every earlier sample would be dropped).
        guard var summary = try stored(shiftID: shiftID) else { return try recompute(shiftID: shiftID) }
        // Extended from the sample as stored, so that the sum is what recomputing would give.
        let kept = RouteSampleTable.stored(sample)
        if let last = summary.last, kept.recordedAt.unixSeconds <= last.time {
            summary = try recomputed(shiftID: shiftID)
        } else {
            summary.add(time: kept.recordedAt.unixSeconds, latitude: kept.latitude, longitude: kept.longitude, session: kept.session)
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
        var current: Int64?
        var summary = RouteSummary()
        var reported = -1
        // Samples of a shift that is gone (doctor names them) have no summary to be made: the
        // rest are rebuilt all the same (it stopped on SQLite's "FOREIGN KEY constraint failed").
        let shifts = Set(try ShiftTable(connection: connection).ids())
        func save(_ summary: RouteSummary, shiftID: Int64) throws {
            if shifts.contains(shiftID) { try self.save(summary, shiftID: shiftID) }
        }
        try RouteSampleTable(connection: connection).forEachPoint(shiftID: nil) { shiftID, time, latitude, longitude, session in
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
            summary.add(time: time, latitude: latitude, longitude: longitude, session: session)
        }
        if let current { try save(summary, shiftID: current) }
        progress?(1)
    }

    /// The ids of shifts whose stored summary differs from recomputing it from their samples.
    func shiftsWhoseSummaryDiffers(progress: (Double) -> Void = { _ in }) throws -> [Int64] {
        var differing: [Int64] = []
        let ids = try ShiftTable(connection: connection).ids()
        for (index, id) in ids.enumerated() {
            progress(Double(index) / Double(ids.count))
            let recomputed = try recomputed(shiftID: id)
            let stored = try stored(shiftID: id) ?? RouteSummary()
            if !Self.sameBits(stored, recomputed) { differing.append(id) }
        }
        progress(1)
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
