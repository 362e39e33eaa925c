/// How many terminal columns text takes: wide characters (CJK, emoji) take two, combining marks
/// none, so that columns stay aligned.
enum DisplayWidth {
    /// The columns `character` takes.
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            let properties = scalar.properties
            if scalar.value == 0xFE0F || properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: width = max(width, 1)
            }
        }
        return width
    }

    /// The columns `text` takes.
    static func of(_ text: String) -> Int { narrow(text) ?? text.reduce(0) { $0 + of($1) } }

    /// The columns `text` takes when every scalar in it is one that stands alone as a character of
    /// known width (Latin text, the separators, arrows, boxes and bars a screen draws), read scalar by
    /// scalar with no grapheme breaking and no Unicode property lookup; `nil` for any other text,
    /// which `of` then reads a character at a time. Nearly every line on a screen is this kind, and
    /// measuring it a character at a time was a quarter of a key's frame.
    static func narrow(_ text: String) -> Int? {
        var width = 0
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0xAD: break  // a soft hyphen: a format character, drawn as nothing
            case 0x0A where previous == 0x0D: break  // CR LF is one character
            case 0...0x2FF, 0x2010...0x2027, 0x2190...0x21FF, 0x2500...0x259F: width += 1
            default: return nil
            }
            previous = value
        }
        return width
    }

    /// `text` cut to at most `columns`, then padded with spaces to exactly `columns`.
    static func fit(_ text: String, _ columns: Int, ellipsis: String = "…") -> String {
        if let width = narrow(text), width <= columns { return text + String(repeating: " ", count: columns - width) }
        var output = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns {
                // Mark the cut with an ellipsis, making room for it if the line is full.
                let mark = of(ellipsis)
                while used + mark > columns, let last = output.last {
                    output.removeLast()
                    used -= of(last)
                }
                if used + mark <= columns { output += ellipsis }
                break
            }
            output.append(character)
            used += width
        }
        return output + String(repeating: " ", count: max(0, columns - of(output)))
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The text followed by spaces up to `width` characters, or by one space when it is as wide already.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
