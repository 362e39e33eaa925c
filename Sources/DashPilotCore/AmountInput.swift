/// Why a typed amount is refused. Each case carries what its sentence shows, written as the driver's locale writes amounts.
public enum AmountProblem: Error, Sendable, Equatable {
    /// Not a decimal number; `example` is 84.50 as the locale writes it.
    case notANumber(example: String)
    /// More than two digits after the decimal separator.
    case tooManyDecimalPlaces
    /// Grouping separators that do not mark off thousands; `example` is 1,234.50 as the locale writes it.
    case groupingNotInThrees(example: String)
    /// A comma as the decimal separator where the locale writes decimals with `decimalSeparator`; `suggestion` is the amount
    /// as the locale writes it.
    case decimalSeparatorNotUsed(suggestion: String, decimalSeparator: String)
    /// Thousands grouped with a separator other than the locale's `groupingSeparator`; `suggestion` is the amount as the
    /// locale writes it.
    case groupingSeparatorNotUsed(suggestion: String, groupingSeparator: String)
    /// One point before exactly three digits where a point groups thousands (de_DE "1.234"): a thousands separator, or (as
    /// everywhere) a decimal point? `grouped` and `plain` are the two ways to write the thousands unambiguously.
    case ambiguousPoint(grouped: String, plain: String)
    /// Another currency's symbol or code; `storeCurrency` is the store's ISO 4217 code.
    case otherCurrency(storeCurrency: String)
    /// A well-formed amount below zero (or minus zero).
    case negative
    /// A well-formed amount above `Money.largest`, which `largest` shows as the locale writes it.
    case tooLarge(largest: String)

    /// The reason as one sentence a driver can act on (no command-line syntax, no UI key names).
    public var sentence: String {
        switch self {
        case .notANumber(let example): "An amount is a decimal number such as \(example)."
        case .tooManyDecimalPlaces: "Use at most two decimal places."
        case .groupingNotInThrees(let example): "Group digits in threes, as in \(example), or leave the grouping out."
        case .decimalSeparatorNotUsed(let suggestion, let separator):
            "Write \(suggestion): amounts here use \(Self.name(of: separator)) for decimals."
        case .groupingSeparatorNotUsed(let suggestion, let separator):
            "Write \(suggestion): amounts here group thousands with \(Self.name(of: separator))."
        case .ambiguousPoint(let grouped, let plain):
            "Write \(grouped) or \(plain): a point before three digits could be a decimal point or a thousands separator."
        case .otherCurrency(let code): "This store keeps amounts in \(code): type the amount without another currency's symbol or code."
        case .negative: "Amounts can't be negative."
        case .tooLarge(let largest): "That amount is too large: at most \(largest)."
        }
    }

    /// The reason as one sentence about `subject`, the amount's name where one was typed for it
    /// ("Earnings can't be negative."); every other reason as `sentence` gives it.
    public func sentence(about subject: String) -> String {
        if case .negative = self { return "\(subject) can't be negative." }
        return sentence
    }

    /// Whether the text is not a well-formed amount (a usage error, exit 64) rather than a well-formed amount a rule refuses
    /// (negative, too large: exit 1).
    public var isMalformed: Bool {
        switch self {
        case .negative, .tooLarge: false
        default: true
        }
    }

    /// A separator as a sentence names it: "a point", "a space".
    static func name(of separator: String) -> String {
        switch separator {
        case ".": "a point"
        case ",": "a comma"
        case "'", "\u{2019}": "an apostrophe"
        default: !separator.isEmpty && separator.allSatisfy(\.isWhitespace) ? "a space" : "“\(separator)”"
        }
    }
}

extension Money {
    /// The largest amount: 9,999,999.99.
    public static let largest = Money(cents: 999_999_999)

    /// Reads an amount as a driver types it under `style`. O(length).
    ///
    /// ASCII digits with at most two decimals, the decimal separator a point or the locale's own; the whole part grouped in
    /// threes with the locale's grouping separator or not at all; a leading minus (refused as `.negative`, after every
    /// form check); an optional symbol or code of the store's currency (the code in any case, or the code's first two
    /// letters before a symbol: "US$") before or after, with or without a space; whitespace around the whole ignored.
    /// Nothing is reinterpreted or rounded. Where the locale groups with a point, one point before exactly three digits
    /// and no decimal comma ("1.234" under de_DE) is refused as `.ambiguousPoint`; with two or more points ("1.234.567")
    /// it can only be grouping. A leading group of zero ("0.500", "0,500") is not grouping. Under a comma-decimal locale a
    /// comma before three digits is a decimal comma ("1,234" under de_DE: too many decimals), as the locale reads it.
    public static func parse(_ text: String, style: AmountStyle) -> Result<Money, AmountProblem> {
        AmountReader(style: style).read(text)
    }

