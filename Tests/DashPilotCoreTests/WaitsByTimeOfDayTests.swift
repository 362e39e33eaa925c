import DashPilotCore
import Foundation
import Testing

@Suite("Waits by time of day, and their distribution")
struct WaitsByTimeOfDayTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// A UTC instant on 2026-11-29 at `clock` ("17:30:00").
    static func utcTime(_ clock: String) -> Date {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return Date(timeIntervalSince1970: 1_795_910_400 + Double(parts[0] * 3600 + parts[1] * 60 + parts[2]))
    }

    @Test(
        "Band edges",
        arguments: [
            ("04:59:59", TimeOfDayBand.late), ("05:00:00", .morning), ("10:59:59", .morning), ("11:00:00", .lunch),
            ("13:59:59", .lunch), ("14:00:00", .afternoon), ("16:59:59", .afternoon), ("17:00:00", .dinner), ("20:59:59", .dinner),
            ("21:00:00", .late), ("23:59:59", .late), ("00:00:00", .late),
        ])
    func bandEdges(clock: String, band: TimeOfDayBand) {
        #expect(TimeOfDayBand.of(Self.utcTime(clock), in: Self.utc) == band)
    }

    @Test(
        "A wait at 17:30 local is dinner on both sides of each daylight-saving change",
        arguments: [
            // 2026-03-08 (clocks go forward) and 2026-11-01 (clocks go back), in New York.
            ("2026-03-07T22:30:00Z", TimeOfDayBand.dinner), ("2026-03-08T21:30:00Z", .dinner),
            ("2026-10-31T21:30:00Z", .dinner), ("2026-11-01T22:30:00Z", .dinner),
            // 04:59 and 05:00 local on the morning of each change.
            ("2026-03-08T08:59:00Z", .late), ("2026-03-08T09:00:00Z", .morning),
            ("2026-11-01T09:59:00Z", .late), ("2026-11-01T10:00:00Z", .morning),
        ])
    func daylightSaving(instant: String, band: TimeOfDayBand) throws {
        let date = try #require(ISO8601.parse(instant))
        #expect(TimeOfDayBand.of(date, in: Self.newYork) == band)
    }

    @Test(
        "Bucket edges",
        arguments: [
            (0, 0), (119, 0), (120, 1), (299, 1), (300, 2), (599, 2), (600, 3), (899, 3), (900, 4), (1199, 4), (1200, 5), (1799, 5),
            (1800, 6), (86_400, 6),
        ])
    func bucketEdges(seconds: Int64, bucket: Int) {
        let distribution = WaitDistribution([seconds])
        #expect(distribution.buckets.map(\.count) == (0..<7).map { $0 == bucket ? 1 : 0 })
        #expect(distribution.buckets[bucket].from <= seconds)
        #expect(distribution.buckets[bucket].to.map { seconds < $0 } ?? true)
    }

    @Test func theBucketsAreTheSevenOfTheDesign() {
        let buckets = WaitDistribution([]).buckets
        #expect(buckets.map(\.from) == [0, 120, 300, 600, 900, 1200, 1800])
        #expect(buckets.map(\.to) == [120, 300, 600, 900, 1200, 1800, nil])
    }

    @Test func aBandBelowThreeWaitsIsTooFewToSayAndTheEvenCountMedianIsTheMeanOfTheMiddleTwo() {
        let dinner = [("17:10:00", 300), ("18:00:00", 420), ("19:00:00", 600), ("20:00:00", 900)].map {
            PickupWaitSample(arrivedAt: Self.utcTime($0.0), seconds: Int64($0.1))
        }
        let lunch = [
            PickupWaitSample(arrivedAt: Self.utcTime("12:00:00"), seconds: 60),
            PickupWaitSample(arrivedAt: Self.utcTime("12:30:00"), seconds: 90),
        ]
        let bands = WaitsByTimeOfDay(dinner + lunch, timeZone: Self.utc)
        #expect(bands.bands.map(\.band) == TimeOfDayBand.allCases)
        #expect(bands[.dinner].isSayable && bands[.dinner].waits.median == 510)
        #expect(bands[.lunch].waits.count == 2 && !bands[.lunch].isSayable)
        #expect(bands[.morning].waits.count == 0)
    }

    @Test(
        "Over generated histories, bands and buckets add up to the place, and every band median lies within the place's extremes",
        arguments: [1, 2, 3] as [UInt64])
    func bandsAndBucketsAddUp(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for round in 0..<50 {
            let samples = (0..<Int.random(in: 0...200, using: &random)).map { _ in
                PickupWaitSample(
                    arrivedAt: Date(timeIntervalSince1970: Double(Int.random(in: 1_700_000_000...1_800_000_000, using: &random))),
                    seconds: Int64.random(in: 0...4_000, using: &random))
            }
            let whole = PickupWaits(samples.map(\.seconds))
            let bands = WaitsByTimeOfDay(samples, timeZone: Self.newYork)
            #expect(bands.bands.map(\.waits.count).reduce(0, +) == whole.count, "seed \(seed), round \(round)")
            #expect(
                WaitDistribution(samples.map(\.seconds)).buckets.map(\.count).reduce(0, +) == whole.count, "seed \(seed), round \(round)")
            for band in bands.bands {
                guard let median = band.waits.median, let shortest = whole.shortest, let longest = whole.longest else { continue }
                #expect(Double(shortest) <= median && median <= Double(longest), "seed \(seed), round \(round)")
            }
        }
    }
}
