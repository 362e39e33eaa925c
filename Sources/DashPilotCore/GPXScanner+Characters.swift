import Foundation

/// The characters of the file: every byte is checked once, in blocks just behind the cursor, so
/// that a file holding a byte XML does not allow (a control character, or one that is not UTF-8)
/// is refused at its line, as the first fault of the file, without a second pass over it.
extension GPXScanner {
    /// Whether the XML declaration, if there is one, names UTF-8 (or ASCII, or no encoding at
    /// all). A file that declares another encoding (`ISO-8859-1`) has its bytes above 0x7F taken
    /// as they come: only what GPX needs of it is read, and that is ASCII.
    func declaresUTF8() -> Bool {
        guard starts("<?xml", at: index), index + 5 < bytes.count, Self.isSpace(bytes[index + 5]) else { return true }
        var end = index
        while end < min(bytes.count, index + 1_024), !starts("?>", at: end) { end += 1 }
        var position = index
        while position < end, !starts("encoding", at: position) { position += 1 }
        guard position < end else { return true }
        position += 8
        while position < end, bytes[position] != 0x22 && bytes[position] != 0x27 { position += 1 }
        let valueStart = position + 1
        position = valueStart
        while position < end, bytes[position] != 0x22 && bytes[position] != 0x27 { position += 1 }
        guard valueStart < position else { return true }
        let name = text(valueStart..<position).lowercased()
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(name)
    }

    /// Checks the bytes from where the last check stopped up to `end`.
    mutating func checkCharacters(upTo end: Int) throws {
        let scanned = scan(from: checked, to: end)
        if let bad = scanned.bad { throw unreadable(at: bad) }
        if scanned.reached > checked {
            checked = scanned.reached
            checkedLines += scanned.lines
        }
    }

    /// The first byte from `start` up to `end` that is not part of a character XML allows, where
    /// the scan stopped (past `end` when a character's bytes cross it), and how many lines ended
    /// before it (at LF, at CR LF, or at a CR alone, as `line(at:)` counts them).
    func scan(from start: Int, to end: Int) -> (bad: Int?, reached: Int, lines: Int) {
        guard start < end, let base = bytes.baseAddress else { return (nil, start, 0) }
        let raw = UnsafeRawPointer(base)
        var lines = 0
        var position = start
        while position < end {
            if position + 8 <= end {
                // Eight bytes at once: none at or above 0x80 and none below 0x20 is plain text.
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if (word | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080 == 0 {
                    position += 8
                    continue
                }
            }
            let byte = bytes[position]
            if byte >= 0x80 {
                guard checksUTF8 else {
                    position += 1
                    continue
                }
                let length = sequenceLength(at: position)
                guard length > 0 else { return (position, position, lines) }
                position += length
            } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                return (position, position, lines)
            } else {
                if byte == 0x0A || (byte == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A)) { lines += 1 }
                position += 1
            }
        }
        return (nil, position, lines)
    }

    /// The length of the UTF-8 sequence starting at `position` (a byte at or above 0x80) when
    /// it is a character XML allows, else 0: no overlong forms, surrogates, U+FFFE or U+FFFF.
    func sequenceLength(at position: Int) -> Int {
        func follows(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            position + offset < bytes.count && bytes[position + offset] >= low && bytes[position + offset] <= high
        }
        switch bytes[position] {
        case 0xC2...0xDF: return follows(1) ? 2 : 0
        case 0xE0: return follows(1, 0xA0) && follows(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE: return follows(1) && follows(2) ? 3 : 0
        case 0xED: return follows(1, 0x80, 0x9F) && follows(2) ? 3 : 0
        case 0xEF: return follows(1) && follows(2) && !(bytes[position + 1] == 0xBF && bytes[position + 2] >= 0xBE) ? 3 : 0
        case 0xF0: return follows(1, 0x90) && follows(2) && follows(3) ? 4 : 0
        case 0xF1...0xF3: return follows(1) && follows(2) && follows(3) ? 4 : 0
        case 0xF4: return follows(1, 0x80, 0x8F) && follows(2) && follows(3) ? 4 : 0
        default: return 0
        }
    }

    /// The refusal of the byte at `offset`.
    func unreadable(at offset: Int) -> GPXReader.Malformed {
        let byte = bytes[offset]
        let hex = String(byte, radix: 16, uppercase: true)
        let reason =
            byte < 0x80
            ? "it holds the control character U+00\(hex.count == 1 ? "0" : "")\(hex), which XML does not allow"
            : "byte 0x\(hex) does not start a UTF-8 character XML allows, and the file declares no other encoding"
        return GPXReader.Malformed(line: line(at: offset), reason: reason)
    }
}
