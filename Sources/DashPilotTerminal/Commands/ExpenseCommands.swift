import DashPilotCore
import DashPilotScreens
import DashPilotStore
import Foundation

/// `expense add|list|edit|remove` and `currency`: what the work cost, and the store's currency.
enum ExpenseCommands {
    static let all: [CommandDefinition] = [add, list, edit, remove, currency]

    static let categoryWords = ExpenseCategory.allCases.map(\.rawValue)

    /// `CATEGORY` as one of the five, or the usage error that lists them.
    static func category(_ text: String, _ input: ParsedArguments) throws(UsageError) -> ExpenseCategory {
        guard let category = ExpenseCategory(rawValue: text) else {
            throw UsageError(
                command: input.command,
                message: "CATEGORY is one of fuel, parking, maintenance, supplies or other; got \(TerminalText.given(text)).")
        }
        return category
    }

    /// A note's bytes as a note, or the refusal that says why not. `--note` with nothing visible
    /// (empty, spaces) is refused as a name is, never read as "no note": on an edit it removed the
    /// note without a word, where `--no-note` is how a driver says that.
    static func note(_ bytes: [UInt8]) throws -> ExpenseNote {
        let note: ExpenseNote?
        do {
            note = try ExpenseNote.make(utf8: bytes)
        } catch {
            throw DashPilotRefusal.invalidNote(error)
        }
        guard let note else { throw DashPilotRefusal.invalidNote(.invisible) }
        return note
    }

    static let at = OptionSpec.valued("--at", "TIME", "When it was spent (default now, never later): 16:10, 4:10pm or 2026-11-28 16:10.")
    static let noteOption = OptionSpec.valued("--note", "TEXT", "A note, at most 120 characters (never logged).")

    static let add = CommandDefinition(
        words: ["expense", "add"], overview: "Records an expense and prints its id.",
        arguments: [
            ArgumentSpec(name: "AMOUNT", help: "What it cost, such as 42.10."),
            ArgumentSpec(name: "CATEGORY", help: "fuel, parking, maintenance, supplies or other.", completion: .choices(categoryWords)),
        ],
        options: [at, noteOption]
    ) { input throws(UsageError) in
        try input.expectAtMost(2)
        let typed = try input.positional(0, "AMOUNT").text
        let category = try category(try input.positional(1, "CATEGORY").text, input)
        let time = try input.time("--at")
        let noteBytes = input.values["--note"]?.bytes
        return { context in
            let store = try context.store()
            let amount = try context.amount(typed, for: input.command)
            let note = try noteBytes.map { try Self.note($0) }
            print(try store.addExpense(amount, category: category, at: try time.map { try context.instant($0) }, note: note).id)
            return ExitStatus.done
        }
    }

    static let list = CommandDefinition(
        words: ["expense", "list"], overview: "Lists expenses newest first: the newest 20 unless told otherwise.",
        options: [
            .valued("--from", "DATE", "From this day (local time, included), such as 2026-11-01."),
            .valued("--to", "DATE", "To this day (local time, included)."), .valued("--limit", "N", "List at most N expenses."),
            .flag("--all", "List every expense."),
        ],
        printsJSON: true, usageOverride: "expense list [--from DATE] [--to DATE] [--limit N | --all] [--json]"
    ) { input throws(UsageError) in
        try input.expectAtMost(0)
        let from = try input.date("--from")
        let to = try input.date("--to")
        if let from, let to, to < from {
            throw UsageError(command: input.command, message: "--from \(from) is after --to \(to): no day lies between.")
        }
        let limit = try input.limit(default: 20)
        let json = input.json
        return { context in
            let zone = context.format.timeZone
            let expenses = try context.readStore().expenses(
                from: from?.start(in: zone), before: to?.adding(days: 1).start(in: zone), limit: limit)
            if json {
                context.say(json: .elements(expenses, expenseJSON))
            } else if expenses.isEmpty && (from != nil || to != nil) {
                // Not "No expenses recorded.": there may be some, outside the days asked for.
                let days = [from.map { "from \($0)" }, to.map { "to \($0)" }].compactMap { $0 }.joined(separator: " ")
                context.say("No expenses recorded \(days).")
            } else {
                let screen = ExpenseListScreen(expenses: expenses, format: context.format)
                context.say(lines: (screen.emptyMessage.map { [$0] } ?? screen.lines).map(TerminalText.safe))
            }
            return ExitStatus.done
        }
    }

