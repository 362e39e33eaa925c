import DashPilotCore
import Foundation

extension DashPilotStore {
    /// Records an expense spent at `time` (the clock's time when `nil`; never later than now).
    public func addExpense(_ amount: Money, category: ExpenseCategory, at time: Date?, note: ExpenseNote?) throws -> Expense {
        let expense = try write {
            try Self.check(amount)
            let spentAt = time?.wholeSecond ?? now
            guard spentAt <= now else { throw DashPilotRefusal.expenseInTheFuture(at: spentAt, now: now) }
            let id = try expenseTable.insert(amount: amount, at: spentAt, category: category, note: note?.text)
            return Expense(id: id, amount: amount, spentAt: spentAt, category: category, note: note?.text)
        }
        // Logged once committed: that it was added, and its category (never its note or amount).
        log.record(.added(expense.category))
        return expense
    }

    /// Changes expense `id`: every given fact at once (a note of `.some(nil)` removes it); a
    /// refused edit changes nothing.
    public func editExpense(
        id: Int64, amount: Money? = nil, category: ExpenseCategory? = nil, at time: Date? = nil, note: ExpenseNote?? = nil
    ) throws -> Expense {
        let edited = try write {
            guard var expense = try expenseTable.expense(id: id) else { throw DashPilotRefusal.expenseNotFound(id: id) }
            if let amount {
                try Self.check(amount)
                expense.amount = amount
            }
            if let category { expense.category = category }
            if let time {
                guard time.wholeSecond <= now else {
                    throw DashPilotRefusal.expenseInTheFuture(at: time.wholeSecond, now: now, editing: true)
                }
                expense.spentAt = time.wholeSecond
            }
            if let note { expense.note = note?.text }
            try expenseTable.update(expense, category: category != nil)
            return expense
        }
        log.record(.changed(edited.category))
        return edited
    }

    /// Removes expense `id`, and only it.
    public func removeExpense(id: Int64) throws {
        let removed = try write {
            guard let expense = try expenseTable.expense(id: id) else { throw DashPilotRefusal.expenseNotFound(id: id) }
            try expenseTable.delete(id: id)
            return expense
        }
        log.record(.removed(removed.category))
    }

    /// Expense `id`.
    public func expense(id: Int64) throws -> Expense {
        try read {
            guard let expense = try expenseTable.expense(id: id) else { throw DashPilotRefusal.expenseNotFound(id: id) }
            return expense
        }
    }

    /// Expenses spent in `[from, before)` (unbounded where `nil`), newest first: at most `limit`
    /// (all when `nil`) after skipping `offset`.
    public func expenses(from: Date?, before: Date?, limit: Int?, offset: Int = 0) throws -> [Expense] {
        try read {
            try expenseTable.expenses(
                from: from?.unixSeconds ?? Int64.min, before: before?.unixSeconds ?? Int64.max, limit: limit, offset: offset)
        }
    }

    /// How many expenses were spent in `[from, before)`.
    public func expenseCount(from: Date?, before: Date?) throws -> Int {
        try read { try expenseTable.count(from: from?.unixSeconds ?? Int64.min, before: before?.unixSeconds ?? Int64.max) }
    }
}
