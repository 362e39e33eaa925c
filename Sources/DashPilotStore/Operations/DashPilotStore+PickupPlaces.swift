import DashPilotCore
import Foundation

/// What recording a delivery's pickup place did.
public struct PickupAssignment: Sendable, Equatable {
    /// The place now recorded on the delivery.
    public var place: PickupPlace
    /// Whether the place was created by this operation (its name was new to the catalogue).
    public var created: Bool
    /// Whether the delivery had another place before (a change rather than an add).
    public var replacedAnother: Bool
}

extension DashPilotStore {
    /// Runs a place operation, logging its refusal by rule (never by name) and its events only
    /// once the transaction has committed.
    func placeOperation<T>(_ body: (inout [PickupPlaceEvent]) throws -> T) throws -> T {
        var events: [PickupPlaceEvent] = []
        do {
            let value = try write { try body(&events) }
            events.forEach(log.record)
            return value
        } catch let refusal as DashPilotRefusal {
            log.record(.refused(refusal.rule))
            throw refusal
        }
    }

    /// Records `name` as the pickup place of delivery `number` of shift `shiftID` (the running
    /// shift when `nil`): the place whose key matches is reused, else a new one is created. The
    /// first spelling wins. No lifecycle time moves.
    public func setPickupPlace(_ name: PickupPlaceName, delivery number: Int, shiftID: Int64?) throws -> PickupAssignment {
        try placeOperation { events in
            let shift = try shiftRow(idOrRunning: shiftID)
            let delivery = try deliveryRow(number: number, shiftID: shift.id)
            // Fetch-and-reuse inside the write lock: a second process naming the same new place
            // waits for this transaction and then finds the row it made.
            let place: PickupPlace
            let created: Bool
            if let existing = try placeTable.place(key: name.key) {
                place = existing
                created = false
                events.append(.reused)
            } else {
                place = try placeTable.insert(name, at: now)
                created = true
                events.append(.created)
            }
            try assign(place, to: delivery, events: &events)
            return PickupAssignment(place: place, created: created, replacedAnother: delivery.pickupPlace != nil)
        }
    }

    /// Records the `position`-th place of the recent list (1 to 5) on delivery `number`: the
    /// one-tap path.
    public func setRecentPickupPlace(position: Int, delivery number: Int, shiftID: Int64?) throws -> PickupAssignment {
        try placeOperation { events in
            let shift = try shiftRow(idOrRunning: shiftID)
            let delivery = try deliveryRow(number: number, shiftID: shift.id)
            let recent = try recentPlaceRows()
            guard recent.indices.contains(position - 1) else {
                throw DashPilotRefusal.recentPlaceOutOfRange(requested: position, available: recent.count)
            }
            let place = recent[position - 1].place
            events.append(.reused)
            try assign(place, to: delivery, events: &events)
            return PickupAssignment(place: place, created: false, replacedAnother: delivery.pickupPlace != nil)
        }
    }

    /// Records place `placeID` on delivery `number`: choosing a place from a list, by identity.
    public func setPickupPlace(placeID: Int64, delivery number: Int, shiftID: Int64?) throws -> PickupAssignment {
        try placeOperation { events in
            let shift = try shiftRow(idOrRunning: shiftID)
            let delivery = try deliveryRow(number: number, shiftID: shift.id)
            guard let place = try placeTable.place(id: placeID) else { throw DashPilotRefusal.placeNotFound }
            events.append(.reused)
            try assign(place, to: delivery, events: &events)
            return PickupAssignment(place: place, created: false, replacedAnother: delivery.pickupPlace != nil)
        }
    }

    /// Records `place` on `delivery`: assigned where it had none, changed where it had another,
    /// and nothing (nothing written, nothing logged) where it already names that place.
    private func assign(_ place: PickupPlace, to delivery: Delivery, events: inout [PickupPlaceEvent]) throws {
        if delivery.pickupPlaceID == place.id { return }
        try deliveryTable.setPlace(place.id, number: delivery.number, shiftID: delivery.shiftID)
        events.append(delivery.pickupPlace == nil ? .assigned : .changed)
    }

    /// Removes the pickup place of delivery `number`; the place stays in the catalogue.
    /// Returns whether the delivery had one.
    @discardableResult
    public func clearPickupPlace(delivery number: Int, shiftID: Int64?) throws -> Bool {
        try placeOperation { events in
            let shift = try shiftRow(idOrRunning: shiftID)
            let delivery = try deliveryRow(number: number, shiftID: shift.id)
            guard delivery.pickupPlace != nil else { return false }
            try deliveryTable.setPlace(nil, number: number, shiftID: shift.id)
            events.append(.removed)
            return true
        }
    }

    /// The recent list: at most five places, latest use first, catalogue order breaking ties.
    /// Places no delivery references are left out (and stay in the catalogue).
    public func recentPlaces() throws -> [RecentPlace] {
        try read { try recentPlaceRows() }
    }

