import DashPilotCore
import Foundation

/// The one owner of the `expense` table: what the work cost, by time.
struct ExpenseTable {
    let connection: Connection

    /// The columns an expense is read from, in select order.
    enum Column: Int32, Columns {
        case id, amountCents, spentAt, category, note

        var sql: String {
            switch self {
            case .id: "id"
            case .amountCents: "amount_cents"
            case .spentAt: "spent_at"
            case .category: "category"
            case .note: "note"
            }
        }
    }

    static func expense(_ row: Row) -> Expense {
        Expense(
            id: row.int64(Column.id), amount: Money(cents: row.int64(Column.amountCents)), spentAt: row.date(Column.spentAt),
            category: ExpenseCategory(stored: row.text(Column.category)), note: row.optionalText(Column.note))
    }

    /// Records an expense; returns its id.
    func insert(amount: Money, at time: Date, category: ExpenseCategory, note: String?) throws -> Int64 {
        try connection.run(
            "INSERT INTO expense (amount_cents, spent_at, category, note) VALUES (?, ?, ?, ?)", .integer(amount.cents),
            .integer(time.unixSeconds), .text(category.rawValue), note.map { .text($0) } ?? .null)
        return connection.lastInsertRowID
    }

    /// Expense `id`, if it exists.
    func expense(id: Int64) throws -> Expense? {
        try connection.queryFirst("SELECT \(Column.select()) FROM expense WHERE id = ?", .integer(id), row: Self.expense)
    }

    /// Writes every fact of `expense` at once.
    /// Writes `expense`'s facts; its category only when `category` says it was given, so that a
    /// category a newer version wrote (read as other) stays as it was when the edit names none.
    func update(_ expense: Expense, category given: Bool) throws {
        try connection.run(
            "UPDATE expense SET amount_cents = ?, spent_at = ?, category = coalesce(?, category), note = ? WHERE id = ?",
            .integer(expense.amount.cents), .integer(expense.spentAt.unixSeconds), given ? .text(expense.category.rawValue) : .null,
            expense.note.map { .text($0) } ?? .null, .integer(expense.id))
    }

    /// Removes expense `id`.
    func delete(id: Int64) throws { try connection.run("DELETE FROM expense WHERE id = ?", .integer(id)) }

    /// Expenses spent in `[low, high)`, newest first: at most `limit` (all when `nil`) after
    /// skipping `offset`.
    func expenses(from low: Int64, before high: Int64, limit: Int?, offset: Int = 0) throws -> [Expense] {
        try connection.query(
            """
            SELECT \(Column.select()) FROM expense WHERE spent_at >= ? AND spent_at < ?
            ORDER BY spent_at DESC, id DESC LIMIT ? OFFSET ?
            """, .integer(low), .integer(high), .integer(Int64(limit ?? -1)), .integer(Int64(offset)), row: Self.expense)
    }

    /// How many expenses were spent in `[low, high)`.
    /// The earliest and latest time of any expense, if one exists.
    func span() throws -> (first: Int64, last: Int64)? {
        guard let first = try connection.scalar("SELECT min(spent_at) FROM expense"),
            let last = try connection.scalar("SELECT max(spent_at) FROM expense")
        else { return nil }
        return (first, last)
    }

    func count(from low: Int64, before high: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM expense WHERE spent_at >= ? AND spent_at < ?", .integer(low), .integer(high)) ?? 0)
    }

    /// How many expenses hold a category this version cannot read (`doctor`).
    func unknownCategories() throws -> Int {
        let known = ExpenseCategory.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return Int(try connection.scalar("SELECT count(*) FROM expense WHERE category NOT IN (\(known))") ?? 0)
    }
}

/// The one owner of `store_currency`: the store's one currency.
struct CurrencyTable {
    let connection: Connection

    /// The currency code as stored; a store that keeps none reads as in dollars (`doctor` says so).
    func code() throws -> String { try stored() ?? "USD" }

    /// The currency code as stored, `nil` where the store keeps none.
    func stored() throws -> String? { try connection.texts("SELECT code FROM store_currency WHERE id = 1").first }

    /// Sets the store's currency, where it keeps one or none.
    func set(_ currency: Currency) throws {
        try connection.run(
            "INSERT INTO store_currency (id, code) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET code = excluded.code", .text(currency.code))
    }
}
