import Foundation

/// A place's own recorded wait, as a running card shows it while its delivery waits for pickup:
/// the median with its count, and the current band's when that band has three or more. The
/// place's history said plainly: never a prediction, a score or advice.
public struct PlaceWaitNow: Sendable, Equatable {
    /// How many waits the place has recorded.
    public var count: Int
    /// Their median, in seconds.
    public var median: Double
    /// The band of the day it is now.
    public var band: TimeOfDayBand
    /// How many of the waits fall in that band.
    public var bandCount: Int
    /// The band's median, when it has three or more waits.
    public var bandMedian: Double?

    /// The wait of a place whose recorded waits are `samples`, at `now` in `timeZone`, or `nil`
    /// when the place has no recorded wait. O(n log n).
    public init?(_ samples: [PickupWaitSample], now: Date, timeZone: TimeZone) {
        let waits = PickupWaits(samples.map(\.seconds))
        guard let median = waits.median else { return nil }
        count = waits.count
        self.median = median
        band = TimeOfDayBand.of(now, in: timeZone)
        let inBand = WaitsByTimeOfDay(samples, timeZone: timeZone)[band]
        bandCount = inBand.waits.count
        bandMedian = inBand.isSayable ? inBand.waits.median : nil
    }
}
