import Foundation
import Testing

@Suite("The command line: weeks and months")
struct PeriodCommandTests {
    /// Two shifts in the week of 23 November (one paid, one not) and one the week before.
    static func history() -> Binary {
        let dash = Binary()
        func shift(_ day: String, _ from: String, _ to: String, earnings: String?) {
            dash.run(["shift", "start"], at: "\(day) \(from):00")
            dash.run(["delivery", "accept"], at: "\(day) \(from):10")
            dash.run(["delivery", "arrive", "1"], at: "\(day) \(from):20")
            dash.run(["delivery", "pickup", "1"], at: "\(day) \(from):30")
            dash.run(["delivery", "deliver", "1"], at: "\(day) \(from):40")
            dash.run(["shift", "end"], at: "\(day) \(to):00")
            let id = dash.run(["shift", "list", "--limit", "1", "--json"]).stdout.split(separator: ":")[1].split(separator: ",")[0]
            if let earnings { dash.run(["shift", "earnings", String(id.trimmingCharacters(in: .whitespaces)), earnings]) }
        }
        shift("2026-11-17", "17:00", "19:00", earnings: "30.00")
        shift("2026-11-23", "17:00", "21:00", earnings: "84.50")
        shift("2026-11-29", "22:00", "23:00", earnings: nil)
        return dash
    }