    /// The amount as a sheet prefills it under `style`, the way the locale writes it but for the symbol: its decimal
    /// separator, grouping and digits ("1.234,50" under de_DE, "1,234.50" under en_US, "٨٤٫٥٠" under ar_EG).
    public func typed(style: AmountStyle) -> String {
        let plain = description
        guard let point = plain.firstIndex(of: ".") else { return plain }
        let whole = plain[..<point].drop { $0 == "-" }
        let sign = whole.count < plain[..<point].count ? "-" : ""
        return sign + style.written(whole: whole, fraction: plain[plain.index(after: point)...], grouped: true)
    }
}

/// Reads typed amounts under one style; `Money.parse(_:style:)` documents the rules.
struct AmountReader {
    let style: AmountStyle

    /// The digits an amount's text holds, once its separators are understood.
    struct Digits {
        var whole: Substring
        var fraction: Substring
        var grouped: Bool
    }

    /// Characters that separate digits somewhere in the world; any other character is not part of a number.
    static let separators: Set<Character> = [".", ",", "'", "\u{2019}", " ", "\u{00A0}", "\u{202F}", "\u{2009}"]
    static let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}"]
    static let apostrophes: Set<Character> = ["'", "\u{2019}"]
    static let minusSigns: Set<Character> = ["-", "\u{2212}"]

    var notANumber: AmountProblem { .notANumber(example: style.written(whole: "84", fraction: "50", grouped: false)) }

    func read(_ text: String) -> Result<Money, AmountProblem> {
        // No amount holds a backslash: a typed byte that is not UTF-8, which the command line
        // writes \xFF, is never read as a currency's code ("5\xFF" was "another currency's").
        if text.contains("\\") { return .failure(notANumber) }
        var rest = Substring(westernDigits(text)).trimmed
        var negative = Self.dropMinus(&rest)
        if let problem = dropCurrency(&rest) { return .failure(problem) }
        if !negative { negative = Self.dropMinus(&rest) }
        let digits: Digits
        switch number(rest) {
        case .success(let read): digits = read
        case .failure(let problem): return .failure(problem)
        }
        // Zero with a minus is zero: never refused as negative.
        if negative && (digits.whole + digits.fraction).contains(where: { $0 != "0" }) { return .failure(.negative) }
        let units = digits.whole.drop { $0 == "0" }
        guard units.count <= 7, let whole = Int64(units.isEmpty ? "0" : units),
            let hundredths = Int64(digits.fraction + "00".dropLast(digits.fraction.count))
        else { return .failure(.tooLarge(largest: style.written(whole: "9999999", fraction: "99", grouped: true))) }
        return .success(Money(cents: whole * 100 + hundredths))
    }

    /// `text` with the locale's own digits as ASCII digits and without direction marks: an amount
    /// as a right-to-left locale writes it (ar_EG "‏٨٤٫٥٠") reads as it is written.
    func westernDigits(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var plain = ""
        for character in text where !character.unicodeScalars.allSatisfy({ AmountStyle.directionMarks.contains($0) }) {
            if let value = style.localDigits.firstIndex(of: character) {
                plain.append(Character(Unicode.Scalar(UInt8(48 + value))))
            } else {
                plain.append(character)
            }
        }
        return plain
    }

    static func dropMinus(_ text: inout Substring) -> Bool {
        guard let first = text.first, minusSigns.contains(first) else { return false }
        text = text.dropFirst()
        return true
    }

    /// Drops the store's currency from either end of `text`; another currency's symbol or code is the problem returned.
    func dropCurrency(_ text: inout Substring) -> AmountProblem? {
        let symbols = style.currencySymbols.filter { !$0.isEmpty }
        let derived = symbols.filter { $0.first?.isLetter == false }.map { String(style.currencyCode.prefix(2)) + $0 }
        for marker in (symbols + derived + [style.currencyCode]).sorted(by: { $0.count > $1.count }) where !marker.isEmpty {
            let code = marker == style.currencyCode
            func matches(_ part: Substring) -> Bool { code ? part.uppercased() == marker.uppercased() : part == marker }
            if matches(text.prefix(marker.count)) {
                text = text.dropFirst(marker.count).trimmed
                return nil
            }
            if matches(text.suffix(marker.count)) {
                text = text.dropLast(marker.count).trimmed
                return nil
            }
        }
        func isMark(_ character: Character) -> Bool { character.isLetter || character.isCurrencySymbol }
        for edge in [text.prefix(while: isMark), text.suffix(text.reversed().prefix(while: isMark).count)] {
            let isCode = edge.count == 3 && edge.allSatisfy { $0.isASCII && $0.isLetter }
            if edge.count < text.count, isCode || edge.contains(where: \.isCurrencySymbol) {
                return .otherCurrency(storeCurrency: style.currencyCode)
            }
        }
        return nil
    }

    func isGrouping(_ character: Character) -> Bool {
        guard let separator = style.groupingSeparator.first, style.groupingSeparator.count == 1 else { return false }
        return character == separator || (Self.spaces.contains(character) && Self.spaces.contains(separator))
            || (Self.apostrophes.contains(character) && Self.apostrophes.contains(separator))
    }

    func isDecimal(_ character: Character) -> Bool { character == "." || String(character) == style.decimalSeparator }

    /// The digits of `text` (no sign, no currency), with the reason when its separators do not make an amount.
    func number(_ text: Substring) -> Result<Digits, AmountProblem> {
        var runs: [Substring] = []
        var separators: [Character] = []
        var start = text.startIndex
        for index in text.indices where !(text[index].isASCII && text[index].isNumber) {
            guard Self.separators.contains(text[index]) || isDecimal(text[index]) || isGrouping(text[index]) else {
                return .failure(notANumber)
            }
            runs.append(text[start..<index])
            separators.append(text[index])
            start = text.index(after: index)
        }
        runs.append(text[start...])
        guard runs.contains(where: { !$0.isEmpty }), runs.dropFirst().dropLast().allSatisfy({ !$0.isEmpty }) else {
            return .failure(notANumber)
        }
        guard let last = separators.last, let tail = runs.last else {
            return .success(Digits(whole: runs[0], fraction: "", grouped: false))
        }
        // Which separator is the decimal one, and whether the text uses one the locale does not.
        enum Misuse { case decimal, grouping }
        var misuse: Misuse?
        let decimal: Bool
        if isDecimal(last), !isGrouping(last) {
            decimal = true
        } else if isDecimal(last) {
            // A point where a point also groups: decimal unless every separator is a point and can only be grouping.
            if separators.count == 1, tail.count == 3, Self.isLeadingGroup(runs[0]) {
                return .failure(
                    .ambiguousPoint(grouped: style.written(whole: runs[0] + tail, grouped: true), plain: String(runs[0] + tail)))
            }
            decimal = separators.count == 1 || !separators.allSatisfy(isGrouping)
        } else if last == ",", tail.count <= 2 {
            (decimal, misuse) = (true, .decimal)
        } else if isGrouping(last) {
            decimal = false
        } else if tail.count == 3 {
            (decimal, misuse) = (false, .grouping)
        } else {
            return .failure(notANumber)
        }
        let groupSeparators = decimal ? separators.dropLast() : separators[...]
        let wholeRuns = decimal ? runs.dropLast() : runs[...]
        for separator in groupSeparators where !isGrouping(separator) {
            if decimal, separator == last { return .failure(notANumber) }
            misuse = misuse ?? .grouping
        }
        guard !runs[0].isEmpty || (decimal && separators.count == 1), !tail.isEmpty || decimal else { return .failure(notANumber) }
        if !groupSeparators.isEmpty,
            !Self.isLeadingGroup(wholeRuns[wholeRuns.startIndex]) || !wholeRuns.dropFirst().allSatisfy({ $0.count == 3 })
        {
            return .failure(.groupingNotInThrees(example: style.written(whole: "1234", fraction: "50", grouped: true)))
        }
        let digits = Digits(whole: Substring(wholeRuns.joined()), fraction: decimal ? tail : "", grouped: !groupSeparators.isEmpty)
        guard digits.fraction.count <= 2 else { return .failure(.tooManyDecimalPlaces) }
        switch misuse {
        case nil: return .success(digits)
        case .decimal:
            let suggestion = style.written(whole: digits.whole, fraction: digits.fraction, grouped: digits.grouped)
            return .failure(.decimalSeparatorNotUsed(suggestion: suggestion, decimalSeparator: style.decimalSeparator))
        case .grouping:
            let suggestion = style.written(whole: digits.whole, fraction: digits.fraction, grouped: true)
            return .failure(.groupingSeparatorNotUsed(suggestion: suggestion, groupingSeparator: style.groupingSeparator))
        }
    }

    /// Whether `digits` can begin a number grouped in threes: one to three digits, the first not a zero.
    static func isLeadingGroup(_ digits: Substring) -> Bool { (1...3).contains(digits.count) && digits.first != "0" }
}

extension Substring {
    /// This text without whitespace at either end.
    var trimmed: Substring {
        let start = drop { $0.isWhitespace }
        return start.dropLast(start.reversed().prefix { $0.isWhitespace }.count)
    }
}
