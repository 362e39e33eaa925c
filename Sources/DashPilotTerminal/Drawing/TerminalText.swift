import Foundation

/// Text on its way to a terminal. Whatever a store holds (another tool may have written it), a
/// name is printed as text: control characters and direction controls are shown escaped, never
/// sent as control sequences.
enum TerminalText {
    /// Whether `scalar` must never reach a terminal as itself.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return true }
        // The line and paragraph separators break lines; the direction marks (U+200E, U+200F,
        // U+061C), which a right-to-left keyboard types and the naming policy keeps, are text.
        if value == 0x2028 || value == 0x2029 { return true }
        return false
    }

    /// What a usage error quotes as given: `text` made safe, or "nothing" for an empty word
    /// ("got nothing.", never "got ."), in quotes where it ends in a full stop of its own ("got
    /// "21:40".", never "got 21:40..") or begins or ends in a space that would not show ("got " 1 ".").
    /// A word named as what the program does not know ("Unknown command " shift"."): as `given`,
    /// an empty one as "" (never "Unknown command nothing.").
    static func word(_ text: String) -> String { text.isEmpty ? "\"\"" : given(text) }

    static func given(_ text: String) -> String {
        guard !text.isEmpty else { return "nothing" }
        let quoted = text.hasSuffix(".") || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        return quoted ? "\"\(safe(text))\"" : safe(text)
    }

    /// `text` with every such scalar written as `\u{1B}`.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The parts of `text` between the " · " that a model's line joins them with, as
    /// `components(separatedBy: " · ")` gives them (an empty part where two separators meet or
    /// one starts or ends the text; none where a combining mark joins a space to its character),
    /// found in its UTF-8 bytes: Foundation's search compared the text a character at a time
    /// through its locale-aware comparison, on every row of every frame.
    static func parts(_ text: String) -> [String] {
        let bytes = text.utf8
        // U+0387 (CE 87) is canonically the same dot, and Foundation's search finds it as one:
        // a line that holds it is left to that search.
        if bytes.indices.contains(where: {
            bytes[$0] == 0xCE && bytes.index(after: $0) < bytes.endIndex && bytes[bytes.index(after: $0)] == 0x87
        }) {
            return text.components(separatedBy: " · ")
        }
        var parts: [String] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x20, let end = separatorEnd(bytes, from: index), isCharacterBoundary(index, in: text),
                isCharacterBoundary(end, in: text)
            {
                parts.append(String(text[start..<index]))
                start = end
                index = end
            } else {
                bytes.formIndex(after: &index)
            }
        }
        parts.append(String(text[start...]))
        return parts
    }

    /// Whether `index` starts a character of `text` (or is its end): a space that a combining
    /// mark follows is not a separator's, as Foundation's search of characters has it.
    private static func isCharacterBoundary(_ index: String.Index, in text: String) -> Bool {
        index == text.endIndex || text.index(before: text.index(after: index)) == index
    }

    /// Where the " · " (20 C2 B7 20) that starts at `index` ends, if one does.
    private static func separatorEnd(_ bytes: String.UTF8View, from index: String.Index) -> String.Index? {
        var cursor = index
        for byte: UInt8 in [0x20, 0xC2, 0xB7, 0x20] {
            guard cursor < bytes.endIndex, bytes[cursor] == byte else { return nil }
            bytes.formIndex(after: &cursor)
        }
        return cursor
    }
}
