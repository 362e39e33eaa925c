/// Text on its way to a terminal. Whatever a store holds (another tool may have written it), a
/// name is printed as text: control characters and direction controls are shown escaped, never
/// sent as control sequences.
enum TerminalText {
    /// Whether `scalar` must never reach a terminal as itself.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return true }
        if value == 0x200E || value == 0x200F || value == 0x061C || value == 0x2028 || value == 0x2029 { return true }
        return false
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
}
