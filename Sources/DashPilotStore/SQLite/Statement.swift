import CSQLite

/// A value bound to a statement parameter.
enum SQLValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    /// An optional integer, `NULL` when absent.
    static func integer(_ value: Int64?) -> SQLValue { value.map { .integer($0) } ?? .null }
}

// SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement; it finalizes itself.
final class Statement {
    let handle: OpaquePointer
    private unowned let connection: Connection

    init(connection: Connection, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let result = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard result == SQLITE_OK, let prepared = handle else { throw connection.lastError(result) }
        self.handle = prepared
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1...n.
    func bind(_ values: [SQLValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .integer(let number): result = sqlite3_bind_int64(handle, index, number)
            case .real(let number): result = sqlite3_bind_double(handle, index, number)
            case .text(let text): result = sqlite3_bind_text(handle, index, text, -1, transient)
            case .null: result = sqlite3_bind_null(handle, index)
            }
            guard result == SQLITE_OK else { throw connection.lastError(result) }
        }
    }

    /// Binds one 64-bit integer, or `NULL`, to parameter `index` (1-based), without allocating:
    /// for statements run many times in a row.
    func bind(_ index: Int32, _ value: Int64?) throws(SQLiteError) {
        let result = value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
        guard result == SQLITE_OK else { throw connection.lastError(result) }
    }

    /// Steps once: `true` when a row is available, `false` when done.
    func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.lastError(result)
        }
    }

    /// Resets the statement and clears its bindings so that it can run again.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}

extension Statement {
    /// Whether column `index` of the current row is `NULL`. `Row` reads by `Columns`; this is its
    /// one way in.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as a 64-bit integer.
    func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as a double.
    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Whether column `index`'s bytes are UTF-8 (text another program wrote may not be: read as
    /// text, it comes out repaired).
    func isUTF8(_ index: Int32) -> Bool {
        guard let bytes = sqlite3_column_blob(handle, index) else { return true }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
        return !transcode(buffer.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true) { _ in }
    }

    /// Column `index` as text, its bytes exactly as stored.
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
