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

    /// Summarises waits given in any order. O(n): the middle is selected, not sorted for (a
    /// busy place's ten years are 12,000 waits, summed up again for each band of the day).
    public init<Waits: Sequence>(_ waits: Waits) where Waits.Element == Int64 {
        var values = Array(waits)
        count = values.count
        shortest = values.min()
        longest = values.max()
        guard !values.isEmpty else {
            median = nil
            return
        }
        let upper = values.count / 2
        Self.select(upper, in: &values)
        if values.count % 2 == 1 {
            median = Double(values[upper])
        } else {
            // Everything before the upper middle is at most it: the lower middle is their largest.
            median = (Double(values[..<upper].max() ?? values[upper]) + Double(values[upper])) / 2
        }
    }

    /// Whether there are enough waits to call the median typical: one wait is not yet typical.
    public var isTypical: Bool { count > 1 }

    /// Puts the value that sorting would put at `k` there, with none greater before it and none
    /// smaller after it: Hoare's selection around a median of three, O(n) expected. After
    /// 2 log2 n + 4 rounds (never on real waits) the part left is sorted, so no order of input
    /// makes it quadratic.
    static func select(_ k: Int, in values: inout [Int64]) {
        var low = 0
        var high = values.count - 1
        var rounds = 0
        let limit = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 4
        while low < high {
            if rounds == limit {
                values[low...high].sort()
                return
            }
            rounds += 1
            let (first, middle, last) = (values[low], values[low + (high - low) / 2], values[high])
            let pivot = max(min(first, middle), min(max(first, middle), last))
            var left = low
            var right = high
            while left <= right {
                while values[left] < pivot { left += 1 }
                while values[right] > pivot { right -= 1 }
                if left <= right {
                    values.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            // [low...right] hold at most the pivot, [left...high] at least it, and whatever lies
            // between them equals it.
            if k <= right {
                high = right
            } else if k >= left {
                low = left
            } else {
                return
            }
        }
    }
}
