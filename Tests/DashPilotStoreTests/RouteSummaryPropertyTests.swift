import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

@Suite("The route summary is a cache equal to its samples")
struct RouteSummaryPropertyTests {
    /// Every shift's stored summary against recomputing it from its samples, to the bit.
    static func expectEveryShiftMatches(_ fixture: StoreFixture, seed: UInt64, step: Int) throws {
        let table = RouteSummaryTable(connection: fixture.store.connection)
        let differing = try table.shiftsWhoseSummaryDiffers()
        #expect(differing.isEmpty, "seed \(seed), after write \(step): shifts \(differing) differ")
    }

    @Test("Random streams of samples, sessions, gaps, refusals, out-of-order imports and deletes", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func summaryEqualsRecomputationAfterEveryWrite(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let fixture = try StoreFixture()
        var latitude = 40.0
        var longitude = -75.0
        var completed: [Shift] = []
        for step in 0..<160 {
            let running = try fixture.store.runningShift()
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<10 where running != nil:
                // A sample now: a step of 0 to 300 m, sometimes after a gap, sometimes in another session.
                fixture.clock.advance(seconds: Double(Int.random(in: 1...(Bool.random(using: &random) ? 20 : 200), using: &random)))
                latitude += Double.random(in: -0.003...0.003, using: &random)
                longitude += Double.random(in: -0.003...0.003, using: &random)
                let session: Int64? = Int.random(in: 0..<5, using: &random) == 0 ? Int64.random(in: 1...3, using: &random) : nil
                let accuracy: Double? = Int.random(in: 0..<10, using: &random) == 0 ? 150 : 8
                _ = try? fixture.store.addRouteSample(latitude: latitude, longitude: longitude, accuracy: accuracy, session: session)
            case 10..<13 where !completed.isEmpty || running != nil:
                // An import of points spread over a shift, in an order of its own.
                let shift = completed.randomElement(using: &random) ?? running!
                let end = shift.endedAt ?? fixture.clock.now()
                let span = max(1, Int(end.timeIntervalSince(shift.startedAt)))
                var points: [RouteSample] = []
                for _ in 0..<Int.random(in: 1...30, using: &random) {
                    let offset = Double(Int.random(in: 0...span, using: &random))
                    points.append(
                        RouteSample(
                            recordedAt: shift.startedAt.addingTimeInterval(offset),
                            latitude: 40 + Double.random(in: 0...0.05, using: &random),
                            longitude: -75 + Double.random(in: 0...0.05, using: &random)))
                }
                if Bool.random(using: &random) { points.sort { $0.recordedAt < $1.recordedAt } }
                _ = try fixture.store.importRoute(segments: [points])
            case 13 where running == nil:
                _ = try fixture.store.startShift()
            case 14 where running != nil:
                fixture.clock.advance(seconds: 30)
                completed.append(try fixture.store.endShift())
            case 15 where completed.count > 2:
                let victim = completed.remove(at: Int.random(in: 0..<completed.count, using: &random))
                try fixture.store.deleteShift(id: victim.id)
            default:
                if running == nil { _ = try fixture.store.startShift() }
                fixture.clock.advance(seconds: 5)
            }
            try Self.expectEveryShiftMatches(fixture, seed: seed, step: step)
        }
        #expect(try fixture.store.doctor().isHealthy, "seed \(seed)")
    }

    @Test func extendingARestoredSummaryGivesTheSameBitsAsAddingEverySampleFromTheFirst() {
        var random = SeededRandom(seed: 42)
        var whole = RouteSummary()
        var restored = RouteSummary()
        for index in 0..<2_000 {
            let time = Int64(index * 7) + Int64.random(in: 0...200, using: &random)
            let latitude = Double(Int64.random(in: 400_000_000...401_000_000, using: &random)) / 1e7
            let longitude = Double(Int64.random(in: -750_000_000 ... -749_000_000, using: &random)) / 1e7
            let session: Int64? = index % 300 == 0 ? Int64(index) : nil
            whole.add(time: time, latitude: latitude, longitude: longitude, session: session)
            // Round-trip through the stored fields before every sample.
            restored = RouteSummary(
                metres: restored.metres, segments: restored.segments, measuredSegments: restored.measuredSegments,
                lastSegmentMeasured: restored.lastSegmentMeasured, last: restored.last)
            restored.add(time: time, latitude: latitude, longitude: longitude, session: session)
        }
        #expect(whole.metres.bitPattern == restored.metres.bitPattern)
        #expect(whole == restored)
    }
}
