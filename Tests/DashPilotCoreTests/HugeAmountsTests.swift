import Foundation
import Testing

@testable import DashPilotCore

/// money-and-time.md limits an amount to 9,999,999.99 from version 8; a store from before it
/// may hold more (the upgrade keeps what was recorded). Its rates multiplied by 3,600 past
/// what 64 bits hold, and `shift show` and `period` died with SIGILL (upgrade audit).
@Suite("Amounts from before version 8's limit")
struct HugeAmountsTests {
    @Test func aRateIsExactInOneHundredAndTwentyEightBitsAndRoundsHalfAwayFromZero() {
        #expect(Money.dividing(10_000_000_000_000_000, times: 3600, by: 3600) == Money(cents: 10_000_000_000_000_000))
        #expect(Money.dividing(10_000_000_000_000_000, times: 3600, by: 7200) == Money(cents: 5_000_000_000_000_000))
        #expect(Money.dividing(3, by: 2) == Money(cents: 2))
        #expect(Money.dividing(-3, by: 2) == Money(cents: -2))
        #expect(Money.dividing(5, times: 3600, by: 14_400) == Money(cents: 1))  // 1.25
        #expect(Money.dividing(3, times: 3600, by: 7200) == Money(cents: 2))  // 1.5
        #expect(Money.dividing(-3, times: 3600, by: 7200) == Money(cents: -2))  // -1.5
        #expect(Money.dividing(Int64.min, by: 1) == Money(cents: -Int64.max))
    }

    @Test func aRateBeyondWhatAnAmountHoldsIsTheLargestNeverACrash() {
        #expect(Money.dividing(Int64.max, times: 3600, by: 1) == Money(cents: Int64.max))
        #expect(Money.dividing(-Int64.max, times: 3600, by: 1) == Money(cents: -Int64.max))
        #expect(Money.rounding(1e21) == Money(cents: Int64.max))
        #expect(Money.rounding(-2.5) == Money(cents: -3))
        #expect(Money.adding(5_000_000_000_000_000_000, 5_000_000_000_000_000_000) == Int64.max)
        #expect(Money.adding(-Int64.max, -5) == -Int64.max && Money.adding(7, -9) == -2)
    }
}
