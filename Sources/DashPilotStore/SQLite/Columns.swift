import Foundation

/// The columns a statement reads, in the order it selects them: one enum a table (or a query that
/// computes its own), each case knowing its SQL. A row is read by these cases, never by a bare
/// position, so that a column added to a table cannot shift what another is read as.
///
/// The cases' raw values are their positions: declare them in select order, from 0.
protocol Columns: CaseIterable, RawRepresentable where RawValue == Int32, AllCases == [Self] {
    /// The column's name, or the expression a query computes for it.
    var sql: String { get }
}

extension Columns {
    /// How many columns the set selects.
    static var count: Int32 { Int32(allCases.count) }

    /// The select list: "id, started_at, ended_at", each prefixed with `alias.` when one is given.
    static func select(_ alias: String? = nil) -> String {
        let prefix = alias.map { $0 + "." } ?? ""
        return allCases.map { prefix + $0.sql }.joined(separator: ", ")
    }
}

/// The current row of a statement, read through the `Columns` it selected.
struct Row {
    let statement: Statement
    /// Where this reader's columns start in the statement's row: a join reads one table's
    /// columns, then the next table's after them.
    private let start: Int32

    init(statement: Statement, start: Int32 = 0) {
        self.statement = statement
        self.start = start
    }

    /// The columns that follow `columns` in the select list.
    func after<C: Columns>(_ columns: C.Type) -> Row { Row(statement: statement, start: start + C.count) }

    private func index<C: Columns>(_ column: C) -> Int32 { start + column.rawValue }

    /// Whether `column` is `NULL`.
    func isNull<C: Columns>(_ column: C) -> Bool { statement.isNull(index(column)) }

    /// `column` as a 64-bit integer.
    func int64<C: Columns>(_ column: C) -> Int64 { statement.int64(index(column)) }

    /// `column` as an integer, or `nil` when `NULL`.
    func optionalInt64<C: Columns>(_ column: C) -> Int64? { isNull(column) ? nil : int64(column) }

    /// `column` as a double.
    func double<C: Columns>(_ column: C) -> Double { statement.double(index(column)) }

    /// `column` as text, its bytes exactly as stored.
    func text<C: Columns>(_ column: C) -> String { statement.text(index(column)) }

    /// Whether `column`'s bytes are UTF-8.
    func isUTF8<C: Columns>(_ column: C) -> Bool { statement.isUTF8(index(column)) }

    /// `column` as text, or `nil` when `NULL`.
    func optionalText<C: Columns>(_ column: C) -> String? { isNull(column) ? nil : text(column) }

    /// `column`, whole seconds since 1970, as a time.
    func date<C: Columns>(_ column: C) -> Date { Date(unixSeconds: int64(column)) }

    /// `column` as a time, or `nil` when `NULL`.
    func optionalDate<C: Columns>(_ column: C) -> Date? { optionalInt64(column).map(Date.init(unixSeconds:)) }
}

/// The one column of a query that selects a single value a row (`SELECT id FROM shift`).
enum OneColumn: Int32, Columns {
    case value

    var sql: String { "" }
}
