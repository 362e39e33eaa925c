import CSQLite

/// Takes a store from its version to today's: every step from the frozen `Schema`, and the
/// rebuilding of caches a step introduces, in one transaction, checked before it commits. An
/// interrupted migration leaves the store at the version it had, whole.
enum Migrator {
    /// Migrates the store on `connection`. `progress` hears the fraction done of the long steps
    /// (rebuilding route summaries), for a terminal to show.
    static func migrate(_ connection: Connection, progress: (@Sendable (Double) -> Void)?) throws {
        try connection.writeTransaction {
            // Read inside the write lock: another process may have migrated meanwhile.
            let from = Int(try connection.scalar("PRAGMA user_version") ?? 0)
            guard from < Schema.currentVersion else { return }
            for version in (from + 1)...Schema.currentVersion {
                try connection.execute(Schema.migrations[version - 1])
                if Schema.rebuildsRouteSummaries.contains(version) {
                    try RouteSummaryTable(connection: connection).rebuildAll(progress: progress)
                }
            }
            try connection.execute("PRAGMA user_version = \(Schema.currentVersion)")
            if try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") != 0 {
                throw SQLiteError(code: SQLITE_CONSTRAINT, message: "foreign key check failed after migration")
            }
        }
    }
}
