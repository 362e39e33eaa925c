import CSQLite
import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// The rules of keeping.md, in the store.
@Suite("Keeping the record: backups and restoring")
struct KeepingTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A store with a shift of three deliveries, one named place, at 17:02 on 2026-11-29.
    static func store() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(3)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        return fixture
    }

    static func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }

    @Test func aBackupIsACheckedPrivateCopyInTheBackupsFolderBesideTheStore() throws {
        let fixture = try Self.store()
        let summary = try fixture.store.backup(to: nil, timeZone: Self.utc)
        #expect(summary.path == fixture.folder.file("backups/dashpilot-2026-11-29-1705.sqlite"))
        #expect(summary.shifts == 1 && summary.deliveries == 3 && summary.places == 1 && summary.schemaVersion == Schema.currentVersion)
        #expect(summary.madeAt == fixture.clock.now().wholeSecond && !summary.isAutomatic)
        #expect(Self.mode(summary.path) == 0o600 && Self.mode(fixture.folder.file("backups")) == 0o700)
        // The copy is a store of its own, whole: the same rows, and doctor finds nothing.
        let copy = try DashPilotStore(path: summary.path, clock: ManualClock(), migrating: false, creating: false)
        #expect(try copy.shiftLog(id: 1).deliveries.count == 3 && copy.doctor().isHealthy)
        // Nothing else is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.file("backups")) == ["dashpilot-2026-11-29-1705.sqlite"])
    }

    /// keeping.md: "`dashpilot restore PATH` replaces the store with the backup at PATH". Into a
    /// store another program put in WAL mode, SQLite copies only at the store's page size: a
    /// backup of another (an older SQLite's 1 KiB) failed, said as "the store is read-only",
    /// which it was not (an outside audit). It is copied at the store's page size first.
    @Test func aBackupOfAnotherPageSizeIsRestoredIntoAStoreInWALMode() throws {
        let fixture = try Self.store()
        let kept = fixture.folder.file("kept.sqlite")
        _ = try fixture.store.backup(to: StorePath(kept), timeZone: Self.utc)
        let resized = try Connection(path: StorePath(kept), create: false, busyTimeoutMilliseconds: 0)
        try resized.execute("PRAGMA page_size = 1024; VACUUM")
        #expect(try resized.scalar("PRAGMA page_size") == 1024)
        _ = try fixture.store.addExpense(Money(cents: 4210), category: .fuel, at: nil, note: nil)
        try fixture.raw("PRAGMA journal_mode = WAL")
        let restored = try fixture.store.restore(from: StorePath(kept), timeZone: Self.utc)
        #expect(restored.shifts == 1)
        #expect(try fixture.rawScalar("SELECT count(*) FROM expense") == 0)
        #expect(try fixture.store.doctor().isHealthy)
    }

    /// keeping.md: a backup is "the store itself, in the same private file format": one file. Of
    /// a store another program put in WAL mode, the copy was in WAL mode too, and its checks,
    /// `backup list` and doctor left a -wal and a -shm beside it, which the list then called
    /// files that are not usable backups (an outside audit).
    @Test func aBackupOfAStoreInWALModeIsOneFileAndReadingItLeavesNoOther() throws {
        let fixture = try Self.store()
        try fixture.raw("PRAGMA journal_mode = WAL")
        let summary = try fixture.store.backup(to: nil, timeZone: Self.utc)
        let (backups, unusable) = try DashPilotStore.backupsFolderContents(of: fixture.store.file)
        #expect(backups.count == 1 && unusable.isEmpty, "\(unusable)")
        _ = try DashPilotStore.checkRestorable(StorePath(summary.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.file("backups")) == ["dashpilot-2026-11-29-1705.sqlite"])
        #expect(try fixture.rawText("PRAGMA journal_mode") == "wal")
    }

    /// keeping.md: "The copy is consistent while another terminal writes". The copy ran in one
    /// read transaction, so another terminal's write waited for all of it, and on a large store
    /// failed as busy after five seconds. Between the copy's steps the store is now free: a write
    /// made then is recorded at once, and is wholly in the copy (which starts again for it).
    @Test func aWriteFromAnotherTerminalDuringABackupIsRecordedAtOnceAndIsInTheCopy() throws {
        let fixture = try Self.store()
        // More pages than one step copies (4,096 of 4 KiB): 150,000 expenses with notes of 100 characters.
        try fixture.raw(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150000)
            INSERT INTO expense (amount_cents, spent_at, category, note) SELECT 100, 1795900000 + i, 'fuel', printf('%.100c', 'x') FROM n
            """)
        let other = try DashPilotStore(path: fixture.path, clock: fixture.clock, busyTimeoutMilliseconds: 0)
        final class Outcome: @unchecked Sendable {
            var written: Result<Expense, Error>?
        }
        let outcome = Outcome()
        let summary = try fixture.store.backup(to: nil, timeZone: Self.utc) { _ in
            guard outcome.written == nil else { return }
            outcome.written = Result { try other.addExpense(Money(cents: 4210), category: .parking, at: nil, note: nil) }
        }
        let written = try #require(try outcome.written?.get())
        let copy = try DashPilotStore(path: summary.path, clock: ManualClock(), migrating: false, creating: false)
        #expect(try copy.expense(id: written.id).category == .parking)
        #expect(try copy.doctor().isHealthy)
    }

    /// A backup copied step by step never waits for ever on another program that holds the store
    /// between two steps: after a second of tries it waits as any lock is waited for (here 100 ms),
    /// and fails as busy, leaving no file.
    @Test(.timeLimit(.minutes(1)))
    func aBackupThatMeetsALockHeldBetweenItsStepsFailsAsBusy() throws {
        let fixture = try Self.store()
        try fixture.raw(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150000)
            INSERT INTO expense (amount_cents, spent_at, category, note) SELECT 100, 1795900000 + i, 'fuel', printf('%.100c', 'x') FROM n
            """)
        let backingUp = try DashPilotStore(path: fixture.path, clock: fixture.clock, busyTimeoutMilliseconds: 100)
        // The holder waits out a lock it meets (a suite in parallel): the test is of the backup's
        // waiting, never of the holder's. What kept it from its lock is said, never swallowed.
        let holder = try DashPilotStore(path: fixture.path, clock: fixture.clock, busyTimeoutMilliseconds: 5000)
        final class Held: @unchecked Sendable {
            var yet = false
            var failure: String?
        }
        let held = Held()
        let target = StorePath(fixture.folder.file("held.sqlite"))
        #expect(throws: (any Error).self) {
            try backingUp.backup(to: target, timeZone: Self.utc) { _ in
                guard !held.yet else { return }
                held.yet = true
                do { try holder.connection.execute("BEGIN EXCLUSIVE") } catch { held.failure = "\(error)" }
            }
        }
        try #require(held.failure == nil, "the holder did not get its lock: \(held.failure ?? "")")
        try holder.connection.execute("COMMIT")
        #expect(held.yet && !FileManager.default.fileExists(atPath: target.display))
    }

    @Test func aTakenNameGetsASuffixAFolderGetsTheDefaultNameAndAFileIsNeverOverwritten() throws {
        let fixture = try Self.store()
        let first = try fixture.store.backup(to: nil, timeZone: Self.utc)
        let second = try fixture.store.backup(to: nil, timeZone: Self.utc)
        #expect(second.path.hasSuffix("dashpilot-2026-11-29-1705-2.sqlite"))
        let elsewhere = TemporaryFolder()
        #expect(
            try fixture.store.backup(to: StorePath(elsewhere.path), timeZone: Self.utc).path
                == elsewhere.file("dashpilot-2026-11-29-1705.sqlite"))
        let named = elsewhere.file("mine.sqlite")
        #expect(try fixture.store.backup(to: StorePath(named), timeZone: Self.utc).path == named)
        let before = fileBytes(first.path)
        #expect(throws: DashPilotRefusal.backupExists(path: first.path)) {
            _ = try fixture.store.backup(to: StorePath(first.path), timeZone: Self.utc)
        }
        #expect(fileBytes(first.path) == before)
    }

    @Test func theBackupsAreListedNewestFirstWithWhatEachHolds() throws {
        let fixture = try Self.store()
        _ = try fixture.store.backup(to: nil, timeZone: Self.utc)
        fixture.clock.advance(minutes: 10)
        _ = try fixture.store.acceptDelivery()
        _ = try fixture.store.backup(to: nil, timeZone: Self.utc)
        let list = try fixture.store.backups()
        #expect(list.map(\.deliveries) == [4, 3])
        #expect(
            list.map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
                "dashpilot-2026-11-29-1715.sqlite", "dashpilot-2026-11-29-1705.sqlite",
            ])
        #expect(try fixture.store.doctor().finding("newestBackup") == .newestBackup(list.first?.madeAt))
    }

    @Test func doctorSaysThereIsNoBackupAsANoteNotAProblem() throws {
        let fixture = try Self.store()
        let report = try fixture.store.doctor()
        #expect(report.finding("newestBackup") == .newestBackup(nil) && report.isHealthy)
    }

    @Test func beforeAnUpgradeTheStoreIsBackedUpAsItWasAndChecked() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: Schema.currentVersion - 1)
        let before = try #require(fileBytes(path))
        _ = try DashPilotStore(path: path, clock: ManualClock(), timeZone: Self.utc)
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.file("backups"))
        #expect(backups == ["dashpilot-before-v\(Schema.currentVersion)-2026-11-29-1702.sqlite"])
        let kept = try DashPilotStore.summary(
            of: StorePath(folder.file("backups/" + backups[0])), automatic: .beforeUpgrade(toVersion: Schema.currentVersion))
        #expect(kept.schemaVersion == Schema.currentVersion - 1 && kept.shifts == 1)
        // The copy holds what the store held before it moved on.
        try before.write(to: URL(fileURLWithPath: folder.file("as-it-was.sqlite")))
        let asItWas = try Connection(path: folder.file("as-it-was.sqlite"), create: false, busyTimeoutMilliseconds: 0)
        let copy = try Connection(path: folder.file("backups/" + backups[0]), create: false, busyTimeoutMilliseconds: 0)
        #expect(try BackupFile.rowCounts(copy) == BackupFile.rowCounts(asItWas))
    }

    @Test func anUpgradeNeverRunsWithoutAWayBack() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: Schema.currentVersion - 1)
        // Where the backups folder should be, a file: the backup cannot be made.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder.file("backups")))
        let before = fileBytes(path)
        #expect {
            _ = try DashPilotStore(path: path, clock: ManualClock(), timeZone: Self.utc)
        } throws: { error in
            guard case .notUpgraded = error as? StoreError else { return false }
            return true
        }
        #expect(fileBytes(path) == before)
    }

    /// keeping.md: backed up "once for the whole upgrade"; platform.md: "Two terminals writing at
    /// once are serialised by SQLite's lock". A second terminal that found the store old waits for
    /// the lock and finds it upgraded: no second backup, no failure.
    @Test func twoTerminalsOpeningAnOldStoreAtOnceBackItUpOnce() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: Schema.currentVersion - 1)
        // The second terminal has read the old version and not yet upgraded.
        let second = try DashPilotStore(path: path, clock: ManualClock(), migrating: false)
        _ = try DashPilotStore(path: path, clock: ManualClock(), timeZone: Self.utc)
        try second.upgrade(from: Schema.currentVersion - 1, timeZone: Self.utc, progress: nil)
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.file("backups"))
        #expect(backups == ["dashpilot-before-v\(Schema.currentVersion)-2026-11-29-1702.sqlite"])
        #expect(try second.doctor().isHealthy)
    }

    /// keeping.md: "Nothing else is backed up behind the driver's back": an upgrade that cannot
    /// run (the store is busy, or read-only) leaves no backup made for it.
    @Test func anUpgradeThatCannotRunLeavesNoBackup() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: Schema.currentVersion - 1)
        let holder = try Connection(path: StorePath(path), create: false, busyTimeoutMilliseconds: 0)
        try holder.execute("BEGIN IMMEDIATE")
        #expect {
            _ = try DashPilotStore(path: path, clock: ManualClock(), busyTimeoutMilliseconds: 0, timeZone: Self.utc)
        } throws: { error in
            guard case .busy = error as? StoreError else { return false }
            return true
        }
        try holder.execute("ROLLBACK")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.file("backups"))) ?? [] == [])
        // Nor the backups folder made for it.
        #expect(!FileManager.default.fileExists(atPath: folder.file("backups")))
    }

    /// keeping.md, Faults: a failed restore "leaves the store exactly as it was"; the backup made
    /// for it goes with it, since nothing is backed up behind the driver's back.
    @Test func aRestoreThatCannotReplaceTheStoreLeavesNoBackupMadeForIt() throws {
        let fixture = try Self.store()
        let kept = try fixture.store.backup(to: nil, timeZone: Self.utc)
        let impatient = try DashPilotStore(path: fixture.path, clock: fixture.clock, busyTimeoutMilliseconds: 0)
        try fixture.raw("BEGIN IMMEDIATE")
        #expect(throws: StoreError.notReplaced(reason: "another program held its lock for longer than five seconds")) {
            _ = try impatient.restore(from: StorePath(kept.path), timeZone: Self.utc)
        }
        try fixture.raw("ROLLBACK")
        #expect(try fixture.store.backups().map(\.path) == [kept.path])
    }

    /// keeping.md, Faults: a failed restore "leaves the store exactly as it was": a restore that
    /// could not replace the store left the backups folder it had made for its copy, empty.
    @Test func aRestoreThatCannotReplaceTheStoreLeavesNoBackupsFolderMadeForIt() throws {
        let fixture = try Self.store()
        let scratch = TemporaryFolder()
        let kept = try fixture.store.backup(to: StorePath(scratch.file("kept.sqlite")), timeZone: Self.utc)
        let impatient = try DashPilotStore(path: fixture.path, clock: fixture.clock, busyTimeoutMilliseconds: 0)
        try fixture.raw("BEGIN IMMEDIATE")
        #expect(throws: StoreError.notReplaced(reason: "another program held its lock for longer than five seconds")) {
            _ = try impatient.restore(from: StorePath(kept.path), timeZone: Self.utc)
        }
        try fixture.raw("ROLLBACK")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.file("backups")))
    }

    @Test func aRestoreBacksTheStoreUpFirstAndReplacesItWhole() throws {
        let fixture = try Self.store()
        let kept = try fixture.store.backup(to: nil, timeZone: Self.utc)
        fixture.clock.advance(minutes: 30)
        for _ in 0..<5 { _ = try fixture.store.acceptDelivery() }
        let restored = try fixture.store.restore(from: StorePath(kept.path), timeZone: Self.utc)
        #expect(restored.deliveries == 3)
        #expect(try fixture.store.shiftLog(id: nil).deliveries.count == 3)
        let automatic = try fixture.store.backups().filter(\.isAutomatic)
        #expect(
            automatic.count == 1 && automatic[0].deliveries == 8 && automatic[0].path.contains("dashpilot-before-restore-2026-11-29-1735"))
        #expect(try fixture.store.doctor().isHealthy)
    }

    /// A backup says where it stands: the fraction copied, rising to the whole, then that the copy
    /// is checked (on ten years, 9 of its 12 seconds: a terminal showed "Backing up: 100%" and
    /// nothing more while they passed).
    @Test func aBackupReportsItsCopyThenItsCheck() throws {
        let fixture = try Self.store()
        final class Steps: @unchecked Sendable { var all: [BackupStep] = [] }
        let steps = Steps()
        _ = try fixture.store.backup(to: nil, timeZone: Self.utc) { steps.all.append($0) }
        #expect(steps.all.last == .checking)
        #expect(steps.all.filter { $0 == .checking }.count == 1)
        let copied = steps.all.compactMap { step -> Double? in
            if case .copying(let fraction) = step { return fraction }
            return nil
        }
        #expect(!copied.isEmpty && copied == copied.sorted() && copied.last == 1, "\(copied)")
    }

    /// cli.md, 130: "the operation under way either committed or left no trace". A stop asked for
    /// while the whole copy was checked (seconds, on a large store) was not heard: the backup was
    /// kept and the command said it was made (0). Asked for then, it now leaves nothing.
    @Test func aStopAskedForWhileTheCopyIsCheckedLeavesNoBackup() throws {
        let fixture = try Self.store()
        // Read by the thread that polls the stop while the copy is checked: under a lock.
        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            var copied: Bool {
                get { lock.withLock { value } }
                set { lock.withLock { value = newValue } }
            }
        }
        let flag = Flag()
        fixture.store.stopRequested = { flag.copied }
        #expect(throws: (any Error).self) {
            _ = try fixture.store.backup(to: nil, timeZone: Self.utc, progress: { if $0 == .checking { flag.copied = true } })
        }
        #expect(flag.copied)
        // Not even the backups folder it made for the backup.
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.file("backups")))
    }

    /// keeping.md: "when that name is taken, `-2`, `-3`… is added before `.sqlite`". Two backups
    /// begun in one minute both chose the free name, and the one that finished second was
    /// refused as if the driver had named a file that stood there (an outside audit). Another
    /// backup taking DashPilot's own name meanwhile now gives way to the next; a name the driver
    /// gives is still never replaced.
    @Test func aDefaultNameAnotherBackupTakesMeanwhileGivesWayToTheNextFree() throws {
        let fixture = try Self.store()
        let taken = fixture.folder.file("backups/dashpilot-2026-11-29-1705.sqlite")
        let other = { (step: BackupStep) in
            if step == .checking, !FileManager.default.fileExists(atPath: taken) {
                _ = FileManager.default.createFile(atPath: taken, contents: Data("another backup".utf8))
            }
        }
        let summary = try fixture.store.backup(to: nil, timeZone: Self.utc, progress: other)
        #expect(summary.path == fixture.folder.file("backups/dashpilot-2026-11-29-1705-2.sqlite"))
        #expect(FileManager.default.contents(atPath: taken) == Data("another backup".utf8))
        let named = fixture.folder.file("named.sqlite")
        let takesTheName = { (step: BackupStep) in
            if step == .checking { _ = FileManager.default.createFile(atPath: named, contents: Data("mine".utf8)) }
        }
        #expect(throws: DashPilotRefusal.backupExists(path: named)) {
            _ = try fixture.store.backup(to: StorePath(named), timeZone: Self.utc, progress: takesTheName)
        }
        #expect(FileManager.default.contents(atPath: named) == Data("mine".utf8))
    }

    /// keeping.md: "Before a restore replaces the store, the store as it was is backed up". A write
    /// another terminal committed after the before-restore copy was in neither that copy nor the
    /// restored store: lost, though the other terminal was told it was recorded. The copy was made
    /// again when one landed while it was made, but the third was kept all the same, and nothing
    /// looked between the copy and the replacement. Under the replacement's lock the store must
    /// read as it did before it was copied: else it is copied again, and after three tries the
    /// restore does not run.
    /// In WAL mode (another tool may leave a store so) a commit does not move the file's change
    /// counter, and is watched for by the data version a connection of the restore's own reads.
    @Test(arguments: ["DELETE", "WAL"])
    func aWriteThatLandsAfterTheBeforeRestoreCopyIsInTheNextCopyOrTheRestoreDoesNotRun(journal: String) throws {
        let fixture = try Self.store()
        try fixture.raw("PRAGMA journal_mode = \(journal)")
        let kept = try fixture.store.backup(to: nil, timeZone: Self.utc)
        _ = try fixture.store.acceptDelivery()
        let other = try DashPilotStore(path: fixture.folder.file("store.sqlite"), clock: fixture.clock)
        var writes = 0
        fixture.store.afterBeforeRestoreCopy = {
            guard writes == 0 else { return }
            writes += 1
            _ = try? other.acceptDelivery()
        }
        _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: Self.utc)
        // One copy kept, of the store as it was replaced: the write after the first copy is in it.
        #expect(try fixture.store.backups().filter(\.isAutomatic).map(\.deliveries) == [5])
        #expect(try fixture.store.shiftLog(id: nil).deliveries.count == 3)
        // Written all the while (a follow in another terminal), the restore does not run, and
        // says why; the store keeps every write, and no copy is left behind.
        fixture.store.afterBeforeRestoreCopy = { _ = try? other.acceptDelivery() }
        let stop = "another program wrote to it all the while it was copied; stop it (a follow in another terminal) and restore again"
        #expect(throws: StoreError.notRestored(reason: stop)) {
            _ = try fixture.store.restore(from: StorePath(kept.path), timeZone: Self.utc)
        }
        #expect(try fixture.store.shiftLog(id: nil).deliveries.count == 6)
        #expect(try fixture.store.backups().filter(\.isAutomatic).count == 1)
    }

    /// keeping.md: "`backup list` shows what is there and how much room it takes": a backup a
    /// newer DashPilot wrote is there too, with its schema version (it cannot be restored here).
    @Test func aBackupOfANewerVersionIsListedWithItsSchema() throws {
        let fixture = try Self.store()
        let kept = try fixture.store.backup(to: nil, timeZone: Self.utc)
        let newer = fixture.folder.file("backups/from-a-newer-version.sqlite")
        try FileManager.default.copyItem(atPath: kept.path, toPath: newer)
        let connection = try Connection(path: StorePath(newer), create: false, busyTimeoutMilliseconds: 0)
        try connection.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        let listed = try fixture.store.backups()
        #expect(listed.count == 2)
        #expect(listed.first { $0.path == newer }?.schemaVersion == Schema.currentVersion + 1)
        #expect(listed.first { $0.path == newer }?.shifts == 1)
        #expect(throws: StoreError.self) { _ = try DashPilotStore.checkRestorable(StorePath(newer)) }
    }

    @Test func backupsOfOneSecondAreListedNewestFirst() throws {
        let fixture = try Self.store()
        // A clock that does not move: the number that made each name free orders them.
        for _ in 0..<3 { _ = try fixture.store.backup(to: nil, timeZone: Self.utc) }
        #expect(
            try fixture.store.backups().map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
                "dashpilot-2026-11-29-1705-3.sqlite", "dashpilot-2026-11-29-1705-2.sqlite", "dashpilot-2026-11-29-1705.sqlite",
            ])
        // A clock that moves within the second: the time each was written, to the nanosecond.
        fixture.clock.advance(seconds: 0.25)
        _ = try fixture.store.restore(from: StorePath(fixture.folder.file("backups/dashpilot-2026-11-29-1705.sqlite")), timeZone: Self.utc)
        fixture.clock.advance(seconds: 0.25)
        _ = try fixture.store.backup(to: nil, timeZone: Self.utc)
        #expect(
            try fixture.store.backups().prefix(2).map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
                "dashpilot-2026-11-29-1705-4.sqlite", "dashpilot-before-restore-2026-11-29-1705.sqlite",
            ])
    }

    @Test func aBackupThatFailsDoctorIsNotRestored() throws {
        let fixture = try Self.store()
        let scratch = TemporaryFolder()
        let unhealthy = try fixture.store.backup(to: StorePath(scratch.file("unhealthy.sqlite")), timeZone: Self.utc)
        // Whole to SQLite, and a check of doctor fails on it: a currency that is no ISO 4217 code.
        try Connection(path: unhealthy.path, create: false, busyTimeoutMilliseconds: 0).execute("UPDATE store_currency SET code = 'XYZ'")
        let before = fileBytes(fixture.path)
        #expect(throws: DashPilotRefusal.cannotRestore(path: unhealthy.path, reason: .unhealthy)) {
            _ = try fixture.store.restore(from: StorePath(unhealthy.path), timeZone: Self.utc)
        }
        #expect(fileBytes(fixture.path) == before)
        #expect(try fixture.store.backups().isEmpty)
    }

    @Test func aStoreThatFailsDoctorIsStillKeptAsItWasAndRestoredOver() throws {
        let fixture = try Self.store()
        let scratch = TemporaryFolder()
        let good = try fixture.store.backup(to: StorePath(scratch.file("good.sqlite")), timeZone: Self.utc)
        // A currency that is no ISO code: doctor reports it; the store as it was is still kept.
        try fixture.store.connection.execute("UPDATE store_currency SET code = 'XYZ'")
        #expect(try !fixture.store.doctor().isHealthy)
        _ = try fixture.store.restore(from: StorePath(good.path), timeZone: Self.utc)
        #expect(try fixture.store.doctor().isHealthy)
        let kept = try #require(try fixture.store.backups().first { $0.isAutomatic })
        let copy = try Connection(path: kept.path, create: false, busyTimeoutMilliseconds: 0)
        #expect(try copy.texts("SELECT code FROM store_currency") == ["XYZ"])
    }

    @Test func aBackupOlderThanTodaysSchemaIsUpgradedAsAnyStoreIs() throws {
        let fixture = try Self.store()
        let old = TemporaryFolder()
        try MigrationTests.writeStore(at: old.file("old.sqlite"), version: Schema.currentVersion - 1)
        let restored = try fixture.store.restore(from: StorePath(old.file("old.sqlite")), timeZone: Self.utc)
        #expect(restored.schemaVersion == Schema.currentVersion)
        #expect(try fixture.store.shiftLog(id: 1).shift.earnings == Money(cents: 8450))
        #expect(try fixture.store.doctor().isHealthy)
    }

    @Test(
        "A file that cannot be restored is refused and the store is left byte for byte",
        arguments: ["missing", "folder", "text", "other", "newer", "truncated", "header"])
    func badRestores(kind: String) throws {
        let fixture = try Self.store()
        let scratch = TemporaryFolder()
        let path = scratch.file("bad.sqlite")
        let good = try fixture.store.backup(to: StorePath(scratch.file("good.sqlite")), timeZone: Self.utc)
        let whole = try #require(fileBytes(good.path))
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "text": try Data("a driver's notes\n".utf8).write(to: URL(fileURLWithPath: path))
        case "other":
            let other = try Connection(path: path, create: true, busyTimeoutMilliseconds: 0)
            try other.execute("CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('invented soup')")
        case "newer":
            try whole.write(to: URL(fileURLWithPath: path))
            let newer = try Connection(path: path, create: false, busyTimeoutMilliseconds: 0)
            try newer.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        case "truncated": try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        case "header":
            var damaged = whole
            damaged[16] = 0x7F
            damaged[17] = 0x01
            try damaged.write(to: URL(fileURLWithPath: path))
        default: break
        }
        let before = fileBytes(fixture.path)
        #expect(throws: (any Error).self) { _ = try fixture.store.restore(from: StorePath(path), timeZone: Self.utc) }
        #expect(fileBytes(fixture.path) == before)
        #expect(try fixture.store.backups().isEmpty)
    }
}
