import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, mapped read-only so that reading a large file does not hold it in memory:
/// pages behind the reader are let go as it moves on. Standard input (`-` or `/dev/stdin`),
/// which cannot be mapped, is read whole. Anything else that is not a regular file (a folder, a
/// pipe, a device) is refused with a sentence, as is a file that shrinks while it is read.
final class MappedFile {
    private let base: UnsafeMutableRawPointer?
    private let length: Int
    private let owned: [UInt8]?
    private let descriptor: Int32
    private let shown: String

    /// Maps the file at `bytes` (a path used as the bytes it was given: one that is not UTF-8 is
    /// never repaired into another file's name), or throws a sentence saying why not.
    init(path bytes: [UInt8]) throws {
        let path = String(decoding: bytes, as: UTF8.self)
        shown = path == "-" ? "standard input" : path
        if bytes == Array("-".utf8) || bytes == Array("/dev/stdin".utf8) {
            owned = try Self.readWhole(STDIN_FILENO, shown: shown)
            base = nil
            length = owned?.count ?? 0
            descriptor = -1
            return
        }
        let descriptor = (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        }
        guard descriptor >= 0 else { throw Self.failure(path, String(cString: strerror(errno))) }
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
        owned = nil
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
        base = mapped
    }

    deinit {
        if let base { munmap(base, length) }
        if descriptor >= 0 { close(descriptor) }
    }

    private static func failure(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure(sentence: "Can't read \(path): \(reason); nothing was imported from it.")
    }

    /// Everything `descriptor` holds, read to its end.
    private static func readWhole(_ descriptor: Int32, shown: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(shown, String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// Runs `body` with the bytes.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        if let owned { return try owned.withUnsafeBufferPointer(body) }
        return try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: length))
    }

    /// Lets go of the pages before `offset`: they are read from the file again if touched. Throws
    /// when the file has shrunk since it was mapped: reading on would touch pages it no longer has.
    func release(before offset: Int) throws {
        guard let base else { return }
        var info = stat()
        if descriptor >= 0, fstat(descriptor, &info) == 0, Int(info.st_size) < length {
            throw CommandFailure(sentence: "\(shown) changed while it was read; nothing was imported from it.")
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        if end > 0 { madvise(base, end, MADV_DONTNEED) }
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
