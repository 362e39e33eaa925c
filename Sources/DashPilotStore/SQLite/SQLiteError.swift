import CSQLite

/// An SQLite call failed. Carries SQLite's extended result code and message, never a bound value.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code.
    public var code: Int32
    /// `sqlite3_errmsg` at the time of failure.
    public var message: String

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, ...).
    public var primaryCode: Int32 { code & 0xFF }

    /// The code and message, for a developer.
    public var description: String { "SQLite error \(code): \(message)" }
}