    @Test func periodWeekGivesTheContractsJSON() throws {
        let dash = Self.history()
        defer { dash.remove() }
        let week = try #require(
            json(dash.run(["period", "week", "2026-11-27", "--json"], at: "2026-11-30 12:00:00").stdout) as? [String: Any])
        #expect(week["kind"] as? String == "week" && week["from"] as? String == "2026-11-23" && week["to"] as? String == "2026-11-29")
        #expect(week["shifts"] as? Int == 2 && week["shiftIds"] as? [Int] == [2, 3])
        #expect(week["shiftSeconds"] as? Int == 5 * 3600 && week["deliveryOpenSeconds"] as? Int == 60)
        #expect(week["delivered"] as? Int == 2 && week["cancelled"] as? Int == 0)
        #expect(week["miles"] is NSNull && week["partialRoute"] as? Bool == true)
        #expect(week["earnings"] as? String == "84.50" && week["shiftsWithoutEarnings"] as? Int == 1)
        let rates = try #require(week["rates"] as? [String: Any])
        #expect(rates["perShiftHour"] as? String == "21.13")  // 84.50 over the paid shift's 4 h
        #expect(rates["perDeliveryHour"] as? String == "10140.00")  // over its 30 s open
        #expect(rates["perMile"] is NSNull)
        // Default: the week holding today, in the driver's time zone.
        let today = try #require(json(dash.run(["period", "week", "--json"], at: "2026-11-29 23:30:00").stdout) as? [String: Any])
        #expect(today["from"] as? String == "2026-11-23")
        let empty = try #require(json(dash.run(["period", "month", "2026-01-15", "--json"]).stdout) as? [String: Any])
        #expect(empty["shifts"] as? Int == 0 && empty["earnings"] is NSNull && empty["to"] as? String == "2026-01-31")
        // cli.md: "a period with no shift is listed with zeros and null money": no mile either.
        #expect(empty["miles"] as? Double == 0 && empty["partialRoute"] as? Bool == false, "\(empty)")
        #expect(empty["shiftSeconds"] as? Int == 0 && empty["deliveryOpenSeconds"] as? Int == 0 && empty["delivered"] as? Int == 0)
        // platform.md: "A rate that cannot be computed says why", as the text says it (it asked
        // for the pay of shifts there are none of).
        let reasons = try #require(empty["rateReasons"] as? [String: String])
        #expect(
            reasons == [
                "perShiftHour": "No shift was recorded in this period", "perDeliveryHour": "No shift was recorded in this period",
                "perMile": "No shift was recorded in this period",
            ])
        #expect(dash.run(["period", "week", "2026-02-31"]).status == 64)
    }

    @Test func periodListIsNewestFirstWithABarAndSaysWhenThereAreNoEarnings() throws {
        let dash = Self.history()
        defer { dash.remove() }
        let weeks = try #require(
            json(dash.run(["period", "list", "week", "--limit", "3", "--json"], at: "2026-11-30 12:00:00").stdout) as? [[String: Any]])
        #expect(weeks.map { $0["from"] as? String } == ["2026-11-30", "2026-11-23", "2026-11-16"])
        #expect(weeks.map { $0["shifts"] as? Int } == [0, 2, 1])
        dash.environment["NO_COLOR"] = "1"
        let text = dash.run(["period", "list", "week", "--limit", "3"], at: "2026-11-30 12:00:00").stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("Nov 30 – Dec 6") && lines[0].hasSuffix("no earnings recorded") && !lines[0].contains("#"))
        // A week with no shift says so: "0 shifts · 0 s · 0 delivered · no route" counted nothing.
        #expect(lines[0].contains("no shifts") && !lines[0].contains("0 s") && !lines[0].contains("0 delivered"), "\(lines[0])")
        #expect(lines[1].hasPrefix("Nov 23 – 29") && lines[1].contains("$84.50") && lines[1].contains("$21.13/h #"))
        #expect(lines[2].contains("$15.00/h #"))
        let months = try #require(
            json(dash.run(["period", "list", "month", "--all", "--json"], at: "2026-11-30 12:00:00").stdout) as? [[String: Any]])
        #expect(months.count == 1 && months[0]["shifts"] as? Int == 3)
        // cli.md: "the newest 12 unless told otherwise" are the newest of every period: none
        // before the one holding the first record, so that --limit N is the start of --all.
        let all = try #require(
            json(dash.run(["period", "list", "week", "--all", "--json"], at: "2026-11-30 12:00:00").stdout) as? [[String: Any]])
        let newest = try #require(
            json(dash.run(["period", "list", "week", "--json"], at: "2026-11-30 12:00:00").stdout) as? [[String: Any]])
        let twenty = try #require(
            json(dash.run(["period", "list", "week", "--limit", "20", "--json"], at: "2026-11-30 12:00:00").stdout) as? [[String: Any]])
        #expect(all.count < 12 && newest.map { $0["from"] as? String } == all.map { $0["from"] as? String })
        #expect(twenty.map { $0["from"] as? String } == all.map { $0["from"] as? String })
        // A limit as large as a number can be stops at the first record all the same.
        let most = dash.run(["period", "list", "week", "--limit", "9223372036854775807", "--json"], at: "2026-11-30 12:00:00")
        #expect((json(most.stdout) as? [[String: Any]])?.count == all.count, "\(most.stderr)")
        #expect(dash.run(["period", "list", "fortnight"]).status == 64)
        #expect(dash.run(["period", "list", "week", "--all", "--limit", "2"]).status == 64)
    }

    @Test func aRowWithEarningsAndNoTimeToDivideBySaysWhyInWords() throws {
        // screens.md: "A rate that cannot be computed says why in words ... never as $0.00 or a
        // dash"; a row with earnings whose shifts were paused all along, or lasted no time, had
        // an empty rate column.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-21 10:00:00")
        dash.run(["shift", "pause"], at: "2026-11-21 10:00:00")
        dash.run(["shift", "end"], at: "2026-11-21 11:00:00")
        dash.run(["shift", "earnings", "1", "10"], at: "2026-11-21 11:00:00")
        dash.run(["shift", "start"], at: "2026-11-14 12:00:00")
        dash.run(["shift", "end"], at: "2026-11-14 12:00:00")
        dash.run(["shift", "earnings", "2", "20"], at: "2026-11-14 12:00:00")
        dash.run(["shift", "start"], at: "2026-11-07 12:00:00")
        dash.run(["shift", "end"], at: "2026-11-07 14:00:00")
        dash.run(["shift", "earnings", "3", "30"], at: "2026-11-07 14:00:00")
        let rows = dash.run(["period", "list", "week"], at: "2026-11-21 12:00:00").stdout.split(separator: "\n")
        #expect(rows.count == 3 && rows[0].hasSuffix("$10.00   no working time"), "\(rows)")
        #expect(rows.count == 3 && rows[1].hasSuffix("$20.00   no time on shift"), "\(rows)")
        #expect(rows.count == 3 && rows[2].contains("$30.00   $15.00/h"), "\(rows)")
        let window = try Window(dash, at: "2026-11-21 12:00:00", columns: 100, rows: 32)
        window.press("w")
        #expect(window.screen.contains("no working time") && window.screen.contains("no time on shift"), "\(window.screen)")
        let reader = try Reader(dash, at: "2026-11-21 12:00:00")
        let said = reader.press("w").joined(separator: "\n")
        #expect(said.contains("earned 10 dollars, no working time"), "\(said)")
    }

    /// screens.md: counts say what they count the same way on every screen. A zero reads as the
    /// figures beside it do: "6 s working (0 min paused)" mixed seconds with a forced minute.
    @Test func aPeriodsZeroTimesReadInTheUnitOfTheTimesBesideThem() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-24 12:00:00")
        dash.run(["shift", "end"], at: "2026-11-24 12:00:06")
        let text = dash.run(["period", "week", "2026-11-23"], at: "2026-11-30 12:00:00").stdout
        #expect(text.contains("1 shift · 6 s on shift · 6 s working (0 s paused) · 0 s with a delivery open\n"), "\(text)")
        // Each zero by its own neighbours: the shift's times in minutes keep "0 min paused"
        // beside a time with a delivery open in seconds (the review: it read "0 s paused").
        dash.run(["shift", "start"], at: "2026-11-25 12:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-25 12:00:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-25 12:00:45")
        dash.run(["shift", "end"], at: "2026-11-25 12:12:00")
        let mixed = dash.run(["period", "week", "2026-11-23"], at: "2026-11-30 12:00:00").stdout
        #expect(mixed.contains("2 shifts · 12 min on shift · 12 min working (0 min paused) · 45 s with a delivery open\n"), "\(mixed)")
    }

    /// platform.md: a store whose records began long ago "works like any other". Before 15
    /// October 1582 the text wrote the Julian calendar's dates: the week JSON gives as 1066-10-08
    /// to 1066-10-14 was headed "Week of Oct 2 – 8, 1066", and its expense listed on Oct 8.
    @Test func aDayBeforeTheGregorianCalendarBeganReadsAsTypedInTextAndJSON() {
        let dash = Binary()
        defer { dash.remove() }
        #expect(dash.run(["expense", "add", "7", "fuel", "--at", "1066-10-14 10:00"]).status == 0)
        #expect(dash.run(["expense", "list"]).stdout.contains("Sun, Oct 14, 1066 · 10:00 AM"))
        let week = dash.run(["period", "week", "1066-10-14"]).stdout
        #expect(week.hasPrefix("Week of Oct 8 – 14, 1066\n"), "\(week)")
        #expect(dash.run(["period", "week", "1066-10-14", "--json"]).stdout.contains("\"from\": \"1066-10-08\""))
    }

    /// money-and-time.md: a time the clocks skipped is refused, never moved. The sentence named
    /// daylight saving, which is not the only reason clocks skip: Samoa skipped the whole of 30
    /// December 2011 when it moved across the date line (the time audit).
    @Test func aTimeTheClocksSkippedIsRefusedWithoutNamingWhy() {
        let dash = Binary()
        defer { dash.remove() }
        let spring = dash.run(["expense", "add", "1", "fuel", "--at", "2027-03-14 02:30"], environment: ["TZ": "America/New_York"])
        #expect(spring.status == 1 && spring.stderr == "Error: 2027-03-14 02:30 did not happen that day here: the clocks skipped it.\n")
        let samoa = dash.run(["expense", "add", "1", "fuel", "--at", "2011-12-30 10:00"], environment: ["TZ": "Pacific/Apia"])
        #expect(samoa.status == 1 && samoa.stderr == "Error: 2011-12-30 10:00 did not happen that day here: the clocks skipped it.\n")
        #expect(dash.run(["expense", "list", "--json"]).stdout == "[]\n")
    }

    @Test func periodWeekInTextGivesTotalsRatesAndShifts() {
        let dash = Self.history()
        defer { dash.remove() }
        let text = dash.run(["period", "week", "2026-11-23"], at: "2026-11-30 12:00:00").stdout
        #expect(
            text.hasPrefix("Week of Nov 23 – 29\n2 shifts · 5 h on shift · 5 h working (0 min paused) · 1 min with a delivery open\n"),
            "\(text)")
        // Counts as the week's row gives them: no "0 cancelled" (screens.md, "the same way on every screen").
        #expect(text.contains("\n2 delivered · no route recorded\n"), "\(text)")
        #expect(dash.run(["period", "list", "week"], at: "2026-11-30 12:00:00").stdout.contains(" · 2 delivered · no route"))
        // How many shifts have none follows the earnings, not the last rate's reason, which it
        // read as a second reason of ("no rate per mile (…) (over the shifts with earnings; …)").
        #expect(
            text.contains(
                "Earnings $84.50 (1 shift has none recorded; the rates are over the shifts with earnings) · $21.13 an hour"),
            "\(text)")
        #expect(text.contains("\nShift 3 · ") && text.contains("\nShift 2 · "))
    }

    /// platform.md: a period's recorded miles are "a floor; the period says when any of its
    /// routes is partial or missing". A week with one shift measured and one with no route said
    /// "partial route" opened, and only "2.1 mi" in its row.
    @Test func aPeriodsRowSaysWhenItsRouteIsPartial() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-24 17:00:00")
        for minute in 1...3 { dash.run(["route", "add", "40.00\(minute)", "-75.0"], at: "2026-11-24 17:0\(minute):00") }
        dash.run(["shift", "end"], at: "2026-11-24 17:10:00")
        dash.run(["shift", "start"], at: "2026-11-25 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-25 17:10:00")
        let listed = dash.run(["period", "list", "week", "--limit", "1"], at: "2026-11-26 12:00:00").stdout
        #expect(listed.contains(" mi · partial route"), "\(listed)")
        let reader = try Reader(dash, at: "2026-11-26 12:00:00")
        let said = reader.press("w").joined(separator: "\n")
        #expect(said.contains("miles recorded, partial route"), "\(said)")
    }
}

