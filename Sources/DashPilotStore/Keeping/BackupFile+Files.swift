import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a backup or a restore could not be made, as values for the store's errors.
enum KeepingFailure: Error {
    /// The driver asked to stop (Ctrl-C) before the copy was whole.
    case interrupted
    case cannotWrite(String)
    case exists(String)
    case notAFolder(String)
    case checkFailed(String)
}

extension BackupFile {
    /// The schema version of the copy at `path`.
    static func schemaVersion(of path: StorePath) throws -> Int {
        Int(try Connection(path: path, create: false, busyTimeoutMilliseconds: 0).scalar("PRAGMA user_version") ?? 0)
    }

    /// A file's modification time, in whole seconds.
    static func modified(_ info: stat) -> Int {
        #if canImport(Glibc)
            info.st_mtim.tv_sec
        #else
            info.st_mtimespec.tv_sec
        #endif
    }

    /// The nanoseconds of a file's modification time.
    static func modifiedNanoseconds(_ info: stat) -> Int {
        #if canImport(Glibc)
            info.st_mtim.tv_nsec
        #else
            info.st_mtimespec.tv_nsec
        #endif
    }
}

/// A file as `stat` sees it, with its write-ahead log beside it: which file, its size, and when
/// its bytes and its inode last changed, to the nanosecond. Equal identities taken at two times
/// mean that nothing wrote to it between them (the kernel moves the change time on every write).
struct FileIdentity: Equatable, Sendable {
    private let values: [Int64]

    /// The identity of the file at `path`, or `nil` when there is none to read.
    init?(_ path: StorePath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        var wal = stat()
        let walStands = path.appending("-wal").withCString { stat($0, &wal) } == 0
        values = Self.values(info) + (walStands ? Self.values(wal) : [])
    }

    private static func values(_ info: stat) -> [Int64] {
        #if canImport(Glibc)
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #else
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #endif
        return [
            Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino), Int64(info.st_size),
            Int64(modified.tv_sec), Int64(modified.tv_nsec), Int64(changed.tv_sec), Int64(changed.tv_nsec),
        ]
    }
}
