import DashPilotCore
import Foundation
import Testing

@testable import DashPilotTerminal

@Suite("Text on its way to a terminal")
struct TerminalTextTests {
    @Test func controlAndDirectionCharactersAreShownEscaped() {
        #expect(TerminalText.safe("Evil\u{1B}[2J\u{7}") == "Evil\\u{1B}[2J\\u{7}")
        #expect(TerminalText.safe("Noodle\u{202E}raB") == "Noodle\\u{202E}raB")
        #expect(TerminalText.safe("Caf\u{E9} 拉面 \u{1F35C}") == "Caf\u{E9} 拉面 \u{1F35C}")
    }

    /// A model's line split into its parts where it joins them with " · ", as Foundation's
    /// `components(separatedBy:)` would split it, whatever the text around the separators.
    @Test func aLineSplitsIntoThePartsFoundationWouldGive() {
        #expect(TerminalText.parts("") == [""])
        #expect(TerminalText.parts("Sat 3 Oct · 41 deliveries") == ["Sat 3 Oct", "41 deliveries"])
        #expect(TerminalText.parts(" ·  · a ·") == ["", "", "a ·"])
        var random = SeededRandom(seed: 11)
        let pieces = [
            " · ", " ·", "· ", "·", " ", "a", "Caf\u{E9}", "e\u{301}", "\u{301}", "\u{600}", "\u{200D}", "\u{1F1EB}", "\u{387}",
            " \u{387} ", "拉面", "\u{1F35C}",
            "\u{C2}", "$1,284.00", "\u{A0}",
        ]
        for _ in 0..<3_000 {
            let text = (0..<Int(random.next() % 9)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(TerminalText.parts(text) == text.components(separatedBy: " · "), "\(text.debugDescription)")
        }
    }

    /// A long list is written an element at a time, in exactly the text of the array it stands for.
    @Test func aListWrittenAnElementAtATimeIsTheArraysText() {
        func value(_ number: Int) -> JSON {
            .object([("id", .integer(Int64(number))), ("name", .string("Example \(number)\u{1B}")), ("miles", .number(Double(number) / 3))])
        }
        for count in [0, 1, 2, 5_000] {
            #expect(JSON.elements(0..<count, value).text == JSON.array((0..<count).map(value)).text)
        }
        #expect(JSON.object([("list", .elements([1, 2], value))]).text == JSON.object([("list", .array([value(1), value(2)]))]).text)
    }

    @Test func jsonEscapesControlsSoNoNameReachesATerminalAsASequence() {
        #expect(JSON.string("A\u{1B}[2J\"\\\n").text == "\"A\\u001b[2J\\\"\\\\\\n\"")
        #expect(JSON.string("\u{202E}").text == "\"\\u202e\"")
        #expect(JSON.number(600.5).text == "600.5")
        #expect(JSON.number(420).text == "420")
    }

    @Test func jsonWritesIntegersAndPlainTextAsTheyAreAndEverythingElseEscaped() throws {
        for value: Int64 in [0, 7, -7, 10, 100, 1_796_094_317, -1_000_000, .max, .min] {
            #expect(JSON.integer(value).text == String(value))
        }
        #expect(JSON.number(-3).text == "-3" && JSON.number(1e14).text == "100000000000000")
        #expect(JSON.string("2026-11-29T17:00:00Z").text == "\"2026-11-29T17:00:00Z\"")
        #expect(JSON.time(Date(unixSeconds: 1_796_094_317)).text == "\"2026-12-01T03:05:17Z\"" && JSON.time(nil).text == "null")
        #expect(
            JSON.array([.time(Date(unixSeconds: 0)), .time(Date(unixSeconds: -1))]).text
                == "[\"1970-01-01T00:00:00Z\", \"1969-12-31T23:59:59Z\"]")
        #expect(JSON.string("").text == "\"\"" && JSON.string("\u{7F}").text == "\"\\u007f\"")
        // Random text of printable ASCII, quotes, backslashes, controls, DEL and wider scalars: the
        // JSON decodes to the text, and no control or direction character is written raw.
        var random = SeededRandom(seed: 11)
        let pieces: [String] = [
            "a", "Z", " ", "~", "\"", "\\", "/", "\u{7F}", "\u{1B}", "\n", "\u{0}", "\u{E9}", "拉", "\u{202E}", "\u{1F35C}",
        ]
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let written = JSON.string(text).text
            let decoded = try JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed) as? String
            #expect(decoded == text, "\(written)")
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" }, "\(written)")
        }
    }

    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(DisplayWidth.of("拉面") == 4)
        #expect(DisplayWidth.of("\u{1F35C}") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("\u{1F469}\u{200D}\u{1F373}") == 2)
        #expect(DisplayWidth.fit("拉面小馆", 5) == "拉面…")
        #expect(DisplayWidth.of(DisplayWidth.fit("拉面小馆 Noodles", 9)) == 9)
    }

    @Test func theQuickMeasureAgreesWithTheCharacterByCharacterOneOrStepsAside() {
        // Every scalar the quick measure takes, alone, measures as the character measure does;
        // and it takes the Latin letters, the separators, arrows, boxes and bars.
        var taken = 0
        for value in UInt32(0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value), let width = DisplayWidth.narrow(String(scalar)) else { continue }
            taken += 1
            if width != DisplayWidth.of(Character(scalar)) { Issue.record("U+\(String(value, radix: 16))") }
        }
        #expect(taken == 0x300 + 0x18 + 0x70 + 0xA0)
        // A scalar that joins or changes the one before it sends the whole text the slow way.
        for text in ["\u{2194}\u{FE0F}", "e\u{301}", "\u{2502}\u{20DD}", "a\u{200D}b", "拉面 ·"] {
            #expect(DisplayWidth.narrow(text) == nil, "\(text.unicodeScalars.map { $0.value })")
        }
        for text in [
            "Nowhere Noodles · 12 min", "\u{2502} \u{2588}\u{2588}\u{258C} \u{2190} Caf\u{E9}\u{2026}", "soft\u{AD}hyphen", "a\r\nb",
        ] {
            #expect(DisplayWidth.narrow(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text)")
            #expect(DisplayWidth.fit(text, 30).count == text.count + 30 - DisplayWidth.of(text))
        }
    }

    @Test func keysAreParsedFromRawInput() {
        #expect(Key.parse([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x0D, 0x7F, 0x03]) == [.up, .down, .enter, .backspace, .interrupt])
        #expect(Key.parse([0x1B]) == [.escape])
        #expect(Key.parse(Array("Caf\u{E9}".utf8)) == [.text("Caf\u{E9}")])
    }

    /// Bracketed paste: what the terminal marks as pasted is one key, its line breaks and all,
    /// whatever reads it arrives in; what follows it is keys again.
    @Test func aPasteIsOneKeyWhateverReadsItArrivesIn() {
        let start = Array("\u{1B}[200~".utf8)
        let end = Array("\u{1B}[201~".utf8)
        let bytes = start + Array("Two\nLines\u{01}".utf8) + end + Array("q".utf8)
        #expect(Key.parse(bytes) == [.paste("Two\nLines\u{01}"), .text("q")])
        // Cut at every byte, the two reads straight after each other: the same keys.
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.keys(from: Array(bytes[..<cut])) + decoder.keys(from: Array(bytes[cut...])) + decoder.finish()
            #expect(keys == [.paste("Two\nLines\u{01}"), .text("q")], "cut at \(cut)")
        }
        // A paste whose end never comes is taken as it stands once the input goes quiet, and the
        // keys after it are keys again (Ctrl-C among them).
        var unended = KeyDecoder()
        #expect(unended.keys(from: start + Array("Half".utf8)) == [] && unended.finish() == [.paste("Half")])
        #expect(unended.keys(from: [0x03]) == [.interrupt])
        // A paste's own text read again as keys holds no paste: a marker in it is dropped.
        var again = KeyDecoder(bracketsPastes: false)
        #expect(again.keys(from: start + start + Array("a".utf8)) + again.finish() == [.text("a")])
        // A paste longer than any field keeps what a paste keeps, and memory does not grow.
        let long = Key.parse(start + Array(repeating: UInt8(ascii: "x"), count: 200_000) + end)
        #expect(long == [.paste(String(repeating: "x", count: KeyDecoder.longestPaste))])
    }

    @Test func numbersAreValuesNeverOptions() {
        #expect(Argument("-75.0").isNumber && !Argument("-75.0").isOption)
        #expect(Argument("--json").isOption)
        #expect(!Argument("-").isOption)
    }
}
