import DashPilotCore
import Foundation
import Testing

/// platform.md, "Live capture": how a line of gpsd's JSON or an NMEA 0183 sentence becomes a
/// position, or is ignored, or is skipped with its reason.
@Suite("Reading a live position stream")
struct LiveCaptureReadingTests {
    static func read(_ text: String) -> PositionReport { PositionReport.read(Array(text.utf8)) }

    /// An NMEA sentence with its checksum.
    static func sentence(_ body: String) -> String {
        "$\(body)*" + String(format: "%02X", body.utf8.reduce(0, ^))
    }

    static let at = ISO8601.parse("2026-11-29T17:02:03Z")!

    @Test func aTPVWithAFixGivesASampleAtItsTime() {
        let line = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-11-29T17:02:03.500Z","lat":45.5,"lon":-73.57,"eph":4.2}"#
        #expect(Self.read(line) == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: 4.2))
        let flat = #"{"class":"TPV","mode":2,"time":"2026-11-29T17:02:03Z","lat":45.5,"lon":-73.57}"#
        #expect(Self.read(flat) == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: nil))
    }

    @Test func accuracyIsEphElseTheLargerOfEpxAndEpyElseUnknown() {
        let base = #"{"class":"TPV","mode":3,"time":"2026-11-29T17:02:03Z","lat":45.5,"lon":-73.57"#
        #expect(Self.read(base + #","eph":3,"epx":9,"epy":12}"#) == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: 3))
        #expect(Self.read(base + #","epx":9,"epy":12}"#) == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: 12))
        #expect(Self.read(base + #","epy":7}"#) == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: 7))
        #expect(Self.read(base + #","eph":"far"}"#) == .skipped(.notANumber))
    }

    @Test func otherGpsdClassesAndOtherSentencesAreIgnored() {
        for line in [
            #"{"class":"VERSION","release":"3.22"}"#, #"{"class":"SKY","satellites":[]}"#, #"{"class":"WATCH","enable":true}"#,
            Self.sentence("GPGGA,170203.00,4530.0000,N,07334.2000,W,1,08,0.9,30.0,M,,M,,"), "", "  \r",
        ] {
            #expect(Self.read(line) == .ignored, "\(line)")
        }
    }

    @Test func aTPVWithoutAFixOrATimeIsSkippedWithItsReason() {
        #expect(Self.read(#"{"class":"TPV","mode":1}"#) == .skipped(.noFix))
        #expect(Self.read(#"{"class":"TPV","device":"/dev/pts/3"}"#) == .skipped(.noFix))
        #expect(Self.read(#"{"class":"TPV","mode":3,"lat":45.5,"lon":-73.57}"#) == .skipped(.noTime))
        #expect(Self.read(#"{"class":"TPV","mode":3,"time":"2026-02-31T10:00:00Z","lat":45.5,"lon":-73.57}"#) == .skipped(.badTime))
        #expect(Self.read(#"{"class":"TPV","mode":3,"time":12,"lat":45.5,"lon":-73.57}"#) == .skipped(.badTime))
        #expect(Self.read(#"{"class":"TPV","mode":3,"time":"2026-11-29T17:02:03Z","lat":"north","lon":-73.57}"#) == .skipped(.notANumber))
        #expect(Self.read(#"{"class":"TPV","mode":true,"time":"2026-11-29T17:02:03Z","lat":45.5,"lon":-73.57}"#) == .skipped(.noFix))
    }

    /// gpsd 3.22 opens every session with a TPV of mode 3 that gives the errors and no position
    /// nor time; it was counted as "the fix has no time" at the end of every follow.
    @Test func gpsdsOpeningReportWithoutAPositionIsNoFix() {
        let opening = #"{"class":"TPV","device":"/dev/pts/2","mode":3,"epv":48.300,"eph":24.700,"sep":47.500}"#
        #expect(Self.read(opening) == .skipped(.noFix))
        #expect(Self.read(#"{"class":"TPV","mode":2,"time":"2026-11-29T17:02:03Z","lon":-73.57}"#) == .skipped(.noFix))
    }

    @Test func anRMCWithStatusAGivesTimeAndPositionAndNoAccuracy() {
        let rmc = Self.sentence("GPRMC,170203.00,A,4530.0000,N,07334.2000,W,010.0,000.0,291126,,,A")
        #expect(Self.read(rmc + "\r") == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: nil))
        let south = Self.sentence("GNRMC,170203,A,3352.1200,S,15112.6000,E,0.0,0.0,291126,,")
        guard case .fix(_, let latitude, let longitude, nil) = Self.read(south) else {
            Issue.record("no fix")
            return
        }
        #expect(abs(latitude - -33.868667) < 1e-6 && abs(longitude - 151.21) < 1e-9)
    }

