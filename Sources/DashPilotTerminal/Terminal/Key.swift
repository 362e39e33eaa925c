/// A key press in the interactive mode.
enum Key: Equatable {
    case up
    case down
    case enter
    case escape
    case backspace
    case interrupt
    case endOfInput
    case left
    case right
    case home
    case end
    case delete
    case pageUp
    case pageDown
    case control(Character)
    /// Printable characters that arrived together (a paste, a fast typist, a slow connection);
    /// the app gives them to a field whole, or to a screen one character at a time.
    case text(String)
    /// A mouse report: a button pressed or released, or the wheel, somewhere in the window.
    case mouse(MouseEvent)
    /// What the terminal marked as pasted (bracketed paste), whatever its characters.
    case paste(String)

    /// The keys in `bytes`, taken as everything the terminal will send (a lone Esc at the end is
    /// the Esc key).
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(from: bytes) + decoder.finish()
    }
}

/// Turns what a terminal sends into keys, read after read: a key's bytes may be split across two
/// reads (an escape sequence, a character of several bytes), so the decoder keeps an unfinished
/// one until the next read completes it, or until `finish` says no more is coming.
struct KeyDecoder {
    /// The bytes of a key begun but not finished.
    private(set) var pending: [UInt8] = []
    /// Whether the rest of a sequence given up on (cut short, or longer than any key's) may still
    /// come at the start of the next read: its parameters and its `M` or `m`, skipped.
    private var skippingRest = false
    /// How many bytes of an old-style mouse report given up on may still come, to skip.
    private var skippingBytes = 0

    /// No key's sequence is longer: one that goes on is dropped, never held without end.
    static let longestSequence = 64
    /// What a paste keeps, at most: a field takes far less, and memory never grows with a paste.
    static let longestPaste = 65_536
    /// The bytes of a paste begun (after `ESC [ 200 ~`) and not yet ended, or nil outside one.
    private var pasted: [UInt8]?
    /// Whether `ESC [ 200 ~` begins a paste: not for the text of a paste read again as keys,
    /// where a marker inside it is an unknown sequence, dropped (a paste never holds a paste).
    private let bracketsPastes: Bool

    /// A decoder of a terminal's input; `bracketsPastes` false for a paste's own text.
    init(bracketsPastes: Bool = true) { self.bracketsPastes = bracketsPastes }
    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Whether a key waits for the rest of its bytes; the run loop then waits only briefly for
    /// them before taking what came as it is (`finish`).
    var isWaiting: Bool { !pending.isEmpty }

    /// The keys finished by `bytes`, in order.
    mutating func keys(from bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        var index = skipRest(of: input)
        while index < input.count {
            if pasted != nil {
                index = takePaste(input, from: index, into: &keys)
                continue
            }
            let byte = input[index]
            if byte == 0x1B && bracketsPastes && input[index...].starts(with: Self.pasteStart) {
                flushText()
                pasted = []
                index += Self.pasteStart.count
                continue
            }
            if byte == 0x1B {
                flushText()
                guard let (key, length) = Self.escape(input[index...]) else {
                    if input.count - index > Self.longestSequence {
                        // No key goes on this long: dropped, and what is left of it after it.
                        skippingRest = true
                    } else {
                        pending = Array(input[index...])
                    }
                    return keys
                }
                if let key { keys.append(key) }
                index += length
                continue
            }
            if byte >= 0x80 {
                let length = Self.utf8Length(byte)
                if index + length > input.count {
                    flushText()
                    pending = Array(input[index...])
                    return keys
                }
                text.append(contentsOf: input[index..<(index + length)])
                index += length
                continue
            }
            if let key = Self.single(byte) {
                flushText()
                keys.append(key)
            } else if byte == 0x09 {
                // Tab (Ctrl-I): a sheet's next field; in a text field, whitespace (LineEditor).
                flushText()
                keys.append(.control("i"))
            } else if byte >= 0x20 {
                text.append(byte)
            }
            index += 1
        }
        flushText()
        return keys
    }

    /// Takes a paste's bytes from `input` at `index` up to its end marker (then the paste is a
    /// key), or all of them when the marker has not come yet (a bit of it may be at the end,
    /// kept for the next read). Returns where the keys after it begin.
    private mutating func takePaste(_ input: [UInt8], from index: Int, into keys: inout [Key]) -> Int {
        var end = index
        while end < input.count {
            if input[end] == 0x1B {
                let rest = input[end...]
                if rest.starts(with: Self.pasteEnd) {
                    keep(input[index..<end])
                    keys.append(.paste(String(decoding: pasted ?? [], as: UTF8.self)))
                    pasted = nil
                    return end + Self.pasteEnd.count
                }
                if Self.pasteEnd.starts(with: rest) {
                    keep(input[index..<end])
                    pending = Array(rest)
                    return input.count
                }
            }
            end += 1
        }
        keep(input[index..<end])
        return input.count
    }

