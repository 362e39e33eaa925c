import Foundation

/// How a tip reached the driver.
public enum TipMethod: String, Sendable, Equatable, CaseIterable {
    /// Cash at the door.
    case cash
    /// Through the platform, outside its recorded pay (a tip added later).
    case platform
}

/// Money that reached the driver for a finished delivery outside its recorded pay. Numbered
/// within its delivery ("Tip 1"), never renumbered, a number never used twice.
public struct Tip: Sendable, Equatable {
    /// Its number within the delivery.
    public var number: Int
    /// How much: always more than zero (a tip of nothing is recorded by recording none).
    public var amount: Money
    /// Cash or platform.
    public var method: TipMethod
    /// When it was recorded.
    public var recordedAt: Date

    /// Creates a tip.
    public init(number: Int, amount: Money, method: TipMethod, recordedAt: Date) {
        self.number = number
        self.amount = amount
        self.method = method
        self.recordedAt = recordedAt
    }
}

/// What tips add up to: their total and how many, by method. Each total is `nil` where there
/// is none (never a 0.00 that no tip said).
public struct TipTotals: Sendable, Equatable {
    /// Every tip.
    public var total: Money?
    /// Cash tips.
    public var cash: Money?
    /// Platform tips.
    public var platform: Money?
    /// How many tips.
    public var count: Int

    /// No tips.
    public init() {
        total = nil
        cash = nil
        platform = nil
        count = 0
    }

    /// Adds `amount` by `method`, `count` tips' worth.
    public mutating func add(_ amount: Money, method: TipMethod, count: Int = 1) {
        total = Money(cents: (total?.cents ?? 0) + amount.cents)
        switch method {
        case .cash: cash = Money(cents: (cash?.cents ?? 0) + amount.cents)
        case .platform: platform = Money(cents: (platform?.cents ?? 0) + amount.cents)
        }
        self.count += count
    }

    /// These totals and `other` together.
    public func adding(_ other: TipTotals) -> TipTotals {
        var sum = self
        if let cash = other.cash { sum.add(cash, method: .cash, count: 0) }
        if let platform = other.platform { sum.add(platform, method: .platform, count: 0) }
        sum.count += other.count
        return sum
    }

    /// The totals of `tips`.
    public init(_ tips: [Tip]) {
        self.init()
        for tip in tips { add(tip.amount, method: tip.method) }
    }
}
