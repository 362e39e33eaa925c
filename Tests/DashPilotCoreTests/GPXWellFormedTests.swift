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
