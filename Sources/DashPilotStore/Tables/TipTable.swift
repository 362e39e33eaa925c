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

    /// What a period reads of a tip: its delivery, whether it was cash (any other method reads
    /// as platform), its amount.
    private enum Amount: Int32, Columns {
        case deliveryID, cash, amountCents

        var sql: String {
            switch self {
            case .deliveryID: "delivery_id"
            case .cash: "method = 'cash'"
            case .amountCents: "amount_cents"
            }
        }
    }

    /// Hands `body` each tip of a delivery whose row id is in `ids`: the delivery, whether it was
    /// cash, the amount. The tip index holds no amount, so reading through it costs a lookup a
    /// tip: right for a few weeks' deliveries, three times a plain pass over the whole table for
    /// years of them. With `wholeTable` the table is read in one pass, in its own order, instead.
    /// Either way the caller, which has just read those deliveries, knows their shifts: joining
    /// the delivery table would cost another lookup a tip.
    func forEachAmount(
        ofDeliveries ids: ClosedRange<Int64>, wholeTable: Bool,
        _ body: (_ deliveryID: Int64, _ amount: Money, _ method: TipMethod) -> Void
    ) throws {
        try connection.forEachRow(
            "SELECT \(Amount.select()) FROM tip \(wholeTable ? "NOT INDEXED" : "") WHERE delivery_id BETWEEN ? AND ?",
            .integer(ids.lowerBound), .integer(ids.upperBound)
        ) { row in
            body(row.int64(Amount.deliveryID), Money(cents: row.int64(Amount.amountCents)), row.int64(Amount.cash) != 0 ? .cash : .platform)
        }
    }

    /// How many tips hold an amount of zero or less (written by another tool: `doctor`).
    func notMoreThanZero() throws -> Int { Int(try connection.scalar("SELECT count(*) FROM tip WHERE amount_cents <= 0") ?? 0) }
}
