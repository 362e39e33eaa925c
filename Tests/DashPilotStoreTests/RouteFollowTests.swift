import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// platform.md, "Live capture", in the store: every report goes through the checks of `route
/// add`, into one capture session per follow (a new one after a pause), committed in one
/// transaction with the route summary kept equal to the samples.
@Suite("Following a live position stream into the store")
struct RouteFollowStoreTests {
    /// A fix `seconds` after `start`, `north` metres north of a fixed point.
    static func fix(_ start: Date, _ seconds: Double, north: Double = 0, east: Double = 0) -> PositionReport {
        .fix(time: start.addingTimeInterval(seconds), latitude: 45.5 + north / 111_195, longitude: -73.57 + east / 77_900, accuracy: 5)
    }

    static func summaryIsEqualToItsSamples(_ fixture: StoreFixture, _ shiftID: Int64) throws -> Bool {
        try fixture.store.routeSummaries.stored(shiftID: shiftID) == fixture.store.routeSummaries.recomputed(shiftID: shiftID)
    }

    @Test func everyReportGoesThroughTheChecksOfRouteAdd() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let start = shift.startedAt
        let follow = try fixture.store.follow()
        for report in [
            Self.fix(start, 10), Self.fix(start, 10, north: 50), Self.fix(start, 11, north: 2), Self.fix(start, 12, north: 100_000),
            Self.fix(start, 5, north: 40), Self.fix(start, -60, north: 60), Self.fix(start, 86_400, north: 80),
            Self.fix(start, 20, north: 150),
            .skipped(.noFix), .ignored,
        ] {
            follow.take(report)
        }
        fixture.clock.advance(minutes: 2)
        #expect(try follow.commit() == .running)
        #expect(follow.report.kept == 2)
        #expect(
            follow.report.skipped == [
                .refused(.alreadyRecorded): 1, .refused(.tooCloseToLast): 1, .refused(.impossibleSpeed): 1, .refused(.notLaterThanLast): 1,
                .refused(.outsideShift): 2, .live(.noFix): 1,
            ])
        #expect(follow.lastFix == start.addingTimeInterval(20))
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
        #expect(try fixture.store.recordedRoute(shiftID: shift.id).mileage.map { abs($0.metres - 150) < 1 } == true)
    }

    @Test func oneCaptureSessionPerFollowAndANewOneAfterAPause() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let start = shift.startedAt
        fixture.clock.advance(seconds: 5)
        _ = try fixture.store.addRouteSample(latitude: 45.4, longitude: -73.57, accuracy: nil, session: nil)
        let follow = try fixture.store.follow()
        follow.take(Self.fix(start, 10))
        follow.take(Self.fix(start, 20, north: 100))
        fixture.clock.advance(seconds: 25)
        try follow.commit()
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(seconds: 30)
        _ = try fixture.store.resumeShift()
        for (seconds, north) in [(40.0, 200.0), (70, 300), (80, 400)] { follow.take(Self.fix(start, seconds, north: north)) }
        fixture.clock.advance(seconds: 60)
        try follow.commit()
        #expect(follow.report.kept == 4 && follow.report.skipped == [.refused(.shiftPaused): 1])
        let sessions = try fixture.store.connection.query("SELECT session FROM route_sample ORDER BY recorded_at") { $0.optionalInt64(0) }
        #expect(sessions == [nil, 1, 1, 2, 2])
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
        // The way from where the shift paused to where it resumed is never counted.
        #expect(try fixture.store.recordedRoute(shiftID: shift.id).mileage.map { abs($0.metres - 200) < 1 } == true)
    }

    /// "Every report goes through the same checks as `route add`": a follow into a session that
    /// holds samples judges its first report against the last of them, as `route add` does.
    @Test func aFollowIntoAGivenSessionIsJudgedAgainstTheSamplesItAlreadyHolds() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let start = shift.startedAt
        fixture.clock.advance(seconds: 60)
        _ = try fixture.store.addRouteSample(latitude: 45.5, longitude: -73.57, accuracy: 5, session: 7)
        fixture.clock.advance(seconds: 1)
        #expect(throws: DashPilotRefusal.routeSampleRefused(.tooCloseToLast)) {
            try fixture.store.addRouteSample(latitude: 45.5, longitude: -73.57, accuracy: 5, session: 7)
        }
        let follow = try fixture.store.follow(session: 7)
        follow.take(Self.fix(start, 30, north: 100))
        follow.take(Self.fix(start, 62))
        follow.take(Self.fix(start, 70, north: 100))
        fixture.clock.advance(minutes: 1)
        try follow.commit()
        #expect(follow.report.kept == 1)
        #expect(follow.report.skipped == [.refused(.notLaterThanLast): 1, .refused(.tooCloseToLast): 1])
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
    }

    /// "Every report goes through the same checks as `route add`", at every commit: a sample
    /// another program added to the follow's session meanwhile (`route add --session`, a second
    /// follow of it) is the one the next fix is judged against. The follow judged by what it
    /// had read at its first commit: a fix 11 km from that sample, a second after it, was kept,
    /// and the shift read 6.9 miles more (an outside audit).
    @Test func eachCommitJudgesAgainstWhatTheSessionHoldsNowWhoeverAddedIt() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let start = shift.startedAt
        let follow = try fixture.store.follow(session: 5)
        follow.take(Self.fix(start, 10))
        fixture.clock.advance(seconds: 20)
        try follow.commit()
        #expect(follow.report.kept == 1)
        // Another program's sample in the same session, 11 km north, at 10 min.
        fixture.clock.advance(seconds: 580)
        _ = try fixture.store.addRouteSample(latitude: 45.6, longitude: -73.57, accuracy: 5, session: 5)
        follow.take(Self.fix(start, 601, north: 10))
        follow.take(Self.fix(start, 595, north: 20))
        fixture.clock.advance(seconds: 10)
        try follow.commit()
        #expect(follow.report.kept == 1)
        #expect(follow.report.skipped == [.refused(.impossibleSpeed): 1, .refused(.notLaterThanLast): 1], "\(follow.report.skipped)")
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
    }

    /// A follow's session and an import's segments are numbered from 1, never in the range kept
    /// for the samples `route add` records after a resume (`sessionAfterResuming`).
    @Test func newSessionsNeverTakeTheOnesRouteAddKeepsForAfterAResume() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let start = shift.startedAt
        func point(_ seconds: Double, north: Double) -> RouteSample {
            RouteSample(
                recordedAt: start.addingTimeInterval(seconds), latitude: 45.5 + north / 111_195, longitude: -73.57, horizontalAccuracy: 5)
        }
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.resumeShift()
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 45.5, longitude: -73.57, accuracy: 5, session: nil)
        fixture.clock.advance(seconds: 50)
        _ = try fixture.store.importRoute(segments: [[point(40, north: 100), point(50, north: 200)]])
        let follow = try fixture.store.follow()
        follow.take(Self.fix(start, 60, north: 300))
        follow.take(Self.fix(start, 70, north: 400))
        try follow.commit()
        let sessions = try fixture.store.connection.query("SELECT session FROM route_sample ORDER BY recorded_at") { $0.optionalInt64(0) }
        #expect(sessions == [Int64.min + 1, 1, 1, 2, 2])
        // After a second resume, route add's session is its own, not the import's.
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.resumeShift()
        fixture.clock.advance(seconds: 10)
        let last = point(50, north: 200)
        #expect(throws: Never.self) {
            try fixture.store.addRouteSample(latitude: last.latitude, longitude: last.longitude, accuracy: 5, session: nil)
        }
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
    }

    @Test func aFixBeforeAnotherSessionsLatestKeepsTheSummaryEqualToTheSamples() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(minutes: 10)
        _ = try fixture.store.addRouteSample(latitude: 45.6, longitude: -73.57, accuracy: nil, session: nil)
        let follow = try fixture.store.follow()
        follow.take(Self.fix(shift.startedAt, 60))
        follow.take(Self.fix(shift.startedAt, 70, north: 80))
        try follow.commit()
        #expect(follow.report.kept == 2)
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
    }

    @Test func aFollowIsRefusedWithNoShiftRunning() throws {
        let fixture = try StoreFixture()
        #expect(throws: DashPilotRefusal.noShiftRunning) { try fixture.store.follow() }
    }

    @Test func aShiftEndedElsewhereEndsTheFollowAndWhatItHeldStillCounts() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let follow = try fixture.store.follow()
        follow.take(Self.fix(shift.startedAt, 10))
        follow.take(Self.fix(shift.startedAt, 20, north: 100))
        follow.take(Self.fix(shift.startedAt, 200, north: 200))
        fixture.clock.advance(minutes: 2)
        let elsewhere = try DashPilotStore(path: fixture.path, clock: fixture.clock)
        _ = try elsewhere.endShift()
        #expect(try follow.state() == .ended)
        #expect(try follow.commit() == .ended)
        #expect(follow.report.kept == 2 && follow.report.skipped == [.refused(.outsideShift): 1])
    }

    @Test func aCommitIsOneTransactionAndAFailedOneKeepsItsFixesForTheNext() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        let follow = try fixture.store.follow()
        for second in 1...5 { follow.take(Self.fix(shift.startedAt, Double(second * 10), north: Double(second * 100))) }
        fixture.clock.advance(minutes: 2)
        try fixture.raw(
            """
            CREATE TRIGGER third_fails BEFORE INSERT ON route_sample WHEN (SELECT count(*) FROM route_sample) >= 2
            BEGIN SELECT RAISE(ABORT, 'disk full'); END
            """)
        #expect(throws: StoreError.self) { try follow.commit() }
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample") == 0)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_summary") == 0)
        #expect(follow.report.kept == 0 && follow.isPending)
        try fixture.raw("DROP TRIGGER third_fails")
        try follow.commit()
        #expect(follow.report.kept == 5 && !follow.isPending)
        #expect(try Self.summaryIsEqualToItsSamples(fixture, shift.id))
    }
}
