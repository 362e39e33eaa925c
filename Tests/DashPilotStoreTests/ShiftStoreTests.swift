import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

@Suite("Shifts and deliveries in the store")
struct ShiftStoreTests {
    @Test func onlyOneShiftRunsAtATime() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        #expect(throws: DashPilotRefusal.shiftAlreadyRunning(id: shift.id)) { try fixture.store.startShift() }
    }

    @Test func deliveriesAreAcceptedOnlyOnTheRunningShift() throws {
        let fixture = try StoreFixture()
        #expect(throws: DashPilotRefusal.noShiftRunning) { try fixture.store.acceptDelivery() }
    }

    @Test func endingIsRefusedWhileADeliveryIsOpenAndTheMessageNamesThem() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(3)
        try fixture.complete(2, waitMinutes: 3)
        #expect(throws: DashPilotRefusal.deliveriesStillOpen(numbers: [1, 3])) { try fixture.store.endShift() }
        #expect(DashPilotRefusal.deliveriesStillOpen(numbers: [1, 3]).sentence.contains("Delivery 1 and Delivery 3"))
        _ = try fixture.store.record(.cancel, delivery: 1)
        _ = try fixture.store.record(.cancel, delivery: 3)
        fixture.clock.advance(minutes: 5)
        let ended = try fixture.store.endShift()
        #expect(ended.endedAt == fixture.clock.now().wholeSecond)
        #expect(try fixture.store.runningShift() == nil)
    }

    @Test func stepsAreRecordedAtTheClocksTimeAndStackedDeliveriesStepIndependently() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(2)
        fixture.clock.advance(minutes: 2)
        let arrived = try fixture.store.record(.arrive, delivery: 2)
        #expect(arrived.arrivedAtPickupAt == fixture.clock.now().wholeSecond)
        #expect(try fixture.store.delivery(number: 1, shiftID: nil).state == .accepted)
        #expect(throws: DashPilotRefusal.stepOutOfOrder(delivery: 1, state: .accepted, step: .deliver)) {
            try fixture.store.record(.deliver, delivery: 1)
        }
    }

    @Test func aClockEarlierThanTheLastStepIsRefusedAndNothingIsWritten() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        fixture.clock.advance(minutes: 5)
        _ = try fixture.store.record(.arrive, delivery: 1)
        let before = try fixture.store.delivery(number: 1, shiftID: nil)
        fixture.clock.advance(minutes: -10)
        #expect(throws: DashPilotRefusal.stepEarlierThanPrevious(delivery: 1, state: .arrivedAtPickup)) {
            try fixture.store.record(.pickUp, delivery: 1)
        }
        #expect(try fixture.store.delivery(number: 1, shiftID: nil) == before)
    }

    /// `platform.md`, "No made-up times": a shift from before 1970 (a device with a wrong clock)
    /// ends like any other; nothing it recorded is compared with a stand-in 0.
    @Test func aShiftBefore1970EndsAtItsLastActivityAndNow() throws {
        let fixture = try StoreFixture()
        // 1969-07-20 20:17 UTC, a clock set far back.
        fixture.clock.advance(seconds: -1_795_971_720 - 14_182_980)
        let shift = try fixture.store.startShift()
        #expect(shift.startedAt.unixSeconds == -14_182_980)
        _ = try fixture.store.acceptDelivery()
        fixture.clock.advance(minutes: 10)
        _ = try fixture.store.record(.cancel, delivery: 1)
        #expect(try fixture.store.lastActivity()?.unixSeconds == -14_182_980 + 600)
        fixture.clock.advance(minutes: 5)
        let ended = try fixture.store.endShift()
        #expect(ended.endedAt?.unixSeconds == -14_182_980 + 900)
    }

    @Test func numbersAreNeverReusedAfterADelete() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.shiftWithDeliveries(3)
        try fixture.store.deleteDelivery(number: 3, shiftID: nil)
        try fixture.store.deleteDelivery(number: 2, shiftID: shift.id)
        #expect(try fixture.store.acceptDelivery().number == 4)
        #expect(try fixture.store.shiftLog(id: nil).deliveries.map(\.number) == [1, 4])
    }

    @Test func numbersCountWithinEachShift() throws {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(2)
        _ = try fixture.store.record(.cancel, delivery: 1)
        _ = try fixture.store.record(.cancel, delivery: 2)
        _ = try fixture.store.endShift()
        try fixture.shiftWithDeliveries(1)
        #expect(try fixture.store.shiftLog(id: nil).deliveries.map(\.number) == [1])
    }

    @Test func deletingAShiftTakesItsDeliveriesAndRouteSamplesAndLeavesPlaces() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.shiftWithDeliveries(1)
        _ = try fixture.store.setPickupPlace(fixture.name("Nowhere Noodles"), delivery: 1, shiftID: nil)
        _ = try fixture.store.addRouteSample(latitude: 40, longitude: -75, accuracy: 5, session: nil)
        _ = try fixture.store.record(.cancel, delivery: 1)
        _ = try fixture.store.endShift()
        try fixture.store.deleteShift(id: shift.id)
        #expect(try fixture.rawScalar("SELECT count(*) FROM delivery") == 0)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample") == 0)
        #expect(try fixture.store.places().map(\.place.name) == ["Nowhere Noodles"])
        #expect(throws: DashPilotRefusal.shiftNotFound(id: shift.id)) { try fixture.store.shiftLog(id: shift.id) }
    }

    @Test func deletingTheRunningShiftIsRefused() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        #expect(throws: DashPilotRefusal.shiftStillRunning(id: shift.id)) { try fixture.store.deleteShift(id: shift.id) }
    }

    @Test func earningsAreForCompletedShiftsOnlyNeverNegativeAndClearingIsNotZero() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        #expect(throws: DashPilotRefusal.shiftStillRunning(id: shift.id)) {
            try fixture.store.setEarnings(Money(cents: 100), shiftID: shift.id)
        }
        fixture.clock.advance(minutes: 240)
        _ = try fixture.store.endShift()
        #expect(throws: DashPilotRefusal.negativeEarnings) { try fixture.store.setEarnings(Money(cents: -1), shiftID: shift.id) }
        try fixture.store.setEarnings(Money(cents: 0), shiftID: shift.id)
        #expect(try fixture.store.shiftLog(id: shift.id).shift.earnings == Money(cents: 0))
        #expect(try fixture.store.shiftLog(id: shift.id).rates.perShiftHour == .amount(Money(cents: 0)))
        try fixture.store.setEarnings(nil, shiftID: shift.id)
        #expect(try fixture.store.shiftLog(id: shift.id).shift.earnings == nil)
        #expect(try fixture.store.shiftLog(id: shift.id).rates.perShiftHour == .unavailable(.noEarnings))
        #expect(throws: DashPilotRefusal.shiftNotFound(id: 99)) { try fixture.store.setEarnings(nil, shiftID: 99) }
    }

    @Test func theStoreItselfRefusesAStatusColumnsWorthOfContradictions() throws {
        // Delivered and cancelled at once cannot be stored, whatever writes the row.
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        #expect(throws: SQLiteError.self) { try fixture.raw("UPDATE delivery SET delivered_at = accepted_at, cancelled_at = accepted_at") }
        #expect(throws: SQLiteError.self) { try fixture.raw("INSERT INTO shift (started_at) VALUES (1)") }
    }
}

