import CSQLite
import DashPilotCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Restoring a backup over the store (keeping.md, "Listing and restoring").
extension DashPilotStore {
    /// Checks that the file at `path` can replace a store: a DashPilot store no newer than today's
    /// code, whole, with no dangling reference, and healthy to `doctor`. Changes nothing.
    public static func checkRestorable(_ path: StorePath) throws -> BackupSummary { try checkedForRestore(path).summary }

    /// `checkRestorable`, kept with the file as it was when its check began, so that a restore
    /// that follows (after the driver's answer) checks it again only when something wrote to it.
    public static func checkedForRestore(_ path: StorePath) throws -> CheckedBackup { try checkedForRestore(path, stop: nil) }

    /// `checkedForRestore`, its checks interrupted once `stop` asks for it.
    static func checkedForRestore(_ path: StorePath, stop: (@Sendable () -> Bool)?) throws -> CheckedBackup {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            // Only a name that leads to nothing is "no file"; a folder that can't be entered, a
            // name too long or a loop of links can't be read (74), and the system says why.
            guard errno == ENOENT || errno == ENOTDIR else {
                throw StoreError.cannotOpen(path: path.display, reason: String(cString: strerror(errno)))
            }
            throw DashPilotRefusal.cannotRestore(path: path.display, reason: .missing)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw DashPilotRefusal.cannotRestore(path: path.display, reason: .notAFile) }
        let identity = FileIdentity(path)
        let summary = try summary(of: path, automatic: nil)
        // SQLite's integrity check beside the rest: each reads the whole file, seconds on years.
        let (integrity, healthy, interrupted) = BackupFile.checkingIntegrity(of: path, stop: stop) { interrupter throws -> Bool in
            let connection = try Connection(path: path, create: false, readOnly: true, busyTimeoutMilliseconds: 5000)
            return try interrupter.interrupting(connection) {
                // A row that points at no row: a usable store that fails a check of its health,
                // as doctor says (keeping.md: exit 1; 74 is for a file that is not a usable store).
                guard try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0 else { return false }
                // Healthy as a backup is checked: every check of `doctor`, which reads today's
                // version (an older backup is upgraded once restored, as any store is).
                guard summary.schemaVersion == Schema.currentVersion else { return true }
                let store = try DashPilotStore(storePath: path, busyTimeoutMilliseconds: 5000, migrating: false, creating: false)
                // Both SQLite checks are run here: doctor runs the rest, not those again.
                return try interrupter.interrupting(store.connection) { try store.doctor(sqliteChecksPassed: true).isHealthy }
            }
        }
        if interrupted { throw storeError(.interrupted) }
        do {
            // A file that is not intact may fail anything read from it: that is what is said.
            guard try integrity.get() == ["ok"] else { throw StoreError.damaged(path: path.display) }
            guard try healthy.get() else { throw DashPilotRefusal.cannotRestore(path: path.display, reason: .unhealthy) }
        } catch let error as SQLiteError {
            throw StoreError(error, path: path.display)
        }
        return CheckedBackup(path: path, summary: summary, identity: identity)
    }

    /// Replaces the store with the backup at `path`, checked first: `restore(_:…)`.
    public func restore(from path: StorePath, timeZone: TimeZone, backingUpFirst: Bool = true) throws -> BackupSummary {
        try restore(path, checked: nil, timeZone: timeZone, backingUpFirst: backingUpFirst, progress: nil)
    }

    /// Replaces the store with `backup`: `restore(_:checked:…)`, with a step for each part.
    public func restore(
        _ backup: CheckedBackup, timeZone: TimeZone, backingUpFirst: Bool = true, progress: ((RestoreStep) -> Void)? = nil
    ) throws -> BackupSummary {
        try restore(backup.path, checked: backup, timeZone: timeZone, backingUpFirst: backingUpFirst, progress: progress)
    }

    /// Replaces the store with the backup at `backup.path`, after checking it (unless it was checked
    /// and nothing wrote to it since) and backing the store up
    /// (`dashpilot-before-restore-…`): in one step through SQLite into the live store, under its
    /// write lock, so another connection sees the old record or the new one, never a mixture. A
    /// backup older than today's schema is first upgraded in a private copy, and that copy checked
    /// as a backup of today's is: replacing the store is the last step, so that a failure before
    /// it (a full disk) leaves the store as it was. Without `backingUpFirst` (a store just made
    /// for the restore, which holds nothing) no before-restore backup is made. A store that
    /// fails SQLite's checks is backed up as it is all the same (`damagedStoreKeptAs`); one that
    /// cannot be backed up at all is not replaced (`StoreError.notRestored`).
    private func restore(
        _ path: StorePath, checked backup: CheckedBackup?, timeZone: TimeZone, backingUpFirst: Bool, progress: ((RestoreStep) -> Void)?
    ) throws -> BackupSummary {
        // The store's own file (by another name too) would wait on its own lock and say "busy".
        var given = stat()
        var own = stat()
        if path.withCString({ stat($0, &given) }) == 0, file.withCString({ stat($0, &own) }) == 0,
            given.st_dev == own.st_dev && given.st_ino == own.st_ino
        {
            throw DashPilotRefusal.cannotRestore(path: path.display, reason: .isTheStore)
        }
        let incoming: BackupSummary
        if let backup, let identity = backup.identity, FileIdentity(path) == identity {
            incoming = backup.summary
        } else {
            progress?(.checkingBackup)
            incoming = try Self.checkedForRestore(path, stop: stopRequested).summary
        }
        if StoreFile.cannotBeWritten(file) { throw StoreError.readOnly(path: self.path) }
        let folder = Self.backupsFolder(of: file)
        // A backups folder made for a restore that is refused or fails goes with it.
        let found = BackupFile.FolderAsFound(folder)
        var replaced = false
        defer { if !replaced { found.removeIfMadeFor() } }
        var source = path
        var upgraded: StorePath?
        defer { if let upgraded { _ = upgraded.withCString { unlink($0) } } }
        var before: StorePath?
        var damaged = false
        damagedStoreKeptAs = nil
        // SQLite writes a backup into a store in WAL mode (set by another program) only at the
        // store's own page size; at another (an older SQLite's 1 KiB) it fails as "read-only",
        // and the store was said to be read-only. Such a backup is copied at the store's first.
        let (mode, pageSize) = try read { (try connection.texts("PRAGMA journal_mode").first, try connection.scalar("PRAGMA page_size")) }
        let resized = mode == "wal" ? pageSize : nil
        let sourceSize = try resized.map { _ in
            try Connection(path: path, create: false, readOnly: true, busyTimeoutMilliseconds: 5000).scalar("PRAGMA page_size")
        }
        let copied = incoming.schemaVersion < Schema.currentVersion || (resized != nil && sourceSize != resized)
        do {
            if backingUpFirst { try Self.beforeRestoring { try BackupFile.makeFolder(folder) } }
            if copied {
                // In the backups folder when there is one, where a copy a stopped restore left
                // is listed and removed by the next backup there.
                let name = ".dashpilot-backup-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite"
                let copy = backingUpFirst ? folder.child(Array(name.utf8)) : folder.sibling(name)
                upgraded = copy
                if incoming.schemaVersion < Schema.currentVersion { progress?(.upgradingBackup) }
                do {
                    try upgradedCopy(of: path, at: copy, pageSize: resized)
                } catch let failure as KeepingFailure {
                    if case .interrupted = failure { throw failure }
                    throw StoreError.backupNotUpgraded(reason: Self.reason(failure))
                }
                source = copy
            }
        } catch let failure as KeepingFailure {
            throw Self.storeError(failure)
        }
        // A write another program commits after the store is copied would be in neither the copy
        // nor the store restored: under the replacement's lock, the store must read as committed
        // to as before the copy; else the copy is made again, three times at most, and then the
        // restore does not run.
        for attempt in 1... {
            let watch = CommitWatch(connection, file: file)
            // A store made for the restore holds nothing. Another program that wrote to it since
            // (it was asked a question meanwhile) is never written over without a backup of it.
            let writtenMeanwhile = DashPilotRefusal.cannotRestore(path: path.display, reason: .storeWrittenMeanwhile)
            if !backingUpFirst, try !read({ try StoreFile.holdsNothingRecorded(connection) }) { throw writtenMeanwhile }
            do {
                if backingUpFirst {
                    (before, damaged) = try Self.beforeRestoring {
                        try copyBeforeRestore(into: folder, timeZone: timeZone) { progress?(.backingUpStore($0)) }
                    }
                }
                if stopRequested?() == true {
                    _ = before?.withCString { unlink($0) }
                    throw KeepingFailure.interrupted
                }
            } catch let failure as KeepingFailure {
                throw Self.storeError(failure)
            }
            if try replace(
                from: source, unless: { watch.moved }, before: before, progress: progress.map { report in { report(.replacing($0)) } })
            {
                break
            }
            if !backingUpFirst { throw writtenMeanwhile }
            _ = before?.withCString { unlink($0) }
            before = nil
            if attempt == 3 {
                throw StoreError.notRestored(
                    reason:
                        "another program wrote to it all the while it was copied; stop it (a follow in another terminal) and restore again")
            }
        }
        replaced = true
        if damaged { damagedStoreKeptAs = before?.display }
        return try Self.counted(file, automatic: nil)
    }

    /// `body`, a step of backing the store up before a restore: when it fails, the restore does
    /// not run, and the error says so.
    private static func beforeRestoring<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as KeepingFailure {
            if case .interrupted = failure { throw failure }
            throw StoreError.notRestored(reason: reason(failure))
        }
    }

    /// Replaces the store with the store at `source`, in one step through SQLite under the store's
    /// write lock, so that another connection sees the old record or the new one, never a mixture;
    /// unless `changed`, asked under that lock, says the store moved since it was copied: then the
    /// lock is let go with nothing written, and `false` returned. A failure unlinks `before`.
    /// `progress` is told the fraction of pages written, between steps of 4,096 (the write lock is
    /// held from the first step to the last).
    private func replace(
        from source: StorePath, unless changed: () -> Bool, before: StorePath?, progress: ((Double) -> Void)?
    ) throws -> Bool {
        do {
            let reader = try Connection(path: source, create: false, readOnly: true, busyTimeoutMilliseconds: 5000)
            guard let backup = sqlite3_backup_init(connection.handle, "main", reader.handle, "main") else {
                throw connection.lastError(sqlite3_errcode(connection.handle))
            }
            // A step of no pages takes the store's write lock, held until the backup finishes.
            let locked = sqlite3_backup_step(backup, 0)
            if locked == SQLITE_OK && changed() {
                sqlite3_backup_finish(backup)
                return false
            }
            #if DEBUG
                duringReplacement?()
            #endif
            var result = locked
            while result == SQLITE_OK {
                result = sqlite3_backup_step(backup, 4096)
                let total = sqlite3_backup_pagecount(backup)
                if result == SQLITE_OK || result == SQLITE_DONE, total > 0 {
                    progress?(Double(total - sqlite3_backup_remaining(backup)) / Double(total))
                }
            }
            let finished = sqlite3_backup_finish(backup)
            guard result == SQLITE_DONE, finished == SQLITE_OK else {
                let error = connection.lastError(result == SQLITE_DONE ? finished : result)
                // The pages written before the failure are taken back now, not by the next command.
                connection.putBackAfterFailedWrite()
                throw error
            }
            return true
        } catch let error as SQLiteError {
            // Not replaced: the store is as it was, and a backup of it made for a restore that did
            // not happen would be one behind the driver's back. keeping.md: "a sentence saying
            // what was and was not done".
            _ = before?.withCString { unlink($0) }
            throw StoreError(error, path: self.path).asRestoreFailure
        }
    }

    /// The checked before-restore backup of the store, read through its own connection. A store
    /// that fails SQLite's checks is kept as it is, damage included (the only way back to it):
    /// then `damaged` is true.
    private func copyBeforeRestore(
        into folder: StorePath, timeZone: TimeZone, progress: @escaping (BackupStep) -> Void
    ) throws -> (name: StorePath, damaged: Bool) {
        let time = now
        let next = { BackupFile.freeName(in: folder, before: "restore", at: time, timeZone: timeZone) }
        let copy = try makeCheckedCopy(
            at: next(), orNext: next, before: "restore", version: Schema.currentVersion, keepingDamage: true, progress: progress)
        #if DEBUG
            afterBeforeRestoreCopy?()
        #endif
        return copy
    }

    /// A copy at `target` of the older backup at `path`, brought to today's schema and checked by
    /// every check of `doctor`, as a backup of today's is before it is restored.
    private func upgradedCopy(of path: StorePath, at target: StorePath, pageSize: Int64? = nil) throws {
        do {
            let reader = try Connection(path: path, create: false, readOnly: true, busyTimeoutMilliseconds: 5000)
            try BackupFile.copy(from: reader, to: target, madeAt: clock.now(), progress: nil, stop: stopRequested)
            let copy = try Connection(path: target, create: false, busyTimeoutMilliseconds: 0)
            // A private copy: nothing to back up before its upgrade.
            try Migrator.migrate(copy, progress: nil)
            // At the page size of the store it replaces, when that store is in WAL mode.
            if let pageSize, try copy.scalar("PRAGMA page_size") != pageSize {
                if stopRequested?() == true { throw KeepingFailure.interrupted }
                try copy.execute("PRAGMA journal_mode = DELETE; PRAGMA page_size = \(pageSize); VACUUM")
            }
        } catch let error as SQLiteError {
            throw error.primaryCode == SQLITE_FULL
                ? KeepingFailure.cannotWrite("the disk is full") : KeepingFailure.cannotWrite(error.message)
        }
        // Its checks wait for each other, as a copy's do (`BackupFile.checksWait`).
        let upgraded = try DashPilotStore(
            storePath: target, busyTimeoutMilliseconds: BackupFile.checksWait, migrating: false, creating: false)
        guard try upgraded.doctor().isHealthy else { throw DashPilotRefusal.cannotRestore(path: path.display, reason: .unhealthy) }
    }
}

/// A backup checked for a restore (`checkedForRestore`): what it holds, and the file as it was
/// when its check began.
public struct CheckedBackup: Sendable {
    /// Where it is.
    public let path: StorePath
    /// What it holds.
    public let summary: BackupSummary
    let identity: FileIdentity?
}
