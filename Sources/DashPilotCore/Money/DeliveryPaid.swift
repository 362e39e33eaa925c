/// What one delivery paid: its recorded pay plus every tip, and per hour of its own lifecycle.
/// About one delivery only: never summed, averaged, compared or ranked across deliveries.
public struct DeliveryPaid: Sendable, Equatable {
    /// Why a delivery has no figure per hour of its own.
    public enum NoHourlyFigure: String, Error, Sendable, Equatable {
        /// No pay is recorded, so there is no total.
        case noPay
        /// It was cancelled: it has no delivered lifecycle to divide by.
        case cancelled
        /// It is still open.
        case open
        /// It was delivered in the second it was accepted.
        case noTime
    }

    /// The recorded pay, if any.
    public var pay: Money?
    /// The tips, in number order.
    public var tips: [Tip]
    /// Pay plus tips; `nil` without pay, tips or no tips.
    public var total: Money?
    /// What it paid per hour from accepted to delivered, or why there is no such figure.
    public var perHour: Result<Money, NoHourlyFigure>

    /// What `delivery` paid.
    public init(_ delivery: Delivery) {
        pay = delivery.pay
        tips = delivery.tips
        total = delivery.pay.map { pay in Money(cents: pay.cents + delivery.tips.reduce(0) { $0 + $1.amount.cents }) }
        switch delivery.state {
        case .cancelled: perHour = .failure(.cancelled)
        case .accepted, .arrivedAtPickup, .pickedUp: perHour = .failure(.open)
        case .delivered:
            let seconds = delivery.deliveredAt.map { $0.unixSeconds - delivery.acceptedAt.unixSeconds } ?? 0
            if let total, seconds > 0 {
                perHour = .success(Money.dividing(total.cents, times: 3600, by: seconds))
            } else {
                perHour = .failure(total == nil ? .noPay : .noTime)
            }
        }
    }

    /// The figure per hour, when there is one.
    public var perHourAmount: Money? { try? perHour.get() }
}
