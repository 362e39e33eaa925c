import DashPilotCore
import Foundation

/// The one owner of the `delivery` table: its columns, its one row mapper and every statement
/// that writes or reads mainly deliveries. A delivery is named by its shift and its number.
struct DeliveryTable {
    let connection: Connection

    /// The columns a delivery is read from, in select order.
    enum Column: Int32, Columns {
        case shiftID, number, acceptedAt, arrivedAtPickupAt, pickedUpAt, deliveredAt, cancelledAt, pickupPlaceID

        var sql: String {
            switch self {
            case .shiftID: "shift_id"
            case .number: "number"
            case .acceptedAt: "accepted_at"
            case .arrivedAtPickupAt: "arrived_at_pickup_at"
            case .pickedUpAt: "picked_up_at"
            case .deliveredAt: "delivered_at"
            case .cancelledAt: "cancelled_at"
            case .pickupPlaceID: "pickup_place_id"
            }
        }
    }

    /// What a shift's log reads beside a delivery's columns: its place's name (from the join with
    /// `pickup_place p`), its recorded pay and its row id (which its tips name).
    private enum Joined: Int32, Columns {
        case placeName, payCents, rowID

        var sql: String {
            switch self {
            case .placeName: "p.display_name"
            case .payCents: "d.pay_cents"
            case .rowID: "d.id"
            }
        }
    }

    /// The one row mapper: a delivery from `row`'s `Column`s, its place named `placeName`.
    static func delivery(_ row: Row, placeName: String?) -> Delivery {
        Delivery(
            shiftID: row.int64(Column.shiftID), number: Int(row.int64(Column.number)), acceptedAt: row.date(Column.acceptedAt),
            arrivedAtPickupAt: row.optionalDate(Column.arrivedAtPickupAt), pickedUpAt: row.optionalDate(Column.pickedUpAt),
            deliveredAt: row.optionalDate(Column.deliveredAt), cancelledAt: row.optionalDate(Column.cancelledAt),
            pickupPlace: placeName, pickupPlaceID: row.optionalInt64(Column.pickupPlaceID))
    }

    /// A delivery with its place's name and pay from the join, and its row id.
    private static func withPlace(_ row: Row) -> (rowID: Int64, delivery: Delivery) {
        let joined = row.after(Column.self)
        var delivery = delivery(row, placeName: joined.optionalText(Joined.placeName))
        delivery.pay = joined.optionalInt64(Joined.payCents).map(Money.init(cents:))
        return (joined.int64(Joined.rowID), delivery)
    }

    private static let joined = """
        SELECT \(Column.select("d")), \(Joined.select()) FROM delivery d LEFT JOIN pickup_place p ON p.id = d.pickup_place_id
        """

    /// Shift `shiftID`'s deliveries in number order, with their places, pay and tips.
    func deliveries(shiftID: Int64) throws -> [Delivery] {
        let tips = try TipTable(connection: connection).tips(ofShift: shiftID)
        return try connection.query("\(Self.joined) WHERE d.shift_id = ? ORDER BY d.number", .integer(shiftID), row: Self.withPlace).map {
            var delivery = $0.delivery
            delivery.tips = tips[$0.rowID] ?? []
            return delivery
        }
    }

    /// Delivery `number` of shift `shiftID`, with its place, pay and tips, and its row id, if it exists.
    func delivery(number: Int, shiftID: Int64) throws -> Delivery? { try withRowID(number: number, shiftID: shiftID)?.delivery }

    /// Delivery `number` of shift `shiftID` with its row id (which its tips name), if it exists.
    func withRowID(number: Int, shiftID: Int64) throws -> (rowID: Int64, delivery: Delivery)? {
        guard
            var found = try connection.queryFirst(
                "\(Self.joined) WHERE d.shift_id = ? AND d.number = ?", .integer(shiftID), .integer(Int64(number)), row: Self.withPlace)
        else { return nil }
        found.delivery.tips = try connection.query(
            "SELECT \(TipTable.Column.select()) FROM tip WHERE delivery_id = ? ORDER BY number", .integer(found.rowID), row: TipTable.tip)
        return found
    }

    /// Records (or clears, with `nil`) what delivery `number` of shift `shiftID` paid.
    func setPay(_ pay: Money?, number: Int, shiftID: Int64) throws {
        try connection.run(
            "UPDATE delivery SET pay_cents = ? WHERE shift_id = ? AND number = ?", .integer(pay?.cents), .integer(shiftID),
            .integer(Int64(number)))
    }

