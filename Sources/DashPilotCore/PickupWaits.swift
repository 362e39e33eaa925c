/// The pickup waits recorded at one place: derived from its deliveries, stored nowhere.
public struct PickupWaits: Sendable, Equatable {
    /// How many deliveries have both an arrival and a pickup time.
    public var count: Int
    /// The median wait in seconds (the mean of the two middle values when the count is even).
    public var median: Double?
    /// The shortest wait in seconds.
    public var shortest: Int64?
    /// The longest wait in seconds.
    public var longest: Int64?

    /// Summarises waits given in any order. O(n log n).
    public init<Waits: Sequence>(_ waits: Waits) where Waits.Element == Int64 {
        let sorted = waits.sorted()
        count = sorted.count
        shortest = sorted.first
        longest = sorted.last
        if sorted.isEmpty {
            median = nil
        } else if sorted.count % 2 == 1 {
            median = Double(sorted[sorted.count / 2])
        } else {
            median = (Double(sorted[sorted.count / 2 - 1]) + Double(sorted[sorted.count / 2])) / 2
        }
    }

    /// Whether there are enough waits to call the median typical: one wait is not yet typical.
    public var isTypical: Bool { count > 1 }
}