    @Test func anRMCWithStatusVOrAnImpossibleTimeIsSkipped() {
        #expect(Self.read(Self.sentence("GPRMC,170203.00,V,,,,,,,291126,,,N")) == .skipped(.noFix))
        #expect(Self.read(Self.sentence("GPRMC,,A,4530.0000,N,07334.2000,W,0,0,,,,A")) == .skipped(.noTime))
        #expect(Self.read(Self.sentence("GPRMC,170203.00,A,4530.0000,N,07334.2000,W,0,0,310226,,,A")) == .skipped(.badTime))
        #expect(Self.read(Self.sentence("GPRMC,250203.00,A,4530.0000,N,07334.2000,W,0,0,291126,,,A")) == .skipped(.badTime))
        #expect(Self.read(Self.sentence("GPRMC,170203.00,A,nan,N,07334.2000,W,0,0,291126,,,A")) == .skipped(.notANumber))
        #expect(Self.read(Self.sentence("GPRMC,170203.00,A,4530.0000,X,07334.2000,W,0,0,291126,,,A")) == .skipped(.notANumber))
        // An NMEA sentence cut short is one all the same: it is said so, not "neither JSON nor NMEA".
        #expect(Self.read(Self.sentence("GPRMC,170203.00,A,4530.0000,N")) == .skipped(.cutShort))
        #expect(PositionReport.Skip.cutShort.sentence == "the NMEA sentence is cut short")
    }

    /// platform.md: "`RMC` gives time and position when its status is `A`", from a receiver's
    /// talker ("GP", "GN"). A maker's own sentence whose name ends the same (Garmin's `PGRMC`,
    /// its settings) is no RMC: it was counted "the receiver had no fix" beside its fixes.
    @Test func aMakersOwnSentenceEndingInRMCIsIgnored() {
        #expect(Self.read(Self.sentence("PGRMC,A,,100,,,,,,A,,1,2,,")) == .ignored)
        #expect(Self.read(Self.sentence("PGRMC,170203.00,A,4530.0000,N,07334.2000,W,010.0,000.0,291126,,,A")) == .ignored)
        #expect(Self.read(Self.sentence("GARMC,170203.00,A,4530.0000,N,07334.2000,W,010.0,000.0,291126,,,A")) != .ignored)
    }

    @Test func aBadChecksumSkipsTheSentence() {
        let good = Self.sentence("GPRMC,170203.00,A,4530.0000,N,07334.2000,W,010.0,000.0,291126,,,A")
        #expect(Self.read(String(good.dropLast(2)) + "00") == .skipped(.badChecksum))
        #expect(Self.read(String(good.dropLast(3))) == .skipped(.badChecksum))
        #expect(Self.read(good.replacingOccurrences(of: "4530", with: "4531")) == .skipped(.badChecksum))
    }

    @Test func junkAndJSONThatIsNotAnObjectAreUnreadable() {
        let junk: [UInt8] = [0xFF, 0x00, 0x7B, 0xC3, 0x28, 0x1B, 0x5B, 0x32, 0x4A]
        #expect(PositionReport.read(junk) == .skipped(.unreadable))
        #expect(PositionReport.read([0x7B] + junk) == .skipped(.unreadable))
        for line in ["[1,2,3]", "42", "\"TPV\"", "{\"class\":\"TPV\"", "{\"lat\":NaN}", "{\"lat\":1e400}", "{}", "hello"] {
            #expect(Self.read(line) == .skipped(.unreadable), "\(line)")
        }
    }

    @Test func aLineLongerThan4096BytesIsSkippedAndNeverHeldWhole() {
        var lines = PositionLines()
        var seen: [PositionLines.Line] = []
        let chunk = [UInt8](repeating: 0x41, count: 65_536)
        // 10 MB of one line, then a good one: one line too long, then the good one.
        for _ in 0..<160 { lines.feed(chunk) { seen.append($0) } }
        lines.feed(Array("\nnext\r\n".utf8)) { seen.append($0) }
        #expect(seen == [.tooLong, .text(Array("next".utf8))])
        // Exactly 4,096 bytes is a line; one more is not.
        seen = []
        lines.feed([UInt8](repeating: 0x42, count: 4096) + [0x0A] + [UInt8](repeating: 0x43, count: 4097) + [0x0A]) { seen.append($0) }
        #expect(seen == [.text([UInt8](repeating: 0x42, count: 4096)), .tooLong])
        // A line's end is no part of it: 4,096 bytes ended by CR LF is a line (it was counted as
        // longer than 4,096 bytes); 4,097 before CR LF, or a CR within, is not.
        seen = []
        let b = [UInt8](repeating: 0x42, count: 4096)
        lines.feed(b + [0x0D, 0x0A] + b + [0x43, 0x0D, 0x0A] + b + [0x0D, 0x43, 0x0A]) { seen.append($0) }
        #expect(seen == [.text(b), .tooLong, .tooLong])
    }

    @Test func aSentenceCutAcrossReadsIsOneLineAndAStreamThatStopsMidLineEndsWithIt() {
        var lines = PositionLines()
        var seen: [PositionLines.Line] = []
        let rmc = Array((Self.sentence("GPRMC,170203.00,A,4530.0000,N,07334.2000,W,010.0,000.0,291126,,,A") + "\r\n").utf8)
        lines.feed(rmc[..<20]) { seen.append($0) }
        #expect(seen.isEmpty)
        lines.feed(rmc[20...] + Array("$GPRMC,1702".utf8)) { seen.append($0) }
        lines.finish { seen.append($0) }
        #expect(seen.count == 2)
        guard case .text(let first) = seen[0], case .text(let cut) = seen[1] else { return }
        #expect(PositionReport.read(first) == .fix(time: Self.at, latitude: 45.5, longitude: -73.57, accuracy: nil))
        #expect(PositionReport.read(cut) == .skipped(.badChecksum))
    }
}
