import DashPilotCore
import Foundation
import Testing

/// The naming policy is decided on bytes: `String ==` treats canonically equivalent strings as
/// equal and would hide exactly the bugs that matter, so every comparison here is on UTF-8.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func hex(_ text: String) -> String { text.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " ") }

@Suite("PickupPlaceName, the one naming policy")
struct PickupPlaceNameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: String
        var display: String
        var key: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain name", input: "Nowhere Noodles", display: "Nowhere Noodles", key: "nowhere noodles"),
        Case(name: "decomposed accent composes", input: "Cafe\u{301} Orvelle", display: "Caf\u{E9} Orvelle", key: "caf\u{E9} orvelle"),
        Case(name: "diacritics stay", input: "Cafe Orvelle", display: "Cafe Orvelle", key: "cafe orvelle"),
        Case(name: "punctuation stays", input: "A&B Grill", display: "A&B Grill", key: "a&b grill"),
        Case(name: "apostrophe-less spelling stays apart", input: "Mabels Diner", display: "Mabels Diner", key: "mabels diner"),
        Case(name: "right single quotation mark", input: "Mabel\u{2019}s Diner", display: "Mabel\u{2019}s Diner", key: "mabel's diner"),
        Case(name: "modifier letter apostrophe", input: "Mabel\u{2BC}s Diner", display: "Mabel\u{2BC}s Diner", key: "mabel's diner"),
        Case(name: "left single quotation mark", input: "Mabel\u{2018}s Diner", display: "Mabel\u{2018}s Diner", key: "mabel's diner"),
        Case(name: "acute accent", input: "Mabel\u{B4}s Diner", display: "Mabel\u{B4}s Diner", key: "mabel's diner"),
        Case(name: "grave accent", input: "Mabel`s Diner", display: "Mabel`s Diner", key: "mabel's diner"),
        Case(
            name: "fullwidth apostrophe is not one of the five", input: "Mabel\u{FF07}s", display: "Mabel\u{FF07}s", key: "mabel\u{FF07}s"),
        Case(name: "modifier letter prime is not one of the five", input: "Mabel\u{2B9}s", display: "Mabel\u{2B9}s", key: "mabel\u{2B9}s"),
        Case(name: "tabs, newlines and ends", input: "\t Nowhere \n\n Noodles \r\n", display: "Nowhere Noodles", key: "nowhere noodles"),
        Case(name: "no-break space", input: "Nowhere\u{A0}Noodles", display: "Nowhere Noodles", key: "nowhere noodles"),
        Case(name: "ideographic space", input: "Nowhere\u{3000}Noodles", display: "Nowhere Noodles", key: "nowhere noodles"),
        Case(
            name: "narrow no-break and em spaces", input: "Nowhere\u{202F}\u{2003}Noodles", display: "Nowhere Noodles",
            key: "nowhere noodles"),
        Case(
            name: "line and paragraph separators", input: "Nowhere\u{2028}\u{2029}Noodles", display: "Nowhere Noodles",
            key: "nowhere noodles"),
        Case(name: "next line and ogham space", input: "Nowhere\u{85}\u{1680}Noodles", display: "Nowhere Noodles", key: "nowhere noodles"),
        Case(name: "vertical tab and form feed", input: "Nowhere\u{B}\u{C}Noodles", display: "Nowhere Noodles", key: "nowhere noodles"),
        Case(
            name: "a space before a combining mark still collapses", input: "Nowhere  \u{301}Noodles", display: "Nowhere \u{301}Noodles",
            key: "nowhere \u{301}noodles"),
        Case(name: "sharp s folds to ss", input: "Gro\u{DF}e K\u{FC}che", display: "Gro\u{DF}e K\u{FC}che", key: "grosse k\u{FC}che"),
        Case(name: "capital sharp s folds to ss", input: "GRO\u{1E9E}E", display: "GRO\u{1E9E}E", key: "grosse"),
        Case(
            name: "final sigma folds to sigma", input: "\u{39F}\u{394}\u{39F}\u{3A3} \u{3BF}\u{3B4}\u{3BF}\u{3C2}",
            display: "\u{39F}\u{394}\u{39F}\u{3A3} \u{3BF}\u{3B4}\u{3BF}\u{3C2}",
            key: "\u{3BF}\u{3B4}\u{3BF}\u{3C3} \u{3BF}\u{3B4}\u{3BF}\u{3C3}"),
        Case(name: "ligature folds", input: "\u{FB01}sh Shack", display: "\u{FB01}sh Shack", key: "fish shack"),
        Case(
            name: "dotted capital I folds locale-independently", input: "\u{130}lkay Grill", display: "\u{130}lkay Grill",
            key: "i\u{307}lkay grill"),
        Case(name: "plain I never folds to dotless i", input: "ILKAY", display: "ILKAY", key: "ilkay"),
        Case(name: "n preceded by apostrophe folds, then unifies", input: "\u{149}", display: "\u{149}", key: "'n"),
        Case(name: "ohm sign composes to omega", input: "\u{2126} Bar", display: "\u{3A9} Bar", key: "\u{3C9} bar"),
        Case(name: "kelvin sign composes to K", input: "\u{212A}iosk", display: "Kiosk", key: "kiosk"),
        Case(name: "Greek varia composes to a grave accent", input: "x\u{1FEF}y", display: "x`y", key: "x'y"),
        Case(name: "iota subscript capital folds and recomposes", input: "\u{1F88}", display: "\u{1F88}", key: "\u{1F00}\u{3B9}"),
        Case(name: "Hangul jamo compose", input: "\u{1100}\u{1161}\u{11A8} Kitchen", display: "\u{AC01} Kitchen", key: "\u{AC01} kitchen"),
        Case(name: "CJK stays", input: "拉面小馆", display: "拉面小馆", key: "拉面小馆"),
        Case(
            name: "emoji and ZWJ stay", input: "\u{1F469}\u{200D}\u{1F373} Kitchen", display: "\u{1F469}\u{200D}\u{1F373} Kitchen",
            key: "\u{1F469}\u{200D}\u{1F373} kitchen"),
        Case(name: "Cherokee folds across cases", input: "\u{13A0}\u{13A1}", display: "\u{13A0}\u{13A1}", key: "\u{AB70}\u{AB71}"),
        Case(name: "Cyrillic folds", input: "\u{414}\u{41E}\u{41C}", display: "\u{414}\u{41E}\u{41C}", key: "\u{434}\u{43E}\u{43C}"),
        Case(name: "Armenian ligature folds", input: "\u{587}", display: "\u{587}", key: "\u{565}\u{582}"),
    ]

    @Test("Named cases: display form and key, on bytes", arguments: cases)
    func namedCase(_ example: Case) throws {
        let name = try PickupPlaceName(example.input)
        #expect(bytes(name.display) == bytes(example.display), "display \(hex(name.display))")
        #expect(bytes(name.key) == bytes(example.key), "key \(hex(name.key))")
    }

    @Test func theDesignsThreeSpellingsAreOnePlace() throws {
        let keys = try ["Mabel's Diner", "mabel\u{2019}s diner", "MABEL\u{2018}S DINER"].map { try PickupPlaceName($0).key }
        #expect(Set(keys.map(bytes)).count == 1)
        #expect(try bytes(PickupPlaceName("Mabels Diner").key) != bytes(keys[0]))
    }

    @Test func nearNamesStayApart() throws {
        #expect(try bytes(PickupPlaceName("Nowhere Noodle").key) != bytes(PickupPlaceName("Nowhere Noodles").key))
        #expect(try bytes(PickupPlaceName("Cafe Orvelle").key) != bytes(PickupPlaceName("Caf\u{E9} Orvelle").key))
        #expect(try bytes(PickupPlaceName("St Example Deli").key) != bytes(PickupPlaceName("Street Example Deli").key))
    }

    @Test func caseFoldingGoesBeyondLowercased() throws {
        #expect("Stra\u{DF}e".lowercased() != "STRASSE".lowercased())
        #expect(try bytes(PickupPlaceName("Stra\u{DF}e").key) == bytes(PickupPlaceName("STRASSE").key))
    }

    static let refusals: [(String, [UInt8], PickupPlaceNameProblem)] = [
        ("empty", [], .empty),
        ("only whitespace", Array(" \t\n\u{3000}".utf8), .empty),
        ("only a zero-width space", Array("\u{200B}".utf8), .invisible),
        ("only joiners and selectors", Array("\u{2060}\u{FE0F}\u{200D}".utf8), .invisible),
        ("a bell", Array("\u{7}Bell Bistro".utf8), .controlCharacter),
        ("an escape sequence", Array("Bistro\u{1B}[31m".utf8), .controlCharacter),
        ("a C1 control", Array("Bistro\u{9B}".utf8), .controlCharacter),
        ("a null", [0x41, 0x00, 0x42], .controlCharacter),
        ("a right-to-left override", Array("Noodle\u{202E}raB".utf8), .bidiControl),
        ("a left-to-right embedding", Array("\u{202A}Noodle".utf8), .bidiControl),
        ("a first-strong isolate", Array("\u{2068}Noodle\u{2069}".utf8), .bidiControl),
        ("121 characters", Array(String(repeating: "n", count: 121).utf8), .tooLong),
        ("one character of five thousand marks", Array(("a" + String(repeating: "\u{301}", count: 5000)).utf8), .tooManyBytes),
        ("57 characters of family emoji", Array(String(repeating: "👨‍👩‍👧", count: 57).utf8), .tooManyBytes),
        ("invalid UTF-8", [0x4E, 0xC3, 0x28], .invalidUTF8),
        ("an overlong encoding", [0xC0, 0xAF], .invalidUTF8),
        ("an encoded surrogate", [0xED, 0xA0, 0x80], .invalidUTF8),
        ("a truncated sequence", [0x4E, 0xE6, 0x8B], .invalidUTF8),
    ]

    @Test("Refusals, each with a sentence", arguments: refusals)
    func refusal(_ label: String, input: [UInt8], problem: PickupPlaceNameProblem) {
        #expect(throws: problem) { try PickupPlaceName(utf8: input) }
        #expect(problem.sentence.hasSuffix("."))
    }

    @Test func limitsAreInclusive() throws {
        _ = try PickupPlaceName(String(repeating: "n", count: 120))
        _ = try PickupPlaceName(String(repeating: "拉", count: 120))
        #expect(throws: PickupPlaceNameProblem.tooLong) { try PickupPlaceName(String(repeating: "\u{1F35C}", count: 121)) }
    }

    @Test func joinersThatScriptsNeedAreKept() throws {
        let name = try PickupPlaceName("\u{915}\u{94D}\u{200D} Dhaba \u{2764}\u{FE0F}")
        #expect(name.display.unicodeScalars.contains("\u{200D}"))
        #expect(name.display.unicodeScalars.contains("\u{FE0F}"))
    }

    @Test func whitespaceIsUnicodesPropertyNotFoundationsSet() throws {
        // CharacterSet.whitespaces leaves out line breaks and separators that White_Space holds.
        for scalar: Unicode.Scalar in ["\n", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(!CharacterSet.whitespaces.contains(scalar))
            #expect(scalar.properties.isWhitespace)
        }
        let name = try PickupPlaceName("Nowhere\u{2028}Noodles\u{85}")
        #expect(bytes(name.display) == bytes("Nowhere Noodles"))
    }

    @Test func aSpaceBeforeACombiningMarkIsOneCharacterAndStaysASpace() throws {
        // Swift sees one Character here; trimming by Characters would keep or drop both together.
        #expect("A \u{301}".count == 2)
        let name = try PickupPlaceName("A \u{301}")
        #expect(bytes(name.display) == bytes("A \u{301}"))
    }
}
