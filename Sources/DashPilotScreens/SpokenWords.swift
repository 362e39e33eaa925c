/// The words of the screen-reader mode (`dashpilot --accessible`) that belong to no one screen:
/// how a line a screen shows is said as a sentence, how a selected row, a numbered choice, a text
/// field and the keys are said, and how a pressed key is echoed. Each screen's own words, and its
/// accessibility labels, stay in its model.
public enum SpokenWords {
    /// Said after the selected row: "Delivery 2, accepted. Selected."
    public static let selected = "Selected."

    /// What the keys line says last: `?` lists every key of the screen.
    public static let allKeys = "question mark all keys"

    /// Said by `Ctrl-L` in the keys list: the whole screen again, top to bottom.
    public static let sayAgain = "Control L says this screen again."

    /// How the keys list ends: the keys that close it.
    public static let keysClose = "Escape or question mark closes this list."

    /// How many rows a long list says at a time.
    public static let pageSize = 10

    /// The keys line: "Keys: a accept, up and down select, Enter arrived at pickup, p pickup
    /// place, question mark all keys." A choice said in full on its own line (`detail`) and `?`
    /// itself are left out; `listsKeys` says whether `?` lists the keys here (in a text field it
    /// is a character). `nil` when no key is left to say.
    public static func keys(_ actions: [ScreenAction], listsKeys: Bool) -> String? {
        var said = actions.filter { $0.isListed && $0.command != .keys && $0.detail == nil }.map(\.accessibilityLabel)
        if listsKeys { said.append(allKeys) }
        guard !said.isEmpty else { return nil }
        return "Keys: " + said.joined(separator: ", ") + "."
    }

    /// A choice said in full with its key: "y: end it now, at 9:40 PM."
    public static func choice(_ action: ScreenAction) -> String {
        sentence("\(action.key.spoken): \(action.detail ?? action.label)")
    }

    /// Where a long list's rows stand: "Items 11 to 20 of 120."
    public static func page(from: Int, to: Int, of count: Int) -> String { "Items \(from) to \(to) of \(count)." }

    /// A text field: "Name, empty, type and press Enter." Typing replaces what it holds, and
    /// Enter alone keeps it. `instruction` is what typing does there ("type to filter").
    public static func field(_ label: String, value: String, instruction: String = "type and press Enter") -> String {
        // Blanks alone are said as such, as their echo is ("Name,    ," read as nothing).
        "\(label), \(value.isEmpty ? "empty" : value.allSatisfy(\.isWhitespace) ? "spaces only" : value), \(instruction)."
    }

    /// A field of numbered choices: "Category, Fuel. Choices: 1 Fuel, 2 Parking and tolls, …."
    public static func choices(_ label: String, value: String, choices: [String]) -> String {
        "\(label), \(value). Choices: " + choices.joined(separator: ", ") + "."
    }

    /// A control with the key that works it: "Rename pickup place, Nowhere Noodles: r." A
    /// disabled one says so instead of its key.
    public static func control(_ control: Control, key: ScreenAction.Key?) -> String {
        guard control.isEnabled else { return control.accessibilityLabel + ": unavailable." }
        return control.accessibilityLabel + (key.map { ": \($0.spoken)." } ?? ".")
    }

    /// The echo of a key pressed: "> Enter".
    public static func echo(_ key: ScreenAction.Key) -> String { "> " + key.spoken }

    /// The echo of a line typed into a field, when Enter ends it: "> Sample Sandwiches".
    /// A line of blanks alone is said as what it is: "> " read as nothing.
    public static func echo(typed: String) -> String {
        typed.allSatisfy(\.isWhitespace) && !typed.isEmpty ? "> spaces only" : "> " + typed
    }

