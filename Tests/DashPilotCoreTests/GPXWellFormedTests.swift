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

    /// A producer that writes a track's points with no <trkseg> around them: they were neither
    /// kept nor counted ("Kept 0 points; skipped 0"). The track is then their one segment, as a
    /// segment with no <trk> around it is a track.
    @Test func pointsOfATrackWithNoSegmentAreItsOneSegment() throws {
        let point = { (second: Int) in "<trkpt lat=\"40.00\(second)\" lon=\"-75\"><time>2026-11-29T17:10:0\(second)Z</time></trkpt>" }
        let (segments, report) = try Self.read(
            "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>" + point(1) + point(2)
                + "<trkseg>" + point(3) + "</trkseg>" + point(4) + "</trk><trk>" + point(5) + "</trk></gpx>")
        #expect(segments.map(\.count) == [2, 1, 1, 1])
        #expect(report.points == 5 && report.tracks == 2 && report.skipped.isEmpty)
    }

    @Test func aTimeInAnExtensionIsNeverThePointsTime() throws {
        let (segments, report) = try Self.read(
            Self.head
                + "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time><extensions><lg:time>2026-11-30T17:10:00Z</lg:time></extensions></trkpt>\n"
                + "<trkpt lat=\"40.001\" lon=\"-75\"><extensions><lg:time>2026-11-29T17:10:20Z</lg:time><time>2026-11-29T17:10:20Z</time></extensions></trkpt>\n"
                + Self.tail)
        #expect(segments.map(\.count) == [1])
        #expect(segments.first?.first?.recordedAt == at(8))
        #expect(report.points == 1 && report.skipped == [.noTime: 1])
    }

    @Test func aSegmentInAnExtensionIsNeverASegment() throws {
        let (segments, report) = try Self.read(
            Self.head
                + "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt>\n"
                + "<trkpt lat=\"40.001\" lon=\"-75\"><time>2026-11-29T17:10:10Z</time><extensions><lg:trkseg>3</lg:trkseg></extensions></trkpt>\n"
                + "<trkpt lat=\"40.002\" lon=\"-75\"><time>2026-11-29T17:10:20Z</time><lg:trkseg/></trkpt>\n"
                + "<trkpt lat=\"40.003\" lon=\"-75\"><time>2026-11-29T17:10:30Z</time></trkpt>\n" + Self.tail)
        #expect(segments.map(\.count) == [4])
        #expect(report.points == 4 && report.skipped.isEmpty)
    }

    @Test func positionsOfAnotherNamespaceAreNeverThePointsPosition() throws {
        let (segments, _) = try Self.read(
            Self.head
                + "<trkpt lat=\"40\" lon=\"-75\" lg:lat=\"41.9\" lg:lon=\"0\"><time>2026-11-29T17:10:00Z</time></trkpt>\n"
                + "<trkpt lat=\"40.001\" lon=\"-75\"><time>2026-11-29T17:10:10Z</time><extensions><lg:trkpt lat=\"41.7\" lon=\"-87\"><lg:time>2026-11-29T17:10:15Z</lg:time></lg:trkpt><trkpt lat=\"41.6\" lon=\"-87\"><time>2026-11-29T17:10:16Z</time></trkpt></extensions></trkpt>\n"
                + Self.tail)
        #expect(segments.first?.map(\.latitude) == [40, 40.001])
        #expect(segments.first?.map(\.longitude) == [-75, -75])
        #expect(segments.first?.last?.recordedAt == at(8).addingTimeInterval(10))
    }

    @Test func aDefaultNamespaceOfAnotherProducerBelowTheRootIsNotGPX() throws {
        let (segments, _) = try Self.read(
            Self.head
                + "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time><data xmlns=\"urn:invented:logger\"><time>2026-11-30T17:10:00Z</time></data></trkpt>\n"
                + Self.tail)
        #expect(segments.first?.map(\.recordedAt) == [at(8)])
    }

    @Test func accuracyIsReadWhereverItStandsAndWhateverItsNamespace() throws {
        let (segments, _) = try Self.read(
            Self.head
                + "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time><extensions><lg:fix><lg:hAcc>4.5</lg:hAcc></lg:fix></extensions></trkpt>\n"
                + "<trkpt lat=\"40.001\" lon=\"-75\"><time>2026-11-29T17:10:10Z</time><lg:HORIZONTALACCURACY>7</lg:HORIZONTALACCURACY></trkpt>\n"
                + "<trkpt lat=\"40.002\" lon=\"-75\"><time>2026-11-29T17:10:20Z</time><hacc>9</hacc></trkpt>\n" + Self.tail)
        #expect(segments.first?.map(\.horizontalAccuracy) == [4.5, 7, 9])
    }

    @Test func aFileThatBindsGPXsNamespaceToAPrefixIsRead() throws {
        let gpx =
            "<g:gpx xmlns:g=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\"><trk><trkseg><trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt></trkseg></trk>"
            + "<g:trk><g:trkseg><g:trkpt lat=\"40.001\" lon=\"-75\"><g:time>2026-11-29T17:10:10Z</g:time></g:trkpt></g:trkseg></g:trk></g:gpx>"
        let (segments, report) = try Self.read(gpx)
        #expect(segments.map(\.count) == [1, 1] && report.tracks == 2)
    }

    @Test func aRootOfAnotherNamespaceIsNotGPX() {
        #expect(Self.refusal(Array("<lg:gpx xmlns:lg=\"urn:invented:logger\"><trk/></lg:gpx>".utf8)) != nil)
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
            // XML 1.0 §2.4: "]]>" ends a CDATA section and may not stand in text.
            ("<gpx>\n<trk>\n<name>a ]]> b</name></trk></gpx>", 3),
        ])
    func notWellFormed(text: String, line: Int) {
        let refusal = Self.refusal(Array(text.utf8))
        #expect(refusal?.line == line, "\(String(describing: refusal))")
    }

    @Test func textWithABracketOrAGreaterThanSignIsStillText() throws {
        // "]]" alone, "]>" and a ">" are text; "]]>" inside a CDATA section ends it.
        for name in ["a ]] b", "a ]> b", "a > b", "]]", "a ]]&gt; b"] {
            #expect(Self.refusal(Array("<gpx>\n<trk><name>\(name)</name></trk></gpx>".utf8)) == nil, "\(name)")
        }
        #expect(Self.refusal(Array("<gpx>\n<trk><name><![CDATA[a ]] b]]></name></trk></gpx>".utf8)) == nil)
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

    /// platform.md: "Reading is streamed: memory does not grow with the file". The line of a
    /// fault at the end of a file cut short was counted from its start, reading every page the
    /// reading had let go; it is counted on from the lines of the bytes checked. The count is the
    /// same: LF, CR LF (also across the 64 KiB at which bytes are checked) and a CR alone.
    @Test func theLineOfAFaultAtTheEndOfALongFileIsCountedAsItsLinesEnd() throws {
        let endings = ["\n", "\r\n", "\r"]
        var text = "<gpx><trk><trkseg>\n"
        var lines = 2
        var index = 0
        // Over a MiB, a point a line, each line ending one of the three ways in turn; then a
        // line that ends in CR just before 64 KiB and its LF just after it.
        while text.utf8.count < 1 << 20 {
            text += "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt>" + endings[index % 3]
            lines += 1
            index += 1
        }
        let bytes = Array((text + "<trkpt lat=\"40\" lon=\"-75\"><time>2026").utf8)
        #expect(Self.refusal(bytes)?.line == lines, "\(String(describing: Self.refusal(bytes)))")
        var straddling = Array("<gpx><trk><trkseg>\n".utf8)
        straddling += [UInt8](repeating: 0x20, count: (1 << 16) - 1 - straddling.count) + [0x0D, 0x0A]
        straddling += Array("<trkpt lat=\"40\" lon=\"-75\">".utf8) + [UInt8](repeating: 0x20, count: 1 << 16) + Array("<time>".utf8)
        #expect(Self.refusal(straddling)?.line == 3, "\(String(describing: Self.refusal(straddling)))")
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

    /// platform.md refuses "only a file that is not well-formed XML, not GPX, or holds a DOCTYPE":
    /// XML in UTF-16 is well-formed, and was refused, asking the driver to save it as UTF-8.
    @Test func aUTF16FileIsReadAsTheSameText() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<gpx><trk><name>Café ride</name><trkseg>"
            + "<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt></trkseg></trk></gpx>"
        let little = Array(try #require(text.data(using: .utf16LittleEndian)))
        let big = Array(try #require(text.data(using: .utf16BigEndian)))
        for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little, big] {
            let (segments, _) = try Self.read(bytes)
            #expect(segments.map(\.count) == [1])
        }
        // Not UTF-16 after all: an odd byte, half of a character, or the other byte order.
        #expect(Self.refusal([0xFF, 0xFE] + little + [0x3C]) != nil)
        #expect(Self.refusal([0xFF, 0xFE] + little.prefix(4) + [0x00, 0xD8] + little.dropFirst(4)) != nil)
        // Refused at the line it failed on (cli.md: "the file and the line it failed at").
        let lines = Array(try #require("<gpx>\n<trk>\n<trkseg>\n".data(using: .utf16LittleEndian)))
        #expect(Self.refusal([0xFF, 0xFE] + lines + [0x00, 0xD8] + little)?.line == 4)
        #expect(Self.refusal([0xFE, 0xFF] + little) != nil)
    }

    @Test(
        "A lone CR ends a line, and CR LF ends one line", arguments: ["\r", "\r\n", "\n"])
    func lineEnds(end: String) {
        let gpx = ["<gpx>", "<trk>", "<trkseg>", "</trk>", "</gpx>"].joined(separator: end)
        #expect(Self.refusal(Array(gpx.utf8))?.line == 4)
    }
}

extension GPXWellFormedTests {
    /// platform.md: "Reading is streamed: memory does not grow with the file." A time split by a
    /// comment was collected whole, and a long run of text was one piece whose pages were never
    /// let go: 100 MB of white space in one <time> took 300 MB (from audit). A run of white space
    /// is now kept as one byte, a text longer than any time or number is none, and text is read
    /// a MiB at a time, never cut inside an entity or a "]]>".
    @Test func longTextIsReadInPiecesThatNeverSplitWhatItHolds() throws {
        let spaces = String(repeating: " \n\t", count: 1 << 20)
        let digits = String(repeating: "1", count: 5000)
        let (segments, report) = try Self.read(
            Self.head
                + "<trkpt lat=\"40\" lon=\"-75\"><time><!-- a -->\(spaces)2026-11-29T17:10:00Z\(spaces)</time></trkpt>\n"
                + "<trkpt lat=\"40.001\" lon=\"-75\"><time><!-- b -->\(digits)</time></trkpt>\n"
                + "<trkpt lat=\"40.002\" lon=\"-75\"><time>2026-11-29T17:1<!-- c -->1:00Z</time></trkpt>\n" + Self.tail)
        #expect(segments.first?.map(\.recordedAt) == [at(8), at(9)])
        #expect(report.points == 2 && report.skipped == [.badTime: 1], "\(report)")
        // Where a MiB of text ends inside "&amp;" or "]]>": the one is read, the other refused.
        let before = Array("<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><desc>".utf8)
        for (tail, refused) in [("&amp; x", false), ("]]> x", true)] {
            let filler = [UInt8](repeating: 0x78, count: (1 << 20) - 2)
            let file = before + filler + Array((tail + "</desc></gpx>").utf8)
            let refusal = Self.refusal(file)
            #expect((refusal != nil) == refused, "\(tail): \(String(describing: refusal))")
            if refused { #expect(refusal?.reason.contains("]]>") == true, "\(String(describing: refusal))") }
        }
    }

    /// platform.md: "no message quotes more than 100 characters of the file". A message that
    /// quotes two names quoted 100 of each (from audit): they share the 100.
    @Test func aMessageQuotingTwoNamesQuotesAtMost100CharactersOfTheFile() throws {
        let long = String(repeating: "y", count: 500)
        let other = String(repeating: "z", count: 500)
        for file in [
            "<gpx version=\"1.1\"><\(long)></\(other)></gpx>", "<gpx version=\"1.1\"><\(long) \(other)=\"1\" \(other)=\"2\"/></gpx>",
        ] {
            let reason = try #require(Self.refusal(Array(file.utf8))?.reason)
            #expect(reason.filter { $0 == "y" || $0 == "z" }.count <= 100, "\(reason)")
            #expect(reason.contains("yyyy…") && reason.contains("zzzz…"), "\(reason)")
        }
        // Cut between characters, never inside one ("餃" is three bytes: 50 is not a multiple).
        let wide = String(repeating: "餃", count: 200)
        let reason = try #require(Self.refusal(Array("<gpx version=\"1.1\"><\(wide)></\(other)></gpx>".utf8))?.reason)
        #expect(!reason.contains("\u{FFFD}") && reason.contains("餃…"), "\(reason)")
    }

    /// XML allows a character reference any number of leading zeros. One straddling where a MiB
    /// of text is cut (looked for only 40 bytes back), or longer than 100 characters anywhere
    /// (read through a message's quotation, cut to 100), was refused; a run of "]" longer than
    /// the MiB made the cut step back over all of it on every piece (quadratic: 25 s for 20,000);
    /// a tag with many attributes compared each with every other (from review).
    @Test func longReferencesRunsOfBracketsAndManyAttributesAreReadAsXMLHasThem() throws {
        let before = Array("<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><desc>".utf8)
        let reference = Array(("&#" + String(repeating: "0", count: 150) + "65;").utf8)
        for filler in [(1 << 20) - 50, 10] {
            let file = before + [UInt8](repeating: 0x78, count: filler) + reference + Array(" x</desc></gpx>".utf8)
            #expect(Self.refusal(file) == nil, "\(filler): \(String(describing: Self.refusal(file)))")
        }
        let brackets = before + [UInt8](repeating: 0x5D, count: (1 << 20) + 20_000) + Array("</desc></gpx>".utf8)
        #expect(Self.refusal(brackets) == nil)
        let many = (0..<20_000).map { " a\($0)=\"1\"" }.joined()
        #expect(Self.refusal(Array("<gpx version=\"1.1\"\(many)></gpx>".utf8)) == nil)
        let repeated = (0..<40).map { " a\($0)=\"1\"" }.joined() + " a5=\"2\""
        #expect(Self.refusal(Array("<gpx version=\"1.1\"\(repeated)></gpx>".utf8))?.reason == "<gpx> has the attribute a5 twice")
    }
}