    /// Inserts delivery `number` of shift `shiftID`, accepted at `time`.
    func insert(shiftID: Int64, number: Int, acceptedAt time: Date) throws {
        try connection.run(
            "INSERT INTO delivery (shift_id, number, accepted_at) VALUES (?, ?, ?)", .integer(shiftID), .integer(Int64(number)),
            .integer(time.unixSeconds))
    }

    /// Writes `delivery`'s lifecycle times.
    func updateSteps(_ delivery: Delivery) throws {
        try connection.run(
            """
            UPDATE delivery SET arrived_at_pickup_at = ?, picked_up_at = ?, delivered_at = ?, cancelled_at = ?
            WHERE shift_id = ? AND number = ?
            """,
            .integer(delivery.arrivedAtPickupAt?.unixSeconds), .integer(delivery.pickedUpAt?.unixSeconds),
            .integer(delivery.deliveredAt?.unixSeconds), .integer(delivery.cancelledAt?.unixSeconds),
            .integer(delivery.shiftID), .integer(Int64(delivery.number)))
    }

    /// Deletes delivery `number` of shift `shiftID`.
    func delete(number: Int, shiftID: Int64) throws {
        try connection.run("DELETE FROM delivery WHERE shift_id = ? AND number = ?", .integer(shiftID), .integer(Int64(number)))
    }

    /// The numbers of shift `shiftID`'s deliveries still open, in order.
    func openNumbers(shiftID: Int64) throws -> [Int] {
        try connection.integers(
            "SELECT number FROM delivery WHERE shift_id = ? AND delivered_at IS NULL AND cancelled_at IS NULL ORDER BY number",
            .integer(shiftID)
        ).map { Int($0) }
    }

    /// The latest step recorded on any delivery of shift `shiftID`, as whole seconds; `nil`
    /// when it has none. A step not taken stands in as the delivery's own acceptance, never as
    /// a made-up time (a 0 would outrank every step of a shift before 1970).
    func latestStep(shiftID: Int64) throws -> Int64? {
        try connection.scalar(
            """
            SELECT max(max(accepted_at, coalesce(arrived_at_pickup_at, accepted_at), coalesce(picked_up_at, accepted_at),
                           coalesce(delivered_at, accepted_at), coalesce(cancelled_at, accepted_at)))
            FROM delivery WHERE shift_id = ?
            """, .integer(shiftID))
    }

    /// Records place `placeID` (or none) on delivery `number` of shift `shiftID`.
    func setPlace(_ placeID: Int64?, number: Int, shiftID: Int64) throws {
        try connection.run(
            "UPDATE delivery SET pickup_place_id = ? WHERE shift_id = ? AND number = ?", .integer(placeID), .integer(shiftID),
            .integer(Int64(number)))
    }

    /// Moves every delivery of place `source` to place `destination`: a merge's first half.
    func movePlace(from source: Int64, to destination: Int64) throws {
        try connection.run("UPDATE delivery SET pickup_place_id = ? WHERE pickup_place_id = ?", .integer(destination), .integer(source))
    }

    /// The highest delivery row id (0 with none): one step down the table's B-tree.
    func highestID() throws -> Int64 { try connection.scalar("SELECT max(id) FROM delivery") ?? 0 }

    /// How many deliveries name place `placeID`.
    func count(placeID: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM delivery WHERE pickup_place_id = ?", .integer(placeID)) ?? 0)
    }

    /// A use of a place: a delivery naming it, dated by its acceptance.
    private enum Use: Int32, Columns {
        case acceptedAt, placeID

        var sql: String {
            switch self {
            case .acceptedAt: "accepted_at"
            case .placeID: "pickup_place_id"
            }
        }
    }

    /// Hands every use of a place to `body`, newest first, through the use index, until `body`
    /// returns `false`: O(uses read), not O(all deliveries).
    func forEachUseNewestFirst(_ body: (_ acceptedAt: Int64, _ placeID: Int64) -> Bool) throws {
        let statement = try connection.statement(
            """
            SELECT \(Use.select()) FROM delivery INDEXED BY delivery_place_use
            WHERE pickup_place_id IS NOT NULL ORDER BY accepted_at DESC
            """)
        defer { statement.reset() }
        while try statement.step() {
            let row = Row(statement: statement)
            guard body(row.int64(Use.acceptedAt), row.int64(Use.placeID)) else { return }
        }
    }

