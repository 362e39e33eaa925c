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

    @Test func aPointWithoutATimeIsRefusedWithItsLine() {
        let gpx = "<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"40\" lon=\"-75\"></trkpt>\n</trkseg></trk></gpx>"
        #expect(throws: GPXReader.Malformed(line: 3, reason: "a <trkpt> has no <time>")) { try GPXReader.segments(from: Data(gpx.utf8)) }
    }

    @Test func aFileThatIsNotGPXIsRefused() {
        #expect(throws: GPXReader.Malformed.self) { try GPXReader.segments(from: Data("<kml></kml>".utf8)) }
        #expect(throws: GPXReader.Malformed.self) { try GPXReader.segments(from: Data("not xml at all".utf8)) }
    }

    @Test func timesRoundTripThroughISO8601() {
        #expect(ISO8601.format(at(10)) == "2026-11-29T17:12:00Z")
        #expect(ISO8601.parse("2026-11-29T17:12:00Z") == at(10))
        #expect(ISO8601.parse("2026-11-29T17:12:00") == nil)
        #expect(ISO8601.parse("2026-13-29T17:12:00Z") == nil)
        #expect(ISO8601.format(Date(unixSeconds: 0)) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.format(Date(unixSeconds: 951_782_400)) == "2000-02-29T00:00:00Z")
    }
}
