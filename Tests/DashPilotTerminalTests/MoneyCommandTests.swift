import Foundation
import Testing

@Suite("The command line: money and time")
struct MoneyCommandTests {
    /// An evening at fixed times: a delivery with pay and two tips, a cancelled one, a break,
    /// fuel bought before the shift, and the shift's earnings.
    static func evening() -> Binary {
        let dash = Binary()
        dash.run(["expense", "add", "42.10", "fuel", "--note", "full tank"], at: "2026-11-24 16:30:00")
        dash.run(["shift", "start"], at: "2026-11-24 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-24 17:10:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-24 17:15:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-24 17:20:00")
        dash.run(["delivery", "deliver", "1"], at: "2026-11-24 17:40:00")
        dash.run(["delivery", "pay", "1", "12.00"], at: "2026-11-24 17:41:00")
        dash.run(["delivery", "tip", "1", "2.50", "--cash"], at: "2026-11-24 17:42:00")
        dash.run(["delivery", "tip", "1", "1.00", "--platform"], at: "2026-11-24 21:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-24 17:50:00")
        dash.run(["delivery", "cancel", "2"], at: "2026-11-24 17:55:00")
        dash.run(["shift", "pause"], at: "2026-11-24 18:00:00")
        dash.run(["shift", "resume"], at: "2026-11-24 18:30:00")
        dash.run(["shift", "end"], at: "2026-11-24 21:30:00")
        dash.run(["shift", "earnings", "1", "60.00"], at: "2026-11-24 21:31:00")
        return dash
    }

    @Test func aShiftsMoneyIsTheContractsJSON() throws {
        let dash = Self.evening()
        let show = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(show["currency"] as? String == "USD")
        #expect(show["workingSeconds"] as? Int == 4 * 3600 && show["pausedSeconds"] as? Int == 1800)
        #expect((show["pauses"] as? [[String: Any]])?.first?["from"] as? String == "2026-11-24T18:00:00Z")
        #expect((show["pauses"] as? [[String: Any]])?.first?["to"] as? String == "2026-11-24T18:30:00Z")
        let pay = try #require(show["deliveryPay"] as? [String: Any])
        #expect(pay["total"] as? String == "12.00" && pay["deliveries"] as? Int == 1 && pay["of"] as? Int == 2)
        let tips = try #require(show["tips"] as? [String: Any])
        #expect(tips["total"] as? String == "3.50" && tips["cash"] as? String == "2.50")
        #expect(tips["platform"] as? String == "1.00" && tips["count"] as? Int == 2)
        // The rate per shift hour divides by working time: 60.00 over 4 h.
        #expect((show["rates"] as? [String: Any])?["perShiftHour"] as? String == "15.00")
        let deliveries = try #require(show["deliveries"] as? [[String: Any]])
        #expect(deliveries[0]["pay"] as? String == "12.00" && deliveries[0]["paid"] as? String == "15.50")
        // 15.50 over its own 30 minutes.
        #expect(deliveries[0]["perHour"] as? String == "31.00")
        let tip = try #require((deliveries[0]["tips"] as? [[String: Any]])?.first)
        #expect(tip["number"] as? Int == 1 && tip["amount"] as? String == "2.50" && tip["method"] as? String == "cash")
        #expect(tip["recordedAt"] as? String == "2026-11-24T17:42:00Z")
        #expect(deliveries[1]["pay"] is NSNull && deliveries[1]["paid"] is NSNull && deliveries[1]["perHour"] is NSNull)
    }

    @Test func aWeeksMoneyIsTheContractsJSON() throws {
        let dash = Self.evening()
        let week = try #require(json(dash.run(["period", "week", "2026-11-24", "--json"]).stdout) as? [String: Any])
        #expect(week["currency"] as? String == "USD" && week["shiftSeconds"] as? Int == 4 * 3600 + 1800)
        #expect(week["workingSeconds"] as? Int == 4 * 3600 && week["pausedSeconds"] as? Int == 1800)
        #expect((week["deliveryPay"] as? [String: Any])?["of"] as? Int == 2)
        #expect((week["tips"] as? [String: Any])?["count"] as? Int == 2)
        let expenses = try #require(week["expenses"] as? [String: Any])
        #expect(expenses["total"] as? String == "42.10" && expenses["count"] as? Int == 1)
        let fuel = try #require((expenses["byCategory"] as? [[String: Any]])?.first)
        #expect(fuel["category"] as? String == "fuel" && fuel["total"] as? String == "42.10" && fuel["count"] as? Int == 1)
        #expect(week["netAfterRecordedExpenses"] as? String == "17.90" && week["netReason"] is NSNull)
        let text = dash.run(["period", "week", "2026-11-24"]).stdout
        #expect(text.contains("Net after recorded expenses $17.90"))
        #expect(text.contains("costs you did not record are not subtracted; not profit, not a tax figure"))
        let empty = try #require(json(dash.run(["period", "week", "2026-11-30", "--json"]).stdout) as? [String: Any])
        #expect(empty["netAfterRecordedExpenses"] is NSNull && empty["netReason"] as? String == "No earnings recorded")
        #expect((empty["expenses"] as? [String: Any])?["total"] is NSNull)
    }

