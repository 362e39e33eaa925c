import DashPilotCore
import Foundation
import Testing

/// platform.md: "A GPX file is read as GPX 1.0 or 1.1, namespaces and extensions ignored except
/// accuracy ... only a file that is not well-formed XML, not GPX, or holds a DOCTYPE is refused,
/// and then nothing is imported."
@Suite("A GPX file's XML")
struct GPXWellFormedTests {
    static let head =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Invented Logger\" xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:lg=\"urn:invented:logger\">\n<trk><trkseg>\n"
    static let tail = "</trkseg></trk></gpx>\n"

    /// The segments read from `bytes`, and the report.
    static func read(_ bytes: [UInt8]) throws -> ([[RouteSample]], GPXReader.Report) {
        var segments: [[RouteSample]] = []
        let report = try bytes.withUnsafeBufferPointer {
            try GPXReader.read(
                $0, into: GPXReader.Sink(segment: { segments.append([]) }, point: { segments[segments.count - 1].append($0) }))
        }
        return (segments, report)
    }

    static func read(_ text: String) throws -> ([[RouteSample]], GPXReader.Report) { try read(Array(text.utf8)) }

    static func refusal(_ bytes: [UInt8]) -> GPXReader.Malformed? {
        do {
            _ = try read(bytes)
            return nil
        } catch {
            return error as? GPXReader.Malformed
        }
    }

    @Test(
        "Files that are not well-formed XML are refused at the line they fail",
        arguments: [
            ("<gpx creator=\"a\" creator=\"b\">\n<trk/></gpx>", 1),
            (
                "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt></trkseg></trk></gpx>",
                3
            ),
            ("<gpx>\n<!-- a -- b -->\n<trk/></gpx>", 2),
            ("<gpx>\n<!-- a --->\n<trk/></gpx>", 2),
            ("\n<?xml version=\"1.0\"?>\n<gpx><trk/></gpx>", 2),
            ("<gpx>\n<trk a=\"1\"b=\"2\"/></gpx>", 2),
            ("<gpx>\n<trk><name>A\u{01}</name></trk></gpx>", 2),
            ("<gpx>\n<1trk></1trk></gpx>", 2),
            ("<gpx>\n<trk><name>Fish & Chips</name></trk></gpx>", 2),
            ("<gpx>\n<trk><name>&#1;</name></trk></gpx>", 2),
            ("<gpx>\n<trk b=\"Fish & Chips\"/></gpx>", 2),
            ("<gpx>\n<? x?><trk/></gpx>", 2),
        ])
    func notWellFormed(text: String, line: Int) {
        let refusal = Self.refusal(Array(text.utf8))
        #expect(refusal?.line == line, "\(String(describing: refusal))")
    }

    @Test func aByteThatIsNotUTF8IsRefusedAtItsLine() {
        let before = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx>\n<trk><name>Caf".utf8)
        let after = Array(" ride</name></trk></gpx>\n".utf8)
        for bad: [UInt8] in [
            [0xE9], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82],
        ] {
            #expect(Self.refusal(before + bad + after)?.line == 3, "\(bad)")
        }
        // The same byte in a file that says it is Latin-1 is a character.
        let latin = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx>\n<trk><name>Caf".utf8) + [0xE9] + after
        #expect(Self.refusal(latin) == nil)
        // UTF-8 of every length is read.
        #expect(Self.refusal(Array("<gpx><trk><name>Café – 東京 🚲 \u{10FFFD}</name></trk></gpx>".utf8)) == nil)
    }

    @Test func theFirstFaultInTheFileIsTheOneReportedHoweverFarIn() {
        let point = "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt>\n"
        let many = String(repeating: point, count: 3_000)
        // A bad byte deep in the file, then a tag that closes nothing: the byte comes first.
        let bytes = Array(("<gpx><trk><trkseg>\n" + many).utf8) + [0xFF] + Array(("\n" + many + "</trk></gpx>").utf8)
        #expect(Self.refusal(bytes)?.line == 3_002)
        // A bad byte in the last bytes of a long file is still found.
        let late = Array(("<gpx><trk><trkseg>\n" + many + "</trkseg></trk></gpx>\n<!--").utf8) + [0x02] + Array("-->".utf8)
        #expect(Self.refusal(late)?.line == 3_003)
    }

    @Test func aUTF16FileIsRefusedAsUTF16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<gpx><trk/></gpx>"
        for data in [text.data(using: .utf16LittleEndian)!, text.data(using: .utf16BigEndian)!] {
            for bom: [UInt8] in [[0xFF, 0xFE], [0xFE, 0xFF], []] {
                let refusal = Self.refusal(bom + Array(data))
                #expect(
                    refusal?.isEncoding == true
                        && refusal?.sentence.hasPrefix("The file is UTF-16 text, and DashPilot reads GPX in UTF-8") == true)
            }
        }
    }

    @Test(
        "A lone CR ends a line, and CR LF ends one line", arguments: ["\r", "\r\n", "\n"])
    func lineEnds(end: String) {
        let gpx = ["<gpx>", "<trk>", "<trkseg>", "</trk>", "</gpx>"].joined(separator: end)
        #expect(Self.refusal(Array(gpx.utf8))?.line == 4)
    }
}
