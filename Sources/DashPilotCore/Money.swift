/// An amount of money in whole cents. Never a `Double`.
public struct Money: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The amount in cents.
    public var cents: Int64

    /// Creates an amount from cents.
    public init(cents: Int64) { self.cents = cents }

    /// Parses a decimal amount such as `84.50`, `84.5` or `84`: digits, at most two decimals.
    ///
    /// Returns `nil` when the text is not such an amount. A leading minus parses, so that the
    /// caller can refuse a negative amount with its own sentence.
    public init?(parsing text: String) {
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" {
            negative = true
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, whole.count <= 12, fraction.count <= 2, parts.count == 1 || !fraction.isEmpty
        else { return nil }
        guard whole.allSatisfy({ $0.isASCII && $0.isNumber }), fraction.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        guard let units = Int64(whole) else { return nil }
        let padded = String(fraction) + String(repeating: "0", count: 2 - fraction.count)
        guard let hundredths = Int64(padded) else { return nil }
        let cents = units * 100 + hundredths
        self.cents = negative ? -cents : cents
    }

    /// The amount as a decimal string with two places ("84.50").
    public var description: String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Orders amounts by value.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    /// `numerator / denominator` cents, rounded half away from zero, in exact integer arithmetic.
    static func dividing(_ numerator: Int64, by denominator: Int64) -> Money {
        precondition(denominator > 0, "divisor must be positive")
        let doubled = 2 * numerator.magnitude + denominator.magnitude
        let rounded = Int64(doubled / (2 * denominator.magnitude))
        return Money(cents: numerator < 0 ? -rounded : rounded)
    }
}
