import Foundation
import Testing

@testable import DashPilotStore

/// cli.md: doctor "Checks the store (integrity, …)"; keeping.md: a copy is checked by "SQLite's
/// integrity and foreign-key checks". On a connection that cannot write, SQLite's integrity
/// check leaves the schema's CHECK rules out, and a file that is checked is opened read-only.
@Suite("The schema's CHECK rules, asked of every row")
struct CheckRulesTests {
    @Test func everyRuleOfTodaysSchemaIsFoundInItsText() throws {
        let fixture = try StoreFixture()
        let tables = try fixture.store.connection.texts("SELECT sql FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL")
        let rules = tables.flatMap(CheckRules.expressions(in:))
        #expect(rules.count == tables.map { $0.components(separatedBy: "CHECK (").count - 1 }.reduce(0, +))
        #expect(rules.contains("earnings_cents >= 0") && rules.contains("method IN ('cash', 'platform')"), "\(rules)")
        #expect(
            CheckRules.expressions(in: "CREATE TABLE t (checked_at INTEGER, note TEXT DEFAULT 'CHECK (x)', a CHECK ((a) > 0))") == [
                "(a) > 0"
            ])
    }

    @Test func aRowThatBreaksARuleIsFoundThroughAReadOnlyConnection() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.startShift()
        let readOnly = try Connection(path: StorePath(fixture.path), create: false, readOnly: true, busyTimeoutMilliseconds: 0)
        #expect(try CheckRules.broken(in: readOnly).isEmpty)
        try fixture.raw("PRAGMA ignore_check_constraints = ON")
        try fixture.raw("UPDATE shift SET earnings_cents = -100")
        // What SQLite's own check says of it, read-only: nothing.
        #expect(try readOnly.texts("PRAGMA integrity_check") == ["ok"])
        #expect(try CheckRules.broken(in: readOnly) == ["CHECK constraint failed in shift"])
        let (integrity, _, _) = BackupFile.checkingIntegrity(of: StorePath(fixture.path)) { _ in }
        #expect(try integrity.get() == ["CHECK constraint failed in shift"])
    }
}
