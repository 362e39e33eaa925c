/// An amount of money in whole cents. Never a `Double`.
public struct Money: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The amount in cents.
    public var cents: Int64

    /// Creates an amount from cents.
    public init(cents: Int64) { self.cents = cents }

    /// Why a typed amount is not an amount.
    public enum ParseProblem: String, Error, Sendable, Equatable {
        case notANumber
        case tooManyDecimalPlaces
        case tooLarge

        /// The reason as a sentence.
        public var sentence: String {
            switch self {
            case .notANumber: "An amount is a decimal number such as 84.50."
            case .tooManyDecimalPlaces: "Use at most two decimal places."
            case .tooLarge: "That amount is too large: at most 999,999,999,999.99."
            }
        }
    }

    /// Parses a decimal amount such as `84.50`, `84.5`, `84`, `.5` or `5.`: ASCII digits and at
    /// most two decimals. A leading minus parses, so that the caller can refuse a negative amount
    /// with its own sentence.
    public static func parse(_ text: String) -> Result<Money, ParseProblem> {
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" {
            negative = true
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return .failure(.notANumber) }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty) else { return .failure(.notANumber) }
        guard whole.allSatisfy({ $0.isASCII && $0.isNumber }), fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .failure(.notANumber)
        }
        guard fraction.count <= 2 else { return .failure(.tooManyDecimalPlaces) }
        let significant = whole.drop { $0 == "0" }
        guard significant.count <= 12, let units = Int64(whole.isEmpty ? "0" : String(significant.isEmpty ? "0" : significant)) else {
            return .failure(.tooLarge)
        }
        let hundredths = Int64(String(fraction) + String(repeating: "0", count: 2 - fraction.count)) ?? 0
        let cents = units * 100 + hundredths
        return .success(Money(cents: negative ? -cents : cents))
    }

    /// The amount `text` says, or `nil` (see `parse` for why).
    public init?(parsing text: String) {
        guard case .success(let money) = Money.parse(text) else { return nil }
        self = money
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
