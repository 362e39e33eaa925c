import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// What a period reads of its shifts, from rows laid out as another tool (or years of merges and
/// forgotten steps) may leave them: the figures are the rows', however the rows are ordered.
@Suite("A period's reading of its shifts")
struct PeriodReadingTests {
    /// Two ended shifts written row by row: shift 1 from 1,000,000 s, shift 2 from 2,000,000 s;
    /// shift 1's last delivery has a row id between shift 2's.
    static func fixture() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.raw(
            """
            INSERT INTO shift (id, started_at, ended_at) VALUES (1, 1000000, 1010000), (2, 2000000, 2010000);
            INSERT INTO delivery (id, shift_id, number, accepted_at, delivered_at, cancelled_at) VALUES
                (10, 2, 1, 2000100, 2000700, NULL),
                (11, 1, 1, 1000000, 1000600, NULL),
                (20, 2, 2, 2001000, NULL, 2001300),
                (15, 1, 2, 1000300, 1001200, NULL),
                (16, 1, 3, 1005000, NULL, NULL);
            INSERT INTO tip (delivery_id, number, amount_cents, method, recorded_at) VALUES
                (15, 1, 300, 'cash', 1001300), (10, 1, 125, 'platform', 2000800), (15, 2, 50, 'platform', 3000000),
                (11, 1, 200, 'cash', 1000700), (10, 2, 75, 'cash', 2000900);
            """)
        return fixture
    }

    @Test func tipsReachTheShiftOfTheirDeliveryWhateverTheOrderOfTheRows() throws {
        let fixture = try Self.fixture()
        let every = try fixture.store.shiftTotals(startedFrom: nil, before: nil, now: Date(unixSeconds: 4_000_000))
        #expect(every.map(\.shift.id) == [1, 2])
        #expect(every[0].tips.cash == Money(cents: 500) && every[0].tips.platform == Money(cents: 50) && every[0].tips.count == 3)
        #expect(every[1].tips.cash == Money(cents: 75) && every[1].tips.platform == Money(cents: 125) && every[1].tips.count == 2)
        // Shift 2 alone: delivery 15 lies between its rows but is shift 1's, and its tips are not read into shift 2.
        let second = try fixture.store.shiftTotals(
            startedFrom: Date(unixSeconds: 1_500_000), before: nil, now: Date(unixSeconds: 4_000_000))
        #expect(second.map(\.shift.id) == [2])
        #expect(second.first?.tips == every[1].tips)
    }

    @Test func aFewShiftsTipsReadThroughTheIndexAreTheSameAsAPassOverEveryTip() throws {
        let fixture = try Self.fixture()
        let now = Date(unixSeconds: 4_000_000)
        let passed = try fixture.store.shiftTotals(startedFrom: Date(unixSeconds: 1_500_000), before: nil, now: now)
        // A delivery of shift 1 far above the rest: shift 2's rows now span a small part of every
        // row id, and its tips are read through the tip index instead.
        try fixture.raw("INSERT INTO delivery (id, shift_id, number, accepted_at) VALUES (1000, 1, 4, 1006000)")
        let indexed = try fixture.store.shiftTotals(startedFrom: Date(unixSeconds: 1_500_000), before: nil, now: now)
        #expect(indexed.first?.tips == passed.first?.tips)
        #expect(indexed.first?.tips.cash == Money(cents: 75) && indexed.first?.tips.platform == Money(cents: 125))
    }

    @Test func rowIdsAtTheEndsOfTheirRangeAreReadWithoutOverflow() throws {
        let fixture = try Self.fixture()
        try fixture.raw(
            """
            INSERT INTO delivery (id, shift_id, number, accepted_at, delivered_at) VALUES
                (-9223372036854775807, 2, 3, 2002000, 2002100), (9223372036854775807, 1, 4, 1006000, 1006100);
            INSERT INTO tip (delivery_id, number, amount_cents, method, recorded_at) VALUES (-9223372036854775807, 1, 40, 'cash', 2002200);
            """)
        let every = try fixture.store.shiftTotals(startedFrom: nil, before: nil, now: Date(unixSeconds: 4_000_000))
        #expect(every.map(\.deliveries) == [4, 3])
        #expect(every[1].tips.cash == Money(cents: 115))
    }

    @Test func aReadingIsOfTheShiftsStartedInItWhateverTheirRowIds() throws {
        let fixture = try StoreFixture()
        // Shift 2 started before shift 1 (written by another tool); shift 3 after both; shift 900
        // far away in row ids. A reading is by start, whatever the row ids.
        try fixture.raw(
            """
            INSERT INTO shift (id, started_at, ended_at) VALUES
                (1, 1000000, 1010000), (2, 500000, 510000), (3, 2000000, 2010000), (900, 3000000, 3010000);
            INSERT INTO delivery (id, shift_id, number, accepted_at, delivered_at) VALUES
                (1, 1, 1, 1000000, 1000600), (2, 2, 1, 500000, 500600), (3, 3, 1, 2000000, 2000600), (4, 900, 1, 3000000, 3000600),
                (5, 2, 2, 501000, 501600);
            INSERT INTO tip (delivery_id, number, amount_cents, method, recorded_at) VALUES (2, 1, 100, 'cash', 500700), (3, 1, 75, 'cash', 2000700);
            """)
        let now = Date(unixSeconds: 4_000_000)
        // Shifts 1 and 3, and not shift 2 between their row ids.
        let near = try fixture.store.shiftTotals(startedFrom: Date(unixSeconds: 900_000), before: Date(unixSeconds: 2_500_000), now: now)
        #expect(near.map(\.shift.id) == [1, 3])
        #expect(near.map(\.deliveries) == [1, 1] && near.map(\.deliveryOpenSeconds) == [600, 600])
        #expect(near[0].tips.count == 0 && near[1].tips.cash == Money(cents: 75))
        // Shifts 3 and 900, row ids far apart.
        let far = try fixture.store.shiftTotals(startedFrom: Date(unixSeconds: 1_500_000), before: nil, now: now)
        #expect(far.map(\.shift.id) == [3, 900] && far.map(\.deliveries) == [1, 1])
        let every = try fixture.store.shiftTotals(startedFrom: nil, before: nil, now: now)
        #expect(every.map(\.shift.id) == [2, 1, 3, 900] && every.map(\.deliveries) == [2, 1, 1, 1])
        #expect(every[0].tips.cash == Money(cents: 100) && every[0].deliveryOpenSeconds == 1_200)
    }

    @Test func aShiftsDeliveryTimeIsTheUnionOfItsDeliveriesOpenIntervals() throws {
        let fixture = try Self.fixture()
        let every = try fixture.store.shiftTotals(startedFrom: nil, before: nil, now: Date(unixSeconds: 4_000_000))
        // Shift 1: [0, 600] and [300, 1200] overlap into 1,200 s; the open delivery from 5,000 s
        // runs to the shift's end at 10,000 s: 5,000 s more.
        #expect(every[0].deliveryOpenSeconds == 6_200)
        #expect(every[0].deliveries == 3 && every[0].delivered == 2 && every[0].cancelled == 0)
        // Shift 2: [100, 700] and [1000, 1300], apart: 900 s.
        #expect(every[1].deliveryOpenSeconds == 900)
        #expect(every[1].deliveries == 2 && every[1].delivered == 1 && every[1].cancelled == 1)
    }

    @Test func aListRowsReadingHasTheWholeReadingsCountsAndTimeAndNothingItDidNotRead() throws {
        let fixture = try Self.fixture()
        try fixture.raw(
            """
            UPDATE delivery SET pay_cents = 700 WHERE id IN (10, 11);
            UPDATE shift SET earnings_cents = 9000 WHERE id = 2;
            INSERT INTO pause (shift_id, started_at, ended_at) VALUES (1, 1002000, 1002600), (2, 2003000, 2003060);
            """)
        let now = Date(unixSeconds: 4_000_000)
        let whole = try fixture.store.shiftTotals(startedFrom: nil, before: nil, now: now)
        let rows = try fixture.store.shiftTotals(startedFrom: nil, before: nil, now: now, detail: .listRow)
        #expect(rows.map(\.detail) == [.listRow, .listRow] && whole.map(\.detail) == [.whole, .whole])
        for (row, all) in zip(rows, whole) {
            #expect(row.shift == all.shift && row.route == all.route && row.pausedSeconds == all.pausedSeconds)
            #expect(row.deliveries == all.deliveries && row.delivered == all.delivered && row.cancelled == all.cancelled)
            // What it did not read stands at zero, and says so through `detail`.
            #expect(row.deliveryOpenSeconds == 0 && row.tips == TipTotals() && row.deliveryPay == PayCoverage())
        }
        #expect(whole.map(\.pausedSeconds) == [600, 60] && whole.map(\.deliveries) == [3, 2])
        // Shift 2 alone, and a range holding no shift.
        let second = try fixture.store.shiftTotals(startedFrom: Date(unixSeconds: 1_500_000), before: nil, now: now, detail: .listRow)
        #expect(second.map(\.deliveries) == [2] && second.map(\.cancelled) == [1])
        #expect(try fixture.store.shiftTotals(startedFrom: Date(unixSeconds: 3_000_000), before: nil, now: now, detail: .listRow).isEmpty)
        // A period's row: the same shifts, time, counts, earnings and hourly rate either way.
        let zone = TimeZone(identifier: "UTC")!
        let wholePeriods = try fixture.store.periods(.week, limit: nil, timeZone: zone, now: now)
        let rowPeriods = try fixture.store.periods(.week, limit: nil, timeZone: zone, now: now, detail: .listRow)
        #expect(wholePeriods.count == rowPeriods.count && wholePeriods.count > 2)
        for (row, all) in zip(rowPeriods, wholePeriods) {
            #expect(row.period == all.period && row.shiftIDs == all.shiftIDs && row.shiftSeconds == all.shiftSeconds)
            #expect(row.workingSeconds == all.workingSeconds && row.delivered == all.delivered && row.cancelled == all.cancelled)
            #expect(row.miles == all.miles && row.earnings == all.earnings && row.rates.perShiftHour == all.rates.perShiftHour)
            #expect(row.detail == (row.shifts > 0 ? .listRow : .whole) && all.detail == .whole)
        }
    }

    @Test func theUnionOfIntervalsInOrderIsTheUnionInAnyOrder() {
        var random = SeededRandom(seed: 8)
        for _ in 0..<200 {
            let intervals = (0..<Int(random.next() % 12)).map { _ -> (Int64, Int64) in
                let start = Int64(random.next() % 1_000)
                return (start, start + Int64(random.next() % 300))
            }
            // Second by second, the seconds some interval covers.
            var covered = Set<Int64>()
            for (start, end) in intervals { for second in start..<end { covered.insert(second) } }
            #expect(Rates.unionSeconds(of: intervals) == Int64(covered.count), "\(intervals)")
        }
    }
}
