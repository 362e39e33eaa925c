import CSQLite
import DashPilotCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DashPilotStore {
    /// The backups folder beside the store at `file`: a folder `backups` in the store's own folder.
    public static func backupsFolder(of file: StorePath) -> StorePath { StorePath(bytes: file.folder.bytes + Array("/backups".utf8)) }

    /// Writes a checked copy of the store, at its own schema version: into the backups folder under the default name when
    /// `destination` is `nil`, under the default name inside `destination` when it is a folder,
    /// else at `destination`, which is never overwritten. Returns what the copy holds.
    public func backup(to destination: StorePath?, timeZone: TimeZone, progress: ((BackupStep) -> Void)? = nil) throws -> BackupSummary {
        let time = now
        var target: StorePath
        // DashPilot's own name in a folder: the next free one if another backup takes it first.
        var nextFree: (() -> StorePath)?
        // A backups folder made for a backup that fails goes with it (only when empty), as a
        // restore's and an upgrade's does: a failure leaves no trace.
        let folder = Self.backupsFolder(of: file)
        let found = destination == nil ? BackupFile.FolderAsFound(folder) : nil
        var made = false
        defer { if !made { found?.removeIfMadeFor() } }
        do {
            if let destination {
                var info = stat()
                if destination.withCString({ stat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFDIR {
                    nextFree = { BackupFile.freeName(in: destination, before: nil, at: time, timeZone: timeZone) }
                }
            } else {
                try BackupFile.makeFolder(folder)
                nextFree = { BackupFile.freeName(in: folder, before: nil, at: time, timeZone: timeZone) }
            }
            if let nextFree { target = nextFree() } else { target = destination ?? file }
            var existing = stat()
            if target.withCString({ lstat($0, &existing) }) == 0 { throw KeepingFailure.exists(target.display) }
            // A folder that is not there is named, as what the driver can put right.
            let parent = target.bytes.last == 0x2F ? StorePath(bytes: Array(target.bytes.dropLast())) : target.folder
            if parent.withCString({ stat($0, &existing) }) != 0 && errno == ENOENT {
                throw KeepingFailure.cannotWrite("\(parent.display) does not exist")
            }
            // A store at an older version is copied as it is, at its own version (keeping.md: "its
            // schema version is the store's"), and checked for what that version holds: read in
            // the copy's own snapshot, which an upgrade by another terminal cannot come between.
            target = try makeCheckedCopy(at: target, orNext: nextFree, before: nil, version: nil, progress: progress).name
            made = true
        } catch let failure as KeepingFailure {
            throw Self.storeError(failure)
        }
        return try Self.summary(of: target, automatic: nil)
    }

    /// Copies the store to `target` under a temporary name beside it, checks the copy (at
    /// `version`, or without one at the store's own, read in the snapshot copied), and gives it
    /// its name. The store is untouched; on failure nothing is left under `target`. With
    /// `keepingDamage` (the copy before a restore), a store that fails SQLite's checks is kept as
    /// it is all the same (`BackupFile.check`). With `orNext`, `target` is DashPilot's own name,
    /// and another backup that took it meanwhile gives way to the next free one. Returns the name
    /// given, and whether the store's damage was kept.
    @discardableResult
    func makeCheckedCopy(
        at target: StorePath, orNext nextFree: (() -> StorePath)? = nil, from source: Connection? = nil, before: String?,
        version: Int?, keepingDamage: Bool = false, progress reported: ((BackupStep) -> Void)?
    ) throws -> (name: StorePath, damaged: Bool) {
        let connection = source ?? connection
        let progress = reported.map { report in { (fraction: Double) in report(.copying(fraction)) } }
        BackupFile.removeAbandoned(in: target.folder)
        let temporary = target.sibling(".dashpilot-backup-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite")
        do {
            // An automatic backup keeps the store as it was, healthy or not: it is checked for the
            // store's rows, counted in the snapshot it copies. A driver's backup is checked by
            // every check of `doctor`.
            var counts: [String: Int64]?
            var storeVersion = 0
            if before != nil {
                try connection.readTransaction {
                    do {
                        counts = try BackupFile.rowCounts(connection)
                    } catch let error as SQLiteError where keepingDamage && error.primaryCode == SQLITE_CORRUPT {
                        // Too damaged to count: the copy is checked for the rest.
                    }
                    try BackupFile.copy(from: connection, to: temporary, madeAt: clock.now(), progress: progress, stop: stopRequested)
                }
            } else {
                // A driver's backup leaves the store free to other terminals between its steps
                // (keeping.md: "consistent while another terminal writes"): a key pressed in the
                // screens meanwhile is recorded, never kept waiting for the whole copy. Writes
                // that keep coming would start it again for ever: after two, it is made in one
                // snapshot, and they wait.
                do {
                    try BackupFile.copy(
                        from: connection, to: temporary, madeAt: clock.now(), progress: progress, stop: stopRequested, restartsAllowed: 2)
                } catch is BackupFile.Overtaken {
                    try connection.readTransaction {
                        // The snapshot's lock is taken here, under the busy timeout (the copy's
                        // steps would only poll for it).
                        _ = try connection.scalar("PRAGMA user_version")
                        try BackupFile.copy(from: connection, to: temporary, madeAt: clock.now(), progress: progress, stop: stopRequested)
                    }
                }
                // The copy's version is the store's in the snapshot copied, which an upgrade by
                // another terminal cannot come between.
                storeVersion = try BackupFile.schemaVersion(of: temporary)
            }
            reported?(.checking)
            let damaged = try BackupFile.check(
                temporary, version: version ?? storeVersion, counts: counts, asItWas: keepingDamage ? connection : nil, stop: stopRequested)
            // A stop asked for while the copy was checked: it is not given its name.
            if stopRequested?() == true { throw KeepingFailure.interrupted }
            return (try BackupFile.link(temporary, to: target, orNext: nextFree), damaged)
        } catch {
            _ = temporary.withCString { unlink($0) }
            if let failure = error as? KeepingFailure { throw failure }
            if let sqlite = error as? SQLiteError {
                // What the copy could not read is damage, found as a check finds it.
                if [SQLITE_CORRUPT, SQLITE_NOTADB].contains(sqlite.primaryCode) { throw KeepingFailure.checkFailed(sqlite.message) }
                throw sqlite.primaryCode == SQLITE_FULL
                    ? KeepingFailure.cannotWrite("the disk is full") : KeepingFailure.cannotWrite(sqlite.message)
            }
            if case StoreError.damaged = error { throw KeepingFailure.checkFailed("the copy is damaged") }
            throw KeepingFailure.cannotWrite("\(error)")
        }
    }

    /// What the store file at `path` holds, read without changing it: refused as a store that
    /// cannot be used (not SQLite, another program's, newer, damaged) or one that is not healthy.
    /// `automatic` says why DashPilot made it on its own, when it did.
    public static func summary(of path: StorePath, automatic: AutomaticBackup?, allowingNewer: Bool = false) throws -> BackupSummary {
        try StoreFile.checkHeader(at: path, allowingNewer: allowingNewer)
        return try counted(path, automatic: automatic)
    }

    /// What the store file at `path` holds, read through SQLite alone: for the store this process
    /// has open, whose header a descriptor of its own must not read (`Connection.fileBytes`).
    static func counted(_ path: StorePath, automatic: AutomaticBackup?) throws -> BackupSummary {
        var info = stat()
        _ = path.withCString { stat($0, &info) }
        do {
            let connection = try Connection(path: path, create: false, readOnly: true, busyTimeoutMilliseconds: 5000)
            let version = Int(try connection.scalar("PRAGMA user_version") ?? 0)
            func count(_ table: String) throws -> Int {
                let exists =
                    try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", .text(table)) ?? 0
                return exists == 0 ? 0 : Int(try connection.scalar("SELECT count(*) FROM \(table)") ?? 0)
            }
            return BackupSummary(
                path: path.display, madeAt: Date(unixSeconds: Int64(BackupFile.modified(info))), bytes: Int64(info.st_size),
                schemaVersion: version,
                shifts: try count("shift"), deliveries: try count("delivery"), places: try count("pickup_place"),
                newestShift: try connection.scalar("SELECT max(started_at) FROM shift").map(Date.init(unixSeconds:)),
                automatic: automatic)
        } catch let error as SQLiteError {
            throw StoreError(error, path: path.display)
        }
    }

    /// Before an upgrade: a checked backup of the store as it is, into the backups folder
    /// (`dashpilot-before-v8-…`); then the upgrade. Without the backup, no upgrade. Both under the
    /// write lock, so that a second terminal that found the store old waits, then finds it
    /// upgraded and backs up nothing; the copy is read through a second connection, since SQLite
    /// copies nothing from a connection in a write transaction. An upgrade that does not run
    /// (busy, read-only, a full disk) leaves no backup made for it.
    func upgrade(from version: Int, timeZone: TimeZone, progress: (@Sendable (Double) -> Void)?) throws {
        var made: StorePath?
        let folder = Self.backupsFolder(of: file)
        let found = BackupFile.FolderAsFound(folder)
        do {
            try Migrator.migrate(connection, progress: progress) { version in
                var reader: Connection?
                do {
                    try BackupFile.makeFolder(folder)
                    let time = now
                    let next = { BackupFile.freeName(in: folder, before: "v\(Schema.currentVersion)", at: time, timeZone: timeZone) }
                    reader = try Connection(path: file, create: false, readOnly: true, busyTimeoutMilliseconds: 5000)
                    made = try makeCheckedCopy(
                        at: next(), orNext: next, from: reader, before: "v\(Schema.currentVersion)", version: version, progress: nil
                    ).name
                } catch let failure as KeepingFailure {
                    // A check the copy fails because the store fails it too is said as the store's
                    // (it said "a reference in the copy points at no row"); a store SQLite finds
                    // damaged is said so, as it is at today's version (it said "… on the copy").
                    if case .checkFailed = failure, let reader, Self.isDamaged(reader) { throw StoreError.damaged(path: path) }
                    if case .checkFailed = failure,
                        let dangling = try? reader?.scalar("SELECT count(*) FROM pragma_foreign_key_check"), dangling > 0
                    {
                        throw StoreError.notUpgraded(
                            path: path, reason: "a row of the store points at a row that no longer exists, as doctor says")
                    }
                    throw StoreError.notUpgraded(path: path, reason: Self.reason(failure))
                }
            }
        } catch {
            if let made { _ = made.withCString { unlink($0) } }
            // A backups folder made for it goes too.
            found.removeIfMadeFor()
            // A write of the upgrade itself that failed is said as the upgrade's, which says what
            // was and was not done (keeping.md), never as a bare SQLite error.
            // A store found damaged, newer or busy is said as such.
            if made != nil, let failure = error as? SQLiteError {
                switch StoreError.reading(failure, on: connection, path: path) {
                case .damaged, .newerVersion, .busy: break
                default:
                    throw StoreError.upgradeFailed(
                        path: path, reason: failure.primaryCode == SQLITE_FULL ? "the disk is full" : failure.message)
                }
            }
            throw error
        }
    }

    /// Whether SQLite finds the file on `connection` damaged (asked only after a copy of it failed
    /// its check: it reads the whole file). An error that is not damage (busy, memory) is not.
    static func isDamaged(_ connection: Connection) -> Bool {
        do {
            return try connection.texts("PRAGMA integrity_check(1)") != ["ok"]
        } catch let error as SQLiteError {
            return [SQLITE_CORRUPT, SQLITE_NOTADB].contains(error.primaryCode)
        } catch {
            return false
        }
    }

    static func reason(_ failure: KeepingFailure) -> String {
        switch failure {
        case .cannotWrite(let why): why
        case .exists(let path): "\(path) already exists"
        case .notAFolder(let path): "\(path) is not a folder"
        case .checkFailed(let why): why
        case .interrupted: "it was interrupted"
        }
    }

    static func storeError(_ failure: KeepingFailure) -> Error {
        if case .exists(let path) = failure { return DashPilotRefusal.backupExists(path: path) }
        return StoreError.backupFailed(reason: reason(failure))
    }
}
