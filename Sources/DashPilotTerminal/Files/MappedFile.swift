import DashPilotCore
import DashPilotStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, mapped read-only so that reading a large file does not hold it in memory:
/// pages behind the reader are let go as it moves on. Standard input (`-` or `/dev/stdin`) is
/// mapped as it is when it is a file; a pipe is first copied to a temporary file no other
/// program can open (removed from its folder at once), so that memory never grows with what
/// comes through it. Such a copy is made in the store's own folder, never in the system's
/// temporary one: a driver's route does not leave where the store is kept. Anything else that is not a regular file (a folder, a pipe, a device) is
/// refused with a sentence, as is a file that shrinks while it is read.
final class MappedFile {
    private let base: UnsafeMutableRawPointer?
    private let length: Int
    private let descriptor: Int32
    private let shown: String
    /// The store a copy of it is made beside.
    private let copies: StorePath

    /// Maps the file at `bytes` (a path used as the bytes it was given: one that is not UTF-8 is
    /// never repaired into another file's name), or throws a sentence saying why not. Standard
    /// input from a pipe is copied first, beside `store`, `copied` told the bytes copied so far.
    convenience init(path bytes: [UInt8], copiesBeside store: StorePath, copied: (Int) -> Void = { _ in }) throws {
        let path = StorePath(bytes: bytes).display
        let shown = path == "-" ? "standard input" : path
        let descriptor: Int32
        if bytes == Array("-".utf8) || bytes == Array("/dev/stdin".utf8) {
            descriptor = try Self.standardInputAsFile(shown: shown, beside: store, copied: copied)
        } else {
            descriptor = (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
            }
        }
        guard descriptor >= 0 else { throw Self.failure(path, String(cString: strerror(errno))) }
        try self.init(descriptor: descriptor, path: path, shown: shown, copies: store)
    }

    /// The UTF-8 of `source`'s UTF-16 text (`GPXReader.transcodeUTF16`), written to a temporary
    /// file no other program can open and mapped as any file is: memory never grows with the
    /// file, and the pages of `source` behind the transcoding are let go as it moves on.
    convenience init(utf8FromUTF16Of source: MappedFile) throws {
        let copy = try Self.privateTemporaryFile(beside: source.copies, shown: source.shown)
        do {
            try source.withBytes { bytes in
                try GPXReader.transcodeUTF16(bytes) { piece, read in
                    try StopSignals.check()
                    try Self.write(piece, to: copy, failing: Self.copyFailure(source.shown, beside: source.copies))
                    try source.release(before: read)
                }
            }
        } catch {
            close(copy)
            throw error
        }
        try self.init(descriptor: copy, path: source.shown, shown: source.shown, copies: source.copies)
    }

