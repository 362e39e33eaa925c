import Foundation

/// What an expense was for: five categories, closed.
public enum ExpenseCategory: String, Sendable, Equatable, CaseIterable {
    case fuel, parking, maintenance, supplies, other

    /// The category a store holds as `text`: a category a newer store wrote that this version
    /// does not know reads as other (and `isKnown(text)` says so, for `doctor`).
    public init(stored text: String) { self = ExpenseCategory(rawValue: text) ?? .other }

    /// Whether this version knows `text` as a category.
    public static func isKnown(_ text: String) -> Bool { ExpenseCategory(rawValue: text) != nil }
}

/// What the work cost: an amount spent at a time, in a category, with an optional note. It
/// belongs to its time, not to a shift or a delivery.
public struct Expense: Sendable, Equatable {
    /// Its id, never reused.
    public var id: Int64
    /// How much (0.00 allowed, never negative).
    public var amount: Money
    /// When it was spent.
    public var spentAt: Date
    /// What for.
    public var category: ExpenseCategory
    /// The driver's note, cleaned up; never logged.
    public var note: String?

    /// Creates an expense.
    public init(id: Int64, amount: Money, spentAt: Date, category: ExpenseCategory, note: String?) {
        self.id = id
        self.amount = amount
        self.spentAt = spentAt
        self.category = category
        self.note = note
    }
}

/// Expenses added up: their total and count, and by category in the order fuel, parking,
/// maintenance, supplies, other (a category with none left out). No coverage is claimed:
/// nothing knows how many costs were not entered.
public struct ExpenseTotals: Sendable, Equatable {
    /// One category's total and count.
    public struct Category: Sendable, Equatable {
        /// The category.
        public var category: ExpenseCategory
        /// Its total.
        public var total: Money
        /// How many expenses.
        public var count: Int

        /// Creates a category's totals.
        public init(category: ExpenseCategory, total: Money, count: Int) {
            self.category = category
            self.total = total
            self.count = count
        }
    }

    /// Every expense's total, or `nil` when there is none.
    public var total: Money?
    /// How many expenses.
    public var count: Int
    /// By category, in the closed order; empty when there is none.
    public var byCategory: [Category]

    /// No expenses.
    public init() {
        total = nil
        count = 0
        byCategory = []
    }

    /// Adds one expense.
    public mutating func add(_ amount: Money, category: ExpenseCategory) {
        total = Money(cents: (total?.cents ?? 0) + amount.cents)
        count += 1
        if let index = byCategory.firstIndex(where: { $0.category == category }) {
            byCategory[index].total = Money(cents: byCategory[index].total.cents + amount.cents)
            byCategory[index].count += 1
        } else {
            byCategory.append(Category(category: category, total: amount, count: 1))
            let order = ExpenseCategory.allCases
            byCategory.sort { order.firstIndex(of: $0.category) ?? 0 < order.firstIndex(of: $1.category) ?? 0 }
        }
    }
}
