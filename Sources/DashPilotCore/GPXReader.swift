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

        /// Creates a refusal at `line`.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// The refusal as one sentence, after the file's name and a colon: "the GPX file is
        /// malformed at line 3: the file ends inside <trk>; nothing was imported."
        public var sentence: String { "the GPX file is malformed at line \(line): \(reason); nothing was imported." }
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
    /// `transcodedFromUTF16`: the bytes are UTF-8 made from the file's UTF-16
    /// (`transcodeUTF16`), whatever its declaration names. UTF-16 handed here as it is is read
    /// through a copy in memory (for tests and small files).
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, into sink: Sink, transcodedFromUTF16: Bool = false) throws -> Report {
        if !transcodedFromUTF16 && isUTF16(bytes) {
            var utf8: [UInt8] = []
            try transcodeUTF16(bytes) { piece, _ in utf8.append(contentsOf: piece) }
            return try utf8.withUnsafeBufferPointer { try read($0, into: sink, transcodedFromUTF16: true) }
        }
        var scanner = GPXScanner(bytes: bytes, sink: sink, transcoded: transcodedFromUTF16)
        return try scanner.read()
    }

    /// Whether `bytes` are UTF-16 text: a byte order mark, or a first character `<` with a zero
    /// byte beside it. XML may be UTF-16 (platform.md refuses only what is not well-formed XML,
    /// not GPX, or holds a DOCTYPE): it is read as the same characters in UTF-8.
    public static func isUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { isBigEndianUTF16(bytes) != nil }

    private static func isBigEndianUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF), (0x00, 0x3C): return true
        case (0xFF, 0xFE), (0x3C, 0x00): return false
        default: return nil
        }
    }

    /// The UTF-16 text `bytes` in UTF-8, handed to `piece` in pieces of at most 64 KiB, each with
    /// how many of `bytes` were read to make it (so that a caller may let them go): memory does
    /// not grow with the file. Text that is not valid UTF-16 is refused at its line, never
    /// repaired. O(length).
    public static func transcodeUTF16(
        _ bytes: UnsafeBufferPointer<UInt8>, into piece: (UnsafeBufferPointer<UInt8>, _ read: Int) throws -> Void
    ) throws {
        guard let bigEndian = isBigEndianUTF16(bytes) else { return }
        let (high, low) = bigEndian ? (0, 1) : (1, 0)
        var read = 0
        // Whole pairs only: an odd byte at the end is refused below.
        let units = stride(from: 0, to: bytes.count - bytes.count % 2, by: 2).lazy.map { (offset: Int) -> UInt16 in
            read = offset + 2
            let first = UInt16(bytes[offset + high])
            let second = UInt16(bytes[offset + low])
            return first << 8 | second
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        var lines = 0
        var failure: (any Error)?
        let invalid = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { byte in
            guard failure == nil else { return }
            if byte == 0x0A { lines += 1 }
            buffer.append(byte)
            guard buffer.count == 1 << 16 else { return }
            do { try buffer.withUnsafeBufferPointer { try piece($0, read) } } catch { failure = error }
            buffer.removeAll(keepingCapacity: true)
        }
        if let failure { throw failure }
        // Refused at the line it failed on: the lines read before it, and the next.
        guard !invalid && bytes.count % 2 == 0 else {
            throw Malformed(line: lines + 1, reason: "it is UTF-16 text that is not valid (an odd byte, or half of a character)")
        }
        if !buffer.isEmpty { try buffer.withUnsafeBufferPointer { try piece($0, bytes.count) } }
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
