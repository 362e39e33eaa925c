import DashPilotCore
import Foundation

/// The one owner of the `pause` table: a shift's breaks, at most one open.
struct PauseTable {
    let connection: Connection

    /// The columns a pause is read from, in select order.
    enum Column: Int32, Columns {
        case startedAt, endedAt

        var sql: String {
            switch self {
            case .startedAt: "started_at"
            case .endedAt: "ended_at"
            }
        }
    }

    static func pause(_ row: Row) -> Pause { Pause(start: row.date(Column.startedAt), end: row.optionalDate(Column.endedAt)) }

    /// Shift `shiftID`'s pauses, oldest first.
    func pauses(shiftID: Int64) throws -> [Pause] {
        try connection.query(
            "SELECT \(Column.select()) FROM pause WHERE shift_id = ? ORDER BY started_at, id", .integer(shiftID), row: Self.pause)
    }

    /// Starts a pause of shift `shiftID` at `time`.
    func start(shiftID: Int64, at time: Date) throws {
        try connection.run("INSERT INTO pause (shift_id, started_at) VALUES (?, ?)", .integer(shiftID), .integer(time.unixSeconds))
    }

    /// Ends shift `shiftID`'s open pause at `time`.
    func end(shiftID: Int64, at time: Date) throws {
        try connection.run(
            "UPDATE pause SET ended_at = ? WHERE shift_id = ? AND ended_at IS NULL", .integer(time.unixSeconds), .integer(shiftID))
    }

    /// The latest start or end of shift `shiftID`'s pauses, as whole seconds: an activity.
    func latestMoment(shiftID: Int64) throws -> Int64? {
        try connection.scalar(
            "SELECT max(max(started_at, coalesce(ended_at, started_at))) FROM pause WHERE shift_id = ?", .integer(shiftID))
    }

    /// What a period reads of pauses: their shift and paused seconds.
    private enum ByShift: Int32, Columns {
        case shiftID, seconds

        var sql: String {
            switch self {
            case .shiftID: "shift_id"
            case .seconds: "sum(coalesce(ended_at, ?) - started_at)"
            }
        }
    }

    /// The seconds paused of each shift started in `[low, high)`, an open pause up to `now`.
    func seconds(ofShiftsStartedFrom low: Int64, before high: Int64, now: Int64) throws -> [Int64: Int64] {
        var seconds: [Int64: Int64] = [:]
        try connection.forEachRow(
            """
            SELECT \(ByShift.select()) FROM pause
            WHERE shift_id IN (SELECT id FROM shift WHERE started_at >= ? AND started_at < ?) GROUP BY shift_id
            """, .integer(now), .integer(low), .integer(high)
        ) { seconds[$0.int64(ByShift.shiftID)] = max(0, $0.int64(ByShift.seconds)) }
        return seconds
    }

    /// How many pauses overlap another pause or a delivery's open interval, or fall outside
    /// their shift (written by another tool: `doctor`). Touching at a second is not overlapping.
    func misplaced() throws -> Int {
        let open = "9223372036854775807"
        return Int(
            try connection.scalar(
                """
                SELECT count(*) FROM pause p JOIN shift s ON s.id = p.shift_id
                WHERE p.started_at < s.started_at
                   OR (s.ended_at IS NOT NULL AND (p.ended_at IS NULL OR p.ended_at > s.ended_at))
                   OR EXISTS (SELECT 1 FROM pause q WHERE q.shift_id = p.shift_id AND q.id != p.id
                              AND q.started_at < coalesce(p.ended_at, \(open)) AND p.started_at < coalesce(q.ended_at, \(open)))
                   OR EXISTS (SELECT 1 FROM delivery d WHERE d.shift_id = p.shift_id
                              AND d.accepted_at < coalesce(p.ended_at, \(open))
                              AND p.started_at < coalesce(d.delivered_at, d.cancelled_at, \(open)))
                """) ?? 0)
    }
}