    static let edit = CommandDefinition(
        words: ["expense", "edit"], overview: "Changes an expense: every fact given, at once.",
        arguments: [ArgumentSpec(name: "ID", help: "The expense's id.")],
        options: [
            .valued("--amount", "A", "What it cost."),
            .valued("--category", "C", "fuel, parking, maintenance, supplies or other.", completion: .choices(categoryWords)),
            // Not `add`'s: an edit without it keeps the time recorded, never now.
            .valued("--at", "TIME", "When it was spent (never later than now): 16:10, 4:10pm or 2026-11-28 16:10."),
            noteOption, .flag("--no-note", "Remove its note."),
        ],
        usageOverride: "expense edit ID [--amount A] [--category C] [--at TIME] [--note TEXT | --no-note]"
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let id = try input.integer(0, "ID")
        let typed = input.values["--amount"]?.text
        let category = try input.values["--category"].map { (argument) throws(UsageError) in try Self.category(argument.text, input) }
        let time = try input.time("--at")
        let noteBytes = input.values["--note"]?.bytes
        let noNote = input.flag("--no-note")
        if noteBytes != nil && noNote { throw UsageError(command: input.command, message: "Give --note TEXT or --no-note, not both.") }
        if typed == nil && category == nil && time == nil && noteBytes == nil && !noNote {
            throw UsageError(command: input.command, message: "Say what to change: --amount, --category, --at, --note or --no-note.")
        }
        return { context in
            let store = try context.store()
            let amount = try typed.map { try context.amount($0, for: input.command) }
            let note: ExpenseNote?? = noNote ? .some(nil) : try noteBytes.map { try Self.note($0) }
            let expense = try store.editExpense(
                id: id, amount: amount, category: category, at: try time.map { try context.instant($0) }, note: note)
            // As the list shows it; the row's spoken label ("42 dollars 10 cents") is the screen reader's.
            let row = ExpenseListScreen.row(expense, format: context.format)
            let facts = [row.when, row.category, row.amount] + (row.note.isEmpty ? [] : [row.note])
            context.say(TerminalText.safe(("Changed expense \(expense.id): " + facts.joined(separator: " · ")).withFullStop))
            return ExitStatus.done
        }
    }

    static let remove = CommandDefinition(
        words: ["expense", "remove"], overview: "Removes one expense.", arguments: [ArgumentSpec(name: "ID", help: "The expense's id.")],
        options: [.yes]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let id = try input.integer(0, "ID")
        let yes = input.flag("--yes")
        return { context in
            let store = try context.store()
            let expense = try store.expense(id: id)
            let question = ExpenseRemoval(expense: expense, format: context.format).question
            guard try context.confirmed(yes, question: question, prompt: "Remove? [y/N]", what: "Removing an expense") else {
                throw CommandFailure(sentence: "Not confirmed; nothing was removed.")
            }
            try store.removeExpense(id: id)
            context.say("Removed expense \(id).")
            return ExitStatus.done
        }
    }

    static let currency = CommandDefinition(
        words: ["currency"], overview: "Prints the store's currency, or sets it (an ISO 4217 code such as EUR), converting nothing.",
        arguments: [ArgumentSpec(name: "CODE", help: "The new currency's ISO 4217 code.", isOptional: true)]
    ) { input throws(UsageError) in
        try input.expectAtMost(1)
        let code = input.positionals.first?.text
        // Not three letters is not a code at all (64, as an amount not well formed is); three
        // letters that name no currency are refused by the rule (1).
        if let code, code.count != 3 || !code.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw UsageError(command: input.command, message: "CODE is three letters, such as USD, EUR or GBP.")
        }
        return { context in
            guard let code else {
                let store = try context.readStore()
                // Never "USD" for a code another program wrote that names no currency (doctor's FAIL).
                if let unreadable = try store.unreadableCurrencyCode() {
                    throw CommandFailure(
                        sentence:
                            "The store's currency, \(TerminalText.word(unreadable)), is not an ISO 4217 code (another program wrote it); "
                            + "amounts are written as USD until `dashpilot currency CODE` sets one.",
                        status: ExitStatus.refused)
                }
                print(try store.currency().code)
                return ExitStatus.done
            }
            guard let currency = Currency(code) else { throw DashPilotRefusal.unknownCurrency(TerminalText.safe(code)) }
            try context.store().setCurrency(currency)
            context.say("The store's amounts are now in \(currency.code); nothing was converted: each amount stays the number it was.")
            return ExitStatus.done
        }
    }

    /// An element of `expense list --json`.
    static func expenseJSON(_ expense: Expense) -> JSON {
        .object([
            ("id", .integer(expense.id)), ("amount", .string(expense.amount.description)), ("category", .string(expense.category.rawValue)),
            ("at", .time(expense.spentAt)), ("note", expense.note.map(JSON.string) ?? .null),
        ])
    }
}
