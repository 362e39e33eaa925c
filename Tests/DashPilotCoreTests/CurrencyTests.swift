import Foundation
import Testing

@testable import DashPilotCore

/// money-and-time.md: a store holds "an ISO 4217 code", and a new one takes "the currency of the
/// driver's monetary locale" (`de_DE` gives EUR, `en_GB` GBP; a locale with no territory USD).
@Suite("The store's currency")
struct CurrencyTests {
    @Test func aLocalesCurrencyIsItsTerritorys() {
        #expect(Currency.ofLocale("en_US") == .usd)
        #expect(Currency.ofLocale("de_DE").code == "EUR")
        #expect(Currency.ofLocale("en_GB").code == "GBP")
        #expect(Currency.ofLocale("en_CA").code == "CAD")
        #expect(Currency.ofLocale("en") == .usd)
    }

    @Test(arguments: [("usd", "USD"), ("Eur", "EUR"), ("ISK", "ISK"), ("JPY", "JPY")])
    func aCodeIsReadInAnyLetterCase(typed: String, code: String) {
        #expect(Currency(typed)?.code == code)
    }

    @Test(arguments: ["ZZZ", "US", "USDX", "U$D", "", "ÉUR"])
    func whatIsNoISOCodeIsNoCurrency(typed: String) {
        #expect(Currency(typed) == nil)
    }
}