    /// Place `place`'s deliveries newest first (all of them, or at most `limit` after skipping
    /// `offset`), from one range of its covering index.
    func deliveries(ofPlace place: PickupPlace, limit: Int?, offset: Int) throws -> [Delivery] {
        try connection.query(
            """
            SELECT \(Column.select()) FROM delivery WHERE pickup_place_id = ?
            ORDER BY accepted_at DESC, shift_id DESC, number DESC LIMIT ? OFFSET ?
            """, .integer(place.id), .integer(Int64(limit ?? -1)), .integer(Int64(offset))
        ) { Self.delivery($0, placeName: place.name) }
    }

    /// The two times a pickup wait is read from.
    private enum Wait: Int32, Columns {
        case arrivedAt, pickedUpAt

        var sql: String {
            switch self {
            case .arrivedAt: "arrived_at_pickup_at"
            case .pickedUpAt: "picked_up_at"
            }
        }
    }

    /// Every wait recorded at place `placeID`, from one range of its covering index.
    func waitSamples(placeID: Int64) throws -> [PickupWaitSample] {
        try connection.query(
            """
            SELECT \(Wait.select()) FROM delivery
            WHERE pickup_place_id = ? AND arrived_at_pickup_at IS NOT NULL AND picked_up_at IS NOT NULL
            """, .integer(placeID)
        ) { PickupWaitSample(arrivedAt: $0.date(Wait.arrivedAt), seconds: $0.int64(Wait.pickedUpAt) - $0.int64(Wait.arrivedAt)) }
    }

    /// What a period reads of a delivery, from the covering index by shift.
    private enum Times: Int32, Columns {
        case id, shiftID, acceptedAt, deliveredAt, cancelledAt, payCents

        var sql: String {
            switch self {
            case .id: "id"
            case .shiftID: "shift_id"
            case .acceptedAt: "accepted_at"
            case .deliveredAt: "delivered_at"
            case .cancelledAt: "cancelled_at"
            case .payCents: "pay_cents"
            }
        }
    }

    /// What a list of periods reads of a shift's deliveries: its counts.
    private enum Counts: Int32, Columns {
        case shiftID, deliveries, delivered, cancelled

        var sql: String {
            switch self {
            case .shiftID: "shift_id"
            case .deliveries: "count(*)"
            case .delivered: "count(delivered_at)"
            case .cancelled: "count(cancelled_at)"
            }
        }
    }

    /// Hands `body` the counts of each shift started in `[low, high)` that has deliveries: every
    /// delivery, those delivered and those cancelled, added up by SQLite along the covering index
    /// by shift (no row reaches Swift).
    func forEachCount(
        ofShiftsStartedFrom low: Int64, before high: Int64,
        _ body: (_ shiftID: Int64, _ deliveries: Int, _ delivered: Int, _ cancelled: Int) throws -> Void
    ) throws {
        try connection.forEachRow(
            """
            SELECT \(Counts.select()) FROM delivery
            WHERE shift_id IN (SELECT id FROM shift WHERE started_at >= ? AND started_at < ?) GROUP BY shift_id
            """, .integer(low), .integer(high)
        ) { row in
            try body(
                row.int64(Counts.shiftID), Int(row.int64(Counts.deliveries)), Int(row.int64(Counts.delivered)),
                Int(row.int64(Counts.cancelled)))
        }
    }

    /// Hands `body` each delivery of the shifts started in `[low, high)`: its row id, shift,
    /// acceptance, end (delivered or cancelled) and pay, shift by shift and in acceptance order
    /// within a shift, as the covering index holds them (no sort).
    func forEachTimes(
        ofShiftsStartedFrom low: Int64, before high: Int64,
        _ body: (
            _ id: Int64, _ shiftID: Int64, _ acceptedAt: Int64, _ deliveredAt: Int64?, _ cancelledAt: Int64?, _ payCents: Int64?
        ) throws -> Void
    ) throws {
        try connection.forEachRow(
            """
            SELECT \(Times.select()) FROM delivery
            WHERE shift_id IN (SELECT id FROM shift WHERE started_at >= ? AND started_at < ?) ORDER BY shift_id, accepted_at
            """, .integer(low), .integer(high)
        ) { row in
            try body(
                row.int64(Times.id), row.int64(Times.shiftID), row.int64(Times.acceptedAt), row.optionalInt64(Times.deliveredAt),
                row.optionalInt64(Times.cancelledAt), row.optionalInt64(Times.payCents))
        }
    }
}
