import CSQLite
import Foundation
import Testing

@testable import DashPilotStore

/// cli.md: 74 for a store that "cannot be used: … damaged", "Standard error says which". A
/// statement that does not find its tables says the store is damaged only where the tables really
/// are not those of its schema version: a healthy store is never called damaged (a fault of the
/// program's own SQL is said as SQLite's), and one another program has since upgraded is newer.
@Suite("A statement that finds other tables")
struct SchemaShapeTests {
    static let missing = SQLiteError(code: SQLITE_ERROR, message: "no such table: route_summary")

    @Test func onAHealthyStoreIsSQLitesFailureNotDamage() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.startShift()
        #expect(StoreError.reading(Self.missing, on: fixture.store.connection, path: fixture.path) == .failed(Self.missing))
    }

    @Test func onAStoreWithATableDroppedIsDamage() throws {
        let fixture = try StoreFixture()
        try fixture.raw("DROP TABLE route_summary")
        #expect(StoreError.reading(Self.missing, on: fixture.store.connection, path: fixture.path) == .damaged(path: fixture.path))
    }

    @Test func onAStoreAnotherProgramUpgradedIsNewer() throws {
        let fixture = try StoreFixture()
        try fixture.raw("PRAGMA user_version = \(Schema.currentVersion + 1)")
        #expect(
            StoreError.reading(Self.missing, on: fixture.store.connection, path: fixture.path)
                == .newerVersion(path: fixture.path, version: Schema.currentVersion + 1))
    }

    @Test("Every version's tables are what its migrations build", arguments: 1...Schema.currentVersion)
    func everyVersionMatchesItself(version: Int) throws {
        let connection = try Connection(path: ":memory:", create: true, busyTimeoutMilliseconds: 0)
        try Migrator.migrate(connection, through: Array(Schema.migrations.prefix(version)), progress: nil)
        try SchemaShape.check(connection, version: version)
        // Marked as the version before, where that one's tables were others, it is damaged.
        if version > 1, try SchemaShape.of(version: version - 1) != SchemaShape.of(version: version) {
            #expect(throws: SQLiteError.self) { try SchemaShape.check(connection, version: version - 1) }
        }
    }
}
