import Foundation

extension ScreenFormat {
    /// The sign `locale` writes currency `code` with ("US$" for USD under en_GB), or the code.
    static func symbol(of code: String, in locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        return plainSpaces(formatter.currencySymbol ?? code)
    }

    /// The signs the currency `code` is written with where it is at home and in US English ("$"
    /// for USD, which en_GB writes "US$"; "A$" for AUD, which en_AU writes "$"), beyond `own`:
    /// money-and-time.md reads "an optional currency symbol or code of the store's currency". A
    /// sign `locale` writes another currency with is left out: there it is that one's ("$" under
    /// en_AU is the Australian dollar, "¥" under en_US the yen).
    static func symbolsElsewhere(of code: String, in locale: Locale, besides own: [String]) -> [String] {
        let home = Locale(identifier: "en_" + code.prefix(2))
        let candidates = [symbol(of: code, in: Locale(identifier: "en_US")), symbol(of: code, in: home)].filter {
            $0 != code && !own.contains($0) && !$0.isEmpty
        }
        guard !candidates.isEmpty else { return [] }
        let others = ([locale.currency?.identifier].compactMap { $0 } + sharedSigns).filter { $0 != code }
        let taken = Set(others.map { symbol(of: $0, in: locale) })
        var kept: [String] = []
        for candidate in candidates where !taken.contains(candidate) && !kept.contains(candidate) { kept.append(candidate) }
        return kept
    }

    /// Currencies whose signs others share ("$", "¥", "£", "kr", "₩"): what a sign is checked
    /// against before it is read as another currency's.
    private static let sharedSigns = [
        "USD", "AUD", "CAD", "NZD", "HKD", "SGD", "MXN", "TWD", "ARS", "CLP", "COP", "JPY", "CNY", "GBP", "EGP", "EUR", "KRW", "INR",
        "SEK", "NOK", "DKK", "ISK",
    ]
}
