import CSQLite
import DashPilotCore
import Foundation

@testable import DashPilotStore

/// A clock a test moves by hand. Starts at 2026-11-29 17:02:00 UTC.
final class ManualClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_795_971_720)

    func now() -> Date { lock.withLock { current } }

    /// Moves the clock by `minutes` (negative moves it back).
    func advance(minutes: Double) { lock.withLock { current = current.addingTimeInterval(minutes * 60) } }

    /// Moves the clock by `seconds`.
    func advance(seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

/// A log that keeps every event, to check what would have been written.
final class CapturingLog: PickupPlaceLog, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [PickupPlaceEvent] = []
    private var storedExpenses: [ExpenseEvent] = []
    var events: [PickupPlaceEvent] { lock.withLock { stored } }
    var expenseEvents: [ExpenseEvent] { lock.withLock { storedExpenses } }
    func record(_ event: PickupPlaceEvent) { lock.withLock { stored.append(event) } }
    func record(_ event: ExpenseEvent) { lock.withLock { storedExpenses.append(event) } }
}

/// A fresh folder for one test, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "dashpilot-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }
}

/// A fresh store in its own folder, with a manual clock and a capturing log.
struct StoreFixture {
    let folder = TemporaryFolder()
    let clock = ManualClock()
    let log = CapturingLog()
    let store: DashPilotStore

    init() throws {
        store = try DashPilotStore(path: folder.file("store.sqlite"), clock: clock, log: log)
    }

    var path: String { folder.file("store.sqlite") }

    /// Runs raw SQL on the store's own connection (for what only another tool would do).
    func raw(_ sql: String) throws { try store.connection.execute(sql) }

    func rawScalar(_ sql: String) throws -> Int64? { try store.connection.scalar(sql) }

    func rawText(_ sql: String) throws -> String? { try store.connection.texts(sql).first }

    /// Starts a shift and accepts `count` deliveries a minute apart.
    @discardableResult
    func shiftWithDeliveries(_ count: Int) throws -> Shift {
        let shift = try store.startShift()
        for _ in 0..<count {
            clock.advance(minutes: 1)
            _ = try store.acceptDelivery()
        }
        return shift
    }

    /// Takes delivery `number` of the running shift through a full lifecycle, with a wait of
    /// `waitMinutes` at pickup.
    func complete(_ number: Int, waitMinutes: Double) throws {
        clock.advance(minutes: 1)
        _ = try store.record(.arrive, delivery: number)
        clock.advance(minutes: waitMinutes)
        _ = try store.record(.pickUp, delivery: number)
        clock.advance(minutes: 1)
        _ = try store.record(.deliver, delivery: number)
    }

    func name(_ text: String) throws -> PickupPlaceName { try PickupPlaceName(text) }
}

/// The bytes of a file, to prove it was left exactly as it was.
func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// Reads by position, for tests that inspect a store as another tool would (the store itself
/// reads every row through its `Columns`).
extension Row {
    func int64(_ index: Int) -> Int64 { statement.int64(Int32(index)) }
    func optionalInt64(_ index: Int32) -> Int64? { statement.isNull(index) ? nil : statement.int64(index) }
    func text(_ index: Int) -> String { statement.text(Int32(index)) }
    func optionalText(_ index: Int32) -> String? { statement.isNull(index) ? nil : statement.text(index) }
}
