import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, mapped read-only so that reading a large file does not hold it in memory:
/// pages behind the reader are let go as it moves on. Standard input, which cannot be mapped,
/// is read whole.
final class MappedFile {
    private let base: UnsafeMutableRawPointer?
    private let length: Int
    private let owned: [UInt8]?

    /// Maps `path` (`-` reads standard input), or throws a sentence saying why not.
    init(path: String) throws {
        if path == "-" {
            owned = Array(FileHandle.standardInput.readDataToEndOfFile())
            base = nil
            length = owned?.count ?? 0
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure(sentence: "Can't read \(path): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw CommandFailure(sentence: "Can't read \(path): \(String(cString: strerror(errno))).")
        }
        if (info.st_mode & S_IFMT) != S_IFREG {
            // A pipe or a device (/dev/stdin): read it whole.
            owned = Array(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile())
            base = nil
            length = owned?.count ?? 0
            return
        }
        length = Int(info.st_size)
        owned = nil
        guard length > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw CommandFailure(sentence: "Can't read \(path): \(String(cString: strerror(errno))).")
        }
        madvise(mapped, length, MADV_SEQUENTIAL)
        base = mapped
    }

    deinit {
        if let base { munmap(base, length) }
    }

    /// Runs `body` with the bytes.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        if let owned { return try owned.withUnsafeBufferPointer(body) }
        return try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: length))
    }

    /// Lets go of the pages before `offset`: they are read from the file again if touched.
    func release(before offset: Int) {
        guard let base else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        if end > 0 { madvise(base, end, MADV_DONTNEED) }
    }
}
