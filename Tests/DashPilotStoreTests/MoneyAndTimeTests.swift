import DashPilotCore
import Foundation
import Testing

@testable import DashPilotStore

/// The rules of money-and-time.md, in the store.
@Suite("Money and time in the store")
struct MoneyAndTimeTests {
    /// A shift at 17:02 with delivery 1 delivered (17:03-17:33) and delivery 2 still open.
    static func evening() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.shiftWithDeliveries(1)
        try fixture.complete(1, waitMinutes: 5)
        fixture.clock.advance(minutes: 1)
        _ = try fixture.store.acceptDelivery()
        return fixture
    }

    /// `evening()` with delivery 2 cancelled, then a break begun `after` minutes on, `lasting` so
    /// many minutes, and ended.
    static func eveningWithABreak(after: Double, lasting: Double) throws -> StoreFixture {
        let fixture = try evening()
        _ = try fixture.store.record(.cancel, delivery: 2)
        fixture.clock.advance(minutes: after)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(minutes: lasting)
        _ = try fixture.store.resumeShift()
        return fixture
    }

    @Test func payIsForAFinishedDeliveryOnlyZeroIsAnAmountAndClearingIsNotZero() throws {
        let fixture = try Self.evening()
        #expect(throws: DashPilotRefusal.deliveryStillOpen(number: 2)) {
            try fixture.store.setPay(Money(cents: 500), delivery: 2, shiftID: nil)
        }
        try fixture.store.setPay(Money(cents: 0), delivery: 1, shiftID: nil)
        #expect(try fixture.store.delivery(number: 1, shiftID: nil).pay == Money(cents: 0))
        try fixture.store.setPay(nil, delivery: 1, shiftID: nil)
        #expect(try fixture.store.delivery(number: 1, shiftID: nil).pay == nil)
        #expect(throws: DashPilotRefusal.negativeAmount) { try fixture.store.setPay(Money(cents: -1), delivery: 1, shiftID: nil) }
    }

    @Test func tipsAreNumberedWithinTheirDeliveryAndNeverRenumberedOrReused() throws {
        let fixture = try Self.evening()
        let first = try fixture.store.addTip(Money(cents: 250), method: .cash, delivery: 1, shiftID: nil)
        let second = try fixture.store.addTip(Money(cents: 100), method: .platform, delivery: 1, shiftID: nil)
        #expect(first.number == 1 && second.number == 2)
        try fixture.store.removeTip(2, delivery: 1, shiftID: nil)
        #expect(try fixture.store.addTip(Money(cents: 300), method: .cash, delivery: 1, shiftID: nil).number == 3)
        try fixture.store.removeTip(1, delivery: 1, shiftID: nil)
        let tips = try fixture.store.delivery(number: 1, shiftID: nil).tips
        #expect(tips.map(\.number) == [3] && tips.first?.amount == Money(cents: 300))
        #expect(throws: DashPilotRefusal.tipNotFound(delivery: 1, number: 1)) { try fixture.store.removeTip(1, delivery: 1, shiftID: nil) }
    }

    @Test func aTipOfNothingIsRefusedAndATipNeverChangesThePay() throws {
        let fixture = try Self.evening()
        try fixture.store.setPay(Money(cents: 1200), delivery: 1, shiftID: nil)
        #expect(throws: DashPilotRefusal.tipOfNothing) {
            _ = try fixture.store.addTip(Money(cents: 0), method: .cash, delivery: 1, shiftID: nil)
        }
        #expect(throws: DashPilotRefusal.deliveryStillOpen(number: 2)) {
            _ = try fixture.store.addTip(Money(cents: 100), method: .cash, delivery: 2, shiftID: nil)
        }
        _ = try fixture.store.addTip(Money(cents: 250), method: .cash, delivery: 1, shiftID: nil)
        let delivery = try fixture.store.delivery(number: 1, shiftID: nil)
        #expect(delivery.pay == Money(cents: 1200))
        // What it paid is the pay plus every tip, and per hour of its own lifecycle: 7 minutes.
        #expect(DeliveryPaid(delivery).total == Money(cents: 1450))
        #expect(DeliveryPaid(delivery).perHourAmount == Money(cents: 12429))
    }

    @Test func theShiftsEarningsAndItsDeliveriesPayAreIndependent() throws {
        let fixture = try Self.evening()
        try fixture.store.setPay(Money(cents: 1200), delivery: 1, shiftID: nil)
        _ = try fixture.store.record(.cancel, delivery: 2)
        fixture.clock.advance(minutes: 10)
        let shift = try fixture.store.endShift()
        try fixture.store.setEarnings(Money(cents: 8450), shiftID: shift.id)
        let log = try fixture.store.shiftLog(id: shift.id)
        #expect(log.shift.earnings == Money(cents: 8450))
        #expect(log.deliveryPay == PayCoverage(total: Money(cents: 1200), deliveries: 1, of: 2))
        try fixture.store.setPay(nil, delivery: 1, shiftID: shift.id)
        #expect(try fixture.store.shiftLog(id: shift.id).shift.earnings == Money(cents: 8450))
    }

    @Test func pausingIsRefusedWhileADeliveryIsOpenAndAcceptingAndSamplesWhilePaused() throws {
        let fixture = try Self.evening()
        #expect(throws: DashPilotRefusal.pauseWhileDeliveriesOpen(numbers: [2])) { _ = try fixture.store.pauseShift() }
        _ = try fixture.store.record(.cancel, delivery: 2)
        fixture.clock.advance(minutes: 1)
        _ = try fixture.store.pauseShift()
        #expect(throws: DashPilotRefusal.shiftAlreadyPaused) { _ = try fixture.store.pauseShift() }
        #expect(throws: DashPilotRefusal.shiftPaused) { _ = try fixture.store.acceptDelivery() }
        #expect(throws: DashPilotRefusal.shiftPaused) {
            _ = try fixture.store.addRouteSample(latitude: 40.1, longitude: -75.1, accuracy: 5, session: nil)
        }
        fixture.clock.advance(minutes: 30)
        _ = try fixture.store.resumeShift()
        #expect(throws: DashPilotRefusal.shiftNotPaused) { _ = try fixture.store.resumeShift() }
        #expect(try fixture.store.acceptDelivery().number == 3)
    }

    /// money-and-time.md: "a driver cannot be on a break and on a delivery at once", and "While
    /// paused: … route samples are refused"; platform.md: a clock reading earlier is refused, not
    /// clamped. With the clock gone back into a pause already ended, a delivery was accepted and a
    /// sample kept inside it, and doctor then found the pause overlapping (an outside audit); so
    /// too before it, where the delivery's open interval would run across the pause, and a
    /// sample of the session after it would be measured from before the pause.
    @Test(arguments: [-5.0, -15.0])
    func theClockGoneBackIntoOrBeforeAnEndedPauseRecordsNoDeliveryAndNoSample(minutes: Double) throws {
        let fixture = try Self.eveningWithABreak(after: 11, lasting: 10)
        fixture.clock.advance(minutes: minutes)
        let shift = try fixture.store.shiftLog(id: nil).shift.id
        #expect(throws: DashPilotRefusal.clockEarlierThanShift(id: shift)) { _ = try fixture.store.acceptDelivery() }
        #expect(throws: DashPilotRefusal.clockEarlierThanShift(id: shift)) {
            _ = try fixture.store.addRouteSample(latitude: 40.1, longitude: -75.1, accuracy: 5, session: nil)
        }
        let log = try fixture.store.shiftLog(id: nil)
        #expect(log.deliveries.count == 2)
        #expect(try fixture.rawScalar("SELECT count(*) FROM route_sample") == 0)
        #expect(try fixture.store.doctor().finding("pauses") == .pauses(misplaced: 0))
        // At the pause's end, as a new pause may begin then, both are recorded.
        fixture.clock.advance(minutes: -minutes)
        #expect(try fixture.store.acceptDelivery().number == 3)
        #expect(throws: Never.self) {
            _ = try fixture.store.addRouteSample(latitude: 40.1, longitude: -75.1, accuracy: 5, session: nil)
        }
    }

    @Test func workingTimeIsElapsedLessPausesAndTheRatePerShiftHourDividesByIt() throws {
        let fixture = try Self.eveningWithABreak(after: 1, lasting: 60)
        // A pause may last no time, and the next may begin in the second the last one ended.
        _ = try fixture.store.pauseShift()
        _ = try fixture.store.resumeShift()
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(minutes: 30)
        // Ending a paused shift ends its pause at the same moment.
        let shift = try fixture.store.endShift()
        try fixture.store.setEarnings(Money(cents: 6000), shiftID: shift.id)
        let log = try fixture.store.shiftLog(id: shift.id)
        #expect(log.pauses.count == 3 && log.pauses.allSatisfy { $0.end != nil })
        let time = log.time(now: fixture.clock.now())
        // 17:02 to 18:42, of which 60 + 0 + 30 minutes paused: 60.00 over 10 working minutes.
        #expect(time.elapsedSeconds == 100 * 60 && time.pausedSeconds == 90 * 60 && time.workingSeconds == 10 * 60)
        #expect(log.rates.perShiftHour.amount == Money(cents: 36000))
        #expect(try fixture.store.doctor().finding("pauses") == .pauses(misplaced: 0))
    }

    @Test func aResumeStartsANewCaptureSessionSoTheWayBetweenIsNeverCounted() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.startShift()
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.0, longitude: -75.0, accuracy: 5, session: nil)
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.001, longitude: -75.0, accuracy: 5, session: nil)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(seconds: 30)
        _ = try fixture.store.resumeShift()
        // A short break, well inside two minutes: only the new session keeps it out of the miles.
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.01, longitude: -75.0, accuracy: 5, session: nil)
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.011, longitude: -75.0, accuracy: 5, session: nil)
        let mileage = try #require(try fixture.store.shiftLog(id: nil).mileage)
        #expect(mileage.measuredSegments == 2 && mileage.isPartial)
        #expect(abs(mileage.metres - 2 * 111.2) < 1)
    }

    /// A session named (`route add --session`, `route follow --session`) was continued across a
    /// short pause: the way from where the driver paused to where they resumed was counted, and
    /// the route was not partial (from audit).
    @Test func aSessionNamedAfterAResumeIsNeverBridgedAcrossThePause() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.0, longitude: -75.0, accuracy: 5, session: 7)
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.001, longitude: -75.0, accuracy: 5, session: 7)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(seconds: 30)
        _ = try fixture.store.resumeShift()
        fixture.clock.advance(seconds: 10)
        #expect(throws: DashPilotRefusal.routeSampleRefused(.sessionBeforePause)) {
            try fixture.store.addRouteSample(latitude: 40.01, longitude: -75.0, accuracy: 5, session: 7)
        }
        // A follow naming it keeps its fixes in a session of their own.
        let follow = try fixture.store.follow(session: 7)
        let start = fixture.clock.now()
        for (seconds, latitude) in [(0.0, 40.01), (10, 40.011)] {
            follow.take(.fix(time: start.addingTimeInterval(seconds), latitude: latitude, longitude: -75.0, accuracy: 5))
        }
        fixture.clock.advance(seconds: 20)
        #expect(try follow.commit() == .running)
        #expect(follow.report.kept == 2)
        let mileage = try #require(try fixture.store.shiftLog(id: shift.id).mileage)
        #expect(mileage.measuredSegments == 2 && mileage.isPartial)
        #expect(abs(mileage.metres - 2 * 111.2) < 1, "\(mileage.metres)")
        // A session first named after the resume is the driver's own.
        fixture.clock.advance(seconds: 10)
        _ = try fixture.store.addRouteSample(latitude: 40.02, longitude: -75.0, accuracy: 5, session: 8)
    }

    @Test func gpxPointsInsideAPauseAreSkippedAndCountedWithTheirReason() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(minutes: 10)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(minutes: 10)
        _ = try fixture.store.resumeShift()
        fixture.clock.advance(minutes: 10)
        let start = shift.startedAt
        let points = (0..<30).map { minute in
            RouteSample(recordedAt: start.addingTimeInterval(Double(minute * 60)), latitude: 40 + Double(minute) * 0.001, longitude: -75)
        }
        let report = try fixture.store.importRoute(segments: [points])
        // Minutes 10 to 19 fall inside the pause (paused from its start, working again at its end).
        #expect(report.skipped[.refused(.shiftPaused)] == 10)
        #expect(report.kept == 20)
    }

    @Test func aResumeStartsANewCaptureSessionInAnImportedSegmentToo() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(seconds: 600)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(seconds: 30)
        _ = try fixture.store.resumeShift()
        fixture.clock.advance(minutes: 30)
        // One track segment, a point every 50 seconds across a 30-second break: the break is
        // inside two minutes, so only the resume keeps the way from before it to after it out.
        let start = shift.startedAt
        let points = [550, 600 - 10, 640, 690].map { second in
            RouteSample(recordedAt: start.addingTimeInterval(Double(second)), latitude: 40 + Double(second) * 0.00002, longitude: -75)
        }
        let report = try fixture.store.importRoute(segments: [points])
        #expect(report.kept == 4)
        let mileage = try #require(try fixture.store.shiftLog(id: shift.id).mileage)
        #expect(mileage.measuredSegments == 2 && mileage.isPartial)
        // 40 s and 50 s of the points' spacing, at 0.00002° a second: 0.0008° and 0.001° of latitude.
        #expect(abs(mileage.metres - (0.0008 + 0.001) * 111_195) < 1)
        #expect(try fixture.store.doctor().isHealthy)
    }

    @Test func aShiftsLastActivityCountsAPausesStartAndEnd() throws {
        let fixture = try StoreFixture()
        _ = try fixture.store.startShift()
        fixture.clock.advance(minutes: 5)
        _ = try fixture.store.pauseShift()
        fixture.clock.advance(minutes: 20)
        _ = try fixture.store.resumeShift()
        let resumedAt = fixture.clock.now().wholeSecond
        fixture.clock.advance(minutes: 60)
        #expect(try fixture.store.lastActivity() == resumedAt)
        #expect(throws: DashPilotRefusal.endBeforeLastActivity(id: 1, lastActivity: resumedAt, asked: resumedAt.addingTimeInterval(-60))) {
            _ = try fixture.store.endShift(at: resumedAt.addingTimeInterval(-60))
        }
    }

    @Test func aForgottenStepIsRecordedAtItsTimeNeverBeforeThePreviousNorAfterNow() throws {
        let fixture = try Self.evening()
        let accepted = try fixture.store.delivery(number: 2, shiftID: nil).acceptedAt
        fixture.clock.advance(minutes: 60)
        #expect(throws: DashPilotRefusal.stepBeforePrevious(delivery: 2, previous: accepted, at: accepted.addingTimeInterval(-60))) {
            _ = try fixture.store.record(.arrive, delivery: 2, at: accepted.addingTimeInterval(-60))
        }
        #expect(
            throws: DashPilotRefusal.stepInTheFuture(delivery: 2, at: fixture.clock.now().addingTimeInterval(60), now: fixture.clock.now())
        ) {
            _ = try fixture.store.record(.arrive, delivery: 2, at: fixture.clock.now().addingTimeInterval(60))
        }
        // Out of order is said first, whatever the time.
        #expect(throws: DashPilotRefusal.stepOutOfOrder(delivery: 2, state: .accepted, step: .deliver)) {
            _ = try fixture.store.record(.deliver, delivery: 2, at: accepted.addingTimeInterval(60))
        }
        let arrived = try fixture.store.record(.arrive, delivery: 2, at: accepted.addingTimeInterval(300))
        #expect(arrived.arrivedAtPickupAt == accepted.addingTimeInterval(300))
        // A forgotten shift with a delivery still open ends truthfully: its step at its time, then
        // the end at the last activity.
        _ = try fixture.store.record(.cancel, delivery: 2, at: accepted.addingTimeInterval(600))
        let ended = try fixture.store.endShift(at: try fixture.store.lastActivity())
        #expect(ended.endedAt == accepted.addingTimeInterval(600))
    }

    @Test func expensesBelongToTheirTimeAndADeletedShiftTakesNone() throws {
        let fixture = try StoreFixture()
        let shift = try fixture.store.startShift()
        fixture.clock.advance(minutes: 30)
        let fuel = try fixture.store.addExpense(Money(cents: 4210), category: .fuel, at: nil, note: try ExpenseNote.make("full tank"))
        #expect(throws: DashPilotRefusal.expenseInTheFuture(at: fixture.clock.now().addingTimeInterval(60), now: fixture.clock.now())) {
            _ = try fixture.store.addExpense(Money(cents: 100), category: .other, at: fixture.clock.now().addingTimeInterval(60), note: nil)
        }
        _ = try fixture.store.endShift()
        try fixture.store.deleteShift(id: shift.id)
        #expect(try fixture.store.expense(id: fuel.id) == fuel)
    }

    @Test func anEditReplacesEveryGivenFactAtOnceAndARefusedEditChangesNothing() throws {
        let fixture = try StoreFixture()
        let spent = try fixture.store.addExpense(Money(cents: 650), category: .parking, at: nil, note: try ExpenseNote.make("meter"))
        let edited = try fixture.store.editExpense(id: spent.id, amount: Money(cents: 700), category: .other, note: .some(nil))
        #expect(edited == Expense(id: spent.id, amount: Money(cents: 700), spentAt: spent.spentAt, category: .other, note: nil))
        // Said as an edit's: nothing was changed, not "recorded".
        let refusal = DashPilotRefusal.expenseInTheFuture(
            at: fixture.clock.now().addingTimeInterval(3600), now: fixture.clock.now(), editing: true)
        #expect(throws: refusal) {
            _ = try fixture.store.editExpense(id: spent.id, amount: Money(cents: 1), at: fixture.clock.now().addingTimeInterval(3600))
        }
        #expect(refusal.sentence.hasSuffix("; nothing was changed."))
        #expect(try fixture.store.expense(id: spent.id) == edited)
        let other = try fixture.store.addExpense(Money(cents: 100), category: .supplies, at: nil, note: nil)
        try fixture.store.removeExpense(id: spent.id)
        #expect(try fixture.store.expenses(from: nil, before: nil, limit: nil) == [other])
        #expect(throws: DashPilotRefusal.expenseNotFound(id: spent.id)) { try fixture.store.removeExpense(id: spent.id) }
        // Ids are never reused.
        #expect(try fixture.store.addExpense(Money(cents: 100), category: .fuel, at: nil, note: nil).id == other.id + 1)
    }

    @Test func theLogRecordsThatAnExpenseWasAddedChangedOrRemovedAndItsCategoryOnly() throws {
        let fixture = try StoreFixture()
        let spent = try fixture.store.addExpense(Money(cents: 650), category: .parking, at: nil, note: try ExpenseNote.make("meter"))
        _ = try fixture.store.editExpense(id: spent.id, category: .fuel)
        // A refused edit or removal changed nothing, and records nothing.
        #expect(
            throws: DashPilotRefusal.expenseInTheFuture(
                at: fixture.clock.now().addingTimeInterval(3600), now: fixture.clock.now(), editing: true)
        ) {
            _ = try fixture.store.editExpense(id: spent.id, at: fixture.clock.now().addingTimeInterval(3600))
        }
        #expect(throws: DashPilotRefusal.expenseNotFound(id: 99)) { try fixture.store.removeExpense(id: 99) }
        try fixture.store.removeExpense(id: spent.id)
        #expect(fixture.log.expenseEvents == [.added(.parking), .changed(.fuel), .removed(.fuel)])
        #expect(fixture.log.expenseEvents.map(\.message) == ["added parking", "changed fuel", "removed fuel"])
    }

    @Test func aNoteIsCleanedAndCheckedAsANameIs() throws {
        #expect(try ExpenseNote.make("  full \t tank  ")?.text == "full tank")
        #expect(try ExpenseNote.make("   ") == nil)
        #expect(throws: ExpenseNoteProblem.controlCharacter) { _ = try ExpenseNote.make("full\u{7}tank") }
        #expect(throws: ExpenseNoteProblem.bidiControl) { _ = try ExpenseNote.make("tank\u{202E}lluf") }
        #expect(throws: ExpenseNoteProblem.tooLong) { _ = try ExpenseNote.make(String(repeating: "n", count: 121)) }
        #expect(throws: ExpenseNoteProblem.invalidUTF8) { _ = try ExpenseNote.make(utf8: [0x66, 0xC3, 0x28]) }
    }

    @Test func aCategoryANewerStoreWroteReadsAsOtherAndDoctorSaysSo() throws {
        let fixture = try StoreFixture()
        try fixture.raw("INSERT INTO expense (amount_cents, spent_at, category) VALUES (500, 0, 'tolls-by-distance')")
        #expect(try fixture.store.expenses(from: nil, before: nil, limit: nil).first?.category == .other)
        let report = try fixture.store.doctor()
        #expect(report.finding("expenseCategories") == .expenseCategories(unknown: 1))
        // Said as a note: the store is healthy, and can be backed up.
        #expect(report.finding("expenseCategories")?.isNote == true && report.isHealthy)
        #expect(try fixture.store.backup(to: nil, timeZone: TimeZone(identifier: "UTC")!).shifts == 0)
        // An edit that names no category leaves the one the newer store wrote as it was.
        _ = try fixture.store.editExpense(id: 1, amount: Money(cents: 501))
        #expect(try fixture.rawText("SELECT category FROM expense WHERE id = 1") == "tolls-by-distance")
        _ = try fixture.store.editExpense(id: 1, category: .parking)
        #expect(try fixture.rawText("SELECT category FROM expense WHERE id = 1") == "parking")
    }

    @Test func theStoresCurrencyIsUSDAfterAnUpgradeAndChangingItConvertsNothing() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try MigrationTests.writeStore(at: path, version: 7)
        let store = try DashPilotStore(path: path, clock: ManualClock(), currencyIfNew: Currency("EUR") ?? .usd)
        #expect(try store.currency() == .usd)
        try store.setCurrency(try #require(Currency("eur")))
        #expect(try store.currency().code == "EUR")
        #expect(try store.shiftLog(id: 1).shift.earnings == Money(cents: 8450))
        let fresh = try DashPilotStore(path: folder.file("new.sqlite"), clock: ManualClock(), currencyIfNew: try #require(Currency("GBP")))
        #expect(try fresh.currency().code == "GBP")
        #expect(Currency("XYZ") == nil && Currency("EURO") == nil)
    }

    @Test func doctorChecksTipsPausesAndTheCurrency() throws {
        let fixture = try Self.evening()
        try fixture.raw("PRAGMA ignore_check_constraints = ON")
        try fixture.raw("INSERT INTO tip (delivery_id, number, amount_cents, method, recorded_at) VALUES (1, 9, 0, 'cash', 0)")
        try fixture.raw("INSERT INTO pause (shift_id, started_at, ended_at) VALUES (1, 0, 10)")
        try fixture.raw("UPDATE store_currency SET code = 'XYZ'")
        let report = try fixture.store.doctor()
        #expect(report.finding("tips") == .tips(notMoreThanZero: 1))
        #expect(report.finding("pauses") == .pauses(misplaced: 1))
        #expect(report.finding("currency") == .currency(code: "XYZ", isISO4217: false))
        #expect(!report.isHealthy)
    }

    /// money-and-time.md: "A store holds amounts in one currency, an ISO 4217 code kept in the
    /// store", and `doctor` checks "the currency a real ISO 4217 code". A store that had lost its
    /// currency's row was called healthy, and `currency EUR` said it changed what it never stored.
    @Test func aStoreThatKeepsNoCurrencyIsAProblemAndSettingOneKeepsIt() throws {
        let fixture = try Self.evening()
        try fixture.raw("DELETE FROM store_currency")
        let report = try fixture.store.doctor()
        #expect(report.finding("currency") == .currency(code: "", isISO4217: false))
        #expect(!report.isHealthy)
        try fixture.store.setCurrency(try #require(Currency("EUR")))
        #expect(try fixture.rawText("SELECT code FROM store_currency WHERE id = 1") == "EUR")
        #expect(try fixture.store.doctor().isHealthy)
    }
}
