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

    /// `a + b` cents; beyond what an amount holds (earnings from before version 8's limit added
    /// up), the largest, as `dividing`.
    static func adding(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b < 0 ? -Int64.max : Int64.max) : max(sum, -Int64.max)
    }

    /// `cents` rounded half away from zero; beyond what an amount holds, the largest (as
    /// `dividing`).
    static func rounding(_ cents: Double) -> Money {
        let rounded = cents.rounded(.toNearestOrAwayFromZero)
        guard rounded.magnitude < 0x1p63 else { return Money(cents: rounded < 0 ? -Int64.max : Int64.max) }
        return Money(cents: Int64(rounded))
    }

    /// `cents × factor / denominator` cents, rounded half away from zero, in exact integer
    /// arithmetic (the product in 128 bits: an hour's rate multiplies by 3,600). A quotient beyond
    /// what an amount holds, which only amounts from before version 8's limit can ask (a stored
    /// 100 trillion dollars an hour), reads as the largest there is, never a crash.
    static func dividing(_ cents: Int64, times factor: Int64 = 1, by denominator: Int64) -> Money {
        precondition(denominator > 0 && factor > 0, "factor and divisor must be positive")
        let divisor = denominator.magnitude
        let product = cents.magnitude.multipliedFullWidth(by: factor.magnitude)
        var magnitude = UInt64(Int64.max)
        if product.high < divisor {
            let (quotient, remainder) = divisor.dividingFullWidth(product)
            // Half away from zero: up when the remainder is at least half the divisor.
            magnitude = min(magnitude, quotient &+ (remainder >= divisor - remainder ? 1 : 0))
            if quotient == UInt64.max { magnitude = UInt64(Int64.max) }
        }
        return Money(cents: cents < 0 ? -Int64(magnitude) : Int64(magnitude))
    }
}
