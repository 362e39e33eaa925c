import DashPilotCore
import Foundation

extension ExpenseCategory {
    /// The category as a driver reads it: "Parking and tolls".
    public var title: String {
        switch self {
        case .fuel: "Fuel"
        case .parking: "Parking and tolls"
        case .maintenance: "Maintenance"
        case .supplies: "Supplies"
        case .other: "Other"
        }
    }
}

/// Expenses newest first: the Expenses screen and `expense list`.
public struct ExpenseListScreen: Sendable, Equatable {
    /// One expense.
    public struct Row: Sendable, Equatable {
        /// Its id.
        public var id: Int64
        /// "Sat, Nov 28 · 4:10 PM".
        public var when: String
        /// What the Expenses screen's row says of when: `when`, or an earlier year's date alone
        /// ("Wed, Dec 3, 2025"), as screens.md's sketch lists it.
        public var listedWhen: String
        /// "Fuel".
        public var category: String
        /// "$42.10".
        public var amount: String
        /// The note, as written, or empty.
        public var note: String
        /// "Fuel, 42 dollars 10 cents, Saturday November 28, 4:10 PM, note: full tank".
        public var accessibilityLabel: String
    }

    /// "Expenses".
    public var title: String
    /// Newest first.
    public var rows: [Row]
    /// What an empty list says.
    public var emptyMessage: String?
    /// The keys of the Expenses screen.
    public var keys: [ScreenAction]

    /// The list of `expenses` (newest first).
    public init(expenses: [Expense], format: ScreenFormat) {
        title = "Expenses"
        rows = expenses.map { Self.row($0, format: format) }
        emptyMessage = expenses.isEmpty ? "No expenses recorded." : nil
        let keys =
            [
                ScreenAction(.character("a"), "add", .add), ScreenAction(.enter, "edit", .open),
                ScreenAction(.character("d"), "remove", .remove),
                .selecting, .goingBack, .keysList,
            ] + ScreenAction.paging
        self.keys = expenses.isEmpty ? keys.withNoRows : keys
    }

    /// One expense's row.
    public static func row(_ expense: Expense, format: ScreenFormat) -> Row {
        let day = format.day(expense.spentAt)
        // In the hour a fall-back night repeats, its time says which of the two it is.
        let time = format.timeReadOnce(expense.spentAt)
        let when = "\(day) · \(time)"
        var spoken = [expense.category.title, format.spokenAmount(expense.amount), format.spokenDay(expense.spentAt), time]
        if let note = expense.note { spoken.append("note: \(note)") }
        return Row(
            id: expense.id, when: when, listedWhen: format.saysYear(LocalDate(expense.spentAt, in: format.timeZone)) ? day : when,
            category: expense.category.title, amount: format.money(expense.amount), note: expense.note ?? "",
            accessibilityLabel: spoken.joined(separator: ", "))
    }

    /// The rows as lines, columns aligned: what `expense list` prints.
    public var lines: [String] {
        let columns = Columns(rows, when: \.when)
        return rows.map { "\($0.id)".padded(to: 6) + columns.line($0) }
    }

    /// The Expenses screen's columns for these rows (the same, without ids): a row's line is made
    /// only when it is shown.
    public var listedColumns: Columns { Columns(rows, when: \.listedWhen) }

    /// Columns for rows: when, then the category and the amount (aligned on its right, three
    /// spaces after the row whose two take the most room), then the note three spaces on.
    public struct Columns: Sendable {
        let when: KeyPath<Row, String> & Sendable
        let whenWidth: Int
        let amountEnd: Int

        init(_ rows: [Row], when: KeyPath<Row, String> & Sendable) {
            self.when = when
            whenWidth = (rows.map { $0[keyPath: when].count }.max() ?? 0) + 3
            amountEnd = rows.map { $0.category.count + 3 + $0.amount.count }.max() ?? 0
        }

        /// `row` in these columns.
        public func line(_ row: Row) -> String { head(row) + (row.note.isEmpty ? "" : "   " + row.note) }

