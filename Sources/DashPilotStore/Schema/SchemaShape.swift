import CSQLite

/// The tables a schema version has and their columns: what a store of that version must hold for
/// any statement of it to run. A store whose tables differ (its version number written over, a
/// table dropped) is damaged, whatever its pages say.
enum SchemaShape {
    /// The columns of each table, by table name, of the store on `connection`.
    static func of(_ connection: Connection) throws -> [String: Set<String>] {
        let rows = try connection.query(
            "SELECT m.name, c.name FROM sqlite_schema AS m, pragma_table_info(m.name) AS c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%'"
        ) { row in (row.statement.text(0), row.statement.text(1)) }
        return Dictionary(grouping: rows, by: \.0).mapValues { Set($0.map(\.1)) }
    }

    /// The tables and columns of schema `version`, as its migrations build them in memory.
    static func of(version: Int) throws -> [String: Set<String>] {
        let connection = try Connection(path: ":memory:", create: true, busyTimeoutMilliseconds: 0)
        try Migrator.migrate(connection, through: Array(Schema.migrations.prefix(version)), progress: nil)
        return try of(connection)
    }

    /// Throws SQLite's "damaged" unless the store on `connection` has the tables of `version`,
    /// each with its columns, and none of a later version's. A table no version makes is another
    /// program's, kept beside the record (every command reads the store around it): no damage.
    static func check(_ connection: Connection, version: Int) throws {
        guard (1...Schema.currentVersion).contains(version) else { return }
        let expected = try of(version: version)
        // No version drops a table: today's are every version's.
        let ours = version == Schema.currentVersion ? Set(expected.keys) : Set(try of(version: Schema.currentVersion).keys)
        if try of(connection).filter({ ours.contains($0.key) }) != expected {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "tables unlike those of its schema version")
        }
    }
}
