#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mapped file cut short by another program while it is read (a copy over it, a logger that
/// rewrites it) has pages that no longer exist: touching one raises SIGBUS, which would end the
/// program with no sentence and the store's journal beside it. While a file is mapped, such a
/// fault maps a page of zeros in the missing page's place and marks the file changed: the reader
/// reads on, and the import is refused with the sentence of a file that changed while it was
/// read (`MappedFile.changed`). A fault anywhere else is left to end the program as before.
enum MappedFileFault {
    /// The start and end of the file mapped (0, 0 when none) and whether a fault fell in it: read
    /// by the handler, so kept in memory the handler touches without Swift's runtime.
    nonisolated(unsafe) private static let watched: UnsafeMutablePointer<UInt> = {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: 3)
        words.initialize(repeating: 0, count: 3)
        return words
    }()

    /// Watches the `length` bytes mapped at `base` (one file at a time: the last one mapped),
    /// installing the handler the first time.
    static func watch(_ base: UnsafeMutableRawPointer, length: Int) {
        let words = watched
        words[2] = 0
        words[0] = 0
        words[1] = UInt(bitPattern: base) + UInt(length)
        words[0] = UInt(bitPattern: base)
        installed
    }

    /// Stops watching `base` (when it is the file watched).
    static func forget(_ base: UnsafeMutableRawPointer) {
        if watched[0] == UInt(bitPattern: base) {
            watched[0] = 0
            watched[1] = 0
        }
    }

    /// Whether a page of the file watched at `base` was found missing.
    static func faulted(_ base: UnsafeMutableRawPointer) -> Bool { watched[0] == UInt(bitPattern: base) && watched[2] != 0 }

    private static let installed: Void = {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = { _, info, _ in MappedFileFault.replacePage(info) }
        #else
            action.__sigaction_u.__sa_sigaction = { _, info, _ in MappedFileFault.replacePage(info) }
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }()

    /// The handler: a page of zeros where the watched file's page is missing; any other fault
    /// is given back to the system's default, which ends the program when the access is retried.
    private static func replacePage(_ info: UnsafeMutablePointer<siginfo_t>?) {
        #if canImport(Glibc)
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        #else
            let address = UInt(bitPattern: info?.pointee.si_addr)
        #endif
        let words = watched
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        if words[0] != 0, address >= words[0], address < words[1] {
            let start = address / page * page
            let zeros = mmap(
                UnsafeMutableRawPointer(bitPattern: start), Int(page), PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0)
            if zeros != MAP_FAILED {
                words[2] = 1
                return
            }
        }
        signal(SIGBUS, SIG_DFL)
    }
}
