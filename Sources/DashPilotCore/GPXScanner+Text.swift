import Foundation

/// Character data: entities, pieces of text, numbers.
extension GPXScanner {
    /// Text with the five predefined entities and character references decoded.
    func decoded(_ range: Range<Int>) throws -> [UInt8] {
        var output: [UInt8] = []
        try decode(range) { output.append($0) }
        return output
    }

    /// Hands `emit` each byte of the text in `range`, the five predefined entities and character
    /// references decoded; with `emit` doing nothing, only checks them.
    func decode(_ range: Range<Int>, _ emit: (UInt8) -> Void) throws {
        var position = range.lowerBound
        while position < range.upperBound {
            guard bytes[position] == 0x26 else {
                emit(bytes[position])
                position += 1
                continue
            }
            var semicolon = position
            while semicolon < range.upperBound, bytes[semicolon] != 0x3B { semicolon += 1 }
            guard semicolon < range.upperBound else { throw fail("an entity is not closed", at: position) }
            // Whole, however long (a character reference may carry any number of leading zeros);
            // quoted, cut to a length a message can hold, only where it is refused.
            let entity = String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<semicolon]), as: UTF8.self)
            switch entity {
            case "amp": emit(0x26)
            case "lt": emit(0x3C)
            case "gt": emit(0x3E)
            case "quot": emit(0x22)
            case "apos": emit(0x27)
            default:
                let number =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                // Only a character XML allows may be referred to: not U+0000, not U+FFFE.
                guard let number, number >= 0x20 || number == 0x09 || number == 0x0A || number == 0x0D,
                    number != 0xFFFE && number != 0xFFFF, let scalar = Unicode.Scalar(number)
                else {
                    throw fail("&\(quote((position + 1)..<semicolon)); is not an entity GPX knows", at: position)
                }
                for byte in String(Character(scalar)).utf8 { emit(byte) }
            }
            position = semicolon + 1
        }
    }

    @inline(__always)
    func hasEntity(_ range: Range<Int>) -> Bool {
        for position in range where bytes[position] == 0x26 { return true }
        return false
    }

    mutating func characters(_ range: Range<Int>, cdata: Bool) throws {
        // XML 1.0 §2.4: "]]>" may not stand in text outside a CDATA section (where it ends one).
        // Looked for with memchr: most text is a time or white space, and holds no ">" at all.
        if !cdata && range.count >= 3, let base = bytes.baseAddress {
            var from = range.lowerBound + 2
            while from < range.upperBound, let found = memchr(base + from, 0x3E, range.upperBound - from) {
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[position - 1] == 0x5D && bytes[position - 2] == 0x5D {
                    throw fail("\"]]>\" stands in text outside a CDATA section", at: position - 2)
                }
                from = position + 1
            }
        }
        if stack.isEmpty {
            for position in range where !Self.isSpace(bytes[position]) {
                throw fail("there is text outside the <gpx> element", at: range.lowerBound)
            }
            return
        }
        guard collecting != nil else {
            // Text nobody reads must still be XML: a "&" starts an entity GPX knows.
            if !cdata && hasEntity(range) { try decode(range) { _ in } }
            return
        }
        if textRange == nil && textCopy == nil && (cdata || !hasEntity(range)) {
            textRange = range
            return
        }
        // A second piece, or one with entities: copy what there is so far and go on appending in
        // place (never copying the whole so far again, which made many pieces quadratic). The
        // copy keeps each run of white space as one byte, and no more than `collectedLimit`
        // bytes (platform.md: "memory does not grow with the file"): a time or a number so long
        // is none, and reads as no value (`withCollectedText`).
        var copy = textCopy ?? []
        textCopy = nil  // `copy` is now the only reference, so appending does not copy it
        func keep(_ byte: UInt8) {
            guard copy.count <= Self.collectedLimit else { return }
            if Self.isSpace(byte), let last = copy.last, Self.isSpace(last) { return }
            copy.append(byte)
        }
        if let first = textRange {
            for position in first { keep(bytes[position]) }
            textRange = nil
        }
        if cdata {
            for position in range { keep(bytes[position]) }
        } else {
            try decode(range, keep)
        }
        textCopy = copy
    }

    /// The most text a time or a number collects: far more than either ever holds.
    static let collectedLimit = 1024

    /// The collected text with surrounding white space removed, handed to `body`.
    func withCollectedText<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        func trimmed(_ buffer: UnsafeBufferPointer<UInt8>) -> T {
            var low = 0
            var high = buffer.count
            while low < high, Self.isSpace(buffer[low]) { low += 1 }
            while high > low, Self.isSpace(buffer[high - 1]) { high -= 1 }
            return body(UnsafeBufferPointer(rebasing: buffer[low..<high]))
        }
        // Cut at the limit: no value, as an empty text is.
        if let copy = textCopy, copy.count > Self.collectedLimit { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        if let copy = textCopy { return copy.withUnsafeBufferPointer(trimmed) }
        if let range = textRange { return trimmed(UnsafeBufferPointer(rebasing: bytes[range])) }
        return trimmed(UnsafeBufferPointer(start: nil, count: 0))
    }

    @inline(__always)
    mutating func attributeNumber(_ value: Range<Int>) throws -> Double? {
        if hasEntity(value) { return try decodedNumber(value) }
        return Self.number(UnsafeBufferPointer(rebasing: bytes[value]))
    }

    /// Out of line, and mutating only to be handed the scanner in place: inlined, or asked of a
    /// copy, the decoding copied the whole scanner for every point's `lat` and `lon`, entities
    /// or none (1.8 % of an import's time in memmove).
    @inline(never)
    mutating func decodedNumber(_ value: Range<Int>) throws -> Double? {
        try decoded(value).withUnsafeBufferPointer { Self.number($0) }
    }
}
