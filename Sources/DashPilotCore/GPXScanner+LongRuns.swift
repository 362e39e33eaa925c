import Foundation

/// A long run of one thing (text, a comment, a tag's white space, an element's attributes) read
/// in time and memory that grow linearly with it (platform.md: "Reading is streamed: memory does
/// not grow with the file, time grows linearly with it").
extension GPXScanner {
    /// Every 64 KiB the bytes read are checked; every MiB, those well behind the cursor (checked)
    /// are let go, and progress is said (a stop asked for is heard there). Between markup, and
    /// inside a long run of one (a comment, a CDATA section, a tag, an attribute's value): memory
    /// does not grow with the file, whatever it holds.
    mutating func keepUp() throws {
        guard index - checked >= 1 << 16 else { return }
        try checkCharacters(upTo: index)
        if index - released >= 1 << 20 {
            released = index
            try sink.release(max(0, index - (1 << 19)), Double(index) / Double(bytes.count))
        }
    }

    /// `skipSpaces` inside a tag, keeping up with a long run of them.
    mutating func skipSpacesInTag() throws {
        while index < bytes.count, Self.isSpace(bytes[index]) {
            index += 1
            if index & 0xFFFF == 0 { try keepUp() }
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
    mutating func isRepeated(_ name: Range<Int>) -> Bool {
        guard attributes.count >= 32 else {
            attributeNames = nil
            return attributes.contains { sameName($0.name, name) }
        }
        var names = attributeNames ?? Set(attributes.map { Array(bytes[$0.name]) })
        defer { attributeNames = names }
        return !names.insert(Array(bytes[name])).inserted
    }
}
