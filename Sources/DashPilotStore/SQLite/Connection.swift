import CSQLite

/// One SQLite connection: foreign keys on, a busy timeout, statements prepared from SQL text that
/// never holds a value (values are always bound).
final class Connection {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]
    /// How it waits for a lock another program holds.
    let busyWait: BusyWait

    /// Opens the file at `path`. `create` decides whether a missing file may be created.
    convenience init(path: String, create: Bool, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        try self.init(path: StorePath(path), create: create, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the file at `path`, its bytes exactly as given; `readOnly` for a file to be read
    /// and never written (a backup checked before a restore). `stopWaiting` ends a wait for a
    /// lock at once (`BusyWait`).
    init(
        path: StorePath, create: Bool, readOnly: Bool = false, busyTimeoutMilliseconds: Int32, stopWaiting: (() -> Bool)? = nil
    ) throws(SQLiteError) {
        busyWait = BusyWait(timeoutMilliseconds: busyTimeoutMilliseconds, stopWaiting: stopWaiting)
        var handle: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let result = path.withCString { sqlite3_open_v2($0, &handle, flags, nil) }
        guard let opened = handle else {
            throw SQLiteError(code: result, message: String(cString: sqlite3_errstr(result)))
        }
        self.handle = opened
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: result, message: String(cString: sqlite3_errmsg(opened)))
            sqlite3_close_v2(opened)
            throw error
        }
        sqlite3_extended_result_codes(opened, 1)
        // The wait lives as long as the connection that calls it.
        sqlite3_busy_handler(
            opened, { wait, count in Unmanaged<BusyWait>.fromOpaque(wait!).takeUnretainedValue().retries(after: count) ? 1 : 0 },
            Unmanaged.passUnretained(busyWait).toOpaque())
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The last error on this connection.
    func lastError(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs SQL that binds nothing (schema, pragmas, transaction control), every statement of it.
    func execute(_ sql: String) throws(SQLiteError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw lastError(result) }
    }

    /// A prepared statement for `sql`, reused across calls on this connection.
    func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(connection: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Runs one statement with `values` bound, to completion.
    func run(_ sql: String, _ values: SQLValue...) throws(SQLiteError) {
        let statement = try self.statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs a query with `values` bound, mapping every row.
    func query<T>(_ sql: String, _ values: SQLValue..., row map: (Row) throws -> T) throws -> [T] {
        var rows: [T] = []
        try forEachRow(sql, values) { rows.append(try map($0)) }
        return rows
    }

    /// Runs a query with `values` bound, handing each row to `body` without collecting them.
    func forEachRow(_ sql: String, _ values: SQLValue..., body: (Row) throws -> Void) throws {
        try forEachRow(sql, values, body: body)
    }

    func forEachRow(_ sql: String, _ values: [SQLValue], body: (Row) throws -> Void) throws {
        let statement = try self.statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {
            try body(Row(statement: statement))
        }
    }

    /// Runs a query with `values` bound and maps its first row, if any.
    func queryFirst<T>(_ sql: String, _ values: SQLValue..., row map: (Row) throws -> T) throws -> T? {
        let statement = try self.statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return try map(Row(statement: statement))
    }

    /// Runs a query whose first row's first column is an integer.
    func scalar(_ sql: String, _ values: SQLValue...) throws(SQLiteError) -> Int64? {
        let statement = try self.statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int64(0)
    }

    /// Runs a query whose rows hold one integer each.
    func integers(_ sql: String, _ values: SQLValue...) throws -> [Int64] {
        var result: [Int64] = []
        try forEachRow(sql, values) { result.append($0.int64(OneColumn.value)) }
        return result
    }

    /// Runs a query whose rows hold one text each.
    func texts(_ sql: String, _ values: SQLValue...) throws -> [String] {
        var result: [String] = []
        try forEachRow(sql, values) { result.append($0.text(OneColumn.value)) }
        return result
    }

    /// The rowid of the last insert.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one transaction begun with `BEGIN IMMEDIATE`: committed when it returns,
    /// rolled back when it throws, the first error rethrown.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let value: T
        do {
            value = try body()
            try execute("COMMIT")
        } catch {
            // After some errors (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled back;
            // a failing ROLLBACK then only says so, and the first error is the one to report.
            if sqlite3_get_autocommit(handle) == 0 {
                _ = try? execute("ROLLBACK")
            }
            putBackAfterFailedWrite()
            throw error
        }
        return value
    }

    /// A rollback SQLite made itself, after a failed write (a full disk, an I/O error), waits for
    /// the next read to put the file back from its journal: reads now, so that the file is as it
    /// was when the command ends (a process that exits never reads again, and a copy of the file
    /// taken before another program opened it held the half-written pages).
    /// Without waiting: a lock another program holds now leaves the journal to that program,
    /// which puts the file back as it opens it.
    func putBackAfterFailedWrite() {
        _ = try? busyWait.shared(waiting: false) { try scalar("SELECT count(*) FROM sqlite_schema") }
    }

    /// Bytes `range` of the main database file as they are on disk (not in this connection's
    /// cache), read through the connection's own file handle; `nil` when they can't be read.
    /// A lock on a file belongs to the process, and closing any descriptor of the file lets go of
    /// every one: a descriptor opened to read the file beside a connection would, once closed,
    /// let go of the connection's locks.
    func fileBytes(_ range: Range<Int>) -> [UInt8]? {
        var pointer: UnsafeMutableRawPointer?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK,
            let file = pointer?.assumingMemoryBound(to: sqlite3_file.self), let read = file.pointee.pMethods?.pointee.xRead
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: range.count)
        let result = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32(range.count), sqlite3_int64(range.lowerBound)) }
        return result == SQLITE_OK ? bytes : nil
    }

    /// Runs `body` in a read transaction, so that every query in it sees one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN DEFERRED")
        defer {
            if sqlite3_get_autocommit(handle) == 0 { _ = try? execute("COMMIT") }
        }
        return try body()
    }
}
