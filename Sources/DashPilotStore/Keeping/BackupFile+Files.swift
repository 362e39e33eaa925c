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
