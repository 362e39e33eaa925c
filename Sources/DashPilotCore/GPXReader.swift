import Foundation

/// Reads the track segments of a GPX 1.1 file. Every point keeps its time, coordinates and, when
/// the file gives one (an `hacc` or `horizontalAccuracy` extension), its horizontal accuracy; a
/// malformed file is refused with its line, before anything is imported.
///
/// The reader is a small, strict XML scanner of its own: Foundation's `XMLParser` parses about
/// 400,000 points a second on Linux with a delegate that does nothing, below what an import of a
/// long day's track should take. It checks what GPX needs of XML (one root, matched tags, quoted
/// attributes, known entities) and refuses a document type declaration outright, so that no
/// entity can expand.
public enum GPXReader {
    /// The file could not be read as GPX.
    public struct Malformed: Error, Sendable, Equatable {
        /// The line the reader failed at (1-based).
        public var line: Int
        /// What was wrong.
        public var reason: String

        /// Creates a refusal at `line`.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// The refusal as a sentence.
        public var sentence: String { "The GPX file is malformed at line \(line): \(reason). Nothing was imported." }
    }

    /// Parses `data` into segments of samples, in file order. Each `trkseg` is one segment.
    public static func segments(from data: Data) throws(Malformed) -> [[RouteSample]] {
        let result: Result<[[RouteSample]], Malformed> = data.withUnsafeBytes { raw in
            var scanner = GPXScanner(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Malformed) {
                return .success(try scanner.read())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
