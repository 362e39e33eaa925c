/// Deliveries' recorded pay, said with what it covers: "$78.00 across 8 of 9 deliveries", never a
/// sum presented as if every delivery had answered.
public struct PayCoverage: Sendable, Equatable {
    /// The pay recorded, or `nil` when no delivery has any.
    public var total: Money?
    /// How many deliveries have pay recorded.
    public var deliveries: Int
    /// How many finished deliveries there are (delivered or cancelled): what could have pay.
    public var of: Int

    /// No deliveries.
    public init() {
        total = nil
        deliveries = 0
        of = 0
    }

    /// Creates a coverage value.
    public init(total: Money?, deliveries: Int, of: Int) {
        self.total = total
        self.deliveries = deliveries
        self.of = of
    }

    /// Counts one finished delivery, with the pay it has recorded, if any.
    public mutating func addFinished(pay: Money?) {
        of += 1
        guard let pay else { return }
        total = Money(cents: (total?.cents ?? 0) + pay.cents)
        deliveries += 1
    }

    /// This coverage and `other` together.
    public func adding(_ other: PayCoverage) -> PayCoverage {
        let cents = total.map { $0.cents + (other.total?.cents ?? 0) } ?? other.total?.cents
        return PayCoverage(total: cents.map(Money.init(cents:)), deliveries: deliveries + other.deliveries, of: of + other.of)
    }
}
