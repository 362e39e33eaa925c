import Foundation

/// Standard error, written as a POSIX program writes it: a message that cannot be written (standard
/// error closed or full) is lost, and the program goes on to its exit status, where
/// `FileHandle.write` stopped it. A pipe whose reader has gone ends it with SIGPIPE, as it ends
/// every program that writes there, unless SIGPIPE is ignored: then the message is lost too.
enum StandardError {
    /// Writes `text`, all of it or as much as standard error (or the file `descriptor`) takes.
    static func write(_ text: String, to descriptor: Int32 = STDERR_FILENO) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
