import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

/// money-and-time.md: "The locale decides only how an amount is written (separators, where the
/// symbol goes)", and an amount is typed with that locale's own separators.
@Suite("Amounts read as they are written")
struct AmountsReadAsWrittenTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A locale with no territory ("de") wrote $1,234.50 (as US English) and read "1,234.50" as
    /// German, refusing what it had just printed.
    @Test(arguments: ["de", "fr", "POSIX"])
    func aLocaleWithNoTerritoryReadsWhatItWrites(identifier: String) throws {
        let format = ScreenFormat(locale: Locale(identifier: identifier), timeZone: utc, currency: .usd)
        let written = format.money(Money(cents: 123_450))
        #expect(written == "$1,234.50")
        #expect(Money.parse(written, style: format.amountStyle) == .success(Money(cents: 123_450)))
        #expect(Money.parse("1,234.50", style: format.amountStyle) == .success(Money(cents: 123_450)))
    }

    /// "an optional currency symbol or code of the store's currency": the full-width yen an
    /// input method types (U+FFE5) was refused as another currency's.
    @Test func theFullWidthYenIsTheYen() throws {
        let yen = try #require(Currency("JPY"))
        let format = ScreenFormat(locale: Locale(identifier: "ja_JP"), timeZone: utc, currency: yen)
        #expect(Money.parse("￥8,450", style: format.amountStyle) == .success(Money(cents: 845_000)))
        #expect(Money.parse("¥8,450", style: format.amountStyle) == .success(Money(cents: 845_000)))
    }

    /// screens.md: where the locale's character set is not UTF-8 the program writes ASCII; a EUR
    /// store read under C wrote "€84.50" beside "-" for "·". The code takes the sign's place.
    @Test func aTerminalWithoutUnicodeGetsTheCurrencysCode() throws {
        let euro = try #require(Currency("EUR"))
        let plain = ScreenFormat.driver(environment: ["LC_ALL": "C", "TZ": "UTC"], now: .distantPast).with(currency: euro)
        #expect(plain.money(Money(cents: 8_450)) == "EUR 84.50")
        #expect(plain.at(Date(timeIntervalSince1970: 0)).money(Money(cents: 8_450)) == "EUR 84.50")
        let german = ScreenFormat.driver(environment: ["LANG": "de_DE.ISO-8859-1", "TZ": "UTC"], now: .distantPast).with(currency: euro)
        #expect(german.money(Money(cents: 8_450)) == "84,50 EUR")
        let unicode = ScreenFormat.driver(environment: ["LANG": "de_DE.UTF-8", "TZ": "UTC"], now: .distantPast).with(currency: euro)
        #expect(unicode.money(Money(cents: 8_450)) == "84,50 €")
        // Dollars are ASCII already.
        #expect(ScreenFormat.driver(environment: ["LC_ALL": "C", "TZ": "UTC"], now: .distantPast).money(Money(cents: 8_450)) == "$84.50")
    }

    /// platform.md: the locale is read "as every POSIX program reads it": a modifier naming a
    /// script ("sr_RS.UTF-8@latin") is honoured; it was dropped, and Serbian read in Cyrillic.
    @Test("A locale's script modifier is honoured", arguments: [("sr_RS.UTF-8@latin", "ned 29. nov"), ("sr_RS.UTF-8", "нед 29. нов")])
    func aScriptModifierIsHonoured(lang: String, day: String) throws {
        let sunday = try #require(ISO8601.parse("2026-11-29T17:00:00Z"))
        // Read in that year, whatever day the test runs: it says no year.
        let format = ScreenFormat.driver(environment: ["LANG": lang, "TZ": "UTC"], now: sunday)
        #expect(format.day(sunday) == day)
    }
}

extension AmountsReadAsWrittenTests {
    /// money-and-time.md: "an optional currency symbol or code of the store's currency". "$12" in
    /// a USD store under en_GB (which writes it "US$12.00"), and "A$12" in an AUD store under en_AU
    /// (which writes "$12.00"), were refused as "another currency's symbol"; a sign the locale
    /// writes another currency with stays that one's (from audit).
    @Test(arguments: [
        ("en_GB", "USD", "$12", true), ("en_GB", "USD", "US$12", true), ("en_AU", "AUD", "A$12", true), ("en_AU", "AUD", "$12", true),
        ("en_GB", "JPY", "¥12", true), ("en_US", "AUD", "$12", false), ("en_AU", "USD", "$12", false), ("en_CA", "USD", "$12", false),
        ("en_US", "CNY", "¥12", false),
    ])
    func theStoresCurrencyIsTypedWithTheSignsItIsWrittenWith(locale: String, code: String, typed: String, read: Bool) throws {
        let currency = try #require(Currency(code))
        let format = ScreenFormat(locale: Locale(identifier: locale), timeZone: utc, currency: currency)
        let parsed = Money.parse(typed, style: format.amountStyle)
        #expect((parsed == .success(Money(cents: 1_200))) == read, "\(locale) \(code) \(typed): \(parsed)")
    }
}