    func recentPlaceRows() throws -> [RecentPlace] {
        // Walk uses newest first through the index and stop once five places are known and no
        // later row can tie with the fifth: O(uses read), not O(all deliveries).
        var latest: [Int64: Int64] = [:]
        var order: [Int64] = []
        try deliveryTable.forEachUseNewestFirst { time, place in
            if order.count >= RecentPlace.capacity, let fifth = latest[order[RecentPlace.capacity - 1]], time < fifth { return false }
            if latest[place] == nil {
                latest[place] = time
                order.append(place)
            }
            return true
        }
        var recent: [RecentPlace] = []
        for id in order {
            guard let place = try placeTable.place(id: id), let time = latest[id] else { continue }
            recent.append(RecentPlace(place: place, lastUsedAt: Date(unixSeconds: time)))
        }
        return Array(recent.sorted(by: RecentPlace.precedes).prefix(RecentPlace.capacity))
    }

    /// Every place in the catalogue, ordered as merge destinations are: by display name compared
    /// case-insensitively and independently of locale (the folded key), catalogue order breaking ties.
    /// With `text`, only the places whose key contains its key (the naming policy applied to it).
    /// A plain substring: nothing fuzzy.
    public func places(matching text: String? = nil) throws -> [PlaceSummary] {
        let key = text.map { PickupPlaceName.key(ofDisplay: PickupPlaceName.displayForm(of: $0)) } ?? ""
        return try read { try placeTable.catalogue(containingKey: key) }
    }

    /// Every place in the catalogue, in the order of `places(matching:)`, without counting their
    /// deliveries: a screen that shows a window of them counts those it shows
    /// (`deliveryCounts(ofPlaces:)`), so that opening it reads 2,000 names, not ten years of
    /// deliveries.
    public func catalogue() throws -> [PickupPlace] {
        try read { try placeTable.places() }
    }

    /// How many deliveries name each of `ids`, read together: each a range of the deliveries'
    /// index by place. A place that no longer exists counts none.
    public func deliveryCounts(ofPlaces ids: some Sequence<Int64>) throws -> [Int64: Int] {
        try read {
            var counts: [Int64: Int] = [:]
            for id in ids { counts[id] = try deliveryTable.count(placeID: id) }
            return counts
        }
    }

    /// The place whose key matches `name`, if any.
    public func place(named name: PickupPlaceName) throws -> PickupPlace? {
        try read { try placeTable.place(key: name.key) }
    }

    /// The place with `id`, if it still exists.
    public func place(id: Int64) throws -> PickupPlace? {
        try read { try placeTable.place(id: id) }
    }

    /// A place's history: every recorded wait, and its deliveries newest first: all of them, or
    /// at most `limit` after skipping `offset`, so that a screen reads only what it shows.
    public func history(ofPlace id: Int64, limit: Int? = nil, offset: Int = 0) throws -> PlaceHistory {
        try read {
            guard let place = try placeTable.place(id: id) else { throw DashPilotRefusal.placeNotFound }
            // Each query reads one range of the covering index: no table lookups, no sort. Every
            // delivery read carries its times, so the whole history reads its waits and its count
            // off them, and only a window of it reads them apart.
            if limit == nil && offset == 0 {
                let deliveries = try deliveryTable.deliveries(ofPlace: place, limit: nil, offset: 0).map(PlaceDelivery.init)
                return PlaceHistory(place: place, deliveries: deliveries, catalogueCount: try placeTable.count())
            }
            let waits = try deliveryTable.waitSamples(placeID: id)
            let deliveries = try deliveryTable.deliveries(ofPlace: place, limit: limit, offset: offset).map(PlaceDelivery.init)
            return PlaceHistory(
                place: place, waitSamples: waits, deliveries: deliveries, deliveryCount: try deliveryTable.count(placeID: id),
                catalogueCount: try placeTable.count())
        }
    }

    /// The history of the place whose key matches `name`.
    public func history(ofPlaceNamed name: PickupPlaceName, limit: Int? = nil) throws -> PlaceHistory {
        try history(ofPlace: try requirePlace(named: name, else: .placeNotFound).id, limit: limit)
    }

    /// `typed` (its UTF-8 bytes) as a place's name, or the naming policy's refusal, recorded in
    /// the log by its rule: never the name.
    public func placeName<Bytes: Collection>(utf8 typed: Bytes) throws(PickupPlaceNameProblem) -> PickupPlaceName
    where Bytes.Element == UInt8 {
        do {
            return try PickupPlaceName(utf8: typed)
        } catch {
            log.record(.refused(DashPilotRefusal.invalidName(error).rule))
            throw error
        }
    }

    /// The place whose key matches `name`, or `refusal`, recorded in the log by its rule.
    func requirePlace(named name: PickupPlaceName, else refusal: DashPilotRefusal) throws -> PickupPlace {
        guard let place = try place(named: name) else {
            log.record(.refused(refusal.rule))
            // The sentence names what was typed (shown to the driver, never logged).
            switch refusal {
            case .placeNotFound: throw DashPilotRefusal.noPlaceCalled(name.display)
            case .mergeSourceMissing: throw DashPilotRefusal.noMergeSourceCalled(name.display)
            case .mergeDestinationMissing: throw DashPilotRefusal.noMergeDestinationCalled(name.display)
            default: throw refusal
            }
        }
        return place
    }

    /// Every other place, as merge destinations: alphabetical, catalogue order breaking ties.
    public func mergeDestinations(forPlace id: Int64) throws -> [PickupPlace] {
        try read { try placeTable.places(except: id) }
    }
}
