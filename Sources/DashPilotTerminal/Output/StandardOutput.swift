// Only the C library here, imported before concurrency checking: `stdout` is the stream `print`
// writes to, read once the command is done.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Standard output as `print` writes it.
enum StandardOutput {
    /// Flushes what was printed; `nil` when all of it arrived, else the error that kept it from
    /// arriving (0 when an earlier write failed and its error is no longer known).
    static func flushFailure() -> Int32? {
        if fflush(stdout) != 0 { return errno }
        return ferror(stdout) != 0 ? 0 : nil
    }
}
