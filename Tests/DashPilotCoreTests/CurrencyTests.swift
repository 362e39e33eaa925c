import Foundation
import Testing

@testable import DashPilotCore

/// money-and-time.md: a store holds "an ISO 4217 code", a new one takes "the currency of the
/// driver's monetary locale". The codes most stores hold, and US English, are known without
/// asking ICU at every start; what they give must be what ICU would have said.
@Suite("The store's currency")
struct CurrencyTests {
    @Test func everyCommonCodeIsOneFoundationKnows() {
        let known = Set(Locale.Currency.isoCurrencies.map(\.identifier))
        #expect(Currency.common.isSubset(of: known), "\(Currency.common.subtracting(known))")
    }

    @Test func usEnglishGivesTheDollarAsItsLocaleSays() {
        #expect(Locale(identifier: "en_US").currency?.identifier == "USD")
        #expect(Currency.ofLocale("en_US") == .usd)
        #expect(Currency.ofLocale("de_DE").code == "EUR")
        #expect(Currency.ofLocale("en_GB").code == "GBP")
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
