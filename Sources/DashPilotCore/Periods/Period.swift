/// A week (Monday to Sunday, as ISO 8601 says) or a calendar month of the driver's local time.
public struct Period: Sendable, Equatable, Hashable {
    /// Which kind of period.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case week
        case month
    }

    /// Week or month.
    public var kind: Kind
    /// Its first day.
    public var from: LocalDate
    /// Its last day (included).
    public var to: LocalDate

    /// The `kind` period holding `date`.
    public init(_ kind: Kind, containing date: LocalDate) {
        self.kind = kind
        switch kind {
        case .week:
            from = date.adding(days: -date.weekday)
            to = from.adding(days: 6)
        case .month:
            let (year, month, day) = date.components
            from = date.adding(days: 1 - day)
            to = from.adding(days: LocalDate.days(inMonth: month, year: year) - 1)
        }
    }

    /// The period before this one.
    public var previous: Period { Period(kind, containing: from.adding(days: -1)) }

    /// Whether `date` falls in it.
    public func contains(_ date: LocalDate) -> Bool { from <= date && date <= to }
}
