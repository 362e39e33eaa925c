import DashPilotCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The backups folder beside the store: what it holds, and whether a backup can be made there.
extension DashPilotStore {
    /// The backups in the store's backups folder, newest first.
    public func backups() throws -> [BackupSummary] { try Self.backupsFolderContents(of: file).backups }

    /// Why no backup can be made beside the store at `file`, as a clause after the backups
    /// folder's path: something other than a folder stands at its path ("is not a folder"), the
    /// folder can't be written, or there is none and it can't be made there; `nil` where one can
    /// be tried.
    public static func backupsFolderBlocked(of file: StorePath) -> (folder: String, reason: String)? {
        let folder = backupsFolder(of: file)
        var info = stat()
        guard folder.withCString({ stat($0, &info) }) == 0 else {
            let reason = String(cString: strerror(errno))
            // None yet: one must be made where the store is (a link to nothing, or in a loop, is
            // never made).
            if folder.withCString({ lstat($0, &info) }) == 0 { return (folder.display, "can't be written (\(reason))") }
            // (With no folder yet for the store either, the first write makes both.)
            guard file.folder.withCString({ access($0, F_OK) == 0 && access($0, W_OK | X_OK) != 0 }) else { return nil }
            return (folder.display, "can't be made (\(String(cString: strerror(errno))))")
        }
        if info.st_mode & S_IFMT != S_IFDIR { return (folder.display, "is not a folder") }
        guard folder.withCString({ access($0, W_OK | X_OK) }) != 0 else { return nil }
        return (folder.display, "can't be written (\(String(cString: strerror(errno))))")
    }

    /// The backups folder of the store at `file`: its backups, newest first, and the files named
    /// as backups in it that are not usable ones. The store itself is not opened, so that a driver
    /// whose store is damaged, busy or older still sees what there is to restore.
    public static func backupsFolderContents(of file: StorePath) throws(StoreError) -> (
        backups: [BackupSummary], unusable: [UnusableBackup]
    ) {
        let folder = Self.backupsFolder(of: file)
        guard let names = try BackupFile.names(in: folder) else { return ([], []) }
        var unusable: [UnusableBackup] = []
        // Newest first: by the time each was written, to the nanosecond, then (for two written
        // in one second by a clock that did not move) by the number that made its name free.
        // Every file in it, whatever its name ("a file name is used as given", its bytes, UTF-8
        // or not), but the hidden copies a backup writes under a temporary name.
        let listed = names.filter { $0.first != 0x2E }.sorted { $0.lexicographicallyPrecedes($1) }.compactMap {
            bytes -> (BackupSummary, Int, Int)? in
            let path = folder.child(bytes)
            let name = String(decoding: bytes, as: UTF8.self)
            var info = stat()
            guard path.withCString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            // A newer version's backup is listed too, with its schema: it is there, and takes room.
            guard let summary = try? Self.summary(of: path, automatic: BackupFile.automaticKind(name), allowingNewer: true) else {
                unusable.append(UnusableBackup(path: path.display, bytes: Int64(info.st_size)))
                return nil
            }
            return (summary, BackupFile.modifiedNanoseconds(info), BackupFile.suffix(of: name))
        }
        // A copy a stopped backup left under its temporary name takes room too, until the next
        // backup removes it: it is said, never removed by a list.
        for name in BackupFile.abandoned(in: folder) {
            var info = stat()
            let path = folder.child(name)
            guard path.withCString({ stat($0, &info) }) == 0 else { continue }
            unusable.append(UnusableBackup(path: path.display, bytes: Int64(info.st_size), isUnfinishedCopy: true))
        }
        return (listed.sorted { ($0.0.madeAt, $0.1, $0.2, $0.0.path) > ($1.0.madeAt, $1.1, $1.2, $1.0.path) }.map { $0.0 }, unusable)
    }
}
