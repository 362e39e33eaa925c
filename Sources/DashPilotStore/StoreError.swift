import CSQLite

/// The store cannot be used, or could not complete a write. Exit status 74 on the command line.
/// Every sentence says that nothing was changed where that is so, and never holds a bound value.
public enum StoreError: Error, Sendable, Equatable {
    case notADashPilotStore(path: String, reason: String)
    case damaged(path: String)
    case newerVersion(path: String, version: Int)
    case readOnly(path: String)
    /// A read-only store at an older version, which must be upgraded (written) to be used.
    case readOnlyNeedsUpgrade(path: String, version: Int)
    case cannotOpen(path: String, reason: String)
    case diskFull
    case busy
    case failed(SQLiteError)
    /// A backup could not be made; `reason` says why.
    case backupFailed(reason: String)
    /// A restore did not run because the store could not be backed up first; `reason` says why.
    case notRestored(reason: String)
    /// A restore did not run because the older backup could not be upgraded for it; `reason` says why.
    case backupNotUpgraded(reason: String)
    /// An upgrade did not run because the store could not be backed up first.
    case notUpgraded(path: String, reason: String)
    /// An upgrade failed after its backup was made, and was rolled back; `reason` says why.
    case upgradeFailed(path: String, reason: String)
    /// A restore did not run because the store could not be written; `reason` says why.
    case notReplaced(reason: String)
    /// The backups folder at `path` stands there but can't be read; `reason` says why.
    case backupsUnreadable(path: String, reason: String)
    /// The store this command opened was removed meanwhile (another terminal's refused first
    /// command removing the store it had made): nothing was recorded in it.
    case removedMeanwhile(path: String)
    /// The store a screen had open was replaced at its path (another file moved over it) or
    /// removed: what the screens show is no longer the record there.
    case replacedWhileOpen(path: String, removed: Bool)
    /// A write cut short left its journal beside the store, and SQLite, which must remove it
    /// before the store is read, can't (its folder can't be written).
    case journalNotRemovable(path: String)

    /// The problem as a sentence for the driver.
    public var sentence: String {
        switch self {
        case .notADashPilotStore(let path, let reason):
            "\(path) is not a DashPilot store (\(reason)); it was left as it is."
        case .damaged(let path):
            "The store at \(path) is damaged and can't be used; it was left as it is."
        case .newerVersion(let path, let version):
            "The store at \(path) was written by a newer version of DashPilot (schema \(version)); update DashPilot to open it. It was left as it is."
        case .readOnly(let path):
            "The store at \(path) is read-only; nothing was changed."
        case .readOnlyNeedsUpgrade(let path, let version):
            "The store at \(path) is at schema version \(version) and read-only: it is upgraded before it is used, which writes it; nothing was changed. doctor and backup read it as it is."
        case .cannotOpen(let path, let reason):
            "The store at \(path) can't be opened (\(reason))."
        case .diskFull:
            "The disk is full; nothing was changed."
        case .busy:
            "The store is busy (another program held its lock for longer than five seconds); nothing was changed."
        case .failed(let error):
            "The store failed (\(error.description)); nothing was changed."
        case .backupFailed(let reason):
            "The backup could not be made (\(reason)); the store was left as it is, and no backup was kept."
        case .notRestored(let reason):
            "The store could not be backed up first (\(reason)), so the restore did not run; the store was left as it was, and no backup was kept."
        case .backupNotUpgraded(let reason):
            "The backup could not be upgraded to today's version (\(reason)), so the restore did not run; the store was left as it was."
        case .removedMeanwhile(let path):
            "The store at \(path) was removed by another program while this command waited for it; nothing was recorded."
        case .replacedWhileOpen(let path, let removed):
            "The store at \(path) was \(removed ? "removed" : "replaced by another file") by another program while it was open; "
                + "nothing was recorded in it after that. Start dashpilot again to read what is at that path now."
        case .journalNotRemovable(let path):
            "The store at \(path) can't be used: a write cut short left its journal beside it, which must be removed before the "
                + "store is read, and could not be; its folder must be writable. The record is as it was before that write."
        case .backupsUnreadable(let path, let reason):
            "The backups folder \(path) can't be read (\(reason)); nothing was changed."
        case .notReplaced(let reason):
            "The store could not be replaced (\(reason)), so the restore did not run; the store was left as it was, and no backup was kept."
        case .notUpgraded(let path, let reason):
            "The store at \(path) needs an upgrade, which runs only after a backup of it, and the backup could not be made (\(reason)); nothing was changed."
        case .upgradeFailed(let path, let reason):
            "The store at \(path) needs an upgrade, and the upgrade failed (\(reason)): it was undone, so nothing was changed, and the backup made for it was removed."
        }
    }

