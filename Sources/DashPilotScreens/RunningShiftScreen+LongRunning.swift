import DashPilotCore
import Foundation

extension RunningShiftScreen {
    /// The commands that record an open delivery's missing steps, from its next one: "dashpilot
    /// arrive 2 --at TIME, then pickup and deliver likewise, or dashpilot cancel 2 --at TIME".
    static func missingSteps(of number: Int, from next: LifecycleStep?) -> String {
        let steps: [(LifecycleStep, String)] = [(.arrive, "arrive"), (.pickUp, "pickup"), (.deliver, "deliver")]
        let remaining = steps.drop { $0.0 != next }.map(\.1)
        guard let step = remaining.first else { return "dashpilot cancel \(number) --at TIME" }
        let then = remaining.count > 1 ? ", then \(remaining.dropFirst().joined(separator: " and ")) likewise" : ""
        return "dashpilot \(step) \(number) --at TIME\(then), or dashpilot cancel \(number) --at TIME"
    }

    /// The long-running line as the command line says it, naming the command that ends the shift
    /// at its last activity (local time, to the second): "Running for 14 h. If you forgot to end
    /// it, dashpilot shift end --at "2026-11-20 08:00:37" ends it at its last activity."
    public func longRunningCommandLine(lastActivity: Date, open openDeliveries: [Delivery], format: ScreenFormat) -> String? {
        guard let hours = longRunningHours else { return nil }
        // With a delivery open the shift cannot end yet (money-and-time.md): its missing step
        // first, at its time, which then is the last activity.
        if let first = openDeliveries.first {
            let numbers = openDeliveries.map { String($0.number) }
            let which =
                numbers.count == 1
                ? "Delivery \(first.number) at the time it happened"
                : "Deliveries \(numbers.dropLast().joined(separator: ", ")) and \(numbers[numbers.count - 1]) at the times they happened"
            let steps = openDeliveries.map { Self.missingSteps(of: $0.number, from: $0.state.nextStep) }
            return "Running for \(hours) h. If you forgot to end it, first record what became of \(which) "
                + "(\(steps.joined(separator: "; "))); then dashpilot shift show gives the command that ends it at its last activity."
        }
        // In the hour a fall-back night repeats, the offset says which of the two.
        let time = TypedTime.typed(lastActivity, in: format.timeZone, seconds: true)
        return "Running for \(hours) h. If you forgot to end it, dashpilot shift end --at \"\(time)\" ends it at its last activity."
    }
}
