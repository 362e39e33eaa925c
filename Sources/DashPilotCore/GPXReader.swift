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
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Malformed) {
                return .success(try scanner.read())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A single pass over the bytes. Names and values are ranges into them; nothing is copied
    /// unless an entity or a CDATA section has to be decoded.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var stack: [Range<Int>] = []
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        var segments: [[RouteSample]] = []
        var sawRoot = false
        var inSegment = false
        // The point being read: its coordinates, where it started, and what its children gave.
        var point: (latitude: Double, longitude: Double, offset: Int)?
        var time: Date?
        var accuracy: Double?
        var collecting: Field?
        var textRange: Range<Int>?
        var textCopy: [UInt8]?

        enum Field { case time, accuracy }

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        }

        func line(at offset: Int) -> Int {
            var line = 1
            for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A { line += 1 }
            return line
        }

        func fail(_ reason: String, at offset: Int? = nil) -> Malformed {
            Malformed(line: line(at: offset ?? index), reason: reason)
        }

        func starts(_ literal: StaticString, at offset: Int) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            return literal.withUTF8Buffer { literalBytes in
                for position in 0..<count where bytes[offset + position] != literalBytes[position] { return false }
                return true
            }
        }

        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        /// Whether the name at `range`, without its namespace prefix, is `literal`.
        func isNamed(_ range: Range<Int>, _ literal: StaticString) -> Bool {
            var start = range.lowerBound
            for position in range where bytes[position] == 0x3A { start = position + 1 }
            let count = literal.utf8CodeUnitCount
            guard range.upperBound - start == count else { return false }
            return starts(literal, at: start)
        }

        func sameName(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            guard a.count == b.count else { return false }
            for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] { return false }
            return true
        }

        /// Moves past the next `literal`, or fails with `reason`.
        mutating func skip(past literal: StaticString, _ reason: String) throws(Malformed) {
            let start = index
            while index < bytes.count {
                if starts(literal, at: index) {
                    index += literal.utf8CodeUnitCount
                    return
                }
                index += 1
            }
            throw fail(reason, at: start)
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x3A, 0x5F, 0x80...0xFF: true
            default: false
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        mutating func skipSpaces() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        mutating func name() throws(Malformed) -> Range<Int> {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > start else { throw fail("an element or attribute has no name") }
            return start..<index
        }

        mutating func read() throws(Malformed) -> [[RouteSample]] {
            while index < bytes.count {
                if bytes[index] == 0x3C {
                    try markup()
                } else {
                    let start = index
                    while index < bytes.count, bytes[index] != 0x3C { index += 1 }
                    try characters(start..<index, cdata: false)
                }
            }
            guard sawRoot else { throw fail("it has no <gpx> element") }
            if let open = stack.last { throw fail("the file ends inside <\(text(open))>") }
            return segments
        }

        mutating func markup() throws(Malformed) {
            let start = index
            if starts("<?", at: index) {
                try skip(past: "?>", "a processing instruction is not closed")
            } else if starts("<!--", at: index) {
                try skip(past: "-->", "a comment is not closed")
            } else if starts("<![CDATA[", at: index) {
                index += 9
                let textStart = index
                try skip(past: "]]>", "a CDATA section is not closed")
                try characters(textStart..<(index - 3), cdata: true)
            } else if starts("<!", at: index) {
                throw fail("a document type declaration is not allowed in GPX")
            } else if starts("</", at: index) {
                index += 2
                let closing = try name()
                skipSpaces()
                guard index < bytes.count, bytes[index] == 0x3E else { throw fail("a closing tag is not closed", at: start) }
                index += 1
                guard let open = stack.popLast(), sameName(open, closing) else {
                    throw fail("</\(text(closing))> closes nothing that is open", at: start)
                }
                try end(closing, at: start)
            } else {
                index += 1
                let element = try name()
                attributes.removeAll(keepingCapacity: true)
                while true {
                    skipSpaces()
                    guard index < bytes.count else { throw fail("a tag is not closed", at: start) }
                    if bytes[index] == 0x3E {
                        index += 1
                        try begin(element, at: start)
                        break
                    }
                    if starts("/>", at: index) {
                        index += 2
                        try begin(element, at: start)
                        _ = stack.popLast()
                        try end(element, at: start)
                        break
                    }
                    let attribute = try name()
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == 0x3D else { throw fail("an attribute has no value", at: start) }
                    index += 1
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                        throw fail("an attribute's value is not quoted", at: start)
                    }
                    let quote = bytes[index]
                    index += 1
                    let valueStart = index
                    while index < bytes.count, bytes[index] != quote, bytes[index] != 0x3C { index += 1 }
                    guard index < bytes.count, bytes[index] == quote else { throw fail("an attribute's value is not closed", at: start) }
                    attributes.append((attribute, valueStart..<index))
                    index += 1
                }
            }
        }

        /// Text with the five predefined entities and character references decoded.
        func decoded(_ range: Range<Int>) throws(Malformed) -> [UInt8] {
            var output: [UInt8] = []
            var position = range.lowerBound
            while position < range.upperBound {
                guard bytes[position] == 0x26 else {
                    output.append(bytes[position])
                    position += 1
                    continue
                }
                var semicolon = position
                while semicolon < range.upperBound, bytes[semicolon] != 0x3B { semicolon += 1 }
                guard semicolon < range.upperBound else { throw fail("an entity is not closed", at: position) }
                let entity = text((position + 1)..<semicolon)
                switch entity {
                case "amp": output.append(0x26)
                case "lt": output.append(0x3C)
                case "gt": output.append(0x3E)
                case "quot": output.append(0x22)
                case "apos": output.append(0x27)
                default:
                    let number =
                        entity.hasPrefix("#x")
                        ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    guard let number, let scalar = Unicode.Scalar(number) else {
                        throw fail("&\(entity); is not an entity GPX knows", at: position)
                    }
                    output += Array(String(Character(scalar)).utf8)
                }
                position = semicolon + 1
            }
            return output
        }

        func hasEntity(_ range: Range<Int>) -> Bool {
            for position in range where bytes[position] == 0x26 { return true }
            return false
        }

        mutating func characters(_ range: Range<Int>, cdata: Bool) throws(Malformed) {
            if stack.isEmpty {
                for position in range where !Self.isSpace(bytes[position]) {
                    throw fail("there is text outside the <gpx> element", at: range.lowerBound)
                }
                return
            }
            guard collecting != nil else { return }
            if textRange == nil && textCopy == nil && (cdata || !hasEntity(range)) {
                textRange = range
                return
            }
            // A second piece, or one with entities: copy what there is so far and go on copying.
            var copy = textCopy ?? textRange.map { Array(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? []
            copy += cdata ? Array(UnsafeBufferPointer(rebasing: bytes[range])) : try decoded(range)
            textCopy = copy
            textRange = nil
        }

        /// The collected text with surrounding white space removed, handed to `body`.
        func withCollectedText<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            func trimmed(_ buffer: UnsafeBufferPointer<UInt8>) -> T {
                var low = 0
                var high = buffer.count
                while low < high, Self.isSpace(buffer[low]) { low += 1 }
                while high > low, Self.isSpace(buffer[high - 1]) { high -= 1 }
                return body(UnsafeBufferPointer(rebasing: buffer[low..<high]))
            }
            if let copy = textCopy { return copy.withUnsafeBufferPointer(trimmed) }
            if let range = textRange { return trimmed(UnsafeBufferPointer(rebasing: bytes[range])) }
            return trimmed(UnsafeBufferPointer(start: nil, count: 0))
        }

        func attributeNumber(_ value: Range<Int>) throws(Malformed) -> Double? {
            if hasEntity(value) { return try decoded(value).withUnsafeBufferPointer { Self.number($0) } }
            return Self.number(UnsafeBufferPointer(rebasing: bytes[value]))
        }

        mutating func begin(_ element: Range<Int>, at offset: Int) throws(Malformed) {
            if stack.isEmpty {
                guard !sawRoot else { throw fail("there is a second root element", at: offset) }
                guard isNamed(element, "gpx") else { throw fail("the root element is not <gpx>", at: offset) }
                sawRoot = true
            }
            stack.append(element)
            if isNamed(element, "trkseg") {
                inSegment = true
                segments.append([])
            } else if inSegment && isNamed(element, "trkpt") {
                var latitude: Double?
                var longitude: Double?
                for attribute in attributes {
                    if isNamed(attribute.name, "lat") { latitude = try attributeNumber(attribute.value) }
                    if isNamed(attribute.name, "lon") { longitude = try attributeNumber(attribute.value) }
                }
                guard let latitude, let longitude else { throw fail("a <trkpt> needs numeric lat and lon attributes", at: offset) }
                point = (latitude, longitude, offset)
                time = nil
                accuracy = nil
            } else if point != nil && isNamed(element, "time") {
                collecting = .time
                textRange = nil
                textCopy = nil
            } else if point != nil && (isNamed(element, "hacc") || isNamed(element, "horizontalAccuracy")) {
                collecting = .accuracy
                textRange = nil
                textCopy = nil
            }
        }

        mutating func end(_ element: Range<Int>, at offset: Int) throws(Malformed) {
            if let field = collecting, point != nil {
                switch field {
                case .time where isNamed(element, "time"):
                    guard let parsed = withCollectedText({ ISO8601.parse(bytes: $0) }) else {
                        throw fail("a point's <time> is not an ISO 8601 time", at: offset)
                    }
                    time = parsed
                    collecting = nil
                case .accuracy where isNamed(element, "hacc") || isNamed(element, "horizontalAccuracy"):
                    guard let number = withCollectedText({ Self.number($0) }) else {
                        throw fail("a point's accuracy is not a number", at: offset)
                    }
                    accuracy = number
                    collecting = nil
                default:
                    break
                }
            }
            if isNamed(element, "trkpt"), let current = point {
                point = nil
                guard let time else { throw fail("a <trkpt> has no <time>", at: current.offset) }
                segments[segments.count - 1].append(
                    RouteSample(recordedAt: time, latitude: current.latitude, longitude: current.longitude, horizontalAccuracy: accuracy))
            } else if isNamed(element, "trkseg") {
                inSegment = false
            }
        }

        /// A decimal number (`-75.0001`, `4.5`, `1e-3`); nothing else, not `inf` or `nan`.
        static func number(_ value: UnsafeBufferPointer<UInt8>) -> Double? {
            var position = 0
            if position < value.count, value[position] == 0x2D || value[position] == 0x2B { position += 1 }
            var digits = 0
            while position < value.count, (0x30...0x39).contains(value[position]) {
                position += 1
                digits += 1
            }
            if position < value.count, value[position] == 0x2E {
                position += 1
                while position < value.count, (0x30...0x39).contains(value[position]) {
                    position += 1
                    digits += 1
                }
            }
            guard digits > 0 else { return nil }
            if position < value.count, value[position] == 0x65 || value[position] == 0x45 {
                position += 1
                if position < value.count, value[position] == 0x2D || value[position] == 0x2B { position += 1 }
                let exponentStart = position
                while position < value.count, (0x30...0x39).contains(value[position]) { position += 1 }
                guard position > exponentStart else { return nil }
            }
            guard position == value.count, value.count < 64 else { return nil }
            // Validated above, so the C parser sees only a plain decimal; the copy ends it with NUL.
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: value.count + 1) { buffer in
                for offset in 0..<value.count { buffer[offset] = CChar(bitPattern: value[offset]) }
                buffer[value.count] = 0
                return strtod(buffer.baseAddress!, nil)
            }
        }
    }
}