    @Test func aPeriodSaysHowManyOfItsDeliveriesHavePayEvenWhenNoneHas() throws {
        // money-and-time.md: a week or month adds "deliveries' recorded pay: the total and how many
        // of the period's finished deliveries it covers". With neither pay nor a tip recorded,
        // its text and its screen said nothing of it (the JSON said 0 of 1).
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-24 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-24 17:10:00")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-24 17:20:00")
        dash.run(["shift", "end"], at: "2026-11-24 18:00:00")
        let text = dash.run(["period", "week", "2026-11-24"]).stdout
        // One delivery is its one, not "any of 1 delivery".
        #expect(text.contains("No pay recorded for its 1 delivery · no tips recorded"), "\(text)")
        let window = try Window(dash, at: "2026-11-29 18:00:00")
        window.press("w", Window.enter)
        #expect(window.screen.contains("No pay recorded for its 1 delivery"), "\(window.screen)")
        // A period with no finished delivery has nothing to cover.
        dash.run(["shift", "start"], at: "2026-12-01 17:00:00")
        dash.run(["shift", "end"], at: "2026-12-01 18:00:00")
        #expect(!dash.run(["period", "week", "2026-12-01"]).stdout.contains("pay recorded"))
        // A shift's log keeps its quiet: no line there for pay none of its deliveries has.
        #expect(!dash.run(["shift", "show", "1"]).stdout.contains("No pay recorded"))
    }

    /// One moment is written one way (money-and-time.md: "9:30 PM on Sun, Nov 29"); the command
    /// line writes money as the locale does, never as the screen reader's words; and English.
    @Test func aMomentAnAmountAndAPauseReadOneWayOnTheCommandLine() throws {
        let dash = Self.evening()
        let edited = dash.run(["expense", "edit", "1", "--amount", "40.10"], at: "2026-11-24 22:05:00")
        #expect(edited.stdout == "Changed expense 1: Tue, Nov 24 · 4:30 PM · Fuel · $40.10 · full tank.\n", "\(edited.stdout)")
        dash.run(["pickup", "set", "1", "Nowhere Noodles", "--shift", "1"], at: "2026-11-24 22:06:00")
        let recent = dash.run(["pickup", "recent"], at: "2026-11-24 22:07:00").stdout
        #expect(recent.hasPrefix("1. Nowhere Noodles · last used ") && recent.contains(" PM on Tue, Nov 24"), "\(recent)")
        dash.run(["shift", "start"], at: "2026-11-24 22:10:00")
        let paused = dash.run(["shift", "pause"], at: "2026-11-24 22:12:00")
        #expect(paused.stdout.hasPrefix("The shift has been paused since 10:12 PM"), "\(paused.stdout)")
        let window = try Window(dash, at: "2026-11-24 22:20:00")
        window.press("e")
        #expect(window.screen.contains("end it at its last activity, 10:12 PM on Tue, Nov 24"), "\(window.screen)")
    }

    @Test func scriptsCaptureATipsNumberAndAnExpensesIdAlone() {
        let dash = Self.evening()
        let tip = dash.run(["delivery", "tip", "1", "1.00", "--cash", "--shift", "1"], at: "2026-11-24 22:00:00")
        #expect(tip.status == 0 && tip.stdout == "3\n")
        #expect(tip.stderr.contains("beside the recorded pay of $12.00") && tip.stderr.contains("don't add it again"))
        #expect(dash.run(["expense", "add", "6.50", "parking"], at: "2026-11-24 22:01:00").stdout == "2\n")
        let list = try? #require(json(dash.run(["expense", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list?.map { $0["id"] as? Int } == [2, 1])
        #expect(list?.last?["note"] as? String == "full tank" && list?.last?["at"] as? String == "2026-11-24T16:30:00Z")
        let after = try? #require(json(dash.run(["expense", "list", "--from", "2026-11-25", "--json"]).stdout) as? [[String: Any]])
        #expect(after?.isEmpty == true)
        // None in the days asked for is not none at all; days that hold none are a usage error.
        #expect(dash.run(["expense", "list", "--from", "2026-11-25"]).stdout == "No expenses recorded from 2026-11-25.\n")
        let between = dash.run(["expense", "list", "--from", "2026-11-25", "--to", "2026-11-26"])
        #expect(between.stdout == "No expenses recorded from 2026-11-25 to 2026-11-26.\n")
        let reversed = dash.run(["expense", "list", "--from", "2026-11-30", "--to", "2026-11-29"])
        #expect(
            reversed.status == 64 && reversed.stderr.hasPrefix("Error: --from 2026-11-30 is after --to 2026-11-29"), "\(reversed.stderr)")
    }

    @Test(
        "Bad input gets a sentence, and nothing is written",
        arguments: [
            (["delivery", "pay", "2", "84.555", "--shift", "1"], 64, "Use at most two decimal places; got 84.555."),
            (["delivery", "pay", "1", "1,23,4", "--shift", "1"], 64, "Group digits in threes"),
            (["delivery", "pay", "1", "-1", "--shift", "1"], 1, "Amounts can't be negative."),
            // Typed as the program writes a negative amount ("-$67.10"): a value, never an option.
            (["expense", "add", "-$5", "fuel"], 1, "Amounts can't be negative."),
            (["delivery", "pay", "1", "-$1.00", "--shift", "1"], 1, "Amounts can't be negative."),
            (["delivery", "tip", "1", "0", "--cash", "--shift", "1"], 1, "A tip is more than zero"),
            (["delivery", "tip", "1", "1.00", "--shift", "1"], 64, "--cash or --platform"),
            (["delivery", "tip", "1", "--remove", "9", "--shift", "1"], 1, "Delivery 1 has no Tip 9."),
            (["expense", "add", "5", "snacks"], 64, "fuel, parking, maintenance, supplies or other"),
            (["expense", "add", "5", "other", "--note", "bell\u{7}"], 1, "control character"),
            (["expense", "add", "5", "other", "--note", String(repeating: "n", count: 121)], 1, "at most 120 characters"),
            // A note is checked as a name is: nothing visible is refused, never read as no note
            // (an edit removed the note; `--no-note` says that).
            (["expense", "add", "5", "other", "--note", "   "], 1, "nothing visible"),
            (["expense", "add", "5", "other", "--note", ""], 1, "nothing visible"),
            (["expense", "edit", "1", "--note", " \t "], 1, "nothing visible"),
            (
                ["expense", "add", "5", "other", "--at", "2026-11-25 10:00"], 1,
                "later than now (the time given reads as 10:00 AM on Wed, Nov 25)"
            ),
            (["expense", "edit", "9", "--amount", "5"], 1, "There is no expense 9."),
            (["expense", "edit", "1"], 64, "Say what to change"),
            // cli.md's 64 is a "malformed argument": a code is three letters; three that name no
            // currency are refused by the rule (1). "" read "Error:  is not …", naming nothing.
            (["currency", "EURO"], 64, "CODE is three letters"), (["currency", ""], 64, "CODE is three letters"),
            (["currency", "XYZ"], 1, "XYZ is not an ISO 4217 currency code"),
            // The two forms of `delivery tip` are never mixed (removing took --cash silently).
            (["delivery", "tip", "1", "--remove", "1", "--cash", "--shift", "1"], 64, "not both"),
            (["shift", "pause"], 1, "No shift is running."),
        ] as [([String], Int32, String)])
    func badInput(arguments: [String], status: Int32, words: String) {
        let dash = Self.evening()
        let before = FileManager.default.contents(atPath: dash.storePath)
        let result = dash.run(arguments, at: "2026-11-24 23:00:00")
        #expect(result.status == status && result.stderr.hasPrefix("Error: ") && result.stderr.contains(words), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: dash.storePath) == before)
    }

    @Test func payOnAnOpenDeliveryAndAPauseWithADeliveryOpenAreRefused() {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-24 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-24 17:10:00")
        let pay = dash.run(["delivery", "pay", "1", "12"], at: "2026-11-24 17:11:00")
        #expect(pay.status == 1 && pay.stderr.contains("Delivery 1 is still open"))
        let pause = dash.run(["shift", "pause"], at: "2026-11-24 17:12:00")
        #expect(pause.status == 1 && pause.stderr.contains("can't pause while Delivery 1 is still open"))
    }

    @Test func amountsAreTypedTheDriversWayAndAPointAlwaysWorks() throws {
        let dash = Self.evening()
        let german = ["LC_ALL": "de_DE.UTF-8"]
        for (typed, cents) in [("84,50", "84.50"), ("1.234,50", "1234.50"), ("84.50", "84.50"), ("12,00 $", "12.00")] {
            #expect(dash.run(["shift", "earnings", "1", typed], environment: german).status == 0)
            #expect((json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["earnings"] as? String == cents)
        }
        let ambiguous = dash.run(["shift", "earnings", "1", "1.234"], environment: german)
        #expect(ambiguous.status == 64 && ambiguous.stderr.contains("1.234,00 or 1234"))
        let wrong = dash.run(["shift", "earnings", "1", "84,50"])
        #expect(wrong.status == 64 && wrong.stderr.contains("Write 84.50"))
    }

    /// money-and-time.md: an amount is read "with a point as the decimal separator everywhere … and
    /// also with the driver's locale's own decimal separator", and "A sheet prefills an amount the
    /// way the locale writes it". Under ar_EG the locale writes "٨٤٫٥٠", which was refused as typed
    /// (even "84٫50", the form the refusal itself asked for), and the direction marks around an
    /// amount were shown as "\u{200F}".
    @Test func aRightToLeftLocaleReadsAmountsAsItWritesThemAndShowsThemWithoutEscapes() throws {
        let dash = Self.evening()
        let arabic = ["LC_ALL": "ar_EG.UTF-8"]
        for (typed, cents) in [
            ("84٫50", "84.50"), ("٨٤٫٥٠", "84.50"), ("١٬٢٣٤٫٥٠", "1234.50"), ("\u{200F}٩٫٠٠", "9.00"), ("84.50", "84.50"),
        ] {
            let set = dash.run(["shift", "earnings", "1", typed], environment: arabic)
            #expect(set.status == 0, "\(typed): \(set.stderr)")
            #expect((json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["earnings"] as? String == cents)
        }
        let shown = dash.run(["shift", "show", "1"], environment: arabic).stdout
        #expect(shown.contains("٨٤٫٥٠"))
        // A refusal's example is written as the locale writes amounts (it mixed "84٫50").
        let refused = dash.run(["shift", "earnings", "1", "84,50"], environment: arabic)
        #expect(refused.status == 64 && refused.stderr.contains("Write ٨٤٫٥٠: amounts here use"), "\(refused.stderr)")
        #expect(!shown.contains("\\u{") && !shown.unicodeScalars.contains("\u{200F}"), "\(shown)")
    }

    /// Egypt's pound is written "ج.م." under ar_EG: a sentence that ends in an amount (or in a note
    /// that ends its own sentence) ends with one full stop, not "ج.م..".
    @Test func aSentenceEndingInAnAmountWhoseSignEndsInAFullStopHasOneFullStop() throws {
        let dash = Self.evening()
        #expect(dash.run(["currency", "EGP"]).status == 0)
        let arabic = ["LC_ALL": "ar_EG.UTF-8"]
        let said = [
            dash.run(["shift", "earnings", "1", "60"], environment: arabic).stdout,
            dash.run(["delivery", "pay", "1", "12", "--shift", "1"], environment: arabic).stdout,
            dash.run(["delivery", "tip", "1", "3", "--cash", "--shift", "1"], environment: arabic).stderr,
            dash.run(["expense", "edit", "1", "--no-note"], environment: arabic).stdout,
            dash.run(["expense", "edit", "1", "--note", "Oil change."], environment: arabic).stdout,
        ]
        for sentence in said {
            #expect(sentence.contains("ج.م") || sentence.contains("Oil change"), "\(sentence)")
            #expect(!sentence.contains(".."), "\(sentence)")
        }
    }

    /// cli.md: "`period month [DATE]` … the calendar month holding DATE": a Gregorian month, named
    /// so under a locale whose own calendar is another (ar_SA's Hijri, th_TH's Buddhist years).
    @Test func monthsAndYearsAreTheGregorianCalendarsUnderEveryLocale() throws {
        let dash = Self.evening()
        let saudi = dash.run(["period", "month", "2026-11-24"], environment: ["LC_ALL": "ar_SA.UTF-8"]).stdout
        #expect(saudi.contains("نوفمبر"), "\(saudi)")
        let thai = dash.run(["period", "month", "2026-11-24"], environment: ["LC_ALL": "th_TH.UTF-8"]).stdout
        #expect(thai.contains("2026") && !thai.contains("2569"), "\(thai)")
    }

    @Test func theStoresCurrencyIsChosenAtCreationAndChangingItConvertsNothing() {
        let german = Binary()
        german.run(["shift", "start"], at: "2026-11-24 17:00:00", environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(german.run(["currency"]).stdout == "EUR\n")
        let dash = Self.evening()
        #expect(dash.run(["currency"]).stdout == "USD\n")
        let changed = dash.run(["currency", "eur"])
        #expect(changed.status == 0 && changed.stdout.contains("nothing was converted"))
        #expect(dash.run(["currency"]).stdout == "EUR\n")
        #expect(dash.run(["shift", "show", "1"]).stdout.contains("Earnings €60.00"))
        #expect(dash.run(["shift", "show", "1"], environment: ["LC_ALL": "de_DE.UTF-8"]).stdout.contains("60,00 €"))
    }

    @Test func aTimeWithNoDateIsTheLatestOneNotLaterThanNowInLocalTime() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-24 17:00:00")
        // Typed at 00:30, 21:40 is yesterday's; the time zone is the driver's, not UTC.
        let ended = dash.run(["shift", "end", "--at", "9:40 PM"], at: "2026-11-25 00:30:00")
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(
            (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["endedAt"] as? String == "2026-11-24T21:40:00Z")
        let york = Binary()
        york.environment["TZ"] = "America/New_York"
        york.run(["shift", "start"], at: "2026-11-24 17:00:00")
        york.run(["shift", "end", "--at", "2026-11-24 21:40"], at: "2026-11-24 23:00:00")
        #expect(
            (json(york.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["endedAt"] as? String == "2026-11-25T02:40:00Z")
    }

    /// New York's fall-back night, 1 November 2026 (01:00 to 01:59 twice, EDT then EST): a shift
    /// from 00:50, Delivery 1 accepted at 00:55 and arrived at pickup at `arrivedAt`, recorded at
    /// 02:10 EST.
    static func fallBackNight(arrivedAt: String) -> Binary {
        let york = Binary()
        york.environment["TZ"] = "America/New_York"
        york.run(["shift", "start"], at: "2026-11-01 00:50:00")
        york.run(["delivery", "accept"], at: "2026-11-01 00:55:00")
        york.run(["delivery", "arrive", "1", "--at", arrivedAt], at: "2026-11-01 02:10:00")
        return york
    }

    /// In the hour a fall-back night repeats, "1:45 AM" (EDT) comes before "1:40 AM" (EST): a
    /// refusal said a step at 1:45 AM could not come before one at 1:40 AM. Two times the clock
    /// read at different offsets are quoted with them.
    @Test func timesOfTheRepeatedHourAreQuotedWithTheirOffsets() {
        let york = Self.fallBackNight(arrivedAt: "2026-11-01 01:40-05:00")
        let early = york.run(["delivery", "pickup", "1", "--at", "2026-11-01 01:45-04:00"], at: "2026-11-01 02:10:00")
        #expect(
            early.stderr
                == "Error: Delivery 1's step at 1:45 AM UTC-4 on Sun, Nov 1 can't be recorded before its previous one, 1:40 AM UTC-5 on Sun, Nov 1; nothing was recorded.\n",
            "\(early.stderr)")
        let same = york.run(["delivery", "pickup", "1", "--at", "2026-11-01 01:40-04:00"], at: "2026-11-01 02:10:00")
        #expect(
            same.stderr.contains("at 1:40:00 AM UTC-4 on Sun, Nov 1 can't be recorded before its previous one, 1:40:00 AM UTC-5"),
            "\(same.stderr)")
    }

    /// money-and-time.md: a time with no date is "the most recent such time that is not later
    /// than now". Typed a minute ahead of the clock, it is yesterday's, and the refusal spoke of
    /// order only ("5:31 PM on Sun, Dec 6 can't be recorded before … 5:01 PM on Mon, Dec 7"),
    /// never of why it was yesterday's (an outside audit of a new driver's week).
    @Test func aTimeOfDayStillToComeIsSaidToHaveBeenReadAsYesterdays() {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-12-07 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-12-07 17:01:00")
        let ahead = dash.run(["delivery", "arrive", "1", "--at", "17:31"], at: "2026-12-07 17:30:00")
        #expect(ahead.status == 1, "\(ahead)")
        #expect(ahead.stderr.hasSuffix(" 5:31 PM today is still to come, so it was read as yesterday's.\n"), "\(ahead.stderr)")
        // Dated, or earlier today, it is refused as before, with nothing more.
        for at in ["2026-12-06 17:31", "16:59"] {
            let refused = dash.run(["delivery", "arrive", "1", "--at", at], at: "2026-12-07 17:30:00")
            #expect(refused.status == 1 && !refused.stderr.contains("yesterday's"), "\(refused.stderr)")
        }
        dash.run(["delivery", "cancel", "1"], at: "2026-12-07 17:35:00")
        let ended = dash.run(["shift", "end", "--at", "17:45"], at: "2026-12-07 17:40:00")
        #expect(ended.status == 1 && ended.stderr.contains("so it was read as yesterday's"), "\(ended.stderr)")
    }

    /// A pause and its resumption in the hour a fall-back night repeats are said with their
    /// offsets, as the running shift's header and the shift's log write them: "paused since
    /// 1:35 AM" could be either of two.
    @Test func aPauseInTheRepeatedHourIsSaidWithItsOffset() {
        let york = Binary()
        york.environment["TZ"] = "America/New_York"
        york.run(["shift", "start"], at: "2026-11-01 00:50:00")
        // The clock as seconds since 1970: a local time in the repeated hour names two moments.
        func at(_ seconds: Int, _ words: [String]) -> RunResult { york.run(words, at: "\(seconds)", environment: ["FAKETIME_FMT": "%s"]) }
        let paused = at(1_793_511_300, ["shift", "pause"])  // 05:35 UTC, 1:35 AM EDT
        #expect(paused.stdout.hasPrefix("The shift has been paused since 1:35 AM UTC-4;"), "\(paused.stdout)")
        let resumed = at(1_793_516_100, ["shift", "resume"])  // 06:55 UTC, 1:55 AM EST
        #expect(resumed.stdout == "The shift resumed at 1:55 AM UTC-5, after 1 h 20 min.\n", "\(resumed.stdout)")
        _ = at(1_793_518_200, ["shift", "pause"])  // 2:30 AM EST
        let later = at(1_793_518_800, ["shift", "resume"])
        #expect(later.stdout == "The shift resumed at 2:40 AM, after 10 min.\n", "\(later.stdout)")
    }

    /// A forgotten step typed with its date in the hour a fall-back night repeats: it was always
    /// the first of the two, so after a step at 1:20 AM EST, "2026-11-01 01:30" was refused as
    /// "1:30 AM … can't be recorded before its previous one, 1:20 AM". It is the more recent of
    /// the two not later than now, as a time typed without a date is.
    @Test func aDatedTimeInTheRepeatedHourIsTheMoreRecentOfTheTwo() throws {
        let york = Self.fallBackNight(arrivedAt: "2026-11-01 01:20-05:00")
        let pickup = york.run(["delivery", "pickup", "1", "--at", "2026-11-01 01:30"], at: "2026-11-01 02:10:00")
        #expect(pickup.status == 0, "\(pickup.stderr)")
        let shown = try #require(json(york.run(["shift", "show", "1", "--json"], at: "2026-11-01 02:10:00").stdout) as? [String: Any])
        let delivery = (shown["deliveries"] as? [[String: Any]])?.first
        #expect(delivery?["arrivedAtPickupAt"] as? String == "2026-11-01T06:20:00Z")
        #expect(delivery?["pickedUpAt"] as? String == "2026-11-01T06:30:00Z")
    }

    /// money-and-time.md: "Refusals quote times as the driver reads them". A step typed in the
    /// same minute as the one before it, but earlier, was refused as "at 5:30 PM … before its
    /// previous one, 5:30 PM": two times that read alike are quoted to the second.
    @Test func twoTimesOfOneMinuteAreQuotedToTheSecond() {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:30:20")
        let early = dash.run(["delivery", "arrive", "1", "--at", "17:30"], at: "2026-11-29 17:31:00")
        #expect(
            early.stderr
                == "Error: Delivery 1's step at 5:30:00 PM on Sun, Nov 29 can't be recorded before its previous one, 5:30:20 PM on Sun, Nov 29; nothing was recorded.\n",
            "\(early.stderr)")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:32:30")
        let end = dash.run(["shift", "end", "--at", "17:32"], at: "2026-11-29 17:35:00")
        #expect(
            end.stderr.contains("its last recorded activity, 5:32:30 PM on Sun, Nov 29 (the end given reads as 5:32:00 PM on Sun, Nov 29)"),
            "\(end.stderr)")
        // Times of different minutes are quoted to the minute, as before.
        let earlier = dash.run(["shift", "end", "--at", "17:20"], at: "2026-11-29 17:35:00")
        #expect(earlier.stderr.contains("5:32 PM on Sun, Nov 29 (the end given reads as 5:20 PM on Sun, Nov 29)"), "\(earlier.stderr)")
    }

    /// platform.md: "Dates say their year when it is not the current year, everywhere a driver
    /// reads one": a forgotten shift's refusal over New Year quotes last year's time with its year.
    @Test func aRefusalQuotesATimeOfAnotherYearWithItsYear() {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-12-31 20:00:00")
        dash.run(["delivery", "accept"], at: "2026-12-31 20:00:00")
        let early = dash.run(["delivery", "arrive", "1", "--at", "2026-12-31 10:00"], at: "2027-01-01 20:00:00")
        #expect(early.status == 1 && early.stderr.contains("8:00 PM on Thu, Dec 31, 2026"), "\(early.stderr)")
        dash.run(["delivery", "cancel", "1", "--at", "2026-12-31 21:00"], at: "2027-01-01 20:00:00")
        let end = dash.run(["shift", "end", "--at", "2026-12-31 20:30"], at: "2027-01-01 20:00:00")
        #expect(end.status == 1 && end.stderr.contains("9:00 PM on Thu, Dec 31, 2026"), "\(end.stderr)")
        // Ended at a time of another day, the shift says which day.
        let ended = dash.run(["shift", "end", "--at", "2026-12-31 21:00"], at: "2027-01-01 20:00:00")
        #expect(ended.stdout == "Shift 1 ended at 9:00 PM on Thu, Dec 31, 2026.\n", "\(ended.stdout)")
        dash.run(["shift", "start"], at: "2027-01-01 20:00:00")
        #expect(dash.run(["shift", "end"], at: "2027-01-01 21:00:00").stdout == "Shift 2 ended at 9:00 PM.\n")
    }

    @Test func noAmountEverAppearsOnAPlace() {
        let dash = Self.evening()
        dash.run(["pickup", "set", "1", "Nowhere Noodles", "--shift", "1"])
        for arguments in [["place", "show", "Nowhere Noodles"], ["place", "show", "Nowhere Noodles", "--json"], ["place", "list"]] {
            let out = dash.run(arguments).stdout
            #expect(!out.contains("$") && !out.contains("12.00") && !out.lowercased().contains("pay") && !out.contains("tip"), "\(out)")
        }
    }
}

