import CSQLite

/// Takes a store from its version to today's: every step of every later version, in one
/// transaction, checked before it commits. An interrupted migration leaves the store at the
/// version it had, whole.
enum Migrator {
    /// Migrates the store on `connection` through `migrations` (the schema's history; a test may
    /// pass a longer one). `progress` hears the fraction done of the long steps, for a terminal.
    ///
    /// Foreign keys are off for the upgrade, as SQLite requires for a step that rebuilds a table
    /// (`PRAGMA foreign_keys` cannot change inside a transaction, and a dropped table would
    /// otherwise cascade), and `foreign_key_check` must find nothing before the commit.
    /// `first` runs under the write lock before the first step, with the version the store has
    /// then, and not at all when another process has migrated it meanwhile.
    static func migrate(
        _ connection: Connection, through migrations: [[MigrationStep]] = Schema.migrations, progress: (@Sendable (Double) -> Void)?,
        first: (Int) throws -> Void = { _ in }
    ) throws {
        try connection.execute("PRAGMA foreign_keys = OFF")
        defer { _ = try? connection.execute("PRAGMA foreign_keys = ON") }
        try connection.writeTransaction {
            // Read inside the write lock: another process may have migrated meanwhile.
            let from = Int(try connection.scalar("PRAGMA user_version") ?? 0)
            guard from < migrations.count else { return }
            try first(from)
            let context = MigrationContext(connection: connection, progress: progress)
            for version in (from + 1)...migrations.count {
                for step in migrations[version - 1] {
                    switch step {
                    case .sql(let sql): try connection.execute(sql)
                    case .swift(let body): try body(context)
                    }
                }
            }
            try connection.execute("PRAGMA user_version = \(migrations.count)")
            if try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") != 0 {
                throw SQLiteError(code: SQLITE_CONSTRAINT, message: "a row points at a row that no longer exists, as doctor says")
            }
        }
    }
}
