import DashPilotCore
import Foundation
import Testing

@Suite("Delivery lifecycle")
struct DeliveryLifecycleTests {
    static func delivery(in state: DeliveryState) -> Delivery {
        var delivery = Delivery(shiftID: 1, number: 2, acceptedAt: at(0))
        switch state {
        case .accepted: break
        case .arrivedAtPickup: delivery.arrivedAtPickupAt = at(5)
        case .pickedUp: (delivery.arrivedAtPickupAt, delivery.pickedUpAt) = (at(5), at(10))
        case .delivered: (delivery.arrivedAtPickupAt, delivery.pickedUpAt, delivery.deliveredAt) = (at(5), at(10), at(20))
        case .cancelled: delivery.cancelledAt = at(3)
        }
        return delivery
    }

    static let allowed: [(DeliveryState, LifecycleStep, DeliveryState)] = [
        (.accepted, .arrive, .arrivedAtPickup),
        (.arrivedAtPickup, .pickUp, .pickedUp),
        (.pickedUp, .deliver, .delivered),
        (.accepted, .cancel, .cancelled),
        (.arrivedAtPickup, .cancel, .cancelled),
        (.pickedUp, .cancel, .cancelled),
    ]

    @Test("Each allowed step moves the delivery to its next state", arguments: allowed)
    func allowedStepMovesToNextState(from: DeliveryState, step: LifecycleStep, to: DeliveryState) throws {
        let next = try Self.delivery(in: from).recording(step, at: at(30))
        #expect(next.state == to)
    }

    static var refused: [(DeliveryState, LifecycleStep)] {
        DeliveryState.allCases.flatMap { state in LifecycleStep.allCases.map { (state, $0) } }
            .filter { pair in !allowed.contains { $0.0 == pair.0 && $0.1 == pair.1 } }
    }

    @Test("Every step out of order, or a second time, is refused naming the delivery and its state", arguments: refused)
    func stepOutOfOrderIsRefused(state: DeliveryState, step: LifecycleStep) {
        #expect(throws: DashPilotRefusal.stepOutOfOrder(delivery: 2, state: state, step: step)) {
            try Self.delivery(in: state).recording(step, at: at(30))
        }
        let sentence = DashPilotRefusal.stepOutOfOrder(delivery: 2, state: state, step: step).sentence
        #expect(sentence.contains("Delivery 2"))
        #expect(sentence.contains(state.phrase))
    }

    @Test func aClockEarlierThanThePreviousStepIsRefusedNotClamped() {
        let delivery = Self.delivery(in: .arrivedAtPickup)
        #expect(throws: DashPilotRefusal.stepEarlierThanPrevious(delivery: 2, state: .arrivedAtPickup)) {
            try delivery.recording(.pickUp, at: at(4))
        }
    }

    @Test func aStepAtTheSameSecondAsThePreviousIsKept() throws {
        let next = try Self.delivery(in: .arrivedAtPickup).recording(.pickUp, at: at(5))
        #expect(next.pickupWaitSeconds == 0)
    }

    @Test func stepsAreRecordedToTheWholeSecond() throws {
        let next = try Self.delivery(in: .accepted).recording(.arrive, at: at(1).addingTimeInterval(0.75))
        #expect(next.arrivedAtPickupAt == at(1))
    }

    @Test func stateIsReadOffTheTimestamps() {
        var delivery = Delivery(shiftID: 1, number: 1, acceptedAt: at(0))
        #expect(delivery.state == .accepted)
        delivery.pickedUpAt = at(2)
        delivery.arrivedAtPickupAt = at(1)
        #expect(delivery.state == .pickedUp)
        delivery.cancelledAt = at(3)
        #expect(delivery.state == .cancelled)
    }

    @Test func pickupWaitIsPickedUpMinusArrivedAndNeedsBoth() {
        var delivery = Self.delivery(in: .pickedUp)
        #expect(delivery.pickupWaitSeconds == 300)
        delivery.arrivedAtPickupAt = nil
        #expect(delivery.pickupWaitSeconds == nil)
    }
}

@Suite("Refusals in the domain's words")
struct RefusalWordsTests {
    @Test(
        "A refusal's sentence carries no surface's syntax; its way on is a hint each surface words",
        arguments: [
            DashPilotRefusal.noShiftRunning, .mergeDestinationMissing, .noPlaceCalled("Absent Alehouse"),
            .noMergeSourceCalled("Absent Alehouse"), .noMergeDestinationCalled("Absent Alehouse"), .shiftAlreadyRunning(id: 3),
            .deliveriesStillOpen(numbers: [2, 4]), .renameCollision(existingName: "Example Diner"),
        ])
    func noSyntaxInTheDomain(refusal: DashPilotRefusal) {
        #expect(!refusal.sentence.contains("`") && !refusal.sentence.contains("dashpilot") && !refusal.sentence.contains("Press "))
    }

    @Test func theHintsNameTheWayOn() {
        #expect(DashPilotRefusal.noShiftRunning.hint == .startShift)
        #expect(DashPilotRefusal.noPlaceCalled("Absent Alehouse").hint == .findPlace(containing: "Absent"))
        #expect(DashPilotRefusal.noMergeDestinationCalled("Absent Alehouse").hint == .rename)
        #expect(DashPilotRefusal.shiftNotFound(id: 3).hint == nil)
    }
}
