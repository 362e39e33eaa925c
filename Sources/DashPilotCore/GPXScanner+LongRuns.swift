import Foundation

/// A long run of one thing (text, a comment, a tag's white space, an element's attributes) read
/// in time and memory that grow linearly with it (platform.md: "Reading is streamed: memory does
/// not grow with the file, time grows linearly with it").
extension GPXScanner {
    /// Every 64 KiB the bytes read are checked; every MiB, those well behind the cursor (checked)
    /// are let go, and progress is said (a stop asked for is heard there). Between markup, and
    /// inside a long run of one (a comment, a CDATA section, a tag, an attribute's value): memory
    /// does not grow with the file, whatever it holds.
    @inline(__always)
    mutating func keepUp() throws {
        guard index - checked >= 1 << 16 else { return }
        try checkCharacters(upTo: index)
        if index - released >= 1 << 20 {
            released = index
            try sink.release(max(0, index - (1 << 19)), Double(index) / Double(bytes.count))
        }
    }

    /// `skipSpaces` inside a tag, keeping up with a long run of them.
    @inline(__always)
    mutating func skipSpacesInTag() throws {
        try advance { Self.isSpace($0) }
    }

    /// Moves past the bytes `while` holds for, keeping up every 64 KiB of them: the loop over a
    /// short run (a tag's attribute value, the space between attributes) is as tight as a plain
    /// one.
    @inline(__always)
    mutating func advance(while holds: (UInt8) -> Bool) throws {
        while true {
            let end = min(bytes.count, (index | 0xFFFF) + 1)
            while index < end, holds(bytes[index]) { index += 1 }
            guard index == end, end < bytes.count else { return }
            try keepUp()
        }
    }

    /// Where a long run of text from `start` is cut before the cursor: never inside an entity
    /// or a character reference, however long ("&amp;", "&#0…065;" whole in one piece), nor a
    /// "]]>" (its two "]" go with the ">"). Each byte is looked at once more at most: time grows
    /// linearly with the file.
    func textCut(after start: Int) -> Int {
        var cut = index
        var position = index - 1
        while position > start, bytes[position] != 0x3B {
            if bytes[position] == 0x26 {
                cut = position
                break
            }
            position -= 1
        }
        for _ in 0..<2 where cut > start + 1 && bytes[cut - 1] == 0x5D { cut -= 1 }
        return cut
    }

    /// Whether the element just opened already has an attribute called as `name`: among a few,
    /// each compared; among many (an element of 160,000 attributes), by a set of their names, so
    /// that time grows linearly with the tag.
    @inline(__always)
    mutating func isRepeated(_ name: Range<Int>) -> Bool {
        if attributes.count < 32 {
            for other in attributes where sameName(other.name, name) { return true }
            return false
        }
        var names = attributeNames ?? Set(attributes.map { Array(bytes[$0.name]) })
        defer { attributeNames = names }
        return !names.insert(Array(bytes[name])).inserted
    }
}
