import DashPilotCore
import Foundation

/// The one owner of the `tip` table: a finished delivery's tips, numbered within it.
struct TipTable {
    let connection: Connection

    /// The columns a tip is read from, in select order.
    enum Column: Int32, Columns {
        case deliveryID, number, amountCents, method, recordedAt

        var sql: String {
            switch self {
            case .deliveryID: "delivery_id"
            case .number: "number"
            case .amountCents: "amount_cents"
            case .method: "method"
            case .recordedAt: "recorded_at"
            }
        }
    }

    /// The tip in `row`'s `Column`s; a method this version does not know reads as platform.
    static func tip(_ row: Row) -> Tip {
        Tip(
            number: Int(row.int64(Column.number)), amount: Money(cents: row.int64(Column.amountCents)),
            method: TipMethod(rawValue: row.text(Column.method)) ?? .platform, recordedAt: row.date(Column.recordedAt))
    }

    /// The tips of shift `shiftID`'s deliveries, by the delivery's row id, in number order.
    func tips(ofShift shiftID: Int64) throws -> [Int64: [Tip]] {
        var tips: [Int64: [Tip]] = [:]
        try connection.forEachRow(
            """
            SELECT \(Column.select()) FROM tip WHERE delivery_id IN (SELECT id FROM delivery WHERE shift_id = ?)
            ORDER BY delivery_id, number
            """, .integer(shiftID)
        ) { tips[$0.int64(Column.deliveryID), default: []].append(Self.tip($0)) }
        return tips
    }

    /// Adds a tip to delivery row `deliveryID` under its next number, which it returns.
    func insert(deliveryID: Int64, amount: Money, method: TipMethod, at time: Date) throws -> Int {
        try connection.run("UPDATE delivery SET last_tip_number = last_tip_number + 1 WHERE id = ?", .integer(deliveryID))
        let number = Int(try connection.scalar("SELECT last_tip_number FROM delivery WHERE id = ?", .integer(deliveryID)) ?? 1)
        try connection.run(
            "INSERT INTO tip (delivery_id, number, amount_cents, method, recorded_at) VALUES (?, ?, ?, ?, ?)", .integer(deliveryID),
            .integer(Int64(number)), .integer(amount.cents), .text(method.rawValue), .integer(time.unixSeconds))
        return number
    }

    /// Removes tip `number` of delivery row `deliveryID`; returns whether there was one.
    func delete(deliveryID: Int64, number: Int) throws -> Bool {
        try connection.run("DELETE FROM tip WHERE delivery_id = ? AND number = ?", .integer(deliveryID), .integer(Int64(number)))
        return connection.changes > 0
    }

    /// What a period reads of a tip: its shift, whether it was cash (any other method reads as
    /// platform), its amount.
    private enum ByShift: Int32, Columns {
        case shiftID, cash, amountCents

        var sql: String {
            switch self {
            case .shiftID: "d.shift_id"
            case .cash: "t.method = 'cash'"
            case .amountCents: "t.amount_cents"
            }
        }
    }

    /// The tips of the shifts started in `[low, high)`, by shift and method. Summed here, tip by
    /// tip, rather than by a GROUP BY: SQLite would sort every tip into a temporary B-tree first,
    /// which cost three times the reading on ten years of tips.
    func totals(ofShiftsStartedFrom low: Int64, before high: Int64) throws -> [Int64: TipTotals] {
        var totals: [Int64: TipTotals] = [:]
        // Every shift: read from the tips themselves (a third of the deliveries have one), not
        // by probing the tip index once for each of a hundred thousand deliveries. A range of
        // shifts: from those shifts' deliveries.
        let everyShift = low == Int64.min && high == Int64.max
        let sql =
            everyShift
            ? """
            SELECT \(ByShift.select()) FROM tip t CROSS JOIN delivery d ON d.id = t.delivery_id WHERE ? <= ?
            """
            : """
            SELECT \(ByShift.select()) FROM tip t JOIN delivery d ON d.id = t.delivery_id
            WHERE d.shift_id IN (SELECT id FROM shift WHERE started_at >= ? AND started_at < ?)
            """
        // A shift's tips mostly arrive together: they gather in a local and reach the
        // dictionary once a run.
        var shift: Int64?
        var run = TipTotals()
        try connection.forEachRow(sql, .integer(low), .integer(high)) { row in
            let id = row.int64(ByShift.shiftID)
            if id != shift {
                if let shift { totals[shift, default: TipTotals()] = totals[shift, default: TipTotals()].adding(run) }
                shift = id
                run = TipTotals()
            }
            run.add(Money(cents: row.int64(ByShift.amountCents)), method: row.int64(ByShift.cash) != 0 ? .cash : .platform)
        }
        if let shift { totals[shift, default: TipTotals()] = totals[shift, default: TipTotals()].adding(run) }
        return totals
    }

    /// How many tips hold an amount of zero or less (written by another tool: `doctor`).
    func notMoreThanZero() throws -> Int { Int(try connection.scalar("SELECT count(*) FROM tip WHERE amount_cents <= 0") ?? 0) }
}
