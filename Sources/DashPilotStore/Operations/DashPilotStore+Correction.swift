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
    /// stay. No alias is left: the old spelling stops finding the place. A place already spelled
    /// so is left as it is, and no rename is logged.
    public func renamePlace(id: Int64, to name: PickupPlaceName) throws -> PickupPlace {
        try placeOperation { events in
            guard var place = try placeTable.place(id: id) else { throw DashPilotRefusal.placeNotFound }
            let holder = try placeTable.place(key: name.key)
            if let holder, holder.id != id { throw DashPilotRefusal.renameCollision(existingName: holder.name) }
            if Self.isSpelled(place, as: name, keyFinds: holder?.id) { return place }
            try placeTable.rename(id: id, to: name)
            events.append(.renamed)
            place.name = name.display
            return place
        }
    }

    /// Whether the place whose key matches `current` is spelled `name` already: a rename to it
    /// writes nothing and logs no rename.
    public func isAlreadySpelled(named current: PickupPlaceName, as name: PickupPlaceName) throws -> Bool {
        try read {
            guard let place = try placeTable.place(key: current.key) else { return false }
            return Self.isSpelled(place, as: name, keyFinds: try placeTable.place(key: name.key)?.id)
        }
    }

    /// Spelled so byte for byte, and found by the key `name` gives (`keyFinds`): a name in
    /// another Unicode form, or a key an older policy made, is not, and a rename writes it anew.
    private static func isSpelled(_ place: PickupPlace, as name: PickupPlaceName, keyFinds: Int64?) -> Bool {
        keyFinds == place.id && place.name.utf8.elementsEqual(name.display.utf8)
    }

    /// Renames the place whose key matches `current`.
    public func renamePlace(named current: PickupPlaceName, to name: PickupPlaceName) throws -> PickupPlace {
        try renamePlace(id: try requirePlace(named: current, else: .placeNotFound).id, to: name)
    }

    /// Records in the log that a merge was refused for want of confirmation: the rule, never the
    /// places nor what the merge would have moved.
    public func noteMergeNotConfirmed() { log.record(.refused(.mergeNotConfirmed)) }

    /// Merges place `sourceID` into `destinationID`: every delivery of the source moves to the
    /// destination, then the source is deleted, in one transaction. The destination keeps its
    /// name, key, identity and first-named time; recorded times are untouched; nothing records
    /// the merge. Refused before anything changes when the two are one place or either is gone.
    public func mergePlace(sourceID: Int64, into destinationID: Int64) throws -> PickupPlace {
        try placeOperation { events in
            guard try placeTable.place(id: sourceID) != nil else { throw DashPilotRefusal.mergeSourceMissing }
            guard let destination = try placeTable.place(id: destinationID) else { throw DashPilotRefusal.mergeDestinationMissing }
            guard sourceID != destinationID else { throw DashPilotRefusal.mergeIntoItself }
            try deliveryTable.movePlace(from: sourceID, to: destinationID)
            #if DEBUG
                try mergeFault?(.deliveriesMoved)
            #endif
            try placeTable.delete(id: sourceID)
            events.append(.merged)
            return destination
        }
    }

    /// The two places a merge by name would join, found before anything changes: refused (and
    /// the rule logged) when either name finds no place or both find the same one. The command
    /// line asks its confirmation about these two.
    public func mergeCandidates(source: PickupPlaceName, destination: PickupPlaceName) throws -> (
        source: PickupPlace, destination: PickupPlace
    ) {
        let from = try requirePlace(named: source, else: .mergeSourceMissing)
        let into = try requirePlace(named: destination, else: .mergeDestinationMissing)
        guard from.id != into.id else {
            log.record(.refused(.mergeIntoItself))
            throw DashPilotRefusal.mergeIntoItself
        }
        return (from, into)
    }

    /// Merges the place whose key matches `source` into the one whose key matches `destination`.
    public func mergePlace(named source: PickupPlaceName, into destination: PickupPlaceName) throws -> PickupPlace {
        let places = try mergeCandidates(source: source, destination: destination)
        return try mergePlace(sourceID: places.source.id, into: places.destination.id)
    }
}
