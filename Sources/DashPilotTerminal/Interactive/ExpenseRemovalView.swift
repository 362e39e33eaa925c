import DashPilotCore
import DashPilotScreens

/// The question before removing an expense.
final class ExpenseRemovalView: TerminalScreen {
    private let expenseID: Int64
    /// `nil` once another program removed the expense: only Esc is left.
    private var model: ExpenseRemoval?

    init(expense: Expense, format: ScreenFormat) {
        expenseID = expense.id
        model = ExpenseRemoval(expense: expense, format: format)
    }

    /// The question names the expense as it is now: another program may change or remove it.
    func reload(_ app: AppEnvironment) throws {
        do {
            model = ExpenseRemoval(expense: try app.store.expense(id: expenseID), format: app.format)
        } catch DashPilotRefusal.expenseNotFound {
            model = nil
        }
    }

    var keys: [ScreenAction] { model?.keys ?? [.goingBack] }

    func handle(_ key: Key, _ app: AppEnvironment) throws -> Navigation {
        switch action(for: key)?.command {
        case .confirm:
            try app.store.removeExpense(id: expenseID)
            return .pop
        case .keep, .back: return .pop
        default: return .stay
        }
    }

    func render(into screen: inout ScreenBuffer, _ app: AppEnvironment) {
        screen.wrapped(model?.question ?? ScreenMessages.expenseGone, style: .bold)
        screen.setFooter(keys)
    }

    func spoken(into lines: inout SpokenScreen, _ app: AppEnvironment) {
        lines.say(model?.question ?? ScreenMessages.expenseGone)
        lines.keys(keys, listsKeys: true)
    }
}
