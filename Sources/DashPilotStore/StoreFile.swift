import CSQLite
import DashPilotCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's file before SQLite touches it: creating it privately and whole, and reading its
/// header to decide, before any statement that writes, whether it is a DashPilot store this code
/// may open.
enum StoreFile {
    /// Whether the driver made the store read-only: the file, or the folder holding it (where its
    /// journal goes), without its owner's write permission. Read from the mode itself, as `ls`
    /// shows it: a user the system lets write anyway (root) still finds it read-only.
    static func isMarkedReadOnly(_ file: StorePath) -> Bool {
        var info = stat()
        for path in fileAndFolder(file) where path.withCString({ stat($0, &info) }) == 0 {
            if info.st_mode & S_IWUSR == 0 { return true }
        }
        return false
    }

    /// Whether an upgrade can't write the store: marked read-only, or the system refuses this
    /// user the file or its folder (another user's store, a read-only mount). Asked before an
    /// upgrade, and by `doctor` of an older store, so that both say "read-only" first.
    static func cannotBeWritten(_ file: StorePath) -> Bool {
        isMarkedReadOnly(file)
            || fileAndFolder(file).contains { path in path.withCString { access($0, F_OK) == 0 && access($0, W_OK) != 0 } }
    }

    /// The store's file and the folder that holds it: through a link, the folder holding the
    /// file itself, where SQLite writes its journal.
    private static func fileAndFolder(_ file: StorePath) -> [StorePath] {
        let real = file.withCString { realpath($0, nil) }
        defer { free(real) }
        let resolved =
            real.map { StorePath(bytes: Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) }) } ?? file
        return [resolved, resolved.folder]
    }

    /// Reads and checks the first 100 bytes of the file at `file`.
    static func checkHeader(at file: StorePath, allowingNewer: Bool = false) throws(StoreError) {
        let path = file.display
        var info = stat()
        guard file.withCString({ stat($0, &info) }) == 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .notADashPilotStore(path: path, reason: "it is a folder") }
        guard type == S_IFREG else { throw .notADashPilotStore(path: path, reason: "it is not a regular file") }
        let size = Int64(info.st_size)
        if size == 0 { throw .notADashPilotStore(path: path, reason: "it is empty") }

        let descriptor = file.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        let magic = Array("SQLite format 3\0".utf8)
        guard count == 100, Array(bytes[0..<16]) == magic else {
            throw .notADashPilotStore(path: path, reason: "it is not an SQLite database")
        }
        func big32(_ offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard Int32(bitPattern: big32(68)) == Schema.applicationID else {
            throw .notADashPilotStore(path: path, reason: "it is another application's SQLite database")
        }
        let version = Int(Int32(bitPattern: big32(60)))
        if version > Schema.currentVersion && !allowingNewer { throw .newerVersion(path: path, version: version) }
        if version < 1 { throw .damaged(path: path) }

        // A hot journal means a write was interrupted: SQLite restores the file from it, so the
        // size recorded in the header is only checked when no journal stands beside the file.
        let rawPageSize = Int64(bytes[16]) << 8 | Int64(bytes[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        let pages = Int64(big32(28))
        let sizeIsValid = big32(92) == big32(24)
        if file.appending("-journal").withCString({ access($0, F_OK) }) != 0 {
            guard pageSize >= 512, size % pageSize == 0 else { throw .damaged(path: path) }
            if sizeIsValid && pages * pageSize > size { throw .damaged(path: path) }
        }
    }

    /// Where the link at `file` points, when it is a link to nothing (the file it named is gone).
    static func danglingLink(_ file: StorePath) -> String? {
        var info = stat()
        guard file.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFLNK,
            file.withCString({ stat($0, &info) }) != 0, errno == ENOENT
        else { return nil }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = file.withCString { path in
            target.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { readlink(path, $0, buffer.count - 1) } ?? -1 }
        }
        return count > 0 ? StorePath(bytes: target.prefix(count).map { UInt8(bitPattern: $0) }).display : "a file that is gone"
    }

    /// Creates the folder (mode 0700) and a new store at `file` (mode 0600), migrated to today's
    /// schema before it appears: it is built beside the path and linked into place, so that no
    /// half-made store is ever seen there.
    /// Returns the folders it made (deepest first) when the store it built is the one linked into
    /// place; `nil` when another process's store got there first.
    static func create(at file: StorePath, currency: Currency) throws(StoreError) -> [StorePath]? {
        let path = file.display
        // A path ending in "/" names a folder: nothing is made for it.
        if file.bytes.last == UInt8(ascii: "/") {
            throw .cannotOpen(path: path, reason: "a path ending in / names a folder; give the store's file name in it")
        }
        var made: [StorePath] = []
        try makeFolder(file.folder, storePath: path, made: &made)
        do {
            return try create(at: file, currency: currency, made: made)
        } catch {
            // Nothing was created in them (a full disk): the folders made for the store go too.
            for folder in made.reversed() { _ = folder.withCString { rmdir($0) } }
            throw error
        }
    }

    private static func create(at file: StorePath, currency: Currency, made: [StorePath]) throws(StoreError) -> [StorePath]? {
        let path = file.display
        // A store half made by a program killed meanwhile goes first.
        BackupFile.removeAbandoned(in: file.folder, prefix: ".dashpilot-new-")
        let temporary = file.sibling(".dashpilot-new-\(getpid()).sqlite")
        _ = temporary.withCString { unlink($0) }
        let descriptor = temporary.withCString { open($0, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        defer { _ = temporary.withCString { unlink($0) } }
        do {
            let connection = try Connection(path: temporary, create: false, busyTimeoutMilliseconds: 0)
            try Migrator.migrate(connection, progress: nil)
            try CurrencyTable(connection: connection).set(currency)
        } catch let error as SQLiteError {
            throw StoreError(error, path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        // Never replacing: if another process created the store meanwhile, theirs stays.
        let linked = name(temporary, file)
        if linked != 0 && errno != EEXIST {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        return linked == 0 ? made.reversed() : nil
    }

    /// Makes `folder` and the folders missing above it, each added to `made` only when this call's
    /// own `mkdir` made it.
    private static func makeFolder(_ folder: StorePath, storePath: String, made: inout [StorePath]) throws(StoreError) {
        var info = stat()
        if folder.withCString({ stat($0, &info) }) == 0 { return }
        let parent = folder.folder
        if !parent.bytes.isEmpty && parent != folder { try makeFolder(parent, storePath: storePath, made: &made) }
        if folder.withCString({ mkdir($0, 0o700) }) == 0 {
            made.append(folder)
            // Private whatever the umask; a folder that was there already (`new/..`, a shared
            // folder) keeps its mode: only what this made is the store's.
            _ = folder.withCString { chmod($0, 0o700) }
        } else if errno != EEXIST {
            // What failed is making a folder, which the sentence names: the store is not there yet.
            throw .cannotOpen(path: storePath, reason: "its folder \(folder.display) can't be made: \(String(cString: strerror(errno)))")
        }
    }
}

extension DashPilotStore {
    /// Removes the store at `file` that a command made and then recorded nothing in (it was
    /// refused), with the folders made for it (`madeFolders`, deepest first, each removed only
    /// when empty): a refused command leaves no file behind. A store that holds anything recorded,
    /// or another currency than it was made with (another terminal may have written to it
    /// meanwhile), stays, as does one that is busy.
    public static func removeUnused(at file: StorePath, madeFolders: [StorePath], currency: Currency) {
        var info = stat()
        if file.withCString({ lstat($0, &info) }) == 0 {
            guard let connection = try? Connection(path: file, create: false, busyTimeoutMilliseconds: 0),
                (try? connection.execute("BEGIN IMMEDIATE")) != nil
            else { return }
            defer { _ = try? connection.execute("ROLLBACK") }
            guard (try? StoreFile.holdsNothingRecorded(connection)) == true,
                (try? CurrencyTable(connection: connection).code()) == currency.code
            else { return }
            _ = file.withCString { unlink($0) }
            _ = file.appending("-journal").withCString { unlink($0) }
        }
        for folder in madeFolders { _ = folder.withCString { rmdir($0) } }
    }
}

extension StoreFile {
    /// Whether the database on `connection` holds only what a new store is made with: its naming
    /// policy and its currency.
    static func holdsNothingRecorded(_ connection: Connection) throws -> Bool {
        let made: Set<String> = ["naming_policy", "store_currency"]
        for table in try connection.texts("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        where !made.contains(table) {
            // A table name read from the schema, quoted: never a value a driver typed.
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            if try connection.scalar("SELECT count(*) FROM \(quoted) LIMIT 1") != 0 { return false }
        }
        return true
    }
}

extension StoreFile {
    /// Gives `temporary` the name `path` without replacing a file there (EEXIST): a hard link; or,
    /// where the file system has none (FAT and exFAT, a USB stick's: EPERM), a rename that refuses
    /// a name already taken. 0 when named, else -1 with `errno` set.
    static func name(_ temporary: StorePath, _ path: StorePath) -> Int32 {
        temporary.withCString { from in
            path.withCString { to in
                #if canImport(Glibc)
                    let linked = Glibc.link(from, to)
                #else
                    let linked = Darwin.link(from, to)
                #endif
                guard linked != 0, errno == EPERM || errno == EOPNOTSUPP else { return linked }
                return renamedUnlessTaken(from, to)
            }
        }
    }

    /// `rename` that fails with EEXIST where `to` is taken: the system's own where it has one
    /// (Linux's `renameat2`, looked up, since the C library may predate it; Darwin's `renamex_np`),
    /// else a look before the rename, for file systems that refuse the flag.
    private static func renamedUnlessTaken(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
        #if canImport(Glibc)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
                // RENAME_NOREPLACE is 1.
                let renamed = unsafeBitCast(symbol, to: RenameAt2.self)(AT_FDCWD, from, AT_FDCWD, to, 1)
                guard renamed != 0, errno == EINVAL || errno == ENOSYS else { return renamed }
            }
        #else
            let renamed = renamex_np(from, to, UInt32(RENAME_EXCL))
            guard renamed != 0, errno == EINVAL || errno == ENOTSUP else { return renamed }
        #endif
        var info = stat()
        if lstat(to, &info) == 0 {
            errno = EEXIST
            return -1
        }
        return rename(from, to)
    }
}