extension MoneyCommandTests {
    @Test func afterTheShiftEndedACommandThatNamesAShiftSaysHowNotToStartAnother() {
        // cli.md: errors are "a sentence a driver can act on"; money-and-time.md: pay "may be set
        // ... on the running shift or a completed one". After `shift end`, `delivery pay` said
        // "Start one with `dashpilot shift start`", which would record nothing on this shift.
        let dash = Binary()
        // With no shift yet, starting one is the way on: no completed shift to name.
        #expect(
            dash.run(["delivery", "pay", "1", "5"], at: "2026-11-29 16:59:00").stderr.contains("Start one with `dashpilot shift start`."))
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:10:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:15:00")
        dash.run(["delivery", "deliver", "1"], at: "2026-11-29 17:20:00")
        #expect(dash.run(["shift", "end"], at: "2026-11-29 21:00:00").status == 0)
        let hint = "Error: No shift is running. For a completed shift, add --shift ID (`dashpilot shift list` gives the ids).\n"
        for arguments in [["delivery", "pay", "1", "5"], ["delivery", "tip", "1", "1", "--cash"], ["pickup", "clear", "1"]] {
            let refused = dash.run(arguments, at: "2026-11-29 21:50:00")
            #expect(refused.status == 1 && refused.stderr == hint, "\(arguments): \(refused.stderr)")
        }
        #expect(dash.run(["delivery", "pay", "1", "5", "--shift", "1"], at: "2026-11-29 21:51:00").status == 0)
        // A command that only ever acts on the running shift still says to start one.
        #expect(dash.run(["delivery", "accept"], at: "2026-11-29 21:52:00").stderr.contains("Start one with `dashpilot shift start`."))
    }
}

