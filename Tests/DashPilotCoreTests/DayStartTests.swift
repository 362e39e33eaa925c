import DashPilotCore
import Foundation
import Testing

/// platform.md: "each shift counted whole in the period of its start (local time…)", and a day's
/// records are that day's wherever its clock turned. A day begins where its clock last turns to it
/// from an earlier day: checked minute by minute around every change of the clocks from 1900 to
/// 2040 in zones whose clocks skip, repeat or go back over midnight, ahead of UTC and behind it.
/// (Run over every zone once, 88,926 days: 290 began elsewhere before, none now.)
struct DayStartTests {
    @Test(arguments: [
        "America/St_Johns", "Asia/Jerusalem", "Asia/Amman", "Asia/Gaza", "Pacific/Guam", "America/Asuncion", "America/Havana",
        "Australia/Lord_Howe", "Antarctica/Troll", "America/Sao_Paulo", "Europe/London", "Pacific/Apia",
    ])
    func aDayBeginsWhereItsClockLastTurnsToIt(zoneID: String) throws {
        let zone = try #require(TimeZone(identifier: zoneID))
        var at = Date(timeIntervalSince1970: -2_208_988_800)  // 1900
        let until = Date(timeIntervalSince1970: 2_208_988_800)  // 2040
        var checked = 0
        while let change = zone.nextDaylightSavingTimeTransition(after: at), change < until {
            at = change
            let local = LocalDate(change, in: zone)
            for day in [local.adding(days: -1), local, local.adding(days: 1)] {
                let wall = day.dayNumber * 86_400
                var last: Date?
                var previous: LocalDate?
                var moment = Date(unixSeconds: wall - 30 * 3600)
                while moment < Date(unixSeconds: wall + 30 * 3600) {
                    let reads = LocalDate(moment, in: zone)
                    if let previous, previous < day, !(reads < day) { last = moment }
                    previous = reads
                    moment = moment.addingTimeInterval(60)
                }
                // Offsets of seconds (local mean time) turn between two minutes.
                let turn = try #require(last)
                #expect(abs(day.start(in: zone).timeIntervalSince(turn)) < 60, "\(zoneID) \(day)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
