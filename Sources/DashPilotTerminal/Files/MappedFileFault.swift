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
/// read (`MappedFile.changed`). Any other SIGBUS (a fault elsewhere, one sent by another program,
/// a page already replaced faulting again) goes to the handler there was before, as if this one
/// had never been: the runtime's, which says where the program crashed.
enum MappedFileFault {
    /// What the handler reads, kept where it needs nothing of Swift's runtime once made: the
    /// start and end of the file mapped (0, 0 when none), whether a fault fell in it, the last
    /// page replaced, and the page size.
    nonisolated(unsafe) private static let words: UnsafeMutablePointer<UInt> = {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: 5)
        words.initialize(repeating: 0, count: 5)
        words[4] = UInt(sysconf(Int32(_SC_PAGESIZE)))
        return words
    }()

    /// The handler there was before this one's, put back while no file is watched.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)

    /// Watches the `length` bytes mapped at `base` (one file at a time: the last one mapped; a
    /// file mapped before it is no longer read), the handler in place while it is watched.
    static func watch(_ base: UnsafeMutableRawPointer, length: Int) {
        let words = words
        let installed = words[0] != 0
        words[1] = UInt(bitPattern: base) + UInt(length)
        words[2] = 0
        words[3] = 0
        words[0] = UInt(bitPattern: base)
        guard !installed else { return }
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = { _, info, _ in MappedFileFault.replacePage(info) }
        #else
            action.__sigaction_u.__sa_sigaction = { _, info, _ in MappedFileFault.replacePage(info) }
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, previous)
    }

    /// Stops watching `base` (when it is the file watched), the handler there was before back.
    static func forget(_ base: UnsafeMutableRawPointer) {
        guard words[0] == UInt(bitPattern: base) else { return }
        words[0] = 0
        words[1] = 0
        sigaction(SIGBUS, previous, nil)
    }

    /// Whether a page of the file watched at `base` was found missing.
    static func faulted(_ base: UnsafeMutableRawPointer) -> Bool { words[0] == UInt(bitPattern: base) && words[2] != 0 }

    /// The handler: a page of zeros where the watched file's page is missing. Anything else is
    /// handed back to the handler there was before: a fault that recurs once it is back, a
    /// signal sent by another program raised again for it.
    private static func replacePage(_ info: UnsafeMutablePointer<siginfo_t>?) {
        let words = words
        #if canImport(Glibc)
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        #else
            let address = UInt(bitPattern: info?.pointee.si_addr)
        #endif
        let page = address / words[4] * words[4]
        // A bus error of the hardware (si_code > 0), not a signal sent with kill (SI_USER, 0).
        let fault = (info?.pointee.si_code ?? 0) > 0
        if fault, words[0] != 0, address >= words[0], address < words[1], page != words[3] {
            let zeros = mmap(
                UnsafeMutableRawPointer(bitPattern: page), Int(words[4]), PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0)
            if zeros != MAP_FAILED {
                words[2] = 1
                words[3] = page
                return
            }
        }
        sigaction(SIGBUS, previous, nil)
        words[0] = 0
        if !fault { raise(SIGBUS) }
    }
}
