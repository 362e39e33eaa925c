import CSQLite
import DashPilotCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backup as a file: copied through SQLite's online backup API (never the file's bytes, so a
/// write another connection commits meanwhile is wholly in the copy or wholly absent), under a
/// temporary name in its destination folder, flushed, checked, and only then linked under its
/// final name, which is never overwritten.
enum BackupFile {
    /// Pages copied a step: the source is free to other connections between steps (unless the
    /// copy runs inside a read transaction, as an automatic backup's does, to count the rows it
    /// copies, or a driver's does once other terminals' writes made it start again twice: then
    /// those writes wait for it, as they wait for a restore).
    static let pagesPerStep: Int32 = 4096

    /// Another connection wrote to the source more often than the copy could start again
    /// (`restartsAllowed`): the copy is to be made in one read transaction.
    struct Overtaken: Error {}

    /// Copies the database open on `source` into a new file at `temporary` (mode 0600), flushes it
    /// to disk, and gives it `madeAt` as its modification time. `progress` hears the fraction
    /// copied. With `restartsAllowed`, the copy starts again (as SQLite's backup does) when another
    /// connection writes between two steps, at most so many times before it gives up (`Overtaken`).
    /// On failure the temporary file is gone.
    static func copy(
        from source: Connection, to temporary: StorePath, madeAt: Date, progress: ((Double) -> Void)?, stop: (() -> Bool)? = nil,
        restartsAllowed: Int? = nil
    ) throws {
        let descriptor = temporary.withCString { open($0, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600) }
        // The folder is named: "(Permission denied)" alone left the driver to guess which.
        guard descriptor >= 0 else {
            throw KeepingFailure.cannotWrite("\(temporary.folder.display) can't be written: \(String(cString: strerror(errno)))")
        }
        // Private whatever the umask (keeping.md: "mode 0600, like the store").
        fchmod(descriptor, 0o600)
        close(descriptor)
        do {
            try copyPages(from: source, to: temporary, progress: progress, stop: stop, restartsAllowed: restartsAllowed)
            try flush(temporary)
            try flush(temporary.folder)
            // The clock's time, to its nanosecond: `backup list` orders two backups of one second.
            let nanoseconds = min(max(Int((madeAt.timeIntervalSince1970 - Double(madeAt.unixSeconds)) * 1e9), 0), 999_999_999)
            var times = [
                timespec(tv_sec: Int(madeAt.unixSeconds), tv_nsec: nanoseconds),
                timespec(tv_sec: Int(madeAt.unixSeconds), tv_nsec: nanoseconds),
            ]
            _ = temporary.withCString { utimensat(AT_FDCWD, $0, &times, 0) }
        } catch {
            _ = temporary.withCString { unlink($0) }
            throw error
        }
    }

