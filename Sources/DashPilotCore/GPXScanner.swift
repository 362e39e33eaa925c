import Foundation

/// A single pass over a GPX file's bytes. Names and values are ranges into them; nothing is
/// copied unless an entity or a CDATA section has to be decoded, or text comes in pieces.
struct GPXScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var stack: [Range<Int>] = []
    var attributes: [(name: Range<Int>, value: Range<Int>)] = []
    /// The names of `attributes`, once they are many (`isRepeated`).
    var attributeNames: Set<[UInt8]>?
    var sawRoot = false
    var inSegment = false
    /// Whether the segment read now is a track's with no <trkseg>: its points stand in the <trk>.
    var inTrackAsSegment = false
    // The point being read: its coordinates (nil: not numbers), and what its children gave.
    var point: (latitude: Double, longitude: Double)??
    var time: Date?
    var sawTime = false
    var accuracy: Double?
    var accuracyIsBad = false
    var collecting: Field?
    var textRange: Range<Int>?
    var textCopy: [UInt8]?
    /// What the file held besides the points handed on.
    var report = GPXReader.Report()
    let sink: GPXReader.Sink
    // Where the bytes behind the cursor were last released (see `GPXReader.Sink.release`).
    var released = 0
    // Where the bytes have been checked up to (see `checkCharacters`), how many lines ended
    // before it, and whether as UTF-8.
    var checked = 0
    var checkedLines = 0
    var checksUTF8 = true
    // The namespace prefixes declared in the open elements (see `isGPX`), and the depth of the
    // outermost open element that is not GPX's or is an `<extensions>` (0: none).
    var namespaces: [(prefix: Range<Int>, isGPX: Bool, depth: Int)] = []
    var defaultIsForeign = false
    var foreignDepth = 0
    /// Where the document starts, after a byte order mark: the only place for an XML declaration.
    let documentStart: Int

    enum Field { case time, accuracy }

    /// Whether the bytes were transcoded from the file's UTF-16.
    let transcoded: Bool

    init(bytes: UnsafeBufferPointer<UInt8>, sink: GPXReader.Sink, transcoded: Bool = false) {
        self.bytes = bytes
        self.transcoded = transcoded
        self.sink = sink
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        documentStart = index
        checked = index
    }

    /// At most 100 characters of the file, for a message: a name or value may be megabytes long
    /// (platform.md: "no message quotes more than 100 characters of the file"). Two quotes in
    /// one message share them: `limit` 50 each.
    func quote(_ range: Range<Int>, limit: Int = 100) -> String {
        guard range.count > limit else { return text(range) }
        // Cut between characters: a name's character cut in two read as "�".
        var end = range.lowerBound + limit
        while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return text(range.lowerBound..<end) + "…"
    }

    /// The line `offset` is on: a line ends at LF, at CR LF, or at a CR alone, as XML reads them.
    /// Counted on from the bytes checked, whose lines were counted as they were: counted from the
    /// start, a file cut short read its whole length again, released pages and all (the memory of
    /// a truncated 150 MB file grew to 165 MiB where a whole one stays at 25).
    func line(at offset: Int) -> Int {
        let from = offset >= checked ? checked : 0
        var line = from == 0 ? 1 : checkedLines + 1
        for position in from..<min(offset, bytes.count) {
            let byte = bytes[position]
            if byte == 0x0A || (byte == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A)) { line += 1 }
        }
        return line
    }

    func fail(_ reason: String, at offset: Int? = nil) -> GPXReader.Malformed {
        let offset = offset ?? index
        // A byte XML does not allow, before the fault or at it, is the first thing wrong.
        if offset >= checked, let bad = scan(from: checked, to: min(offset + 1, bytes.count)).bad { return unreadable(at: bad) }
        return GPXReader.Malformed(line: line(at: offset), reason: reason)
    }

    // The byte comparisons below (and `isAccuracy`, `hasEntity`, `attributeNumber`) are inlined:
    // called from a mutating method, each call copied the whole scanner to ask.
    @inline(__always)
    func starts(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for position in 0..<count where bytes[offset + position] != literalBytes[position] { return false }
            return true
        }
    }

    /// Whether the file starts as UTF-16 does: a byte order mark, or `<` followed or preceded by a
    /// zero byte.
    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

    /// Whether the name at `range`, without its namespace prefix, is `literal`.
    @inline(__always)
    func isNamed(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        var start = range.lowerBound
        for position in range where bytes[position] == 0x3A { start = position + 1 }
        let count = literal.utf8CodeUnitCount
        guard range.upperBound - start == count else { return false }
        return starts(literal, at: start)
    }

    @inline(__always)
    func sameName(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] { return false }
        return true
    }

    /// Moves past the next `literal`, or fails with `reason`.
    mutating func skip(past literal: StaticString, _ reason: String) throws {
        let start = index
        while index < bytes.count {
            if starts(literal, at: index) {
                index += literal.utf8CodeUnitCount
                return
            }
            index += 1
            if index & 0xFFFF == 0 { try keepUp() }
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

    mutating func name() throws -> Range<Int> {
        let start = index
        while index < bytes.count, GPXScanner.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw fail("an element or attribute has no name") }
        // A name may hold digits, "-" and ".", but not start with one.
        guard !(0x30...0x39).contains(bytes[start]) && bytes[start] != 0x2D && bytes[start] != 0x2E else {
            throw fail("\"\(quote(start..<index))\" is not an XML name", at: start)
        }
        return start..<index
    }

    mutating func read() throws -> GPXReader.Report {
        // Read from UTF-16, the bytes are UTF-8 whatever the declaration names.
        checksUTF8 = transcoded || declaresUTF8()
        while index < bytes.count {
            try keepUp()
            if bytes[index] == 0x3C {
                try markup()
            } else {
                // Text is handed on a MiB at a time, so that the pages behind a long run of it
                // are let go as the rest are (memory does not grow with the file).
                let start = index
                let end = min(bytes.count, start + (1 << 20))
                while index < end, bytes[index] != 0x3C { index += 1 }
                if index == end && end < bytes.count && bytes[end] != 0x3C { index = textCut(after: start) }
                try characters(start..<index, cdata: false)
            }
        }
        try checkCharacters(upTo: bytes.count)
        guard sawRoot else { throw fail("it has no <gpx> element") }
        if let open = stack.last { throw fail("the file ends inside <\(quote(open))>") }
        return report
    }

    mutating func markup() throws {
        let start = index
        if starts("<?", at: index) {
            try instruction()
        } else if starts("<!--", at: index) {
            try comment()
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
            guard let open = stack.popLast() else { throw fail("</\(quote(closing))> closes nothing that is open", at: start) }
            guard sameName(open, closing) else {
                throw fail("</\(quote(closing, limit: 50))> comes where <\(quote(open, limit: 50))> is still open", at: start)
            }
            try end(closing, at: start)
        } else {
            index += 1
            let element = try name()
            attributes.removeAll(keepingCapacity: true)
            attributeNames = nil
            while true {
                try skipSpacesInTag()
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
                let delimiter = bytes[index]
                index += 1
                let valueStart = index
                try advance { $0 != delimiter && $0 != 0x3C }
                guard index < bytes.count, bytes[index] == delimiter else { throw fail("an attribute's value is not closed", at: start) }
                if hasEntity(valueStart..<index) { _ = try decoded(valueStart..<index) }
                if isRepeated(attribute) {
                    throw fail("<\(quote(element, limit: 50))> has the attribute \(quote(attribute, limit: 50)) twice", at: start)
                }
                attributes.append((attribute, valueStart..<index))
                index += 1
                guard index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == 0x3E || bytes[index] == 0x2F else {
                    throw fail("the attributes of <\(quote(element))> are not separated by white space", at: start)
                }
            }
        }
    }

    /// A processing instruction: a name, then anything up to `?>`. The XML declaration, named
    /// `xml`, may only open the file.
    mutating func instruction() throws {
        let start = index
        index += 2
        guard index < bytes.count, Self.isNameByte(bytes[index]) else { throw fail("a processing instruction has no name", at: start) }
        let target = try name()
        if target.count == 3 && bytes[target].map({ $0 | 0x20 }).elementsEqual("xml".utf8) && start != documentStart {
            throw fail("the XML declaration is not at the very start of the file", at: start)
        }
        try skip(past: "?>", "a processing instruction is not closed")
    }

    /// A comment, which may not hold `--`.
    mutating func comment() throws {
        let start = index
        index += 4
        while index + 1 < bytes.count {
            if bytes[index] == 0x2D && bytes[index + 1] == 0x2D {
                guard index + 2 < bytes.count, bytes[index + 2] == 0x3E else { throw fail("a comment holds \"--\"", at: index) }
                index += 3
                return
            }
            index += 1
            if index & 0xFFFF == 0 { try keepUp() }
        }
        throw fail("a comment is not closed", at: start)
    }
}
