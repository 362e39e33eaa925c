import DashPilotCore
import Foundation

/// The formatters one `ScreenFormat` has made, kept for reuse. Guarded by a lock, since a format
/// is a value that may be shared.
final class Formatters: @unchecked Sendable {
    private let lock = NSLock()
    private var dates: [String: DateFormatter] = [:]
    /// By whether they write the currency's code in its sign's place.
    private var currencies: [Bool: NumberFormatter] = [:]
    private var days: [Int64: String] = [:]
    private var spokenDays: [Int64: String] = [:]
    private var times: [Int64: String] = [:]
    private var amountStyle: AmountStyle?

    /// How typed amounts are read: made once (it asks ICU for the signs of a score of currencies).
    func amountStyle(make: () -> AmountStyle) -> AmountStyle {
        if let made = lock.withLock({ amountStyle }) { return made }
        let made = make()
        lock.withLock { amountStyle = made }
        return made
    }

    func time(_ minute: Int64, make: () -> String) -> String {
        if let made = lock.withLock({ times[minute] }) { return made }
        let made = make()
        lock.withLock { times[minute] = made }
        return made
    }

    func day(_ number: Int64, make: () -> String) -> String {
        if let made = lock.withLock({ days[number] }) { return made }
        let made = make()
        lock.withLock { days[number] = made }
        return made
    }

    func spokenDay(_ number: Int64, make: () -> String) -> String {
        if let made = lock.withLock({ spokenDays[number] }) { return made }
        let made = make()
        lock.withLock { spokenDays[number] = made }
        return made
    }

    func date(template: String, make: () -> DateFormatter) -> DateFormatter {
        lock.withLock {
            if let made = dates[template] { return made }
            let made = make()
            dates[template] = made
            return made
        }
    }

    /// The formatter that writes amounts, with the currency's sign or, `withCode`, its code.
    func currency(withCode: Bool = false, make: () -> NumberFormatter) -> NumberFormatter {
        lock.withLock {
            if let made = currencies[withCode] { return made }
            let made = make()
            currencies[withCode] = made
            return made
        }
    }
}
