import Foundation
import Testing

@testable import DashPilotCore

@Suite("A GPX file's numbers")
struct GPXNumberTests {
    static func number(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { GPXScanner.number($0) }
    }

    @Test func aDecimalReadsToTheSameBitsAsTheCParserGivesWhateverItsDigits() {
        var random = SeededRandom(seed: 29)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.next() % 10)) }) }
        for _ in 0..<20_000 {
            var text = ["", "-", "+"][Int(random.next() % 3)]
            let whole = Int(random.next() % 11)
            let fraction = Int(random.next() % 14)
            text += digits(whole)
            if fraction > 0 || whole == 0 || random.next() % 4 == 0 { text += "." + digits(fraction) }
            if random.next() % 8 == 0 { text += "e" + ["", "-", "+"][Int(random.next() % 3)] + digits(1 + Int(random.next() % 2)) }
            let expected: Double? = whole + fraction == 0 ? nil : strtod(text, nil)
            let read = Self.number(text)
            #expect(
                read?.bitPattern == expected?.bitPattern, "\(text): \(String(describing: read)) against \(String(describing: expected))")
        }
    }

    @Test func theWaysANumberIsWrittenInAFile() {
        #expect(Self.number("41.4001000") == 41.4001 && Self.number("-81.6") == -81.6 && Self.number("+5") == 5)
        #expect(Self.number("-0.0")?.sign == .minus && Self.number(".5") == 0.5 && Self.number("5.") == 5)
        #expect(Self.number("0.1")?.bitPattern == 0.1.bitPattern && Self.number("123456789012345.6") == 123_456_789_012_345.6)
        #expect(Self.number("1e-3") == 0.001 && Self.number("4.5E+1") == 45)
        // Whitespace around a decimal is XML Schema's, and allowed; inside one it is not.
        #expect(Self.number("1 ") == 1 && Self.number(" \t1\n") == 1)
        for bad in ["", "-", ".", "e5", "1e", "1.2.3", "0x10", "inf", "nan", "1 5", "- 1", " ", "1,5", "--1"] {
            #expect(Self.number(bad) == nil, "\(bad)")
        }
    }
}