    private static func copyPages(
        from source: Connection, to temporary: StorePath, progress: ((Double) -> Void)?, stop: (() -> Bool)?, restartsAllowed: Int?
    ) throws {
        let destination = try Connection(path: temporary, create: false, busyTimeoutMilliseconds: 0)
        // The copy needs no journal while it is made.
        try destination.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw destination.lastError(sqlite3_errcode(destination.handle))
        }
        var result = SQLITE_OK
        var remaining = Int32.max
        var restarts = 0
        var busyTries = 0
        repeat {
            if stop?() == true {
                sqlite3_backup_finish(backup)
                throw KeepingFailure.interrupted
            }
            result = sqlite3_backup_step(backup, pagesPerStep)
            let total = sqlite3_backup_pagecount(backup)
            // More left than after the step before: another connection wrote, and the copy began again.
            if result == SQLITE_OK && sqlite3_backup_remaining(backup) > remaining { restarts += 1 }
            if result == SQLITE_OK { remaining = sqlite3_backup_remaining(backup) }
            busyTries = result == SQLITE_BUSY || result == SQLITE_LOCKED ? busyTries + 1 : 0
            // Another program that holds the store for longer than a commit takes (a second of
            // tries) is waited for as any lock is, in one read transaction, never polled for ever.
            if let restartsAllowed, restarts > restartsAllowed || busyTries > 200 {
                sqlite3_backup_finish(backup)
                throw Overtaken()
            }
            if total > 0 { progress?(Double(total - sqlite3_backup_remaining(backup)) / Double(total)) }
            if result == SQLITE_BUSY || result == SQLITE_LOCKED { sqlite3_sleep(5) }
        } while result == SQLITE_OK || result == SQLITE_BUSY || result == SQLITE_LOCKED
        let finished = sqlite3_backup_finish(backup)
        guard result == SQLITE_DONE, finished == SQLITE_OK else {
            throw destination.lastError(result == SQLITE_DONE ? finished : result)
        }
        // One file, whatever the store's journal mode: a copy of a store in WAL mode (set by
        // another program) was in WAL mode too, and each read of it (its checks, `backup list`,
        // doctor) left a -wal and a -shm beside it, listed as files that are not backups.
        try destination.execute("PRAGMA journal_mode = DELETE")
    }

    /// Flushes `path` (a file or a folder) to disk.
    static func flush(_ path: StorePath) throws {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw KeepingFailure.cannotWrite(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw KeepingFailure.cannotWrite(String(cString: strerror(errno))) }
    }

    /// Gives `temporary` its final name `path`, never replacing a file already there; with
    /// `next`, a name another backup took meanwhile gives way to the next it returns. The
    /// temporary name is gone either way. Returns the name given.
    static func link(_ temporary: StorePath, to path: StorePath, orNext next: (() -> StorePath)? = nil) throws -> StorePath {
        defer { _ = temporary.withCString { unlink($0) } }
        var name = path
        while StoreFile.name(temporary, name) != 0 {
            guard errno == EEXIST else { throw KeepingFailure.cannotWrite(String(cString: strerror(errno))) }
            guard let next else { throw KeepingFailure.exists(name.display) }
            name = next()
        }
        // The copy under its name is whole and checked; a folder that fails to flush now only
        // delays its name reaching the disk, and is no reason to take a whole backup back.
        try? flush(name.folder)
        return name
    }

    /// Checks a copy at `path`: SQLite's integrity and foreign-key checks, its schema version
    /// `version`, then the row counts `counts` of the store it was copied from (an automatic
    /// backup's, which keeps the store as it was) or else every check of `doctor`. With `store`,
    /// the connection of the store a before-restore copy keeps as it was: a copy that fails
    /// SQLite's checks is kept when the store fails them too (a faithful copy, damage included,
    /// is the only way back to it), if it holds the store's schema version and fails no check
    /// the store passes. Returns whether it was kept so.
    @discardableResult
    static func check(
        _ path: StorePath, version: Int, counts: [String: Int64]?, asItWas store: Connection? = nil, stop: (@Sendable () -> Bool)? = nil
    )
        throws -> Bool
    {
        let connection = try Connection(path: path, create: false, busyTimeoutMilliseconds: checksWait)
        if store == nil && counts == nil {
            try checkDriversCopy(connection, at: path, version: version, stop: stop)
            return false
        }
        // Of a store kept as it was, a file too damaged for a check to run fails that check.
        func passes(_ check: () throws -> Bool) throws -> Bool {
            do { return try check() } catch let error as SQLiteError where store != nil && error.primaryCode == SQLITE_CORRUPT {
                return false
            }
        }
        // The integrity check beside the rest (`checkingIntegrity`), each failure said in turn.
        typealias Rest = (whole: Bool, version: Int, holdsRows: Bool)
        let (integrity, rest, interrupted) = checkingIntegrity(of: path, stop: stop) { interrupter throws -> Rest in
            try interrupter.interrupting(connection) {
                let whole = try passes { try connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0 }
                let version = Int(try connection.scalar("PRAGMA user_version") ?? 0)
                return (whole, version, try counts.map { counts in try passes { try rowCounts(connection) == counts } } ?? true)
            }
        }
        // A stop asked for: whatever the checks said, interrupted or not, it is what is said.
        if interrupted { throw KeepingFailure.interrupted }
        let intact: Bool
        switch integrity {
        case .success(let lines): intact = lines == ["ok"]
        case .failure(let error):
            guard store != nil, let sqlite = error as? SQLiteError, sqlite.primaryCode == SQLITE_CORRUPT else { throw error }
            intact = false
        }
        guard intact || store != nil else { throw KeepingFailure.checkFailed("SQLite's integrity check failed on the copy") }
        let (whole, copyVersion, holdsRows) = try rest.get()
        if let store, !intact || !whole {
            let storeIntact = try intact || passes { try store.texts("PRAGMA integrity_check") == ["ok"] }
            guard intact || !storeIntact else { throw KeepingFailure.checkFailed("SQLite's integrity check failed on the copy") }
            let storeWhole = try whole || passes { try store.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0 }
            guard whole || !storeWhole else { throw KeepingFailure.checkFailed("a reference in the copy points at no row") }
        } else {
            guard whole else { throw KeepingFailure.checkFailed("a reference in the copy points at no row") }
        }
        guard copyVersion == version else { throw KeepingFailure.checkFailed("the copy is not at the store's schema version") }
        // An automatic backup, which keeps the store as it was, holds the store's rows.
        guard holdsRows else { throw KeepingFailure.checkFailed("the copy does not hold the store's rows") }
        return !intact || !whole
    }

    /// How many rows each table of the database on `connection` holds.
    static func rowCounts(_ connection: Connection) throws -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for table in try connection.texts("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        {
            // A table name read from the schema, quoted: never a value a driver typed.
            counts[table] = try connection.scalar("SELECT count(*) FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"") ?? 0
        }
        return counts
    }

    /// Removes what a backup (or, with its `prefix`, the making of a store) killed part-way left
    /// in `folder`: a temporary file whose process is gone. A temporary name is never a backup,
    /// and never listed.
    static func removeAbandoned(in folder: StorePath, prefix: String = ".dashpilot-backup-") {
        for name in abandoned(in: folder, prefix: prefix) { _ = folder.child(name).withCString { unlink($0) } }
    }

    /// The names in `folder` of the copies a backup, an upgrade or a restore left under its
    /// temporary name when it was stopped: their writers are gone.
    static func abandoned(in folder: StorePath, prefix: String = ".dashpilot-backup-") -> [[UInt8]] {
        (((try? names(in: folder)) ?? nil) ?? []).filter { name in
            guard name.starts(with: prefix.utf8) else { return false }
            // The number of the program that wrote it follows the prefix.
            let number = name.dropFirst(prefix.utf8.count).prefix { (0x30...0x39).contains($0) }
            return pid_t(String(decoding: number, as: UTF8.self)).map(isGone) ?? false
        }
    }

    /// The names in `folder`, as their bytes (a name that is not UTF-8 stays that name), without
    /// `.` and `..`; `nil` when no folder stands there. A folder that can't be read is said, never
    /// taken for none. Read through the folder's own bytes, never a repaired spelling that would
    /// name another folder.
    static func names(in folder: StorePath) throws(StoreError) -> [[UInt8]]? {
        guard let stream = folder.withCString({ opendir($0) }) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .backupsUnreadable(path: folder.display, reason: String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// Whether process `pid` has ended: no such process, one that has exited and was not yet
    /// reaped (a zombie still answers `kill(pid, 0)`), or another program that has since been
    /// given its number (only this program writes these files; process numbers come round again).
    static func isGone(_ pid: pid_t) -> Bool {
        if kill(pid, 0) != 0 && errno == ESRCH { return true }
        func read(_ file: String) -> String? { try? String(contentsOfFile: "/proc/" + file, encoding: .utf8) }
        if let theirs = read("\(pid)/comm"), let ours = read("self/comm"), theirs != ours { return true }
        guard let stat = read("\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Creates `folder` (mode 0700) if it is not there.
    /// The backups folder as an operation (a backup, an upgrade, a restore) found it: one made for
    /// an operation that fails goes with it, when empty (nothing else was put in it).
    struct FolderAsFound {
        let folder: StorePath
        private let stood: Bool

        init(_ folder: StorePath) {
            self.folder = folder
            var info = stat()
            stood = folder.withCString { stat($0, &info) } == 0
        }

        /// Removes the folder when it was not there before and holds nothing.
        func removeIfMadeFor() { if !stood { _ = folder.withCString { rmdir($0) } } }
    }

    static func makeFolder(_ folder: StorePath) throws {
        var info = stat()
        if folder.withCString({ stat($0, &info) }) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw KeepingFailure.notAFolder(folder.display) }
            return
        }
        guard folder.withCString({ mkdir($0, 0o700) }) == 0 else {
            guard errno == EEXIST else {
                throw KeepingFailure.cannotWrite("\(folder.display) can't be made: \(String(cString: strerror(errno)))")
            }
            return
        }
        // "mode 0700" whatever the umask: one that takes the owner's write left a folder no
        // backup could be written into.
        _ = folder.withCString { chmod($0, 0o700) }
    }
}
