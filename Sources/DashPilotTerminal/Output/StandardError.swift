import Foundation

/// Standard error, written as a POSIX program writes it: a message that cannot be written (standard
/// error closed, full, or a pipe nobody reads) is lost, and the program goes on to its exit status.
/// `FileHandle.write` stops the program there instead.
enum StandardError {
    /// Writes `text`, all of it or as much as standard error takes.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