@Suite("The command line: ending a forgotten shift")
struct ShiftEndAtTests {
    @Test func shiftEndAtEndsAtTheStatedTimeWithinWhatWasRecordedAndNow() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-27 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-27 17:10:00")
        dash.run(["delivery", "deliver", "1"], at: "2026-11-27 17:10:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-27 17:40:00")
        let early = dash.run(["shift", "end", "--at", "2026-11-27T17:20:00Z"], at: "2026-11-30 10:00:00")
        #expect(early.status == 1 && early.stderr.contains("can't end before its last recorded activity, 5:40 PM on Fri, Nov 27"))
        // The end as it was read, with its day: 17:20 typed on Nov 27 at 17:45 was that day's.
        #expect(early.stderr.contains("(the end given reads as 5:20 PM on Fri, Nov 27)"), "\(early.stderr)")
        let yesterdays = dash.run(["shift", "end", "--at", "17:30"], at: "2026-11-27 17:45:00")
        #expect(yesterdays.stderr.contains("(the end given reads as 5:30 PM on Fri, Nov 27)"), "\(yesterdays.stderr)")
        let notYet = dash.run(["shift", "end", "--at", "17:50"], at: "2026-11-27 17:45:00")
        #expect(notYet.stderr.contains("(the end given reads as 5:50 PM on Thu, Nov 26)"), "\(notYet.stderr)")
        let future = dash.run(["shift", "end", "--at", "2026-11-30T12:00:00Z"], at: "2026-11-30 10:00:00")
        #expect(future.status == 1 && future.stderr.contains("can't end later than now"))
        // money-and-time.md: "Refusals quote times as the driver reads them"; the end too late
        // was refused without saying how its time was read, unlike the end too early.
        #expect(future.stderr.contains("(the end given reads as 12:00 PM on Mon, Nov 30)"), "\(future.stderr)")
        let open = Binary()
        open.run(["shift", "start"], at: "2026-11-29 17:00:00")
        open.run(["delivery", "accept"], at: "2026-11-29 17:05:00")
        let step = open.run(["delivery", "arrive", "1", "--at", "18:00"], at: "2026-11-29 17:30:00")
        #expect(step.status == 1 && step.stderr.contains("Delivery 1's step at 6:00 PM on Sat, Nov 28"), "\(step.stderr)")
        let later = open.run(["delivery", "arrive", "1", "--at", "2026-11-29 18:00"], at: "2026-11-29 17:30:00")
        #expect(
            later.stderr == "Error: Delivery 1's step at 6:00 PM on Sun, Nov 29 can't be recorded later than now; nothing was recorded.\n",
            "\(later.stderr)")
        #expect(dash.run(["shift", "end", "--at", "25:00"]).status == 64)
        let ended = dash.run(["shift", "end", "--at", "2026-11-27T21:40:00Z"], at: "2026-11-30 10:00:00")
        #expect(ended.status == 0)
        let show = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(show["endedAt"] as? String == "2026-11-27T21:40:00Z")
        // A clock time alone is today, in the driver's time zone.
        dash.run(["shift", "start"], at: "2026-11-30 08:00:00")
        // faketime reads its time in TZ too: it is 10:00 in New York, 15:00 UTC.
        let newYork = ["TZ": "America/New_York"]
        #expect(dash.run(["shift", "end", "--at", "11:15"], at: "2026-11-30 10:00:00", environment: newYork).status == 1)
        #expect(dash.run(["shift", "end", "--at", "09:15"], at: "2026-11-30 10:00:00", environment: newYork).status == 0)
        let second = try #require(json(dash.run(["shift", "show", "2", "--json"]).stdout) as? [String: Any])
        #expect(second["endedAt"] as? String == "2026-11-30T14:15:00Z")
    }

    /// A time a second later than now is refused as later than now; its refusal quotes it to the
    /// second, so that it never reads the same as the clock ("11:00 PM", at 11:00 PM).
    @Test func aTimeJustLaterThanNowIsQuotedToTheSecond() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:05:00")
        let now = "2026-11-29 23:00:00"
        let step = dash.run(["delivery", "arrive", "1", "--at", "2026-11-29 23:00:30"], at: now)
        #expect(step.stderr.contains("Delivery 1's step at 11:00:30 PM on Sun, Nov 29 can't be"), "\(step.stderr)")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 22:00:00")
        let end = dash.run(["shift", "end", "--at", "2026-11-29 23:00:01"], at: now)
        #expect(end.stderr.contains("(the end given reads as 11:00:01 PM on Sun, Nov 29)"), "\(end.stderr)")
        let expense = dash.run(["expense", "add", "1", "other", "--at", "2026-11-29 23:00:59"], at: now)
        #expect(expense.stderr.contains("(the time given reads as 11:00:59 PM on Sun, Nov 29)"), "\(expense.stderr)")
        #expect([end.status, step.status, expense.status] == [1, 1, 1])
    }
}
