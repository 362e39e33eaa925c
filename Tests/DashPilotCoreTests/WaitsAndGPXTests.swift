import DashPilotCore
import Foundation
import Testing

@Suite("Pickup waits")
struct PickupWaitsTests {
    @Test func anOddCountTakesTheMiddleWait() {
        let waits = PickupWaits([840, 120, 420])
        #expect(waits == PickupWaits([120, 420, 840]))
        #expect(waits.count == 3)
        #expect(waits.median == 420)
        #expect(waits.shortest == 120)
        #expect(waits.longest == 840)
    }

    @Test func anEvenCountTakesTheMeanOfTheTwoMiddleWaits() {
        #expect(PickupWaits([600, 601, 10, 2000]).median == 600.5)
    }

    @Test func noWaitsGiveACountOfZeroAndNothingElse() {
        let waits = PickupWaits([])
        #expect(waits.count == 0)
        #expect(waits.median == nil && waits.shortest == nil && waits.longest == nil)
    }

    /// The median is selected, not sorted for: it must be the sorted list's middle whatever the
    /// order, the duplicates and the size.
    @Test func theMedianIsTheSortedMiddleWhateverTheOrder() {
        func expectLikeSorted(_ waits: [Int64], _ comment: Comment) {
            let sorted = waits.sorted()
            let summary = PickupWaits(waits)
            let middle: Double? =
                sorted.isEmpty
                ? nil
                : sorted.count % 2 == 1
                    ? Double(sorted[sorted.count / 2]) : (Double(sorted[sorted.count / 2 - 1]) + Double(sorted[sorted.count / 2])) / 2
            #expect(summary.median == middle && summary.count == sorted.count, comment)
            #expect(summary.shortest == sorted.first && summary.longest == sorted.last, comment)
        }
        var random = SeededRandom(seed: 5)
        for size in 0..<300 {
            for spread in [1, 3, 50, 100_000] as [UInt64] {
                let waits = (0..<size).map { _ in Int64(random.next() % spread) - (spread > 3 ? 600 : 0) }
                expectLikeSorted(waits, "size \(size), spread \(spread)")
            }
        }
        let size: Int64 = 20_001
        let shapes: [(String, [Int64])] = [
            ("ascending", Array(0..<size)), ("descending", Array((0..<size).reversed())),
            ("all equal", Array(repeating: 420, count: 20_000)),
            ("organ pipe", Array(0..<size / 2) + Array((0..<size / 2).reversed())), ("sawtooth", (0..<size).map { $0 % 7 }),
            ("two values", (0..<size).map { $0 % 2 == 0 ? 0 : 3_600 }),
        ]
        for (name, waits) in shapes { expectLikeSorted(waits, "\(name)") }
    }

    @Test func oneWaitIsNotYetTypical() {
        #expect(!PickupWaits([300]).isTypical)
        #expect(PickupWaits([300, 0]).isTypical)
    }
}