    /// Whether the store itself can't be used (damaged, not a store, newer): nothing that reads
    /// it can go on, as against a write that failed and left it as it was.
    public var meansUnusable: Bool {
        switch self {
        case .damaged, .notADashPilotStore, .newerVersion, .replacedWhileOpen: true
        default: false
        }
    }

    /// The problem without what it says of the store ("The disk is full"), for a command whose
    /// earlier steps did change it, to say itself what was and was not done.
    public var cause: String {
        for ending in ["; nothing was changed.", "; it was left as it is.", "."] where sentence.hasSuffix(ending) {
            return String(sentence.dropLast(ending.count))
        }
        return sentence
    }

    /// A failed write of a restore's replacement, as the failure of the restore (keeping.md: "a
    /// sentence saying what was and was not done"); any other error as it is.
    public var asRestoreFailure: StoreError {
        switch self {
        case .busy: .notReplaced(reason: "another program held its lock for longer than five seconds")
        // Said as the upgrade's failure is, "(disk I/O error)", not by SQLite's number.
        case .failed(let error): .notReplaced(reason: error.message)
        case .diskFull, .readOnly, .readOnlyNeedsUpgrade: .notReplaced(reason: cause.prefix(1).lowercased() + cause.dropFirst())
        case .journalNotRemovable: .notReplaced(reason: "a write cut short left the store's journal, which could not be removed")
        default: self
        }
    }

    /// Whether SQLite's `message` says a statement did not find the tables it was written for.
    static func findsOtherTables(_ message: String) -> Bool {
        ["no such table", "no such column", "duplicate column name"].contains(where: message.hasPrefix)
            || message.hasSuffix("already exists") || message.contains("has no column named")
    }

    /// `error` from the store on `connection`, as the driver is told it. A statement that did
    /// not find the tables it was written for says the store is damaged only where its tables
    /// are not those of its schema version, or newer where another program has since upgraded
    /// it; else the failure is SQLite's, said as such (a healthy store is never called damaged).
    static func reading(_ error: SQLiteError, on connection: Connection?, path: String) -> StoreError {
        guard error.primaryCode == SQLITE_ERROR, findsOtherTables(error.message), let connection,
            let version = (try? connection.scalar("PRAGMA user_version")).flatMap({ $0 }).map(Int.init)
        else { return StoreError(error, path: path) }
        if version > Schema.currentVersion { return .newerVersion(path: path, version: version) }
        return (try? SchemaShape.check(connection, version: version)) == nil ? .damaged(path: path) : .failed(error)
    }

    /// Maps an SQLite failure on the store at `path` to what the driver is told.
    init(_ error: SQLiteError, path: String) {
        switch error.primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: self = .busy
        case SQLITE_FULL: self = .diskFull
        // Written to after its file was removed (SQLITE_READONLY_DBMOVED): not read-only at all.
        case SQLITE_READONLY where error.code == SQLITE_READONLY | (4 << 8): self = .removedMeanwhile(path: path)
        case SQLITE_READONLY: self = .readOnly(path: path)
        // The journal of a write cut short, which SQLite rolled back but could not remove.
        case SQLITE_IOERR where error.code == SQLITE_IOERR | (10 << 8): self = .journalNotRemovable(path: path)
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .damaged(path: path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: self = .cannotOpen(path: path, reason: error.message)
        default: self = .failed(error)
        }
    }
}