@Suite("Route samples in the store")
struct RouteStoreTests {
    @Test func aRefusedSampleIsNotStoredAndNeverBecomesTheOneComparedWith() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.startShift()
        _ = try fixture.store.addRouteSample(latitude: 40, longitude: -75, accuracy: 5, session: nil)
        fixture.clock.advance(seconds: 10)
        // 2 km in 10 s: refused.
        #expect(throws: DashPilotRefusal.routeSampleRefused(.impossibleSpeed)) {
            try fixture.store.addRouteSample(latitude: 40.018, longitude: -75, accuracy: 5, session: nil)
        }
        fixture.clock.advance(seconds: 10)
        // 100 m from the first kept sample in 20 s: kept, because the refused one is not compared with.
        _ = try fixture.store.addRouteSample(latitude: 40.0009, longitude: -75, accuracy: 5, session: nil)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample") == 2)
        let mileage = try #require(try fixture.store.shiftLog(id: nil).mileage)
        #expect(abs(mileage.metres - 100) < 1)
    }

    @Test func aSampleNeedsARunningShift() throws {
        let fixture = try StoreFixture()
        #expect(throws: DashPilotRefusal.noShiftRunning) {
            try fixture.store.addRouteSample(latitude: 40, longitude: -75, accuracy: nil, session: nil)
        }
    }

    /// A shift of `minutes`, then `apart` minutes later a second one, running for `running`.
    static func twoShifts(_ fixture: StoreFixture, minutes: Double, apart: Double, running: Double) throws -> (Shift, Shift) {
        let first = try fixture.store.startShift()
        fixture.clock.advance(minutes: minutes)
        _ = try fixture.store.endShift()
        fixture.clock.advance(minutes: apart)
        let second = try fixture.store.startShift()
        fixture.clock.advance(minutes: running)
        return (first, second)
    }

    @Test func importJoinsEachPointToTheShiftThatHoldsItAndCountsTheRest() throws {
        let fixture = try StoreFixture()
        let (first, second) = try Self.twoShifts(fixture, minutes: 60, apart: 60, running: 30)
        let start = first.startedAt
        func point(_ minutes: Double, _ north: Double) -> RouteSample {
            RouteSample(recordedAt: start.addingTimeInterval(minutes * 60), latitude: 40 + north / 111_195, longitude: -75)
        }
        let segments = [
            [point(-5, 0), point(10, 0), point(10.5, 300), point(11, 600)],
            [point(11.5, 900), point(12, 900.5), point(90, 2000)],
            [point(125, 0), point(125.5, 300), point(200, 0)],
        ]
        let report = try fixture.store.importRoute(segments: segments)
        #expect(report.kept == 6)
        #expect(report.skipped[.outsideEveryShift] == 3)
        #expect(report.skipped[.refused(.tooCloseToLast)] == 1)
        let sessions = try fixture.store.connection.query(
            "SELECT DISTINCT session FROM route_sample WHERE shift_id = ? ORDER BY session", .integer(first.id)
        ) { $0.int64(0) }
        #expect(sessions == [1, 2])
        #expect(try fixture.store.shiftLog(id: first.id).mileage?.isPartial == true)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample WHERE shift_id = \(second.id)") == 2)
    }

    @Test func aSecondAlreadyHeldIsAlreadyRecordedWhetherTheStoreOrTheSameFileHeldItFirst() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(minutes: 60)
        func point(_ minutes: Double, _ north: Double) -> RouteSample {
            RouteSample(recordedAt: shift.startedAt.addingTimeInterval(minutes * 60), latitude: 40 + north / 111_195, longitude: -75)
        }
        _ = try fixture.store.importRoute(segments: [[point(1, 0), point(2, 300)]])
        // Minute 2 the store holds; minute 3 the file's first segment holds when its second comes.
        let report = try fixture.store.importRoute(segments: [[point(2, 300), point(3, 600)], [point(3, 650), point(4, 900)]])
        #expect(report.kept == 2)
        #expect(report.skipped == [.refused(.alreadyRecorded): 2])
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample WHERE shift_id = \(shift.id)") == 4)
    }

    @Test(arguments: 1...6)
    func aFileImportedAgainAddsNothingWhateverItsFirstImportRefused(seed: UInt64) throws {
        // platform.md: "a duplicate: importing a file twice adds nothing". A point refused the
        // first time (within 5 m of the one before, earlier, too fast) was judged again against
        // nothing, since the points before it were now duplicates, and kept: the second import
        // added points in sessions of their own and changed the miles.
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(minutes: 120)
        var random = SeededRandom(seed: seed)
        var segments: [[RouteSample]] = []
        var second = 60.0
        var north = 0.0
        for _ in 0..<3 {
            var segment: [RouteSample] = []
            for _ in 0..<100 {
                // Mostly a drive; sometimes a stop's jitter, a point back in time, or a glitch.
                switch Int.random(in: 0..<10, using: &random) {
                case 0: north += Double.random(in: 0...4, using: &random)
                case 1: second -= 3
                case 2: north += 3_000
                default: north += Double.random(in: 10...40, using: &random)
                }
                second += Double(Int.random(in: 1...3, using: &random))
                segment.append(
                    RouteSample(recordedAt: shift.startedAt.addingTimeInterval(second), latitude: 40 + north / 111_195, longitude: -75))
            }
            segments.append(segment)
        }
        let first = try fixture.store.importRoute(segments: segments)
        #expect(first.skipped.values.reduce(0, +) > 0, "the file should hold points the checks refuse")
        let miles = try fixture.store.shiftLog(id: shift.id).mileage
        let again = try fixture.store.importRoute(segments: segments)
        #expect(again.kept == 0, "\(again.skipped)")
        #expect(again.skipped[.refused(.alreadyRecorded)] ?? 0 >= first.kept)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample WHERE shift_id = \(shift.id)") == Int64(first.kept))
        #expect(try fixture.store.shiftLog(id: shift.id).mileage == miles)
    }

    @Test func pointsThatAlternateBetweenShiftsKeepEachShiftsSessionsAndEarlierSecondsHeld() throws {
        let fixture = try StoreFixture()
        let (first, second) = try Self.twoShifts(fixture, minutes: 60, apart: 60, running: 60)
        func point(_ shift: Shift, _ minutes: Double, _ north: Double) -> RouteSample {
            RouteSample(recordedAt: shift.startedAt.addingTimeInterval(minutes * 60), latitude: 40 + north / 111_195, longitude: -75)
        }
        _ = try fixture.store.importRoute(segments: [[point(first, 30, 0)]])
        // One segment going back and forth between the shifts, with a point earlier than the
        // last kept (refused); a second one starting earlier than every second held (kept, held
        // beside the rest), holding seconds the first kept and one the store held; a third
        // holding that earlier second again.
        let report = try fixture.store.importRoute(segments: [
            [point(first, 40, 0), point(second, 10, 0), point(first, 41, 300), point(second, 11, 300), point(first, 35, 900)],
            [point(second, 10, 50), point(first, 20, 0), point(first, 30, 450), point(first, 35, 900), point(second, 20, 2000)],
            [point(first, 20, 0)],
        ])
        #expect(report.kept == 7)
        #expect(report.skipped == [.refused(.alreadyRecorded): 3, .refused(.notLaterThanLast): 1])
        func sessions(_ shift: Shift) throws -> [Int64] {
            try fixture.store.connection.query(
                "SELECT session FROM route_sample WHERE shift_id = ? ORDER BY recorded_at", .integer(shift.id)
            ) { $0.int64(0) }
        }
        // First: minutes 20 and 35 (segment 2, session 3), 30 (the store's, 1), 40, 41 (segment 1, 2).
        #expect(try sessions(first) == [3, 1, 3, 2, 2])
        // Second: minutes 10, 11 (segment 1, session 1), 20 (segment 2, session 2).
        #expect(try sessions(second) == [1, 1, 2])
        #expect(try fixture.store.doctor().isHealthy)
    }

    @Test("Every kept point is written, whatever its count against the import's batch", arguments: [1, 31, 32, 33, 64, 65, 100])
    func everyKeptPointIsWrittenWhateverItsCountAgainstTheBatch(count: Int) throws {
        let fixture = try StoreFixture()
        let (first, second) = try Self.twoShifts(fixture, minutes: 200, apart: 10, running: 200)
        // Points a minute and 300 m apart, every third one in the second shift; the last segment
        // holds one point twice (refused, already recorded).
        var points: [RouteSample] = []
        for index in 0..<count {
            let shift = index % 3 == 2 ? second : first
            points.append(
                RouteSample(
                    recordedAt: shift.startedAt.addingTimeInterval(Double(index + 1) * 60),
                    latitude: 40 + Double(index) * 300 / 111_195, longitude: -75))
        }
        let report = try fixture.store.importRoute(segments: [points, [points[0]]])
        #expect(report.kept == count && report.skipped == [.refused(.alreadyRecorded): 1])
        let stored = try fixture.store.connection.query(
            "SELECT shift_id, recorded_at FROM route_sample ORDER BY recorded_at"
        ) { [$0.int64(0), $0.int64(1)] }
        let expected = points.map { [$0.recordedAt < second.startedAt ? first.id : second.id, $0.recordedAt.unixSeconds] }
        #expect(stored == expected.sorted { $0[1] < $1[1] })
        // Each shift's summary is computed from all of its samples, the last batch's included.
        #expect(try fixture.store.doctor().isHealthy)
    }

    @Test func anImportAfterASummaryWentMissingRecomputesItFromEverySample() throws {
        let fixture = try StoreFixture()
        let (first, _) = try Self.twoShifts(fixture, minutes: 60, apart: 10, running: 10)
        func point(_ minutes: Double, _ north: Double) -> RouteSample {
            RouteSample(recordedAt: first.startedAt.addingTimeInterval(minutes * 60), latitude: 40 + north / 111_195, longitude: -75)
        }
        _ = try fixture.store.importRoute(segments: [[point(1, 0), point(2, 300), point(3, 600)]])
        let whole = try fixture.store.shiftLog(id: first.id).mileage
        // Another tool lost the cache; points later than every sample come: the summary is made
        // from all six samples, not extended from nothing.
        try fixture.raw("DELETE FROM route_summary WHERE shift_id = \(first.id)")
        _ = try fixture.store.importRoute(segments: [[point(4, 900), point(5, 1200), point(6, 1500)]])
        let table = RouteSummaryTable(connection: fixture.store.connection)
        #expect(try table.stored(shiftID: first.id) == (try table.recomputed(shiftID: first.id)))
        // Two segments of 600 m (a new import is a new capture session), not the second alone.
        let metres = try fixture.store.shiftLog(id: first.id).mileage?.metres ?? 0
        #expect(abs(metres - 2 * (whole?.metres ?? 0)) < 1 && metres > 1_000)
        #expect(try fixture.store.doctor().isHealthy)
    }

    @Test func anImportKeepsAPointExactlyWhenItsSecondIsNotHeldWhateverTheOrderOfFilesAndSegments() throws {
        // An import keeps only the latest second a shift holds and asks the table about any
        // point not later than it (memory does not grow with the file). A point's place is a
        // function of its second, so the only refusal is a second already held: the oracle.
        var random = SeededRandom(seed: 23)
        for _ in 0..<12 {
            let fixture = try StoreFixture()
            let (first, second) = try Self.twoShifts(fixture, minutes: 20, apart: 1, running: 20)
            func point(_ offset: Int64) -> RouteSample {
                RouteSample(
                    recordedAt: first.startedAt.addingTimeInterval(Double(offset)), latitude: 40 + Double(offset) * 20 / 111_195,
                    longitude: -75)
            }
            var held = Set<Int64>()
            for _ in 0..<(1 + random.next() % 4) {
                var segments: [[RouteSample]] = []
                for _ in 0..<(1 + random.next() % 3) {
                    let seconds = Set((0..<(random.next() % 60)).map { _ in Int64(random.next() % 2_460) })
                    segments.append(seconds.sorted().map(point))
                }
                var kept = 0
                var duplicates = 0
                var outside = 0
                for segment in segments {
                    for sample in segment {
                        let time = sample.recordedAt
                        let holding = time <= first.startedAt.addingTimeInterval(1_200) || time >= second.startedAt
                        if !holding {
                            outside += 1
                        } else if held.insert(time.unixSeconds).inserted {
                            kept += 1
                        } else {
                            duplicates += 1
                        }
                    }
                }
                let report = try fixture.store.importRoute(segments: segments)
                #expect(report.kept == kept && (report.skipped[.refused(.alreadyRecorded)] ?? 0) == duplicates)
                #expect((report.skipped[.outsideEveryShift] ?? 0) == outside)
            }
            #expect(try fixture.store.connection.scalar("SELECT count(*) FROM route_sample") == Int64(held.count))
            #expect(try fixture.store.doctor().isHealthy)
        }
    }

    @Test func aPointJoinsAShiftThatSpansLaterOnesStartedAfterAClockWasSetBack() throws {
        // cli.md: "each point joins the shift whose time span holds it". Shift 1 ran 12 hours; the
        // clock set back, shifts 2 to 4 ran inside it. Points of hour 2, held by shift 1 alone,
        // were "outside every shift": only the three started last before them were looked at.
        let fixture = try StoreFixture()
        let first = try fixture.store.startShift()
        fixture.clock.advance(minutes: 12 * 60)
        _ = try fixture.store.endShift()
        fixture.clock.advance(minutes: -11 * 60)
        var later: [Shift] = []
        for _ in 0..<3 {
            later.append(try fixture.store.startShift())
            fixture.clock.advance(minutes: 10)
            _ = try fixture.store.endShift()
            fixture.clock.advance(minutes: 10)
        }
        fixture.clock.advance(minutes: 12 * 60)
        func point(_ minutes: Double) -> RouteSample {
            RouteSample(
                recordedAt: first.startedAt.addingTimeInterval(minutes * 60), latitude: 40 + minutes * 500 / 111_195, longitude: -75)
        }
        // Minutes 120 to 129 (shift 1 alone), and 65 to 69 (shift 2, started last of the two).
        let report = try fixture.store.importRoute(segments: [(120..<130).map { point(Double($0)) }, (65..<70).map { point(Double($0)) }])
        #expect(report.kept == 15 && report.skipped.isEmpty, "\(report)")
        let joined = try fixture.store.connection.query("SELECT shift_id, count(*) FROM route_sample GROUP BY shift_id ORDER BY shift_id") {
            [$0.int64(0), $0.int64(1)]
        }
        #expect(joined == [[first.id, 10], [later[0].id, 5]])
        #expect(try fixture.store.doctor().isHealthy)
    }

    @Test func everyPageOfShiftsIsTheWholeListsSliceFromEitherEnd() throws {
        let fixture = try StoreFixture()
        // 23 shifts, some starting at the second the one before ended (equal starts), and one running.
        for index in 0..<23 {
            _ = try fixture.store.startShift()
            if index % 4 != 0 { fixture.clock.advance(minutes: 30) }
            _ = try fixture.store.endShift()
            if index % 3 != 0 { fixture.clock.advance(minutes: 90) }
        }
        _ = try fixture.store.startShift()
        for completedOnly in [true, false] {
            let whole = try fixture.store.shifts(limit: nil, completedOnly: completedOnly).map(\.shift.id)
            for limit in [1, 4, 7] {
                for offset in 0...(whole.count + 1) {
                    let page = try fixture.store.shifts(limit: limit, offset: offset, completedOnly: completedOnly).map(\.shift.id)
                    #expect(page == Array(whole.dropFirst(offset).prefix(limit)), "limit \(limit), offset \(offset)")
                }
            }
        }
    }
}