@Suite("GPX and times")
struct GPXReaderTests {
    @Test func trackSegmentsBecomeSegmentsOfSamples() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="invented" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><trkseg>
                <trkpt lat="40.0" lon="-75.0"><time>2026-11-29T17:10:00Z</time></trkpt>
                <trkpt lat="40.001" lon="-75.0"><time>2026-11-29T17:10:05.600Z</time><extensions><hacc>4.5</hacc></extensions></trkpt>
              </trkseg><trkseg>
                <trkpt lat="40.002" lon="-75.0"><time>2026-11-29T12:10:10-05:00</time></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let segments = try GPXReader.segments(from: Data(gpx.utf8))
        #expect(segments.count == 2)
        #expect(segments[0].count == 2)
        #expect(segments[0][0].recordedAt == at(8))
        #expect(segments[0][1].horizontalAccuracy == 4.5)
        #expect(segments[0][0].horizontalAccuracy == nil)
        #expect(segments[1][0].recordedAt == at(8).addingTimeInterval(10))
    }

    @Test func aMalformedFileIsRefusedWithItsLine() {
        let gpx =
            "<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"40\" lon=\"-75\"><time>2026-11-29T17:10:00Z</time></trkpt>\n<trkpt lat=\"40\"\n</trkseg></trk></gpx>"
        #expect {
            try GPXReader.segments(from: Data(gpx.utf8))
        } throws: { error in
            guard let malformed = error as? GPXReader.Malformed else { return false }
            return malformed.line >= 4 && malformed.line <= 5
        }
    }

    /// Reads `gpx` and returns the points kept and the report.
    static func read(_ gpx: String) throws -> ([RouteSample], GPXReader.Report) {
        var points: [RouteSample] = []
        let bytes = Array(gpx.utf8)
        let report = try bytes.withUnsafeBufferPointer {
            try GPXReader.read($0, into: GPXReader.Sink(segment: {}, point: { points.append($0) }))
        }
        return (points, report)
    }

    @Test func pointsThatCannotBeReadAreSkippedAndCountedAndTheFileGoesOn() throws {
        let gpx = """
            <gpx version="1.0"><trk><trkseg>
            <trkpt lat="40" lon="-75"></trkpt>
            <trkpt lat="40" lon="-75"><time>2026-02-31T10:00:00Z</time></trkpt>
            <trkpt lat="NaN" lon="-75"><time>2026-11-29T17:10:00Z</time></trkpt>
            <trkpt lat="1e999" lon="-75"><time>2026-11-29T17:10:01Z</time></trkpt>
            <trkpt lat="40" lon="-75"><time>2026-11-29T17:10:02Z</time><extensions><HACC>n/a</HACC></extensions></trkpt>
            <trkpt lat="40" lon="-75"><time>2026-11-29T17:10:03Z</time><hAcc>150</hAcc></trkpt>
            </trkseg></trk></gpx>
            """
        let (points, report) = try Self.read(gpx)
        #expect(points.count == 1 && points[0].horizontalAccuracy == 150)
        #expect(report.skipped == [.noTime: 1, .badTime: 1, .notANumber: 3])
        #expect(report.points == 1 && report.tracks == 1)
    }

    @Test(
        "Times without a zone are UTC; offsets with and without a colon, and hours alone; fractions dropped",
        arguments: [
            ("2026-11-29T17:12:00", 0), ("2026-11-29T18:12:00+01:00", 0), ("2026-11-29T18:12:00+0100", 0), ("2026-11-29T18:12:00+01", 0),
            ("2026-11-29T12:12:00-05:00", 0), ("2026-11-29T17:12:00.999Z", 0), ("2026-11-29t17:12:00z", 0),
        ])
    func timeForms(text: String, offset: Int) {
        #expect(ISO8601.parse(text) == at(10))
    }

    @Test(
        "Times that are not times",
        arguments: [
            "2026-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T17:12:00+1", "2026-11-29T17:12:00+01:60",
            "2026-11-29", "2026-11-29T17:12Z",
            // Second 60 was rolled into the next minute (platform.md: never rolled over); a leap
            // second too has no Unix time of its own.
            "2026-11-29T10:22:60Z", "2016-12-31T23:59:60Z", "1969-12-31T23:59:60Z",
        ])
    func notTimes(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test(
        "Files shaped as common producers write them",
        arguments: [
            // A GPX 1.0 logger: no namespace prefix, speed and course in the point, zone-less times.
            (
                "<gpx version=\"1.0\" creator=\"Invented Logger\"><trk><trkseg><trkpt lat=\"40.0\" lon=\"-75.0\"><time>2026-11-29T17:12:00</time><speed>3.1</speed><course>90</course></trkpt></trkseg></trk></gpx>",
                nil as Double?
            ),
            // A sports watch: a namespace prefix and a track-point extension of its own.
            (
                "<gpx:gpx xmlns:gpx=\"http://www.topografix.com/GPX/1/1\"><gpx:trk><gpx:trkseg><gpx:trkpt lat=\"40.0\" lon=\"-75.0\"><gpx:ele>3</gpx:ele><gpx:time>2026-11-29T18:12:00+01:00</gpx:time><gpx:extensions><ext:TrackPointExtension xmlns:ext=\"urn:invented\"><ext:hr>120</ext:hr></ext:TrackPointExtension></gpx:extensions></gpx:trkpt></gpx:trkseg></gpx:trk></gpx:gpx>",
                nil
            ),
            // A phone: accuracy as hAcc inside extensions, fractions of a second, +hhmm.
            (
                "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"40.0\" lon=\"-75.0\"><time>2026-11-29T18:12:00.250+0100</time><extensions><hAcc>7.5</hAcc><vAcc>3</vAcc></extensions></trkpt></trkseg></trk></gpx>",
                7.5
            ),
            // An export with horizontalAccuracy outside extensions and an offset in hours alone.
            (
                "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"40.0\" lon=\"-75.0\"><time>2026-11-29T12:12:00-05</time><horizontalAccuracy>12</horizontalAccuracy></trkpt></trkseg></trk></gpx>",
                12
            ),
            // Whitespace around a decimal, which XML Schema allows: it was "not a number".
            (
                "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\" 40.0 \" lon=\"\t-75.0\n\"><time>\n 2026-11-29T17:12:00Z\n</time><hAcc> 4 </hAcc></trkpt></trkseg></trk></gpx>",
                4
            ),
        ])
    func producers(gpx: String, accuracy: Double?) throws {
        let (points, report) = try Self.read(gpx)
        #expect(points.count == 1 && report.skipped.isEmpty)
        #expect(points.first?.recordedAt == at(10))
        #expect(points.first?.horizontalAccuracy == accuracy)
    }

    @Test func aFileOfRoutesAndWaypointsSaysItHoldsNoTrack() throws {
        let (points, report) = try Self.read(
            "<gpx version=\"1.1\"><wpt lat=\"40\" lon=\"-75\"/><rte><rtept lat=\"40\" lon=\"-75\"/></rte></gpx>")
        #expect(points.isEmpty && report.tracks == 0 && report.routesOrWaypoints == 2)
    }

    @Test func manyPiecesOfTextReadInLinearTime() throws {
        let pieces = String(repeating: " <!-- -->", count: 300_000)
        let gpx = "<gpx><trk><trkseg><trkpt lat=\"40\" lon=\"-75\"><time>\(pieces)2026-11-29T17:12:00Z</time></trkpt></trkseg></trk></gpx>"
        let clock = ContinuousClock()
        let started = clock.now
        let (points, _) = try Self.read(gpx)
        #expect(points.count == 1 && points[0].recordedAt == at(10))
        // Quadratic reading took 38 s here; linear takes well under one, even in a debug build.
        #expect(clock.now - started < .seconds(5))
    }

    @Test func aMessageQuotesAtMostAHundredCharactersOfTheFile() {
        let name = String(repeating: "x", count: 2_000_000)
        let gpx = "<gpx><trk></\(name)></trk></gpx>"
        #expect {
            _ = try Self.read(gpx)
        } throws: { error in
            guard let malformed = error as? GPXReader.Malformed else { return false }
            return malformed.sentence.utf8.count < 200
        }
    }

    /// A closing tag that is not the open element's said "</gpx> closes nothing that is open",
    /// where <gpx> was open: the sentence names the element still open.
    @Test func aClosingTagThatIsNotTheOpenElementsSaysWhichIsStillOpen() {
        #expect {
            _ = try Self.read("<gpx version=\"1.1\">\n<trk><trkseg>\n</trkseg>\n</gpx>")
        } throws: { error in
            guard let malformed = error as? GPXReader.Malformed else { return false }
            return malformed.line == 4 && malformed.sentence.contains("</gpx> comes where <trk> is still open")
        }
    }

    @Test func aFileThatIsNotGPXIsRefused() {
        #expect(throws: GPXReader.Malformed.self) { try GPXReader.segments(from: Data("<kml></kml>".utf8)) }
        #expect(throws: GPXReader.Malformed.self) { try GPXReader.segments(from: Data("not xml at all".utf8)) }
    }

    @Test func timesRoundTripThroughISO8601() {
        #expect(ISO8601.format(at(10)) == "2026-11-29T17:12:00Z")
        #expect(ISO8601.parse("2026-11-29T17:12:00Z") == at(10))
        #expect(ISO8601.parse("2026-13-29T17:12:00Z") == nil)
        #expect(ISO8601.format(Date(unixSeconds: 0)) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.format(Date(unixSeconds: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(ISO8601.format(Date(unixSeconds: -1)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.format(Date(unixSeconds: 253_402_300_800)) == "10000-1-1T0:0:0Z")
        // Appended after what a buffer already holds, the same bytes, where they belong.
        for seconds: Int64 in [0, -1, 951_782_400, 1_796_094_317, 253_402_300_800, -62_167_219_201] {
            var bytes = Array("{\"at\": ".utf8)
            ISO8601.append(Date(unixSeconds: seconds), to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "{\"at\": " + ISO8601.format(Date(unixSeconds: seconds)))
        }
    }

    @Test func aTimeIsWrittenAsTheGregorianCalendarInUTCReadsIt() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var random = SeededRandom(seed: 8601)
        // From 1583 (the calendar's Julian days before it) to the last second of 9999, with the
        // days and seconds where digits carry.
        let edges: [Int64] = [-12_212_553_600, 0, 59, 3599, 86_399, 951_868_799, 253_402_300_799]
        for seconds in edges + (0..<5_000).map({ _ in Int64.random(in: -12_212_553_600...253_402_300_799, using: &random) }) {
            let date = Date(unixSeconds: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
            #expect(ISO8601.format(date) == expected)
        }
    }
}
