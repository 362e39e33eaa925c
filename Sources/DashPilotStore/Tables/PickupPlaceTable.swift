import DashPilotCore
import Foundation

/// The one owner of the `pickup_place` table and of `naming_policy`, the version of the policy
/// its keys were made by. A place's key is written and matched here and read by nothing that
/// shows it: it is never selected into a `PickupPlace`.
struct PickupPlaceTable {
    let connection: Connection

    /// The columns a place is read from, in select order (the key is not one of them).
    enum Column: Int32, Columns {
        case id, displayName, firstNamedAt

        var sql: String {
            switch self {
            case .id: "id"
            case .displayName: "display_name"
            case .firstNamedAt: "first_named_at"
            }
        }
    }

    /// The place in `row`'s `Column`s.
    static func place(_ row: Row) -> PickupPlace {
        PickupPlace(id: row.int64(Column.id), name: row.text(Column.displayName), firstNamedAt: row.date(Column.firstNamedAt))
    }

    /// The place a typed key finds: the earliest-created one holding `key`.
    func place(key: String) throws -> PickupPlace? {
        try connection.queryFirst(
            "SELECT \(Column.select()) FROM pickup_place WHERE key = ? ORDER BY id LIMIT 1", .text(key), row: Self.place)
    }

    /// Place `id`, if it exists.
    func place(id: Int64) throws -> PickupPlace? {
        try connection.queryFirst("SELECT \(Column.select()) FROM pickup_place WHERE id = ?", .integer(id), row: Self.place)
    }

    /// Inserts a place named `name`, first named at `time`.
    func insert(_ name: PickupPlaceName, at time: Date) throws -> PickupPlace {
        try connection.run(
            "INSERT INTO pickup_place (display_name, key, first_named_at) VALUES (?, ?, ?)", .text(name.display), .text(name.key),
            .integer(time.unixSeconds))
        return PickupPlace(id: connection.lastInsertRowID, name: name.display, firstNamedAt: time)
    }

    /// Writes place `id`'s spelling and key together.
    func rename(id: Int64, to name: PickupPlaceName) throws {
        try connection.run(
            "UPDATE pickup_place SET display_name = ?, key = ? WHERE id = ?", .text(name.display), .text(name.key), .integer(id))
    }

    /// Deletes place `id` (refused by the store while a delivery names it).
    func delete(id: Int64) throws {
        try connection.run("DELETE FROM pickup_place WHERE id = ?", .integer(id))
    }

    /// How many places the catalogue holds.
    func count() throws -> Int { Int(try connection.scalar("SELECT count(*) FROM pickup_place") ?? 0) }

    /// What the catalogue shows beside a place: how many deliveries name it.
    private enum Listed: Int32, Columns {
        case deliveryCount

        var sql: String { "(SELECT count(*) FROM delivery d WHERE d.pickup_place_id = p.id)" }
    }

    /// Every place whose key contains `key` (every place for an empty one), in key order
    /// (display names compared case-insensitively and independently of locale), catalogue
    /// order breaking ties, with how many deliveries name each.
    func catalogue(containingKey key: String) throws -> [PlaceSummary] {
        try connection.query(
            """
            SELECT \(Column.select("p")), \(Listed.select())
            FROM pickup_place p WHERE ? = '' OR instr(p.key, ?) > 0 ORDER BY p.key, p.id
            """, .text(key), .text(key)
        ) { PlaceSummary(place: Self.place($0), deliveryCount: Int($0.after(Column.self).int64(Listed.deliveryCount))) }
    }

    /// Every place but `excluded` (every place for `nil`), in key order (catalogue order breaking
    /// ties), without counting their deliveries: counting is a pass over every delivery that names
    /// a place, and the merge list shows names alone, the places screen a window of counts.
    func places(except excluded: Int64? = nil) throws -> [PickupPlace] {
        try connection.query(
            "SELECT \(Column.select()) FROM pickup_place WHERE id IS NOT ? ORDER BY key, id", .integer(excluded),
            row: Self.place)
    }

    /// A place as the naming policy's checks read it: its spelling and key as stored.
    enum Stored: Int32, Columns {
        case id, displayName, key

        var sql: String {
            switch self {
            case .id: "id"
            case .displayName: "display_name"
            case .key: "key"
            }
        }
    }

    /// Hands `body` every place's id, spelling and key as stored, in catalogue order.
    func forEachStored(_ body: (_ id: Int64, _ displayName: String, _ key: String) throws -> Void) throws {
        try connection.forEachRow("SELECT \(Stored.select()) FROM pickup_place ORDER BY id") { row in
            try body(row.int64(Stored.id), row.text(Stored.displayName), row.text(Stored.key))
        }
    }

    /// The places whose spelling or key holds bytes that are not UTF-8 (another program wrote
    /// them): read as text they come out repaired, and would pass for what the policy writes.
    func notUTF8() throws -> Set<Int64> {
        var ids = Set<Int64>()
        try connection.forEachRow("SELECT \(Stored.select()) FROM pickup_place") { row in
            if !row.isUTF8(Stored.displayName) || !row.isUTF8(Stored.key) { ids.insert(row.int64(Stored.id)) }
        }
        return ids
    }

    /// Writes place `id`'s cleaned-up spelling and key as a naming policy made them: re-keying.
    func rewrite(id: Int64, display: String, key: String) throws {
        try connection.run("UPDATE pickup_place SET display_name = ?, key = ? WHERE id = ?", .text(display), .text(key), .integer(id))
    }

    /// The places that share their key with an earlier one, each beside the earliest holder of
    /// that key (the one a typed name finds), in catalogue order.
    func sharedKeys() throws -> [(first: PickupPlace, other: PickupPlace)] {
        var firstOfKey: [String: PickupPlace] = [:]
        var pairs: [(first: PickupPlace, other: PickupPlace)] = []
        try connection.forEachRow(
            """
            SELECT \(Column.select()), key FROM pickup_place
            WHERE key IN (SELECT key FROM pickup_place GROUP BY key HAVING count(*) > 1) ORDER BY id
            """
        ) { row in
            let place = Self.place(row)
            let key = row.after(Column.self).text(OneColumn.value)
            if let first = firstOfKey[key] { pairs.append((first, place)) } else { firstOfKey[key] = place }
        }
        return pairs
    }

    /// The version of the naming policy the keys were made by.
    func policyVersion() throws -> Int {
        Int(try connection.scalar("SELECT version FROM naming_policy WHERE id = 1") ?? 0)
    }

    /// Records that the keys were made by naming policy `version`.
    func setPolicyVersion(_ version: Int) throws {
        try connection.run("UPDATE naming_policy SET version = ? WHERE id = 1", .integer(Int64(version)))
    }
}