extension MoneyCommandTests {
    @Test func aStepRefusedAsBeforeItsPreviousOneSaysTheTimeAsItWasRead() {
        // money-and-time.md: "A time with no date is the most recent such time that is not later
        // than now"; 9:40 PM typed at 9:30 PM is yesterday's, and the refusal named only the
        // previous step's 9:12 PM, which a driver reads as earlier than 9:40 PM.
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 21:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 21:05:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-20 21:12:00")
        let refused = dash.run(["delivery", "pickup", "1", "--at", "9:40 PM"], at: "2026-11-20 21:30:00")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "Error: Delivery 1's step at 9:40 PM on Thu, Nov 19 can't be recorded before its previous one, 9:12 PM on Fri, Nov 20; nothing was recorded."
                + " A time typed with no date is the latest not later than now: 9:40 PM today is still to come, so it was read as yesterday's.\n",
            "\(refused.stderr)")
    }

    /// A sentence that ends in a day the locale writes with a full stop ("So. 29. Nov.") or in a
    /// name that ends in one has one full stop.
    @Test func aSentenceEndingInADayOrANameThatEndsInAFullStopHasOne() {
        let dash = Binary()
        defer { dash.remove() }
        let german = ["LC_ALL": "de_DE.UTF-8", "TZ": "Europe/Berlin"]
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00", environment: german)
        dash.run(["delivery", "accept"], at: "2026-11-29 17:05:00", environment: german)
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:05:00", environment: german)
        dash.run(["delivery", "cancel", "1"], at: "2026-11-29 17:10:00", environment: german)
        let ended = dash.run(["shift", "end", "--at", "21:40"], at: "2026-11-30 00:30:00", environment: german)
        #expect(ended.stdout == "Shift 1 ended at 21:40 on So. 29. Nov.\n", "\(ended.stdout)")
        #expect(dash.run(["place", "rename", "Example Diner", "Example Diner Co."]).stdout == "Renamed to Example Diner Co.\n")
        dash.run(["shift", "start"], at: "2026-11-30 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-30 17:05:00")
        dash.run(["pickup", "set", "1", "Nowhere Noodles Inc."], at: "2026-11-30 17:05:00")
        let merged = dash.run(["place", "merge", "Example Diner Co.", "Nowhere Noodles Inc.", "--yes"], at: "2026-11-30 17:06:00")
        #expect(merged.stdout == "Merged into Nowhere Noodles Inc.\n", "\(merged.stdout)")
    }

    /// cli.md: errors are "a sentence a driver can act on": an empty word is said as nothing, a
    /// tip given both ways is told so, `--recent` says its range for every number outside it, and
    /// clearing pay never recorded says there was none.
    @Test func usageErrorsAndAClearingOfNothingSayWhatWasGiven() {
        let dash = Self.evening()
        defer { dash.remove() }
        let empty = dash.run(["delivery", "pay", "1", "", "--shift", "1"])
        #expect(
            empty.status == 64 && empty.stderr.hasPrefix("Error: An amount is a decimal number such as 84.50; got nothing.\n"),
            "\(empty.stderr)")
        let both = dash.run(["delivery", "tip", "1", "2", "--cash", "--platform", "--shift", "1"])
        #expect(
            both.status == 64 && both.stderr.hasPrefix("Error: A tip came one way: give --cash or --platform, not both.\n"),
            "\(both.stderr)")
        for position in ["0", "6", "-1", "x"] {
            let recent = dash.run(["pickup", "set", "1", "--recent", position, "--shift", "1"])
            #expect(recent.status == 64 && recent.stderr.hasPrefix("Error: --recent takes 1 to 5; got \(position).\n"), "\(recent.stderr)")
        }
        // The same for a command, a subcommand or an option that names none because of a space.
        for (arguments, said) in [
            ([" shift"], "Unknown command \" shift\"."), (["shift", " list"], "shift has no subcommand \" list\"."),
            (["help", " shift"], "No command is called \" shift\"."), (["shift", "list", "--all "], "Unknown option \"--all \"."),
            ([""], "Unknown command \"\"."),
        ] {
            let refused = dash.run(arguments)
            #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: " + said + "\n"), "\(refused.stderr)")
        }
        // A space that refused the word is shown: quoted, never "got  1 .".
        let padded = dash.run(["shift", "show", " 1 "])
        #expect(
            padded.status == 64 && padded.stderr.hasPrefix("Error: ID must be a whole number from 1; got \" 1 \".\n"), "\(padded.stderr)")
        let stop = dash.run(["period", "week", "2026-11-27."])
        #expect(
            stop.status == 64 && stop.stderr.hasPrefix("Error: DATE must be a day such as 2026-11-27; got \"2026-11-27.\".\n"),
            "\(stop.stderr)")
        let cleared = dash.run(["delivery", "pay", "2", "--clear", "--shift", "1"])
        #expect(cleared.status == 0 && cleared.stdout == "Delivery 2 of shift 1 has no recorded pay to clear; nothing changed.\n")
        #expect(
            dash.run(["delivery", "pay", "1", "--clear", "--shift", "1"]).stdout == "Cleared the recorded pay of Delivery 1 of shift 1.\n")
        // Earnings cleared once are cleared; cleared again, there were none to clear (as for pay).
        #expect(dash.run(["shift", "earnings", "1", "--clear"]).stdout == "Cleared the earnings of shift 1.\n")
        #expect(dash.run(["shift", "earnings", "1", "--clear"]).stdout == "Shift 1 has no recorded earnings to clear; nothing changed.\n")
    }
}