        /// `row`'s when, category and amount in these columns, without its note.
        public func head(_ row: Row) -> String {
            let gap = max(3, amountEnd - row.category.count - row.amount.count)
            return row[keyPath: when].padded(to: whenWidth) + row.category + String(repeating: " ", count: gap) + row.amount
        }
    }
}

extension String {
    /// The text with spaces after it up to `width` characters.
    fileprivate func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

/// The sheet that adds or edits an expense: amount, category, when, note. Nothing is written
/// until Enter; a refusal keeps it open with its sentence.
public struct ExpenseSheet: Sendable, Equatable {
    /// "Add an expense" or "Expense 3".
    public var title: String
    /// The fields' labels.
    public var amountLabel = "Amount"
    public var categoryLabel = "Category"
    public var whenLabel = "When"
    public var noteLabel = "Note"
    /// The categories, numbered 1–5.
    public var categories: [String]
    /// The fields as they start.
    public var prefilledAmount: String
    public var prefilledCategory: ExpenseCategory
    public var prefilledWhen: String
    /// The moment the time field stands for while left as prefilled, to the second: the expense's
    /// own time, or now.
    public var when: Date
    public var prefilledNote: String
    /// The keys.
    public var keys: [ScreenAction]

    /// The sheet for a new expense at `now`, or for editing `expense`.
    public init(editing expense: Expense?, now: Date, format: ScreenFormat) {
        title = expense.map { "Expense \($0.id)" } ?? "Add an expense"
        categories = ExpenseCategory.allCases.enumerated().map { "\($0.offset + 1) \($0.element.title)" }
        prefilledAmount = expense.map { $0.amount.typed(style: format.amountStyle) } ?? ""
        prefilledCategory = expense?.category ?? .fuel
        when = expense?.spentAt ?? now
        // A new expense's is now, as the @ sheet's; an edited one's keeps its date, of any day.
        prefilledWhen =
            expense == nil
            ? Self.typeableTime(now, format: format)
            : TypedTime.typed(when, in: format.timeZone)
        prefilledNote = expense?.note ?? ""
        keys = [
            ScreenAction(.enter, "record", .record), ScreenAction(.upDown, "move between fields (in the category's, choose)", .move),
            ScreenAction(.control("i"), "next field (from the category's)", .nextField),
            ScreenAction(.digits(1...5), "category (in its field)", .chooseCategory), ScreenAction(.escape, "cancel", .back),
        ]
    }

    /// `date`'s time of day as the driver reads it ("5:26 PM"), or as "17:26" where the locale
    /// writes a time in a form a time is not typed in ("17.26", Arabic digits).
    static func typeableTime(_ date: Date, format: ScreenFormat) -> String {
        let written = format.time(date)
        let typeable = TypedTime.parse(written, now: date, timeZone: format.timeZone).map { $0.unixSeconds / 60 == date.unixSeconds / 60 }
        return typeable == true ? written : clock(date, format: format)
    }

    /// "16:10": the time of day as a field holds it, 24-hour, so that it reads back the same.
    static func clock(_ date: Date, format: ScreenFormat) -> String {
        let seconds = ((date.localSeconds(in: format.timeZone) % 86_400) + 86_400) % 86_400
        let hour = seconds / 3600
        let minute = seconds / 60 % 60
        return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}

/// The question before removing an expense, naming it.
public struct ExpenseRemoval: Sendable, Equatable {
    /// "Remove the fuel expense of $42.10 on Sat, Nov 28?".
    public var question: String
    /// The keys.
    public var keys: [ScreenAction]

    /// The question for `expense`.
    public init(expense: Expense, format: ScreenFormat) {
        question =
            "Remove the \(expense.category.title.lowercased()) expense of \(format.money(expense.amount)) on \(format.day(expense.spentAt))?"
        keys = [
            ScreenAction(.character("y"), "remove", .confirm), ScreenAction(.character("n"), "keep", .keep),
            ScreenAction(.escape, "keep", .keep).unlisted,
        ]
    }
}
