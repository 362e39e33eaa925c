import Foundation

/// The five bands of the driver's local time a wait is read in, by its arrival at pickup.
public enum TimeOfDayBand: String, Sendable, Equatable, CaseIterable {
    case morning
    case lunch
    case afternoon
    case dinner
    case late

    /// The band's first local hour (inclusive).
    public var fromHour: Int {
        switch self {
        case .morning: 5
        case .lunch: 11
        case .afternoon: 14
        case .dinner: 17
        case .late: 21
        }
    }

    /// The band's end (exclusive): the next band's first hour.
    public var toHour: Int {
        switch self {
        case .morning: 11
        case .lunch: 14
        case .afternoon: 17
        case .dinner: 21
        case .late: 5
        }
    }

    /// "Morning".
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The band of a local hour (0...23).
    public static func of(hour: Int) -> TimeOfDayBand {
        switch hour {
        case 5..<11: .morning
        case 11..<14: .lunch
        case 14..<17: .afternoon
        case 17..<21: .dinner
        default: .late
        }
    }

    /// The band `date` falls in, in `timeZone`: its offset from UTC at that instant, so that a
    /// wait at 17:30 local is dinner on both sides of a daylight-saving change.
    public static func of(_ date: Date, in timeZone: TimeZone) -> TimeOfDayBand {
        let local = date.localSeconds(in: timeZone)
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return of(hour: Int(secondOfDay / 3_600))
    }
}

/// A place's waits in each band of the day: count, median, shortest and longest.
public struct WaitsByTimeOfDay: Sendable, Equatable {
    /// The fewest waits a band needs before its figures say anything.
    public static let fewestToSay = 3

    /// One band's waits.
    public struct Band: Sendable, Equatable {
        /// Which band.
        public var band: TimeOfDayBand
        /// Its waits' figures (count always; the rest only said at three or more).
        public var waits: PickupWaits
        /// Whether there are enough waits to say anything but the count.
        public var isSayable: Bool { waits.count >= WaitsByTimeOfDay.fewestToSay }

        /// Creates a band.
        public init(band: TimeOfDayBand, waits: PickupWaits) {
            self.band = band
            self.waits = waits
        }
    }

    /// The five bands, morning to late.
    public var bands: [Band]

    /// Sorts `samples` into bands by their arrival in `timeZone`. O(n log n).
    public init(_ samples: [PickupWaitSample], timeZone: TimeZone) {
        // One list a band, in the bands' order: no hashing for each of thousands of waits.
        let all = TimeOfDayBand.allCases
        var seconds = Array(repeating: [Int64](), count: all.count)
        for sample in samples { seconds[all.firstIndex(of: TimeOfDayBand.of(sample.arrivedAt, in: timeZone)) ?? 0].append(sample.seconds) }
        bands = zip(all, seconds).map { Band(band: $0, waits: PickupWaits($1)) }
    }

    /// The band `band`.
    public subscript(band: TimeOfDayBand) -> Band { bands.first { $0.band == band } ?? Band(band: band, waits: PickupWaits([])) }
}

/// How a place's waits spread over fixed buckets: under 2 min, 2–5, 5–10, 10–15, 15–20, 20–30,
/// 30 min and over.
public struct WaitDistribution: Sendable, Equatable {
    /// One bucket: `from` inclusive, `to` exclusive (`nil`: no end), in seconds.
    public struct Bucket: Sendable, Equatable {
        public var from: Int64
        public var to: Int64?
        public var count: Int

        /// Creates a bucket.
        public init(from: Int64, to: Int64?, count: Int) {
            self.from = from
            self.to = to
            self.count = count
        }
    }

    /// The buckets' edges in seconds.
    public static let edges: [Int64] = [0, 120, 300, 600, 900, 1_200, 1_800]

    /// The seven buckets, shortest first.
    public var buckets: [Bucket]

    /// Counts `seconds` into the buckets. O(n).
    public init<Waits: Sequence>(_ seconds: Waits) where Waits.Element == Int64 {
        var counts = Array(repeating: 0, count: Self.edges.count)
        for wait in seconds {
            let index = Self.edges.lastIndex { $0 <= wait } ?? 0
            counts[index] += 1
        }
        buckets = Self.edges.indices.map { index in
            Bucket(from: Self.edges[index], to: index + 1 < Self.edges.count ? Self.edges[index + 1] : nil, count: counts[index])
        }
    }

    /// The largest bucket's count, to scale a picture by.
    public var largest: Int { buckets.map(\.count).max() ?? 0 }
}
