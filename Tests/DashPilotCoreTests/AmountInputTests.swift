import DashPilotCore
import Testing

/// Locales as drivers' machines describe them, each with its store's currency.
extension AmountStyle {
    static let german = AmountStyle(decimalSeparator: ",", groupingSeparator: ".", currencyCode: "EUR", currencySymbols: ["€"])
    static let french = AmountStyle(decimalSeparator: ",", groupingSeparator: "\u{202F}", currencyCode: "EUR", currencySymbols: ["€"])
    static let swiss = AmountStyle(decimalSeparator: ".", groupingSeparator: "’", currencyCode: "CHF", currencySymbols: ["CHF"])
    static let canadianStoreUnderUS = AmountStyle(
        decimalSeparator: ".", groupingSeparator: ",", currencyCode: "CAD", currencySymbols: ["CA$"])
    static let all: [AmountStyle] = [.plain, .german, .french, .swiss, .canadianStoreUnderUS]
}

@Suite("Typed amounts")
struct AmountInputTests {
    @Test("A point is a decimal separator under every locale", arguments: AmountStyle.all)
    func aPointIsADecimalSeparatorEverywhere(style: AmountStyle) {
        let expected: [(String, Int64)] = [
            ("84.50", 8450), ("84.5", 8450), ("84", 8400), (".5", 50), ("5.", 500), ("5", 500), ("0", 0), ("007.10", 710),
        ]
        for (text, cents) in expected {
            #expect(Money.parse(text, style: style) == .success(Money(cents: cents)), "\(text)")
        }
    }

    @Test(
        "The locale's own decimal separator and grouping in threes are read",
        arguments: [
            (AmountStyle.plain, "1,234.50", 123_450), (.plain, "1,234", 123_400), (.plain, "1,234,567.89", 123_456_789),
            (.plain, "12,345.6", 1_234_560),
            (.german, "84,50", 8450), (.german, ",5", 50), (.german, "5,", 500), (.german, "1.234,50", 123_450),
            (.german, "1.234.567", 123_456_700),
            (.german, "1.234.567,89", 123_456_789), (.german, "12.34", 1234), (.german, "1234.5", 123_450), (.german, "1.234,", 123_400),
            (.french, "84,50", 8450), (.french, "1 234,50", 123_450), (.french, "1\u{00A0}234,50", 123_450),
            (.french, "1\u{202F}234.50", 123_450),
            (.swiss, "1’234.50", 123_450), (.swiss, "1'234.50", 123_450), (.swiss, "1’234’567", 123_456_700),
        ])
    func localeSeparatorsAreRead(style: AmountStyle, text: String, cents: Int64) {
        #expect(Money.parse(text, style: style) == .success(Money(cents: cents)))
    }

    @Test(
        "The store's currency may come before or after, with or without a space, around whitespace",
        arguments: [
            (AmountStyle.plain, "$84.50"), (.plain, "84.50$"), (.plain, "$ 84.50"), (.plain, "84.50USD"), (.plain, "USD 84.50"),
            (.plain, "usd84.50"),
            (.plain, "US$84.50"), (.plain, "  84.50\t"), (.plain, " $84.50 "), (.german, "84,50 €"), (.german, "84,50\u{00A0}€"),
            (.german, "€84,50"),
            (.german, "EUR 84,50"), (.german, "84,50EUR"), (.french, "84,50\u{202F}€"), (.swiss, "CHF 84.50"), (.swiss, "84.50 CHF"),
            (.canadianStoreUnderUS, "CA$84.50"), (.canadianStoreUnderUS, "84.50 CAD"),
        ])
    func storesCurrencyIsOptionalOnEitherSide(style: AmountStyle, text: String) {
        #expect(Money.parse(text, style: style) == .success(Money(cents: 8450)))
    }

    @Test func aCommaWhereTheLocaleWritesDecimalsWithAPointNamesTheCorrectForm() {
        let problem = AmountProblem.decimalSeparatorNotUsed(suggestion: "84.50", decimalSeparator: ".")
        #expect(Money.parse("84,50", style: .plain) == .failure(problem))
        #expect(problem.sentence == "Write 84.50: amounts here use a point for decimals.")
        #expect(Money.parse("84,5", style: .plain) == .failure(problem))
        #expect(Money.parse("$84,50", style: .plain) == .failure(problem))
        #expect(Money.parse("1.234,50", style: .plain) == .failure(.decimalSeparatorNotUsed(suggestion: "1,234.50", decimalSeparator: ".")))
        #expect(Money.parse("84,50", style: .swiss) == .failure(problem))
        #expect(Money.parse("-84,50", style: .plain) == .failure(.decimalSeparatorNotUsed(suggestion: "84.50", decimalSeparator: ".")))
    }

