import Foundation

/// Reads the track segments of a GPX 1.1 file. Every point keeps its time, coordinates and, when
/// the file gives one (an `hacc` or `horizontalAccuracy` extension), its horizontal accuracy; a
/// malformed file is refused with its line, before anything is imported.
///
/// The reader is a small, strict XML scanner of its own: Foundation's `XMLParser` parses about
/// 400,000 points a second on Linux with a delegate that does nothing, below what an import of a
/// long day's track should take. It checks that the file is well-formed XML (one root, matched
/// tags, names, attributes quoted, apart and not repeated, known entities, comments, characters
/// XML allows in UTF-8 or in the encoding declared) and refuses a document type declaration
/// outright, so that no entity can expand. Elements of another namespace, and what
/// `<extensions>` holds, are never read as GPX, except an accuracy.
public enum GPXReader {
    /// The file could not be read as GPX.
    public struct Malformed: Error, Sendable, Equatable {
        /// The line the reader failed at (1-based).
        public var line: Int
        /// What was wrong.
        public var reason: String
        /// Whether the file is text in an encoding DashPilot does not read (UTF-16), which may
        /// well be good XML: the sentence then says so, not that the file is malformed.
        public var isEncoding: Bool

        /// Creates a refusal at `line`.
        public init(line: Int, reason: String, isEncoding: Bool = false) {
            self.line = line
            self.reason = reason
            self.isEncoding = isEncoding
        }

        /// The refusal as a sentence.
        public var sentence: String {
            isEncoding
                ? "The file is \(reason), and DashPilot reads GPX in UTF-8: save it as UTF-8 to import it. Nothing was imported."
                : "The GPX file is malformed at line \(line): \(reason). Nothing was imported."
        }
    }

    /// Why a point was skipped while the file was read.
    public enum PointSkip: String, Sendable, Hashable, CaseIterable {
        case noTime
        case badTime
        case notANumber

        /// The reason as a clause.
        public var sentence: String {
            switch self {
            case .noTime: "it has no time"
            case .badTime: "its time is not an ISO 8601 time (or names a day that does not exist)"
            case .notANumber: "its position or accuracy is not a number"
            }
        }
    }

    /// What reading a file found besides the points it handed on.
    public struct Report: Sendable, Equatable {
        /// Points handed on.
        public var points = 0
        /// Points skipped, by reason.
        public var skipped: [PointSkip: Int] = [:]
        /// How many `<trk>` the file holds.
        public var tracks = 0
        /// How many `<rte>` and `<wpt>` it holds: planned routes and marked places, not a record.
        public var routesOrWaypoints = 0

        /// Creates an empty report.
        public init() {}
    }

    /// Where the points of a file go as they are read.
    public struct Sink {
        /// A new track segment (one capture session) begins.
        public var segment: () throws -> Void
        /// A point of the current segment, in file order.
        public var point: (RouteSample) throws -> Void
        /// The bytes before this offset will not be read again (a mapped file may let them go),
        /// and the fraction of the file read so far; it may throw to stop the reading (a file
        /// that changed while it was read).
        public var release: (Int, Double) throws -> Void

        /// Creates a sink.
        public init(
            segment: @escaping () throws -> Void, point: @escaping (RouteSample) throws -> Void,
            release: @escaping (Int, Double) throws -> Void = { _, _ in }
        ) {
            self.segment = segment
            self.point = point
            self.release = release
        }
    }

    /// Reads `bytes` as GPX 1.0 or 1.1 in one pass, handing each track segment and readable point
    /// to `sink` as it comes. A point with no time or a value that is not a number is skipped and
    /// counted; a file that is not well-formed XML, not GPX, or holds a DOCTYPE throws `Malformed`
    /// (after points were handed on: the caller's transaction undoes them). Errors `sink` throws
    /// pass through. O(length), in time; nothing grows with the file but the report.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, into sink: Sink) throws -> Report {
        var scanner = GPXScanner(bytes: bytes, sink: sink)
        return try scanner.read()
    }

    /// Parses `data` into segments of samples, in file order (for tests and small files: the
    /// samples are all held).
    public static func segments(from data: Data) throws -> [[RouteSample]] {
        var segments: [[RouteSample]] = []
        _ = try data.withUnsafeBytes { raw in
            try read(
                raw.bindMemory(to: UInt8.self),
                into: Sink(segment: { segments.append([]) }, point: { segments[segments.count - 1].append($0) }))
        }
        return segments
    }
}
