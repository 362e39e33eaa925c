import Foundation

/// The currency a store holds its amounts in: an ISO 4217 code. Changing it converts nothing.
public struct Currency: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The code, "USD".
    public let code: String

    /// The currency `code` names (any letter case), or `nil` when it is not an ISO 4217 code.
    public init?(_ code: String) {
        let upper = code.uppercased()
        guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }), Self.codes.contains(upper) else { return nil }
        self.code = upper
    }

    /// Dollars: the only currency before version 8, and what a locale with no territory reads.
    public static let usd = Currency(uncheckedCode: "USD")

    private init(uncheckedCode: String) { code = uncheckedCode }

    /// The code.
    public var description: String { code }

    /// The currency of the monetary locale `identifier` ("de_DE" gives EUR), or USD for one with no
    /// territory, `C` or `POSIX`.
    public static func ofLocale(_ identifier: String) -> Currency {
        let locale = Locale(identifier: identifier)
        guard locale.region != nil, let code = locale.currency?.identifier, let currency = Currency(code), code != "XXX" else {
            return .usd
        }
        return currency
    }

    /// The ISO 4217 codes Foundation knows.
    private static let codes: Set<String> = Set(Locale.Currency.isoCurrencies.map(\.identifier))
}