    /// Adds `bytes` to the paste, up to what a paste keeps.
    private mutating func keep(_ bytes: ArraySlice<UInt8>) {
        let room = max(0, Self.longestPaste - (pasted?.count ?? 0))
        pasted?.append(contentsOf: bytes.prefix(room))
    }

    /// What is left when no more comes: a lone Esc is the Esc key; an unfinished sequence after
    /// it is dropped, as an unknown key is. A mouse report cut short is dropped whole, never an
    /// Esc (which would close a sheet), and its rest is skipped if it comes after all.
    mutating func finish() -> [Key] {
        // A paste whose end has not come when the input goes quiet is taken as it stands: a
        // terminal that never ends it must not hold every later key (Ctrl-C too) inside it.
        if let paste = pasted {
            pasted = nil
            pending = []
            return [.paste(String(decoding: paste, as: UTF8.self))]
        }
        defer { pending = [] }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            if pending.count > 2 && pending[1] == 0x5B && pending[2] == 0x3C {
                skippingRest = true
                return []
            }
            if pending.count > 2 && pending[1] == 0x5B && pending[2] == 0x4D {
                skippingBytes = 6 - pending.count
                return []
            }
            return [.escape]
        }
        return [.text(String(decoding: pending, as: UTF8.self))]
    }

    /// Where the keys of `input` begin, after what is left of a sequence given up on. Only the
    /// read straight after it, and only a whole rest (a driver's typing is never eaten).
    private mutating func skipRest(of input: [UInt8]) -> Int {
        let skipped = min(skippingBytes, input.count)
        skippingBytes -= skipped
        guard skippingRest else { return skipped }
        skippingRest = false
        var end = skipped
        while end < input.count, (0x20...0x3F).contains(input[end]) { end += 1 }
        return end < input.count && (input[end] == 0x4D || input[end] == 0x6D) ? end + 1 : skipped
    }

    /// The key an escape sequence at the start of `bytes` stands for (nil inside: a sequence the
    /// screens have no use for, skipped whole) and its length; nil when the sequence is not
    /// finished yet.
    private static func escape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return nil }
        let introducer = bytes[start + 1]
        // Esc Esc, or Esc and a character (Alt with a key): the Esc key, then what follows.
        guard introducer == 0x5B || introducer == 0x4F else { return (.escape, 1) }
        var end = start + 2
        // Parameters and intermediates, then one final byte; anything else breaks the sequence
        // off there (dropped), and is read as itself.
        while end < bytes.endIndex, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return nil }
        guard (0x40...0x7E).contains(bytes[end]) else { return (nil, end - start) }
        let parameter = bytes[(start + 2)..<end]
        if introducer == 0x5B {
            switch mouseReport(parameter, final: bytes[end], after: bytes[(end + 1)...]) {
            case .none: break
            case .unfinished: return nil
            case .report(let event, let extra): return (event.map(Key.mouse), end - start + 1 + extra)
            }
        }
        let key: Key? =
            switch bytes[end] {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            case 0x7E where parameter.elementsEqual("3".utf8): .delete
            case 0x7E where parameter.elementsEqual("5".utf8): .pageUp
            case 0x7E where parameter.elementsEqual("6".utf8): .pageDown
            case 0x7E where parameter.elementsEqual("1".utf8) || parameter.elementsEqual("7".utf8): .home
            case 0x7E where parameter.elementsEqual("4".utf8) || parameter.elementsEqual("8".utf8): .end
            default: nil
            }
        return (key, end - start + 1)
    }

    /// What a CSI sequence is as a mouse report.
    private enum MouseReport {
        /// Not one.
        case none
        /// One whose bytes are not all here yet.
        case unfinished
        /// One: its event (nil when malformed, skipped whole) and how many bytes follow the final byte.
        case report(MouseEvent?, extra: Int)
    }

    /// `parameter` and `final` (and the bytes `after` them) as a mouse report.
    private static func mouseReport(_ parameter: ArraySlice<UInt8>, final: UInt8, after: ArraySlice<UInt8>) -> MouseReport {
        // SGR: ESC [ < b ; x ; y M, or m when a button came up.
        if parameter.first == 0x3C && (final == 0x4D || final == 0x6D) {
            return .report(MouseEvent.sgr(parameter.dropFirst(), released: final == 0x6D), extra: 0)
        }
        // The old encoding: ESC [ M and three bytes of any value.
        guard parameter.isEmpty && final == 0x4D else { return .none }
        guard after.count >= 3 else { return .unfinished }
        let first = after.startIndex
        return .report(MouseEvent.x10(after[first], after[first + 1], after[first + 2]), extra: 3)
    }

    /// The key a control byte stands for, or nil for a byte that is text or nothing.
    private static func single(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x03: .interrupt
        case 0x04: .endOfInput
        // Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-L, Ctrl-U, Ctrl-W, Ctrl-Z
        case 0x01, 0x05, 0x0B, 0x0C, 0x15, 0x17, 0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
        default: nil
        }
    }

    /// How many bytes a UTF-8 character that begins with `byte` has (1 for a stray byte, which
    /// then reads as the replacement character).
    private static func utf8Length(_ byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }
}
