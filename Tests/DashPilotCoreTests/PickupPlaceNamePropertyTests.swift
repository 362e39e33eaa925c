import Foundation
import Testing

@testable import DashPilotCore

let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

@Suite("PickupPlaceName properties")
struct PickupPlaceNamePropertyTests {
    /// Every Unicode scalar that is not a surrogate, unassigned or private use.
    static let scalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return nil
        default: return scalar
        }
    }

    @Test func theKeyOfAKeyIsItselfForEveryScalar() {
        var failures: [String] = []
        for scalar in Self.scalars {
            let display = PickupPlaceName.displayForm(of: String(scalar))
            let key = PickupPlaceName.key(ofDisplay: display)
            let again = PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: key))
            if !again.utf8.elementsEqual(key.utf8) { failures.append(hex(String(scalar))) }
        }
        #expect(failures.isEmpty, "not idempotent: \(failures.prefix(20))")
    }

    @Test func theDisplayFormOfADisplayFormIsItselfForEveryScalar() {
        var failures: [String] = []
        for scalar in Self.scalars {
            let display = PickupPlaceName.displayForm(of: "x" + String(scalar) + "y")
            if !PickupPlaceName.displayForm(of: display).utf8.elementsEqual(display.utf8) { failures.append(hex(String(scalar))) }
        }
        #expect(failures.isEmpty, "display not stable: \(failures.prefix(20))")
    }

    /// Python's `unicodedata` is the independent reference: every character with a canonical
    /// decomposition, given decomposed, plus marks in non-canonical order.
    @Test func compositionAgreesWithAnIndependentReference() throws {
        let text = try String(contentsOf: goldenFolder.appendingPathComponent("nfc-reference.txt"), encoding: .utf8)
        var checked = 0
        var failures: [String] = []
        func decode(_ field: Substring) -> String {
            String(String.UnicodeScalarView(field.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
        }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";")
            let input = decode(fields[0])
            let expected = decode(fields[1])
            // Whitespace collapses by design; the reference speaks of composition only.
            if expected.unicodeScalars.contains(where: \.properties.isWhitespace) { continue }
            let display = PickupPlaceName.displayForm(of: input)
            let direct = PickupPlaceName.displayForm(of: expected)
            if !display.utf8.elementsEqual(expected.utf8) || !direct.utf8.elementsEqual(expected.utf8) {
                failures.append(String(line))
            }
            checked += 1
        }
        #expect(checked > 2000)
        #expect(failures.isEmpty, "disagreements: \(failures.prefix(10))")
    }

    /// Interesting pieces: letters of several scripts, combining marks in both orders, every
    /// whitespace kind, the five apostrophes, folding traps and joiners.
    static let pieces: [String] = [
        "a", "A", "e", "E", "o", "O", "i", "I", "n", "s", "S", "k", "K", "z", " ", "  ", "\t", "\n", "\u{A0}", "\u{3000}", "\u{2028}",
        "\u{301}", "\u{323}", "\u{308}", "\u{327}", "\u{345}", "\u{307}", "\u{31B}", "\u{2019}", "\u{2BC}", "\u{2018}", "\u{B4}", "`", "'",
        "\u{149}", "\u{DF}", "\u{1E9E}", "\u{130}", "\u{131}", "\u{3A3}", "\u{3C2}", "\u{3B9}", "\u{1FBE}", "\u{1F88}", "\u{390}",
        "\u{FB01}",
        "\u{2126}", "\u{212A}", "\u{1FEF}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "拉", "面", "\u{1F35C}", "\u{200D}", "\u{FE0F}",
        "\u{13A0}", "\u{AB70}", "\u{587}", "&", "-", ".", "\u{E9}", "\u{C9}", "\u{1EA0}", "\u{915}", "\u{94D}", "\u{5D0}", "\u{627}",
    ]

    static func generated(count: Int, seed: UInt64) -> [String] {
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 1...12, using: &generator)
            return (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
    }

    /// How many generated names the property tests try: 20,000 in the test run, a million or
    /// more from `scripts/reliability.sh`.
    static var fuzzCount: Int { Int(ProcessInfo.processInfo.environment["DASHPILOT_FUZZ_NAMES"] ?? "") ?? 20_000 }

    @Test func generatedNamesKeepEveryPropertyOfThePolicy() {
        var failures: [String] = []
        for input in Self.generated(count: Self.fuzzCount, seed: 0xDA5F) {
            guard let name = try? PickupPlaceName(input) else { continue }
            let keyOfKey = PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: name.key))
            let redisplayed = PickupPlaceName.displayForm(of: name.display)
            if !keyOfKey.utf8.elementsEqual(name.key.utf8) || !redisplayed.utf8.elementsEqual(name.display.utf8)
                || name.display.count > PickupPlaceName.maximumCharacters || name.display.utf8.count > PickupPlaceName.maximumBytes
                || name.display.hasPrefix(" ") || name.display.hasSuffix(" ") || name.display.contains("  ")
                || name.key.unicodeScalars.contains(where: { PickupPlaceName.apostrophes.contains($0) })
            {
                failures.append(hex(input))
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Random bytes and random scalars from every plane: the policy never crashes, refuses
    /// invalid UTF-8, never returns a name beyond its limits, and its key is idempotent.
    @Test func randomBytesAndScalarsNeverBreakThePolicy() {
        var generator = SeededRandom(seed: 0xF022)
        var failures: [String] = []
        var accepted = 0
        for round in 0..<Self.fuzzCount / 4 {
            let length = Int.random(in: 0...40, using: &generator)
            let name: PickupPlaceName?
            if round % 2 == 0 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                name = try? PickupPlaceName(utf8: bytes)
                if name != nil && String(validating: bytes, as: UTF8.self) == nil { failures.append("accepted invalid UTF-8") }
            } else {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<length {
                    let plane = UInt32.random(in: 0...3, using: &generator)
                    let value =
                        plane == 0
                        ? UInt32.random(in: 0...0xFFFF, using: &generator) : plane << 16 | UInt32.random(in: 0...0xFFFF, using: &generator)
                    if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                }
                name = try? PickupPlaceName(String(scalars))
            }
            guard let name else { continue }
            accepted += 1
            if name.display.count > PickupPlaceName.maximumCharacters || name.display.utf8.count > PickupPlaceName.maximumBytes {
                failures.append("beyond limits: \(hex(name.display))")
            }
            if !PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: name.key)).utf8.elementsEqual(name.key.utf8) {
                failures.append("not idempotent: \(hex(name.display))")
            }
            if name.display.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                failures.append("control character kept: \(hex(name.display))")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(accepted > 0)
    }

    @Test func canonicallyEquivalentInputsGiveByteIdenticalFormsAndKeys() throws {
        // Each generated name against its decomposed and its composed spelling.
        for input in Self.generated(count: 5_000, seed: 42) {
            let decomposed = input.decomposedStringWithCanonicalMapping
            guard let a = try? PickupPlaceName(input), let b = try? PickupPlaceName(decomposed) else { continue }
            #expect(Array(a.display.utf8) == Array(b.display.utf8), "\(hex(input))")
            #expect(Array(a.key.utf8) == Array(b.key.utf8), "\(hex(input))")
        }
        // Marks typed in either order are canonically equivalent.
        let one = try PickupPlaceName("o\u{323}\u{302} Bistro")
        let other = try PickupPlaceName("o\u{302}\u{323} Bistro")
        #expect(Array(one.display.utf8) == Array(other.display.utf8))
        #expect(Array(one.key.utf8) == Array(other.key.utf8))
    }

    /// Keys depend on the toolchain's case folding. This file pins today's: a toolchain whose
    /// folding changes fails here, so that the policy version is raised and `doctor` can say so.
    @Test func theQuickKeyOfASCIITextIsThePolicysKeyAndStepsAsideForAnyOther() {
        var random = SeededRandom(seed: 23)
        for _ in 0..<2_000 {
            let text = String(decoding: (0..<Int(random.next() % 24)).map { _ in UInt8(0x20 + random.next() % 0x5F) }, as: UTF8.self)
            let display = PickupPlaceName.displayForm(of: text)
            #expect(PickupPlaceName.asciiKey(ofDisplay: display) == PickupPlaceName.foldedKey(ofDisplay: display), "\(display)")
        }
        for text in ["Café Sample", "MACDUFF’S", "İstanbul Grill", "ŉ", "\u{7F}"] {
            #expect(
                PickupPlaceName.asciiKey(ofDisplay: text)
                    == (text.utf8.allSatisfy { $0 < 0x80 } ? PickupPlaceName.foldedKey(ofDisplay: text) : nil))
        }
    }

    @Test func todaysFoldingIsPinnedByAGoldenFile() throws {
        // The test only reads the golden file; scripts/write-golden-keys.sh writes it.
        let golden = goldenFolder.appendingPathComponent("keys-policy-\(PickupPlaceName.policyVersion).txt")
        let produced = PickupPlaceName.keyTable()
        let pinned = try String(contentsOf: golden, encoding: .utf8)
        let changed = zip(pinned.split(separator: "\n"), produced.split(separator: "\n")).filter { $0 != $1 }.prefix(5)
        #expect(pinned == produced, "the toolchain's folding changed: \(Array(changed))")
    }
}