    /// Maps the open file `descriptor` (closed on failure), which must be a regular file.
    private init(descriptor: Int32, path: String, shown: String, copies: StorePath) throws {
        self.shown = shown
        self.copies = copies
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw Self.failure(path, String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            close(descriptor)
            throw CommandFailure(sentence: "\(path) is a folder, not a GPX file; nothing was imported from it.")
        default:
            close(descriptor)
            throw CommandFailure(
                sentence: "\(path) is a pipe or a device, not a GPX file; to import from a pipe, give - and use standard input.")
        }
        self.descriptor = descriptor
        length = Int(info.st_size)
        guard length > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            close(descriptor)
            throw Self.failure(path, String(cString: strerror(errno)))
        }
        madvise(mapped, length, MADV_SEQUENTIAL)
        MappedFileFault.watch(mapped, length: length)
        base = mapped
    }

    deinit {
        if let base {
            MappedFileFault.forget(base)
            munmap(base, length)
        }
        if descriptor >= 0 { close(descriptor) }
    }

    private static func failure(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure(sentence: "Can't read \(path): \(reason); nothing was imported from it.")
    }

    /// A descriptor of a regular file holding standard input from where it stands: standard
    /// input itself when it is such a file read from its start, else a temporary copy of what it
    /// holds to its end, made private (0600) and removed from its folder before anything is
    /// written to it.
    private static func standardInputAsFile(shown: String, beside store: StorePath, copied: (Int) -> Void) throws -> Int32 {
        var info = stat()
        if fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG, lseek(STDIN_FILENO, 0, SEEK_CUR) == 0 {
            return fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
        }
        return try privateCopy(of: STDIN_FILENO, beside: store, shown: shown, stopping: StopSignals.check, copied: copied)
    }

    /// A private temporary file holding what `source` (a pipe) holds to its end. `stopping`
    /// throws once the copy is to stop. A stop signal that came while the last bytes were
    /// written finds no read to cut short, and a read waits as long as the writer keeps the pipe
    /// open: `stopping` is asked before each wait, and the wait is bounded. `copied` is told the
    /// bytes copied so far, before each wait.
    static func privateCopy(
        of source: Int32, beside store: StorePath, shown: String, stopping: () throws -> Void, copied: (Int) -> Void = { _ in }
    ) throws -> Int32 {
        let copy = try privateTemporaryFile(beside: store, shown: shown)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        do {
            while true {
                copied(total)
                try stopping()
                guard try readable(source, shown: shown) else { continue }
                let count = buffer.withUnsafeMutableBytes { systemRead(source, $0.baseAddress, $0.count) }
                if count == 0 { return copy }
                // A stop signal cuts a read short (EINTR): `stopping` is asked again.
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { throw failure(shown, String(cString: strerror(errno))) }
                try buffer[..<count].withUnsafeBufferPointer { try write($0, to: copy, failing: copyFailure(shown, beside: store)) }
                total += count
            }
        } catch {
            close(copy)
            throw error
        }
    }

    /// Whether `descriptor` has something to read (or its end), waiting a quarter of a second
    /// at most: a stop signal is then seen however it fell against the wait.
    private static func readable(_ descriptor: Int32, shown: String) throws -> Bool {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&waiting, 1, 250)
        guard ready >= 0 || errno == EINTR else { throw failure(shown, String(cString: strerror(errno))) }
        return ready > 0
    }

    /// A temporary file in the folder of `store` (its links followed: where SQLite writes its
    /// journal) made private (0600) and removed from it before anything is written to it: no
    /// other program can open it. A folder the store can't be written in is the store's refusal.
    private static func privateTemporaryFile(beside store: StorePath, shown: String) throws -> Int32 {
        var template = (folder(of: store).bytes + Array("/.dashpilot-import-XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if copy < 0 && [EROFS, EACCES, EPERM].contains(errno) { throw StoreError.readOnly(path: store.display) }
        if copy < 0 && errno == ENOSPC { throw StoreError.diskFull }
        guard copy >= 0 else { throw copyFailure(shown, beside: store)(String(cString: strerror(errno))) }
        _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return copy
    }

    /// Why a copy of `shown` beside `store` could not be made, as a sentence of the reason given.
    private static func copyFailure(_ shown: String, beside store: StorePath) -> (String) -> CommandFailure {
        {
            CommandFailure(
                sentence: "Can't copy \(shown) into \(folder(of: store).display) to read it (\($0)); nothing was imported from it.")
        }
    }

    /// The folder the store's file is in, its links followed, as an absolute path where it can be;
    /// where it is not made yet (a first command), the nearest folder above it that is.
    private static func folder(of store: StorePath) -> StorePath {
        var path = store
        while true {
            if let resolved = path.withCString({ realpath($0, nil) }) {
                defer { free(resolved) }
                let absolute = StorePath(
                    bytes: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map { UInt8(bitPattern: $0) })
                return path == store ? absolute.folder : absolute
            }
            guard path.folder != path, path.bytes != Array(".".utf8) else { return store.folder }
            path = path.folder
        }
    }

    /// Writes all of `bytes` to `descriptor`, or throws `failing`'s sentence of why not.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, failing: (String) -> CommandFailure) throws {
        var written = 0
        while written < bytes.count {
            let step = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if step < 0 && errno == EINTR {
                try StopSignals.check()
                continue
            }
            if step < 0 && errno == ENOSPC { throw StoreError.diskFull }
            guard step > 0 else { throw failing(String(cString: strerror(errno))) }
            written += step
        }
    }

    /// Runs `body` with the bytes.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: length))
    }

    /// Lets go of the pages before `offset`: they are read from the file again if touched. Throws
    /// when the file has shrunk since it was mapped: reading on would touch pages it no longer has.
    func release(before offset: Int) throws {
        guard let base else { return }
        if changed { throw changedFailure }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        if end > 0 { madvise(base, end, MADV_DONTNEED) }
    }

    /// Whether the file was cut short since it was mapped: what was read of it past its new end
    /// is zeros, in its last page as in the pages found missing (`MappedFileFault`).
    var changed: Bool {
        guard let base else { return false }
        var info = stat()
        return MappedFileFault.faulted(base) || (descriptor >= 0 && fstat(descriptor, &info) == 0 && Int(info.st_size) < length)
    }

    /// The refusal of a file cut short while it was read.
    var changedFailure: CommandFailure {
        CommandFailure(sentence: "\(shown) changed while it was read; nothing was imported from it.")
    }
}
