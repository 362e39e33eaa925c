import DashPilotCore
import Foundation

/// The one owner of the `shift` table: its columns, its row mapper and every statement that
/// writes or reads mainly shifts.
struct ShiftTable {
    let connection: Connection

    /// The columns a shift is read from, in select order.
    enum Column: Int32, Columns {
        case id, startedAt, endedAt, earningsCents

        var sql: String {
            switch self {
            case .id: "id"
            case .startedAt: "started_at"
            case .endedAt: "ended_at"
            case .earningsCents: "earnings_cents"
            }
        }
    }

    /// The shift in `row`'s `Column`s.
    static func shift(_ row: Row) -> Shift {
        Shift(
            id: row.int64(Column.id), startedAt: row.date(Column.startedAt), endedAt: row.optionalDate(Column.endedAt),
            earnings: row.optionalInt64(Column.earningsCents).map(Money.init(cents:)))
    }

    /// Inserts a shift started at `time`; returns its id.
    func insert(startedAt time: Date) throws -> Int64 {
        try connection.run("INSERT INTO shift (started_at) VALUES (?)", .integer(time.unixSeconds))
        return connection.lastInsertRowID
    }

    /// The running shift, if one runs.
    func running() throws -> Shift? {
        try connection.queryFirst("SELECT \(Column.select()) FROM shift WHERE ended_at IS NULL", row: Self.shift)
    }

    /// Shift `id`, if it exists.
    func shift(id: Int64) throws -> Shift? {
        try connection.queryFirst("SELECT \(Column.select()) FROM shift WHERE id = ?", .integer(id), row: Self.shift)
    }

    /// The `limit` shifts started last at or before `time`, latest first (by start, then id).
    func latest(startedAtOrBefore time: Int64, limit: Int) throws -> [Shift] {
        try connection.query(
            "SELECT \(Column.select()) FROM shift WHERE started_at <= ? ORDER BY started_at DESC, id DESC LIMIT ?", .integer(time),
            .integer(Int64(limit)), row: Self.shift)
    }

    /// The shifts started before `shift` (in the order `latest` gives), and not more than
    /// `longest` seconds before `time`, that had not ended by `time`: with a clock set back
    /// between shifts, one may span later ones. Latest first.
    func started(before shift: Shift, runningAt time: Int64, longest: Int64) throws -> [Shift] {
        try connection.query(
            """
            SELECT \(Column.select()) FROM shift
            WHERE (started_at, id) < (?, ?) AND started_at >= ? AND (ended_at IS NULL OR ended_at >= ?)
            ORDER BY started_at DESC, id DESC
            """, .integer(shift.startedAt.unixSeconds), .integer(shift.id), .integer(time &- longest), .integer(time),
            row: Self.shift)
    }

    /// The longest any shift ran, in seconds (a running one, up to `now`); 0 without shifts.
    func longestSpan(now: Int64) throws -> Int64 {
        try connection.scalar("SELECT max(coalesce(ended_at, ?) - started_at) FROM shift", .integer(now)) ?? 0
    }

    /// The earliest start after `time`, if any shift starts later.
    func firstStart(after time: Int64) throws -> Int64? {
        try connection.scalar("SELECT min(started_at) FROM shift WHERE started_at > ?", .integer(time))
    }

    /// Every shift's id, in id order.
    func ids() throws -> [Int64] { try connection.integers("SELECT id FROM shift ORDER BY id") }

    /// Records that shift `id` ended at `time`.
    func end(id: Int64, at time: Date) throws {
        try connection.run("UPDATE shift SET ended_at = ? WHERE id = ?", .integer(time.unixSeconds), .integer(id))
    }

    /// Records (or clears, with `nil`) shift `id`'s gross earnings.
    func setEarnings(_ amount: Money?, id: Int64) throws {
        try connection.run("UPDATE shift SET earnings_cents = ? WHERE id = ?", .integer(amount?.cents), .integer(id))
    }

    /// Deletes shift `id`; its deliveries, samples and summary go with it (`ON DELETE CASCADE`).
    func delete(id: Int64) throws {
        try connection.run("DELETE FROM shift WHERE id = ?", .integer(id))
    }

    /// The next delivery number of shift `id`, taken: numbers are never given twice.
    func takeDeliveryNumber(id: Int64) throws -> Int {
        try connection.run("UPDATE shift SET last_delivery_number = last_delivery_number + 1 WHERE id = ?", .integer(id))
        return Int(try connection.scalar("SELECT last_delivery_number FROM shift WHERE id = ?", .integer(id)) ?? 1)
    }

    /// How many shifts the store holds (completed ones only, when `completedOnly`).
    /// The earliest and latest start of any shift, if one exists (from the start index).
    func startSpan() throws -> (first: Int64, last: Int64)? {
        guard let first = try connection.scalar("SELECT min(started_at) FROM shift"),
            let last = try connection.scalar("SELECT max(started_at) FROM shift")
        else { return nil }
        return (first, last)
    }

    func count(completedOnly: Bool) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM shift WHERE ended_at IS NOT NULL OR NOT ?", .integer(completedOnly ? 1 : 0)) ?? 0)
    }

    /// What a list of shifts shows beside each: its delivery count.
    private enum Listed: Int32, Columns {
        case deliveryCount

        var sql: String { "(SELECT count(*) FROM delivery WHERE delivery.shift_id = shift.id)" }
    }

    /// Shifts newest first with their delivery counts and mileage (from the route summaries,
    /// never the samples): at most `limit` (all when `nil`) after skipping `offset`; with
    /// `oldestFirst`, oldest first instead, `offset` counted from the oldest.
    func summaries(limit: Int?, offset: Int, completedOnly: Bool, oldestFirst: Bool = false) throws -> [ShiftSummary] {
        try connection.query(
            """
            SELECT \(Column.select()), \(Listed.select()), \(RouteSummaryTable.Column.select())
            FROM shift LEFT JOIN route_summary ON route_summary.shift_id = shift.id
            WHERE ended_at IS NOT NULL OR NOT ?
            ORDER BY \(oldestFirst ? "started_at, id" : "started_at DESC, id DESC") LIMIT ? OFFSET ?
            """,
            .integer(completedOnly ? 1 : 0), .integer(Int64(limit ?? -1)), .integer(Int64(offset))
        ) { row in
            let listed = row.after(Column.self)
            return ShiftSummary(
                shift: Self.shift(row), deliveryCount: Int(listed.int64(Listed.deliveryCount)),
                route: RouteSummaryTable.summary(listed.after(Listed.self))?.route ?? .none)
        }
    }

    /// Each shift started in `[low, high)` with what its route summary says, by start.
    func withRoute(startedFrom low: Int64, before high: Int64, _ body: (Shift, RecordedRoute) throws -> Void) throws {
        try connection.forEachRow(
            """
            SELECT \(Column.select()), \(RouteSummaryTable.Column.select())
            FROM shift LEFT JOIN route_summary ON route_summary.shift_id = shift.id
            WHERE started_at >= ? AND started_at < ? ORDER BY started_at, id
            """, .integer(low), .integer(high)
        ) { row in try body(Self.shift(row), RouteSummaryTable.summary(row.after(Column.self))?.route ?? .none) }
    }
}
