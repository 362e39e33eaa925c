/// How the driver's locale writes amounts, with the store's currency: what a typed amount is read by.
public struct AmountStyle: Sendable, Equatable {
    /// The locale's decimal separator: "." (en_US) or "," (de_DE). A point is read as a decimal separator under every style.
    public var decimalSeparator: String
    /// The locale's grouping separator: "," (en_US), "." (de_DE), a space (fr_FR), an apostrophe (de_CH). Any space is read
    /// as any other (" ", U+00A0, U+202F, U+2009), and "'" as "’", since a driver types what the keyboard has.
    public var groupingSeparator: String
    /// The store's currency, an ISO 4217 code such as "USD".
    public var currencyCode: String
    /// How the locale writes the store's currency: ["$"], ["€"], ["US$"].
    public var currencySymbols: [String]
    /// The locale's own digits, zero to nine, where they are not ASCII ("٠١٢٣٤٥٦٧٨٩" under ar_EG):
    /// read as the digits they are, as well as ASCII ones.
    public var localDigits: [Character]

    /// A style from the locale's separators and digits and the store's currency.
    public init(
        decimalSeparator: String, groupingSeparator: String, currencyCode: String, currencySymbols: [String], localDigits: [Character] = []
    ) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.currencyCode = currencyCode
        self.currencySymbols = currencySymbols
        self.localDigits = localDigits.count == 10 ? localDigits : []
    }

    /// Point decimals, comma grouping, US dollars written "$": how a script and the C locale write amounts.
    public static let plain = AmountStyle(decimalSeparator: ".", groupingSeparator: ",", currencyCode: "USD", currencySymbols: ["$"])

    /// `whole` and `fraction` (decimal digits) as this style writes them: always two decimals, grouped in threes or not, in
    /// the locale's own digits.
    func written(whole: Substring, fraction: Substring = "", grouped: Bool) -> String {
        let significant = whole.drop { $0 == "0" }
        let digits = significant.isEmpty ? "0" : significant
        var text = ""
        for (index, digit) in digits.enumerated() {
            if grouped, index > 0, (digits.count - index) % 3 == 0 { text += groupingSeparator }
            text.append(digit)
        }
        return inLocalDigits(text + decimalSeparator + fraction + String(repeating: "0", count: max(0, 2 - fraction.count)))
    }

    /// `text` with its ASCII digits in the locale's own where it has them ("٨٤٫٥٠" under ar_EG), as
    /// it writes amounts.
    func inLocalDigits(_ text: String) -> String {
        guard !localDigits.isEmpty else { return text }
        return String(
            text.map { character in
                guard character.isASCII, let value = character.wholeNumberValue else { return character }
                return localDigits[value]
            })
    }
}

extension AmountStyle {
    /// The direction marks a right-to-left locale writes around an amount or a time (U+200E,
    /// U+200F, U+061C): read past, and never shown.
    public static let directionMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]
}