    @Test(
        "A grouping separator the locale does not use names the locale's grouping",
        arguments: [
            (AmountStyle.plain, "1 234.50", "1,234.50", ","), (.plain, "1'234", "1,234.00", ","), (.german, "1,234.50", "1.234,50", "."),
            (.german, "1 234,50", "1.234,50", "."), (.french, "1.234,50", "1\u{202F}234,50", "\u{202F}"),
            (.french, "1,234.50", "1\u{202F}234,50", "\u{202F}"),
            (.swiss, "1,234.50", "1’234.50", "’"), (.swiss, "84,505", "84’505.00", "’"),
        ])
    func groupingSeparatorNotUsedNamesTheCorrectForm(style: AmountStyle, text: String, suggestion: String, separator: String) {
        #expect(
            Money.parse(text, style: style) == .failure(.groupingSeparatorNotUsed(suggestion: suggestion, groupingSeparator: separator)))
    }

    @Test(
        "Under de_DE one point before exactly three digits is refused, showing both unambiguous forms",
        arguments: [
            ("1.234", "1.234,00", "1234"), ("12.345", "12.345,00", "12345"), ("123.456", "123.456,00", "123456"),
            ("€ 1.234", "1.234,00", "1234"),
        ])
    func aGermanPointBeforeThreeDigitsIsAmbiguous(text: String, grouped: String, plain: String) {
        let problem = AmountProblem.ambiguousPoint(grouped: grouped, plain: plain)
        #expect(Money.parse(text, style: .german) == .failure(problem))
        #expect(problem.isMalformed)
        #expect(Money.parse(grouped, style: .german) == Money.parse(plain, style: .german))
        #expect(Money.parse(plain, style: .german).map(\.cents) == .success((Int64(plain) ?? 0) * 100))
    }

    @Test func theAmbiguitySentenceShowsBothWaysToWriteIt() {
        #expect(
            AmountProblem.ambiguousPoint(grouped: "1.234,00", plain: "1234").sentence
                == "Write 1.234,00 or 1234: a point before three digits could be a decimal point or a thousands separator.")
    }

    @Test(
        "A comma before three digits is grouping where the locale groups with a comma, and decimals where it writes decimals with one",
        arguments: [
            (AmountStyle.plain, "1,234", Result<Money, AmountProblem>.success(Money(cents: 123_400))),
            (.german, "1,234", .failure(.tooManyDecimalPlaces)),
        ])
    func aCommaBeforeThreeDigitsIsReadAsTheLocaleReadsIt(style: AmountStyle, text: String, result: Result<Money, AmountProblem>) {
        #expect(Money.parse(text, style: style) == result)
    }

    @Test(
        "More than two decimals are refused, never rounded",
        arguments: [
            (AmountStyle.plain, "84.505"), (.plain, "0.001"), (.plain, "1,234.567"), (.german, "84,505"), (.german, "0.500"),
            (.german, ".500"),
            (.german, "1234.567"), (.german, "1.2345"), (.french, "1.234"), (.swiss, "84.505"),
        ])
    func moreThanTwoDecimalsAreRefused(style: AmountStyle, text: String) {
        #expect(Money.parse(text, style: style) == .failure(.tooManyDecimalPlaces))
        #expect(AmountProblem.tooManyDecimalPlaces.sentence == "Use at most two decimal places.")
    }

    @Test(
        "A grouping that is not in threes is refused with an example in the locale's form",
        arguments: [
            (AmountStyle.plain, "1,23,456", "1,234.50"), (.plain, "1,2345", "1,234.50"), (.plain, "1234,567", "1,234.50"),
            (.plain, "0,500", "1,234.50"),
            (.plain, "1.23,50", "1,234.50"), (.german, "1.234.56", "1.234,50"), (.german, "1.23,45", "1.234,50"),
            (.german, "1234.567,00", "1.234,50"),
            (.french, "1 23,50", "1\u{202F}234,50"), (.swiss, "12’34.50", "1’234.50"),
        ])
    func groupingNotInThreesIsRefused(style: AmountStyle, text: String, example: String) {
        #expect(Money.parse(text, style: style) == .failure(.groupingNotInThrees(example: example)))
    }

    @Test(
        "Text that is not a number is refused with an example in the locale's form",
        arguments: [
            (AmountStyle.plain, ""), (.plain, "   "), (.plain, "."), (.plain, ","), (.plain, "abc"), (.plain, "1e3"), (.plain, "٣"),
            (.plain, "８４"),
            (.plain, "1.2.3"), (.plain, "1,,234"), (.plain, "84.50-"), (.plain, "+84.50"), (.plain, "--1"), (.plain, "- 84.50"),
            (.plain, "$"),
            (.plain, "-"), (.plain, "84 50"), (.plain, "$84.50 USD"), (.plain, "84.50 dollars"), (.plain, "USD"), (.plain, "1.234.567"),
            (.german, "abc"), (.german, "84,,50"), (.german, "1,234,50"), (.german, "1.234."), (.french, "84_50"), (.swiss, "84\n50"),
        ])
    func notANumberIsRefused(style: AmountStyle, text: String) {
        let example = style.decimalSeparator == "," ? "84,50" : "84.50"
        #expect(Money.parse(text, style: style) == .failure(.notANumber(example: example)))
    }

    @Test func theNotANumberSentenceUsesTheLocalesForm() {
        #expect(Money.parse("abc", style: .plain).sentence == "An amount is a decimal number such as 84.50.")
        #expect(Money.parse("abc", style: .german).sentence == "An amount is a decimal number such as 84,50.")
    }

    @Test(
        "Another currency's symbol or code is refused, naming the store's",
        arguments: [
            (AmountStyle.plain, "€84.50"), (.plain, "84.50 €"), (.plain, "EUR 84.50"), (.plain, "84.50eur"), (.plain, "£5"),
            (.plain, "CA$84.50"),
            (.plain, "-€84.50"), (.german, "$84,50"), (.german, "84,50 USD"), (.german, "US$84,50"), (.canadianStoreUnderUS, "$84.50"),
            (.swiss, "84.50 €"),
        ])
    func anotherCurrencyIsRefused(style: AmountStyle, text: String) {
        #expect(Money.parse(text, style: style) == .failure(.otherCurrency(storeCurrency: style.currencyCode)))
    }

    @Test func theOtherCurrencySentenceNamesTheStoresCurrency() {
        #expect(
            AmountProblem.otherCurrency(storeCurrency: "USD").sentence
                == "This store keeps amounts in USD: type the amount without another currency's symbol or code.")
    }

    @Test(
        "A negative amount parses far enough to be refused by its own rule",
        arguments: [
            (AmountStyle.plain, "-84.50"), (.plain, "-$84.50"), (.plain, "$-84.50"), (.plain, "\u{2212}84.50"), (.plain, "-0.01"),
            (.plain, "-99999999999"), (.german, "-84,50 €"), (.german, "-1.234,50"), (.french, "-1 234,50"),
        ])
    func negativeAmountsAreRefusedByTheirOwnRule(style: AmountStyle, text: String) {
        #expect(Money.parse(text, style: style) == .failure(.negative))
    }

    /// "0.00 allowed, never negative" (money-and-time.md): zero typed with a minus is zero, and
    /// "Amounts can't be negative" would be false of it.
    @Test("Zero with a minus is zero", arguments: ["-0", "-0.00", "-$0.00", "$-0", "\u{2212}0.00", "-000"])
    func zeroWithAMinusIsZero(text: String) {
        #expect(Money.parse(text, style: .plain) == .success(Money(cents: 0)))
    }

    @Test func theNegativeSentenceSaysNothingOfWhatTheAmountWasFor() {
        #expect(AmountProblem.negative.sentence == "Amounts can't be negative.")
        #expect(!AmountProblem.negative.isMalformed)
    }

    @Test func aMalformedNegativeAmountIsRefusedAsMalformed() {
        #expect(Money.parse("-84,50", style: .plain).isMalformed)
        #expect(Money.parse("-abc", style: .plain) == .failure(.notANumber(example: "84.50")))
        #expect(Money.parse("-84.505", style: .plain) == .failure(.tooManyDecimalPlaces))
    }

    @Test func theLargestAmountParsesAndOneCentMoreIsTooLarge() {
        #expect(Money.largest == Money(cents: 999_999_999))
        #expect(Money.parse("9999999.99", style: .plain) == .success(.largest))
        #expect(Money.parse("9,999,999.99", style: .plain) == .success(.largest))
        #expect(Money.parse("9.999.999,99 €", style: .german) == .success(.largest))
        #expect(Money.parse("0009999999.99", style: .plain) == .success(.largest))
        let problem = AmountProblem.tooLarge(largest: "9,999,999.99")
        #expect(Money.parse("10000000", style: .plain) == .failure(problem))
        #expect(Money.parse("10,000,000.00", style: .plain) == .failure(problem))
        #expect(Money.parse("99999999999999999999999999", style: .plain) == .failure(problem))
        #expect(Money.parse("10.000.000", style: .german) == .failure(.tooLarge(largest: "9.999.999,99")))
        #expect(problem.sentence == "That amount is too large: at most 9,999,999.99.")
        #expect(!problem.isMalformed)
    }

    @Test(
        "Only a negative or too large amount is well formed; every other refusal is a usage error",
        arguments: [
            (AmountProblem.notANumber(example: "84.50"), true), (.tooManyDecimalPlaces, true),
            (.groupingNotInThrees(example: "1,234.50"), true),
            (.decimalSeparatorNotUsed(suggestion: "84.50", decimalSeparator: "."), true), (.otherCurrency(storeCurrency: "USD"), true),
            (.groupingSeparatorNotUsed(suggestion: "1,234.50", groupingSeparator: ","), true),
            (.ambiguousPoint(grouped: "1.234,00", plain: "1234"), true),
            (.negative, false), (.tooLarge(largest: "9,999,999.99"), false),
        ])
    func malformedIsAUsageError(problem: AmountProblem, malformed: Bool) {
        #expect(problem.isMalformed == malformed)
        #expect(problem.sentence.hasSuffix("."))
        #expect(!problem.sentence.contains("--"))
    }

    @Test(
        "Grouping sentences name the locale's separator in words",
        arguments: [
            (
                AmountProblem.groupingSeparatorNotUsed(suggestion: "1.234,50", groupingSeparator: "."),
                "Write 1.234,50: amounts here group thousands with a point."
            ),
            (
                .groupingSeparatorNotUsed(suggestion: "1,234.50", groupingSeparator: ","),
                "Write 1,234.50: amounts here group thousands with a comma."
            ),
            (
                .groupingSeparatorNotUsed(suggestion: "1\u{202F}234,50", groupingSeparator: "\u{202F}"),
                "Write 1\u{202F}234,50: amounts here group thousands with a space."
            ),
            (
                .groupingSeparatorNotUsed(suggestion: "1’234.50", groupingSeparator: "’"),
                "Write 1’234.50: amounts here group thousands with an apostrophe."
            ),
            (.groupingNotInThrees(example: "1.234,50"), "Group digits in threes, as in 1.234,50, or leave the grouping out."),
        ])
    func groupingSentencesNameTheSeparator(problem: AmountProblem, sentence: String) {
        #expect(problem.sentence == sentence)
    }

    @Test(
        "A sheet prefills an amount the way the locale writes it: its decimal separator and grouping, no symbol",
        arguments: [
            (AmountStyle.plain, 8450, "84.50"), (.german, 8450, "84,50"), (.german, 123_450, "1.234,50"), (.german, 0, "0,00"),
            (.german, 7, "0,07"), (.plain, 123_450, "1,234.50"), (.plain, 99_999, "999.99"), (.plain, 100_000, "1,000.00"),
            (.german, -320, "-3,20"), (.french, 999_999_999, "9\u{202F}999\u{202F}999,99"), (.swiss, 123_450, "1’234.50"),
        ])
    func typedAmountsUseTheLocalesDecimalSeparator(style: AmountStyle, cents: Int64, typed: String) {
        #expect(Money(cents: cents).typed(style: style) == typed)
    }

    @Test("What a sheet prefills reads back as the same amount", arguments: AmountStyle.all)
    func prefilledAmountsReadBack(style: AmountStyle) {
        for cents: Int64 in [0, 1, 50, 99, 100, 8450, 123_400, 123_450, 100_000_000, 999_999_999] {
            #expect(Money.parse(Money(cents: cents).typed(style: style), style: style) == .success(Money(cents: cents)), "\(cents)")
        }
    }
}

extension Result<Money, AmountProblem> {
    /// The problem's sentence, or an empty string for an amount.
    var sentence: String {
        guard case .failure(let problem) = self else { return "" }
        return problem.sentence
    }

    /// Whether the refusal is a usage error; false for an amount.
    var isMalformed: Bool {
        guard case .failure(let problem) = self else { return false }
        return problem.isMalformed
    }
}
