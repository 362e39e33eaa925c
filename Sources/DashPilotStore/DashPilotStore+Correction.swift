import CSQLite
import DashPilotCore
import Foundation

/// Where a merge can be made to fail in tests, to prove it is all or nothing.
enum MergeStage {
    case deliveriesMoved
}

extension DashPilotStore {
    /// Renames place `id`: display name and key written together. Refused, with nothing written,
    /// when another place holds the new key; the identity, first-named time, deliveries and waits
    /// stay. No alias is left: the old spelling stops finding the place.
    public func renamePlace(id: Int64, to name: PickupPlaceName) throws -> PickupPlace {
        try placeOperation { events in
            guard var place = try placeRow(id: id) else { throw DashPilotRefusal.placeNotFound }
            if let holder = try placeRow(key: name.key), holder.id != id {
                throw DashPilotRefusal.renameCollision(existingName: holder.name)
            }
            try connection.run(
                "UPDATE pickup_place SET display_name = ?, key = ? WHERE id = ?", .text(name.display), .text(name.key),
                .integer(id))
            events.append(.renamed)
            place.name = name.display
            return place
        }
    }

    /// Renames the place whose key matches `current`.
    public func renamePlace(named current: PickupPlaceName, to name: PickupPlaceName) throws -> PickupPlace {
        guard let place = try place(named: current) else {
            log.record(.refused(.placeNotFound))
            throw DashPilotRefusal.placeNotFound
        }
        return try renamePlace(id: place.id, to: name)
    }

    /// Merges place `sourceID` into `destinationID`: every delivery of the source moves to the
    /// destination, then the source is deleted, in one transaction. The destination keeps its
    /// name, key, identity and first-named time; recorded times are untouched; nothing records
    /// the merge. Refused before anything changes when the two are one place or either is gone.
    public func mergePlace(sourceID: Int64, into destinationID: Int64) throws -> PickupPlace {
        try placeOperation { events in
            guard try placeRow(id: sourceID) != nil else { throw DashPilotRefusal.mergeSourceMissing }
            guard let destination = try placeRow(id: destinationID) else { throw DashPilotRefusal.mergeDestinationMissing }
            guard sourceID != destinationID else { throw DashPilotRefusal.mergeIntoItself }
            try connection.run(
                "UPDATE delivery SET pickup_place_id = ? WHERE pickup_place_id = ?", .integer(destinationID), .integer(sourceID))
            try mergeFault?(.deliveriesMoved)
            try connection.run("DELETE FROM pickup_place WHERE id = ?", .integer(sourceID))
            events.append(.merged)
            return destination
        }
    }

    /// Merges the place whose key matches `source` into the one whose key matches `destination`.
    public func mergePlace(named source: PickupPlaceName, into destination: PickupPlaceName) throws -> PickupPlace {
        let (from, into) = try read { (try placeRow(key: source.key), try placeRow(key: destination.key)) }
        guard let from else {
            log.record(.refused(.mergeSourceMissing))
            throw DashPilotRefusal.mergeSourceMissing
        }
        guard let into else {
            log.record(.refused(.mergeDestinationMissing))
            throw DashPilotRefusal.mergeDestinationMissing
        }
        return try mergePlace(sourceID: from.id, into: into.id)
    }
}