    /// A line as a screen shows it, said as a sentence: separators become commas, ranges "to",
    /// units words ("7 min" is "7 minutes", "4.1 mi" "4.1 miles", "$47.56/h" "$47.56 an hour"),
    /// arrows and `Esc` words, and it ends with a full stop. The words the driver typed that it
    /// holds (`keeping`: a place's name, a filter) are said as written, never taken for the
    /// program's own: "Fish + Chips", "Esc Bar" and "Noodle 24 h" are names (screens.md: "the place
    /// as written"). Each is kept where it stands as a whole, never inside a longer word or
    /// number ("5 min" is not kept in "15 min").
    public static func sentence(_ shown: String, keeping typed: [String] = []) -> String {
        // Each typed text the line holds stands aside while the rest is said in words.
        var kept: [String] = []
        var text = shown
        for words in typed.sorted(by: { $0.count > $1.count }) where !words.isEmpty && text.contains(words) {
            let placeholder = "\u{E000}\(kept.count)\u{E001}"
            var rest = text[...]
            var result = ""
            while let found = rest.range(of: words) {
                let before = rest[..<found.lowerBound].last ?? result.last
                let after = rest[found.upperBound...].first
                let whole = !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false)
                result += rest[..<found.lowerBound] + (whole ? placeholder : words)
                rest = rest[found.upperBound...]
            }
            text = result + rest
            kept.append(words)
        }
        text = text.replacingOccurrences(of: " · ", with: ", ").replacingOccurrences(of: " – ", with: " to ")
            .replacingOccurrences(of: "–", with: " to ").replacingOccurrences(of: " + ", with: " plus ")
            .replacingOccurrences(of: "…", with: "").replacingOccurrences(of: "↑↓", with: "up and down")
        text = spokenUnits(text)
        for (index, words) in kept.enumerated().reversed() {
            text = text.replacingOccurrences(of: "\u{E000}\(index)\u{E001}", with: words)
        }
        return label(text)
    }

    /// An accessibility label said as a sentence: as the model wrote it, in words already (a
    /// place's name in it as written), with a full stop.
    public static func label(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        guard let last = text.last else { return text }
        return ".?!:".contains(last) ? text : text + "."
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    /// The units after a number said in words; `Esc` said `Escape`, `@` alone `at sign`.
    private static func spokenUnits(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices {
            let word = words[index]
            let core = trimmed(word)
            let rest = String(word.dropFirst(core.count))
            if core == "Esc" || core == "@" {
                // The keys as the keys line says them ("@ at the time" read "at at the time").
                words[index] = (core == "@" ? "at sign" : "Escape") + rest
                continue
            }
            // A day and month the screen abbreviates are said whole: "Sat, Nov 28" is "Saturday
            // November 28", as a label says it ("sat" and "nov" said as words).
            let next = index + 1 < words.count ? words[index + 1] : ""
            let dated = next.first.map { $0.isNumber || months[trimmed(next)] != nil } == true
            if let day = weekdays[core], rest.isEmpty || rest == ",", dated {
                words[index] = day
                continue
            }
            if let month = months[core], next.first?.isNumber == true || (index > 0 && words[index - 1].allSatisfy(\.isNumber)) {
                words[index] = month + rest
                continue
            }
            if core.hasSuffix("/h"), core.count > 2 {
                words[index] = String(core.dropLast(2)) + " an hour" + rest
                continue
            }
            guard index > 0, let unit = units[core] else { continue }
            // The number may open a parenthesis ("(30 min paused)"), or be negative.
            let number = words[index - 1].drop { $0 == "(" || $0 == "-" }
            // "1," ends a phrase ("Delivery 1, mi casa"): no quantity of the word after it.
            guard !number.isEmpty, number.last?.isNumber == true, number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) else {
                continue
            }
            words[index] = (number == "1" ? unit.one : unit.many) + rest
        }
        // A negative figure's sign is said: "-$475.47", "-CA$12.00", "-CHF 12.00", "-5" (read with
        // a bare hyphen, or none).
        for index in words.indices where words[index].hasPrefix("-") {
            let after = words[index].dropFirst()
            guard let first = after.first, first != "-" else { continue }
            let next = index + 1 < words.count ? words[index + 1] : ""
            let figure = after.contains(where: \.isNumber) || next.first?.isNumber == true
            if !first.isLetter || (first.isUppercase && figure && after.prefix(while: \.isLetter).allSatisfy(\.isUppercase)) {
                words[index] = "minus " + after
            }
        }
        return words.joined(separator: " ")
    }

    /// The word without the punctuation that ends it ("min," "mi." "Dec?").
    private static func trimmed(_ word: String) -> String {
        var core = word
        while let last = core.last, ",.;:)?!".contains(last) { core.removeLast() }
        return core
    }

    private static let weekdays = [
        "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday", "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday",
    ]

    private static let months = [
        "Jan": "January", "Feb": "February", "Mar": "March", "Apr": "April", "Jun": "June", "Jul": "July", "Aug": "August",
        "Sep": "September", "Sept": "September", "Oct": "October", "Nov": "November", "Dec": "December",
    ]

    private static let units: [String: (one: String, many: String)] = [
        "h": ("hour", "hours"), "min": ("minute", "minutes"), "s": ("second", "seconds"), "mi": ("mile", "miles"),
    ]
}
