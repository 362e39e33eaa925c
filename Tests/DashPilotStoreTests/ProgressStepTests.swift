import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// The steps a long restore and `doctor` report as they run, for a line on a terminal to say what
/// runs: on ten years each is seconds, and said nothing for all of them.
@Suite("Restore and doctor say what runs")
struct ProgressStepTests {
    static let utc = TimeZone(identifier: "UTC")!

    final class Steps<Step>: @unchecked Sendable {
        var all: [Step] = []
    }

    /// A restore backs the store up (its copy, then its check), then replaces it page by page; the
    /// backup, checked before the question and unchanged since, is not checked a second time.
    @Test func aRestoreReportsBackingUpTheStoreThenReplacingIt() throws {
        let fixture = try KeepingTests.store()
        let scratch = TemporaryFolder()
        let kept = try fixture.store.backup(to: StorePath(scratch.file("kept.sqlite")), timeZone: Self.utc)
        let checked = try DashPilotStore.checkedForRestore(StorePath(kept.path))
        #expect(checked.summary.shifts == 1 && checked.summary.deliveries == 3)
        let steps = Steps<RestoreStep>()
        _ = try fixture.store.restore(checked, timeZone: Self.utc) { steps.all.append($0) }
        #expect(!steps.all.contains(.checkingBackup))
        let copying = steps.all.compactMap { step -> Double? in
            if case .backingUpStore(.copying(let fraction)) = step { return fraction }
            return nil
        }
        let replacing = steps.all.compactMap { step -> Double? in
            if case .replacing(let fraction) = step { return fraction }
            return nil
        }
        #expect(!copying.isEmpty && copying == copying.sorted() && copying.last == 1, "\(steps.all)")
        #expect(!replacing.isEmpty && replacing == replacing.sorted() && replacing.last == 1, "\(steps.all)")
        // In that order: the copy, its check, the replacement.
        let checkAt = try #require(steps.all.firstIndex(of: .backingUpStore(.checking)))
        #expect(steps.all.lastIndex(of: .backingUpStore(.copying(1)))! < checkAt)
        #expect(checkAt < steps.all.firstIndex(of: .replacing(replacing[0]))!)
        #expect(try fixture.store.backups().contains { $0.isAutomatic })
    }

    /// keeping.md: a restore "first checks PATH as a backup is checked". A file written to after
    /// its check before the question (another program, while the driver read it) is checked
    /// again, and refused when it fails: the check before the question does not stand for it.
    @Test func aBackupWrittenToAfterItsCheckIsCheckedAgainBeforeItIsRestored() throws {
        let fixture = try KeepingTests.store()
        let scratch = TemporaryFolder()
        let kept = try fixture.store.backup(to: StorePath(scratch.file("kept.sqlite")), timeZone: Self.utc)
        let checked = try DashPilotStore.checkedForRestore(StorePath(kept.path))
        // Whole to SQLite, and a check of doctor fails on it: a currency that is no ISO 4217 code.
        try Connection(path: kept.path, create: false, busyTimeoutMilliseconds: 0).execute("UPDATE store_currency SET code = 'XYZ'")
        let before = fileBytes(fixture.path)
        let steps = Steps<RestoreStep>()
        #expect(throws: DashPilotRefusal.cannotRestore(path: kept.path, reason: .unhealthy)) {
            _ = try fixture.store.restore(checked, timeZone: Self.utc) { steps.all.append($0) }
        }
        #expect(steps.all == [.checkingBackup])
        #expect(fileBytes(fixture.path) == before)
        #expect(try fixture.store.backups().isEmpty)
    }

    /// doctor says each check as it begins, and how far through the route summaries it is; SQLite's
    /// integrity check runs beside them (each reads the whole file), and is said last, as what
    /// may still run once they are done.
    @Test func doctorReportsEachCheckAsItBegins() throws {
        let fixture = try KeepingTests.store()
        let steps = Steps<DoctorStep>()
        let report = try fixture.store.doctor { steps.all.append($0) }
        #expect(report.isHealthy && report.findings.first == .integrity(problems: 0) && report.findings[1] == .foreignKeys(dangling: 0))
        #expect(Array(steps.all.prefix(2)) == [.references, .keys] && steps.all.last == .integrity)
        let fractions = steps.all.dropFirst(2).dropLast().compactMap { step -> Double? in
            if case .routeSummaries(let fraction) = step { return fraction }
            return nil
        }
        #expect(fractions.count == steps.all.count - 3)
        #expect(fractions == fractions.sorted() && fractions.first == 0 && fractions.last == 1, "\(fractions)")
    }

    /// A store whose file SQLite's integrity check finds wrong says so in its report, first, as
    /// when the checks ran in turn; the rest still runs.
    @Test func doctorSaysWhatTheIntegrityCheckBesideItFound() throws {
        let fixture = try KeepingTests.store()
        let root = try #require(
            try fixture.store.connection.scalar("SELECT rootpage FROM sqlite_schema WHERE name = 'pickup_place_by_key'"))
        let handle = try #require(FileHandle(forUpdatingAtPath: fixture.path))
        try handle.seek(toOffset: UInt64(root) * 4096 - 10)
        handle.write(Data("zzzzzz".utf8))
        try handle.close()
        let store = try DashPilotStore(path: fixture.path, clock: ManualClock(), migrating: false, creating: false)
        let report = try store.doctor()
        guard case .integrity(let problems) = report.findings.first else {
            Issue.record("\(report.findings)")
            return
        }
        #expect(problems > 0 && !report.isHealthy)
        #expect(report.findings.count > 5)
    }
}
