import Foundation

/// The one naming policy for pickup places: the display form a driver reads, and the key that
/// decides identity. Renaming goes through it too; there is no second policy.
///
/// Display form: Unicode canonical composition (NFC), then every run of Unicode White_Space
/// becomes one space and the ends are trimmed. Key: the display form with the five apostrophes
/// ’ ʼ ‘ ´ ` unified to ', locale-independent full case folding, then composed again. Punctuation
/// and diacritics stay. Keys are compared as bytes, never with `String ==`.
public struct PickupPlaceName: Sendable {
    /// The policy's version, recorded in the store. Raise it whenever a key could change.
    public static let policyVersion = 1
    /// The most grapheme clusters a name may hold after cleanup.
    public static let maximumCharacters = 120
    /// The most UTF-8 bytes a name may hold after cleanup.
    public static let maximumBytes = 1024

    /// The driver's spelling, cleaned up: what every screen shows.
    public let display: String
    /// The comparison key. Never shown, spoken or logged.
    public let key: String

    /// Applies the policy to typed text, or throws the problem that refuses it.
    public init(_ text: String) throws(PickupPlaceNameProblem) {
        let display = Self.displayForm(of: text)
        if let problem = Self.problem(withDisplay: display) { throw problem }
        self.display = display
        self.key = Self.key(ofDisplay: display)
    }

    /// Applies the policy to raw bytes (a command-line argument), refusing invalid UTF-8 rather
    /// than repairing it into U+FFFD.
    public init<Bytes: Collection>(utf8 bytes: Bytes) throws(PickupPlaceNameProblem) where Bytes.Element == UInt8 {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        try self.init(text)
    }

    /// The cleanup both forms start from: composition, then whitespace collapse.
    public static func displayForm(of text: String) -> String {
        let composed = composed(text)
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        // Scalars, not Characters: a space followed by a combining mark is one Character, and
        // Character.isWhitespace is not Unicode's White_Space property.
        for scalar in composed.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The key of an already cleaned-up display form.
    ///
    /// Folding can produce text that is no longer composed (İ folds to i + U+0307) and can produce
    /// an apostrophe (ŉ folds to ʼn), so the steps repeat until the text stops changing: the key is
    /// a fixed point, which makes the key of a key itself.
    public static func key(ofDisplay display: String) -> String {
        asciiKey(ofDisplay: display) ?? foldedKey(ofDisplay: display)
    }

    /// Whether `key` holds `part` as a plain substring of its code points, as SQLite's `instr`
    /// finds one in `place list --match`: nothing fuzzy, and no character boundaries either (the
    /// key of "x́" holds "x"), compared in their UTF-8 bytes. An empty `part` is in every key.
    public static func key(_ key: String, contains part: String) -> Bool {
        var key = key
        var part = part
        return part.withUTF8 { needle in
            key.withUTF8 { haystack in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                var start = 0
                while start <= haystack.count - needle.count {
                    if haystack[start] == first {
                        var offset = 1
                        while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// The key of a display form written in ASCII alone, byte by byte: folding case lowers A to
    /// Z and changes nothing else, the backtick is an apostrophe, and ASCII is composed already,
    /// so one pass is the fixed point. `nil` for any other text. A catalogue of 2,000 names is
    /// keyed in a fraction of the time Foundation's folding takes (tested to agree with it).
    static func asciiKey(ofDisplay display: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(display.utf8.count)
        for byte in display.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 0x20)
            case UInt8(ascii: "`"): bytes.append(UInt8(ascii: "'"))
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The key by Foundation's case folding and the standard library's composition, repeated to
    /// the fixed point: the policy itself, for any text.
    static func foldedKey(ofDisplay display: String) -> String {
        var current = display
        for _ in 0..<8 {
            let next = keyStep(current)
            if next.utf8.elementsEqual(current.utf8) { return next }
            current = next
        }
        return current
    }

    private static func keyStep(_ text: String) -> String {
        let folded = unifyingApostrophes(unifyingApostrophes(text).folding(options: [.caseInsensitive], locale: nil))
        return composed(folded)
    }

    /// The five apostrophes the design unifies: ’ ʼ ‘ ´ `.
    public static let apostrophes: [Unicode.Scalar] = ["\u{2019}", "\u{02BC}", "\u{2018}", "\u{00B4}", "\u{0060}"]

    private static func unifyingApostrophes(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { apostrophes.contains($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(apostrophes.contains(scalar) ? "'" : scalar)
        }
        return String(scalars)
    }

    /// Canonical composition (NFC) by the standard library's own normaliser, the one Swift's
    /// string comparison uses, so that the policy does not depend on which Foundation a platform
    /// ships (Foundation on Linux has had non-conformant composition).
    ///
    /// This is the one place the policy touches an underscored API: Swift 6.3's standard library
    /// has no public normalisation (only `_nfcCodeUnits`), and Foundation's
    /// `precomposedStringWithCanonicalMapping` is the platform's, not Swift's. Should a public API
    /// arrive, it replaces this body alone. The guard is `nfc-reference.txt`: 2,782 compositions
    /// checked against Python's `unicodedata`, and every assigned scalar checked for stability.
    static func composed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// The problem that refuses a cleaned-up name, if any.
    static func problem(withDisplay display: String) -> PickupPlaceNameProblem? {
        if display.isEmpty { return .empty }
        var visible = false
        for scalar in display.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .control { return .controlCharacter }
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                return .bidiControl
            }
            if !visible && scalar != " " && !properties.isDefaultIgnorableCodePoint {
                visible = true
            }
        }
        if !visible { return .invisible }
        if display.count > maximumCharacters { return .tooLong }
        if display.utf8.count > maximumBytes { return .tooManyBytes }
        return nil
    }
}

extension PickupPlaceName: Equatable {
    /// Two names are equal when their display forms and keys are the same bytes.
    public static func == (lhs: PickupPlaceName, rhs: PickupPlaceName) -> Bool {
        lhs.display.utf8.elementsEqual(rhs.display.utf8) && lhs.key.utf8.elementsEqual(rhs.key.utf8)
    }
}

/// Why a typed name was refused.
public enum PickupPlaceNameProblem: String, Error, Sendable, Equatable, CaseIterable {
    case empty
    case invisible
    case tooLong
    /// Within 120 characters, and over 1,024 bytes (characters stacked with marks, long emoji).
    case tooManyBytes
    case controlCharacter
    case bidiControl
    case invalidUTF8

    /// The refusal as a sentence for the driver.
    public var sentence: String {
        switch self {
        case .empty: "A pickup place needs a name; the name given is empty."
        case .invisible: "That name has nothing visible in it; type the place's name."
        case .tooLong: "That name is too long; a pickup place name is at most 120 characters."
        case .tooManyBytes:
            "That name is too long to keep: its characters take more than 1,024 bytes (marks stacked on a letter count each)."
        case .controlCharacter: "That name holds a control character; type the name as it should read."
        case .bidiControl:
            "That name holds a text-direction control, which could make it display as something it is not."
        case .invalidUTF8: "That name is not valid UTF-8 text."
        }
    }
}
