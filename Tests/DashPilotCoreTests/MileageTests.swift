import DashPilotCore
import Foundation
import Testing

@Suite("Mileage and route checks")
struct MileageTests {
    /// A sample `north` metres north of a fixed point, `seconds` after the reference time.
    func sample(_ seconds: Double, north metres: Double, session: Int64? = nil, accuracy: Double? = 5) -> RouteSample {
        RouteSample(
            recordedAt: referenceTime.addingTimeInterval(seconds), latitude: 40 + metres / 111_195, longitude: -75,
            horizontalAccuracy: accuracy, session: session)
    }

    @Test func distanceIsTheGreatCircleSumWithinASegment() throws {
        let mileage = try #require(Mileage.derive(from: [sample(0, north: 0), sample(60, north: 1000), sample(120, north: 2000)]))
        #expect(abs(mileage.metres - 2000) < 1)
        #expect(!mileage.isPartial)
    }

    @Test func aGapOfMoreThanTwoMinutesIsNeverBridged() throws {
        let mileage = try #require(
            Mileage.derive(from: [
                sample(0, north: 0), sample(60, north: 1000), sample(181, north: 5000), sample(200, north: 5500),
            ]))
        #expect(abs(mileage.metres - 1500) < 1)
        #expect(mileage.isPartial)
        #expect(mileage.measuredSegments == 2)
    }

    @Test func exactlyTwoMinutesApartStaysOneSegment() throws {
        let mileage = try #require(Mileage.derive(from: [sample(0, north: 0), sample(120, north: 1000)]))
        #expect(abs(mileage.metres - 1000) < 1)
    }

    @Test func aChangeOfCaptureSessionStartsANewSegment() throws {
        let mileage = try #require(
            Mileage.derive(from: [
                sample(0, north: 0, session: 1), sample(30, north: 500, session: 1), sample(60, north: 1000, session: 2),
            ]))
        #expect(abs(mileage.metres - 500) < 1)
        #expect(mileage.isPartial)
    }

    @Test func aRouteWithNoSegmentOfTwoSamplesHasNoMileageNeverZero() {
        #expect(Mileage.derive(from: []) == nil)
        #expect(Mileage.derive(from: [sample(0, north: 0)]) == nil)
        #expect(Mileage.derive(from: [sample(0, north: 0), sample(500, north: 100)]) == nil)
    }

    let shift = Shift(id: 1, startedAt: referenceTime, endedAt: referenceTime.addingTimeInterval(3600))

    @Test(
        "A sample that is not a position is refused",
        arguments: [(Double.nan, 0.0), (91, 0), (-91, 0), (0, 181), (0, -181), (0, 0), (.infinity, 1)])
    func notAPositionIsRefused(latitude: Double, longitude: Double) {
        let candidate = RouteSample(recordedAt: referenceTime, latitude: latitude, longitude: longitude)
        #expect(RouteSampleCheck.problem(with: candidate, shift: shift, lastKept: nil, now: referenceTime) == .notAPosition)
    }

    @Test func accuracyNegativeOrWorseThan100mIsRefusedButUnknownIsKept() {
        #expect(
            RouteSampleCheck.problem(with: sample(0, north: 0, accuracy: -1), shift: shift, lastKept: nil, now: referenceTime)
                == .poorAccuracy)
        #expect(
            RouteSampleCheck.problem(with: sample(0, north: 0, accuracy: 100.5), shift: shift, lastKept: nil, now: referenceTime)
                == .poorAccuracy)
        #expect(RouteSampleCheck.problem(with: sample(0, north: 0, accuracy: 100), shift: shift, lastKept: nil, now: referenceTime) == nil)
        #expect(RouteSampleCheck.problem(with: sample(0, north: 0, accuracy: nil), shift: shift, lastKept: nil, now: referenceTime) == nil)
    }

    @Test func aSampleOutsideItsShiftIsRefusedAndBothEndsAreInside() {
        let now = referenceTime.addingTimeInterval(7200)
        #expect(RouteSampleCheck.problem(with: sample(-1, north: 0), shift: shift, lastKept: nil, now: now) == .outsideShift)
        #expect(RouteSampleCheck.problem(with: sample(3601, north: 0), shift: shift, lastKept: nil, now: now) == .outsideShift)
        #expect(RouteSampleCheck.problem(with: sample(0, north: 0), shift: shift, lastKept: nil, now: now) == nil)
        #expect(RouteSampleCheck.problem(with: sample(3600, north: 0), shift: shift, lastKept: nil, now: now) == nil)
    }

    @Test func aSampleNotLaterThanTheLastKeptIsRefused() {
        let last = sample(60, north: 0)
        #expect(
            RouteSampleCheck.problem(with: sample(60, north: 100), shift: shift, lastKept: last, now: referenceTime) == .notLaterThanLast)
    }

    @Test func aSampleWithin5mOfTheLastIsRefused() {
        let last = sample(60, north: 0)
        #expect(RouteSampleCheck.problem(with: sample(70, north: 4), shift: shift, lastKept: last, now: referenceTime) == .tooCloseToLast)
        #expect(RouteSampleCheck.problem(with: sample(70, north: 6), shift: shift, lastKept: last, now: referenceTime) == nil)
    }

    @Test func aSampleTooFastOnceAccuracyIsTakenOffIsRefused() {
        let last = sample(0, north: 0, accuracy: 10)
        // 700 m in 10 s with 20 m of accuracy taken off: 68 m/s.
        #expect(
            RouteSampleCheck.problem(with: sample(10, north: 700, accuracy: 10), shift: shift, lastKept: last, now: referenceTime)
                == .impossibleSpeed)
        // 630 m in 10 s less 20 m: 61 m/s.
        #expect(
            RouteSampleCheck.problem(with: sample(10, north: 630, accuracy: 10), shift: shift, lastKept: last, now: referenceTime) == nil)
    }
}
