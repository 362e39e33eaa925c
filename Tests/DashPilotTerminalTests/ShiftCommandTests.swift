import Foundation
import Testing

@Suite("The command line: shifts, deliveries, route and earnings")
struct ShiftCommandTests {
    @Test func aWholeShiftRecordedAtFixedTimesPrintsTheContractsJSON() throws {
        let dash = Binary()
        defer { dash.remove() }
        #expect(dash.run(["shift", "start"], at: "2026-11-29 17:02:00").stdout == "1\n")
        #expect(dash.run(["delivery", "accept"], at: "2026-11-29 17:12:00").stdout == "1\n")
        dash.run(["route", "add", "40.0", "-75.0", "--accuracy", "5"], at: "2026-11-29 17:13:00")
        #expect(dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:19:00").status == 0)
        #expect(dash.run(["pickup", "set", "1", "Nowhere Noodles"], at: "2026-11-29 17:20:00").status == 0)
        dash.run(["route", "add", "40.01", "-75.0", "--accuracy", "5"], at: "2026-11-29 17:14:00")
        dash.run(["route", "add", "40.011", "-75.0", "--accuracy", "5"], at: "2026-11-29 17:14:30")
        #expect(dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:26:00").stdout == "Delivery 1 · Picked up\n")
        #expect(dash.run(["delivery", "deliver", "1"], at: "2026-11-29 17:41:00").status == 0)
        #expect(dash.run(["delivery", "accept"], at: "2026-11-29 17:45:00").stdout == "2\n")
        #expect(dash.run(["delivery", "cancel", "2"], at: "2026-11-29 17:50:00").status == 0)
        #expect(dash.run(["shift", "end"], at: "2026-11-29 21:40:00").status == 0)
        #expect(dash.run(["shift", "earnings", "1", "84.50"], at: "2026-11-29 21:41:00").status == 0)

        let show = dash.run(["shift", "show", "1", "--json"])
        #expect(show.status == 0)
        let object = try #require(json(show.stdout) as? [String: Any])
        #expect(object["id"] as? Int == 1)
        #expect(object["startedAt"] as? String == "2026-11-29T17:02:00Z")
        #expect(object["endedAt"] as? String == "2026-11-29T21:40:00Z")
        #expect(object["earnings"] as? String == "84.50")
        let rates = try #require(object["rates"] as? [String: Any])
        #expect(rates["perShiftHour"] as? String == "18.24")  // 84.50 over 4 h 38 min
        #expect(rates["perDeliveryHour"] as? String == "149.12")  // open 17:12-17:41 and 17:45-17:50: 34 min
        let miles = try #require(object["miles"] as? Double)
        #expect(abs(miles - 0.76) < 0.01)  // 0.01 and then 0.001 degrees of latitude north
        // 84.50 over the unrounded miles, in cents rounded half away from zero.
        let perMileCents = (8450 / miles).rounded(.toNearestOrAwayFromZero)
        #expect(rates["perMile"] as? String == "\(Int(perMileCents) / 100).\(String(format: "%02d", Int(perMileCents) % 100))")
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        #expect(deliveries.count == 2)
        #expect(deliveries[0]["number"] as? Int == 1)
        #expect(deliveries[0]["state"] as? String == "delivered")
        #expect(deliveries[0]["pickupPlace"] as? String == "Nowhere Noodles")
        #expect(deliveries[0]["acceptedAt"] as? String == "2026-11-29T17:12:00Z")
        #expect(deliveries[0]["arrivedAtPickupAt"] as? String == "2026-11-29T17:19:00Z")
        #expect(deliveries[0]["pickedUpAt"] as? String == "2026-11-29T17:26:00Z")
        #expect(deliveries[0]["deliveredAt"] as? String == "2026-11-29T17:41:00Z")
        #expect(deliveries[0]["cancelledAt"] is NSNull)
        #expect(deliveries[1]["state"] as? String == "cancelled")
        #expect(deliveries[1]["pickupPlace"] is NSNull)
        #expect(deliveries[1]["cancelledAt"] as? String == "2026-11-29T17:50:00Z")

        let list = try #require(json(dash.run(["shift", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list[0]["deliveries"] as? Int == 2)
        #expect(list[0]["startedAt"] as? String == "2026-11-29T17:02:00Z")

        let plain = dash.run(["shift", "show", "1"]).stdout
        #expect(
            plain.contains(
                "Delivery 1 · Delivered\nNowhere Noodles\nAccepted            5:12 PM\nArrived at pickup   5:19 PM\nPicked up           5:26 PM\nDelivered           5:41 PM"
            ))
        // screens.md's sketch: every delivery's times in one column (a cancelled delivery's were
        // aligned only to its own labels, 8 columns left of a delivered one's; from audit).
        #expect(plain.contains("Delivery 2 · Cancelled\nAccepted            5:45 PM\nCancelled           5:50 PM"), "\(plain)")
        #expect(plain.contains("Earnings $84.50 · $18.24 an hour"))
        #expect(!plain.contains("┃") && !plain.contains("\u{1B}"))
    }

    @Test func aShiftWithNoEarningsOrRouteHasNullRatesWithReasons() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:02:00")
        dash.run(["shift", "end"], at: "2026-11-29 18:02:00")
        let object = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(object["miles"] is NSNull)
        #expect(object["earnings"] is NSNull)
        let rates = try #require(object["rates"] as? [String: Any])
        #expect(rates["perShiftHour"] is NSNull && rates["perDeliveryHour"] is NSNull && rates["perMile"] is NSNull)
        let reasons = try #require(object["rateReasons"] as? [String: Any])
        #expect(reasons["perShiftHour"] as? String == "Add what this shift paid to see its rates")
        #expect(dash.run(["shift", "show", "1"]).stdout.contains("Add what this shift paid to see its rates"))
        #expect(!dash.run(["shift", "show", "1"]).stdout.contains("0.0 mi"))
    }

    /// screens.md: "After 12 hours a line under the header says: "Running for 14 h. If you forgot to
    /// end it, e ends it at its last activity."", and "the same screen models feed the plain output
    /// of the command line": `shift show` said nothing of it. It names the command that does what
    /// `e` does, and that command does it.
    @Test func shiftShowAfter12HoursSaysHowToEndTheShiftAtItsLastActivity() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-20 08:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-20 08:00:37")
        dash.run(["delivery", "cancel", "1"], at: "2026-11-20 08:10:37")
        #expect(!dash.run(["shift", "show"], at: "2026-11-20 19:59:59").stdout.contains("Running for"))
        let shown = dash.run(["shift", "show"], at: "2026-11-20 22:30:00").stdout.split(separator: "\n").map(String.init)
        let line =
            "Running for 14 h. If you forgot to end it, dashpilot shift end --at \"2026-11-20 08:10:37\" ends it at its last activity."
        #expect(shown.count > 1 && shown[1] == line, "\(shown)")
        #expect(dash.run(["shift", "end", "--at", "2026-11-20 08:10:37"], at: "2026-11-20 22:30:00").status == 0)
        let shift = try #require(json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(shift["endedAt"] as? String == "2026-11-20T08:10:37Z")
    }

    /// money-and-time.md: a forgotten shift with a delivery still open ends truthfully once the
    /// open delivery's missing step is recorded at its time. The line named `shift end --at` the
    /// accepting's time, which is refused while the delivery is open.
    @Test func shiftShowAfter12HoursWithADeliveryOpenSaysToRecordItsStepFirst() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-12-12 08:00:00")
        dash.run(["delivery", "accept"], at: "2026-12-12 08:10:00")
        let shown = dash.run(["shift", "show"], at: "2026-12-12 23:00:00").stdout.split(separator: "\n").map(String.init)
        let line =
            "Running for 15 h. If you forgot to end it, first record what became of Delivery 1 at the time it happened "
            + "(dashpilot arrive 1 --at TIME, then pickup and deliver likewise, or dashpilot cancel 1 --at TIME); "
            // It said "dashpilot shift end --at TIME ends it at its last activity": --at ends it at
            // TIME, and the last activity is known once the steps are recorded (an outside audit).
            + "then dashpilot shift show gives the command that ends it at its last activity."
        #expect(shown.count > 1 && shown[1] == line, "\(shown)")
        // The commands it names are the ones that are taken, in that order.
        for step in ["arrive", "pickup", "deliver"] {
            #expect(dash.run([step, "1", "--at", "08:20"], at: "2026-12-12 23:00:00").status == 0, "\(step)")
        }
        #expect(dash.run(["shift", "show"], at: "2026-12-12 23:00:01").stdout.contains("shift end --at \"2026-12-12 08:20:00\""))
        // Two open: each one's steps (it named only the first's).
        dash.run(["delivery", "accept"], at: "2026-12-12 23:01:00")
        dash.run(["delivery", "accept"], at: "2026-12-12 23:02:00")
        dash.run(["arrive", "2"], at: "2026-12-12 23:03:00")
        #expect(
            dash.run(["shift", "show"], at: "2026-12-12 23:05:00").stdout.contains(
                "(dashpilot pickup 2 --at TIME, then deliver likewise, or dashpilot cancel 2 --at TIME; "
                    + "dashpilot arrive 3 --at TIME, then pickup and deliver likewise, or dashpilot cancel 3 --at TIME)"))
    }

    /// In the hour a fall-back night repeats, the local time alone names the first of the two: the
    /// command shift show gives for the second says its offset (it was refused as before the last
    /// activity).
    @Test func theEndCommandShiftShowGivesInTheRepeatedHourSaysItsOffset() throws {
        let dash = Binary()
        dash.environment["TZ"] = "America/Chicago"
        // Times as seconds since 1970 (a local time of that night names two instants).
        dash.environment["FAKETIME_FMT"] = "%s"
        // 1 November 2026: at 07:00Z Chicago's clocks go back from 02:00 CDT to 01:00 CST.
        dash.run(["shift", "start"], at: "@1793469600")  // 2026-10-31 18:00Z
        dash.run(["delivery", "accept"], at: "@1793518537")  // 2026-11-01 07:35:37Z, 01:35:37 CST
        dash.run(["delivery", "cancel", "1"], at: "@1793518537")
        let shown = dash.run(["shift", "show"], at: "@1793534400").stdout  // 12:00Z
        #expect(shown.contains("shift end --at \"2026-11-01 01:35:37-06:00\""), "\(shown)")
        #expect(dash.run(["shift", "end", "--at", "2026-11-01 01:35:37-06:00"], at: "@1793534400").status == 0)
    }

    @Test func startAndAcceptPrintTheIdAndNumberAloneForScripts() {
        let dash = Binary()
        defer { dash.remove() }
        let start = dash.run(["shift", "start"])
        #expect(start.status == 0 && start.stdout == "1\n" && start.stderr.isEmpty)
        #expect(dash.run(["delivery", "accept"]).stdout == "1\n")
        #expect(dash.run(["delivery", "accept"]).stdout == "2\n")
    }

    @Test func refusalsExitOneWithASentenceOnStandardError() {
        let dash = Binary()
        defer { dash.remove() }
        let noShift = dash.run(["delivery", "accept"])
        #expect(noShift.status == 1)
        #expect(noShift.stderr.hasPrefix("Error: No shift is running"))
        dash.run(["shift", "start"])
        #expect(dash.run(["shift", "start"]).stderr == "Error: Shift 1 is already running; end it before starting another.\n")
        dash.run(["delivery", "accept"])
        let outOfOrder = dash.run(["delivery", "deliver", "1"])
        #expect(outOfOrder.status == 1)
        #expect(outOfOrder.stderr.contains("Delivery 1 is accepted"))
        let end = dash.run(["shift", "end"])
        #expect(end.status == 1 && end.stderr.contains("Delivery 1"))
        #expect(dash.run(["delivery", "arrive", "7"]).stderr == "Error: Shift 1 has no Delivery 7.\n")
        #expect(dash.run(["shift", "earnings", "1", "10"]).status == 1)
        #expect(dash.run(["shift", "show", "9"]).status == 1)
        #expect(dash.run(["shift", "delete", "1", "--yes"]).status == 1)
    }

    @Test func numbersAreNotReusedAfterADeleteOnTheCommandLine() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        dash.run(["delivery", "accept"])
        #expect(dash.run(["delivery", "delete", "2"]).status == 1)  // no terminal, no --yes
        #expect(dash.run(["delivery", "delete", "2", "--yes"]).status == 0)
        #expect(dash.run(["delivery", "accept"]).stdout == "3\n")
    }

    @Test func deletingAShiftNeedsConfirmationAndTakesItsDeliveries() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        dash.run(["pickup", "set", "1", "Example Diner"])
        dash.run(["delivery", "cancel", "1"])
        dash.run(["shift", "end"])
        let refused = dash.run(["shift", "delete", "1"])
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        #expect(dash.run(["shift", "delete", "1", "--yes"]).status == 0)
        #expect(dash.run(["shift", "list", "--json"]).stdout == "[]\n")
        let places = try #require(json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(places.first?["name"] as? String == "Example Diner")
        #expect(places.first?["deliveries"] as? Int == 0)
    }

    @Test func earningsAcceptDecimalAmountsRefuseNegativesAndClear() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 19:00:00")
        #expect(dash.run(["shift", "earnings", "1", "-5"]).status == 1)
        let malformed = dash.run(["shift", "earnings", "1", "12.345"])
        #expect(malformed.status == 64 && malformed.stderr.contains("Usage: dashpilot shift earnings"))
        #expect(dash.run(["shift", "earnings", "1", "0"]).status == 0)
        #expect((json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["earnings"] as? String == "0.00")
        #expect(dash.run(["shift", "earnings", "1", "--clear"]).status == 0)
        #expect((json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["earnings"] is NSNull)
    }

    @Test func shiftListIsNewestFirstAndLimited() throws {
        let dash = Binary()
        defer { dash.remove() }
        for hour in 10...14 {
            dash.run(["shift", "start"], at: "2026-11-2\(hour - 9) \(hour):00:00")
            dash.run(["shift", "end"], at: "2026-11-2\(hour - 9) \(hour):30:00")
        }
        let limited = try #require(json(dash.run(["shift", "list", "--limit", "2", "--json"]).stdout) as? [[String: Any]])
        #expect(limited.map { $0["id"] as? Int } == [5, 4])
        let all = try #require(json(dash.run(["shift", "list", "--all", "--json"]).stdout) as? [[String: Any]])
        #expect(all.count == 5)
        #expect(dash.run(["shift", "list", "--limit", "2", "--all"]).status == 64)
        #expect(dash.run(["shift", "list", "--limit", "0"]).status == 64)
    }

    @Test func routeAddTakesNegativeNumbersAsValuesAndRefusesBadSamples() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        #expect(dash.run(["route", "add", "-33.86", "151.2"], at: "2026-11-29 17:01:00").status == 0)
        #expect(dash.run(["route", "add", "--", "-33.87", "151.2"], at: "2026-11-29 17:02:00").status == 0)
        let zero = dash.run(["route", "add", "0", "0"], at: "2026-11-29 17:03:00")
        #expect(zero.status == 1 && zero.stderr.contains("not a position"))
        #expect(dash.run(["route", "add", "-33.86", "151.2", "--accuracy", "150"], at: "2026-11-29 17:04:00").status == 1)
        #expect(dash.run(["route", "add", "north", "151.2"]).status == 64)
        #expect(dash.run(["route", "add", "-33.86"]).status == 64)
        #expect(dash.run(["route", "add", "0x1p3", "151.2"]).status == 64)
        #expect(dash.run(["route", "add", "0x1p99999", "151.2"]).status == 64)
        // platform.md: a sample is refused when "its coordinates are not a position (not finite,
        // …)", and cli.md: a sample the checks refuse exits 1 with the reason. "nan" was a usage
        // error (64), as if it were no number at all.
        for (latitude, accuracy) in [("nan", "5"), ("inf", "5"), ("1e999", "5"), ("-33.88", "nan")] {
            let refused = dash.run(["route", "add", latitude, "151.2", "--accuracy", accuracy], at: "2026-11-29 17:05:00")
            #expect(refused.status == 1 && refused.stderr.hasPrefix("Error: "), "\(latitude) \(accuracy): \(refused)")
        }
        let notFinite = dash.run(["route", "add", "nan", "151.2"], at: "2026-11-29 17:05:00")
        #expect(notFinite.stderr.contains("not a position"), "\(notFinite)")
        #expect(dash.run(["route", "add", "-3.39e1", "151.2"], at: "2026-11-29 17:06:00").status == 0)
    }

    @Test func routeImportKeepsAndSkipsByReasonAndAMalformedFileImportsNothing() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["shift", "end"], at: "2026-11-29 18:00:00")
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="invented" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="40.0" lon="-75.0"><time>2026-11-29T16:59:00Z</time></trkpt>
            <trkpt lat="40.0" lon="-75.0"><time>2026-11-29T17:10:00Z</time></trkpt>
            <trkpt lat="40.001" lon="-75.0"><time>2026-11-29T17:10:30Z</time></trkpt>
            <trkpt lat="40.001" lon="-75.0"><time>2026-11-29T17:10:40Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let file = dash.folder + "/ride.gpx"
        try gpx.write(toFile: file, atomically: false, encoding: .utf8)
        let imported = dash.run(["route", "import", file, "--json"])
        #expect(imported.status == 0)
        let report = try #require((json(imported.stdout) as? [[String: Any]])?.first)
        #expect(report["kept"] as? Int == 2)
        #expect((report["skipped"] as? [String: Int]) == ["outsideEveryShift": 1, "tooCloseToLast": 1])

        let broken = dash.folder + "/broken.gpx"
        try
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"40.002\" lon=\"-75\"><time>2026-11-29T17:20:00Z</time></trkpt>\n<trkpt lat=\"oops\" lon=\"-75\">\n</trkseg></trk></gpx>"
            .write(
                toFile: broken, atomically: false, encoding: .utf8)
        let refused = dash.run(["route", "import", broken])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 4"))  // the unclosed <trkpt>: a lat that is not a number only skips its point
        let miles = (json(dash.run(["shift", "show", "1", "--json"]).stdout) as? [String: Any])?["miles"] as? Double
        #expect(miles.map { abs($0 - 0.0691) < 0.001 } == true)
        #expect(dash.run(["route", "import", dash.folder + "/missing.gpx"]).status == 1)
    }
}

extension ShiftCommandTests {
    /// platform.md: dates are written so that history "never shows two rows that read alike". In
    /// a shift of more than a day, two deliveries' steps at the same clock time of two days read
    /// "Accepted 10:00 AM" both; a step a day or more after the start says its day, as the
    /// shift's end does (from audit).
    @Test func aStepADayAfterItsShiftStartedSaysItsDay() throws {
        let dash = Binary()
        defer { dash.remove() }
        for (command, time) in [
            (["shift", "start"], "2026-05-01 09:00:00"), (["delivery", "accept"], "2026-05-01 10:00:00"),
            (["delivery", "cancel", "1"], "2026-05-01 10:05:00"), (["delivery", "accept"], "2026-05-02 10:00:00"),
            (["delivery", "cancel", "2"], "2026-05-02 10:05:00"), (["shift", "end"], "2026-05-02 11:00:00"),
        ] {
            #expect(dash.run(command, at: time).status == 0, "\(command)")
        }
        let shown = dash.run(["shift", "show", "1"], at: "2026-05-02 11:00:00").stdout
        #expect(
            shown.hasSuffix(
                """
                Delivery 1 · Cancelled
                Accepted    10:00 AM
                Cancelled   10:05 AM

                Delivery 2 · Cancelled
                Accepted    Sat, May 2, 10:00 AM
                Cancelled   Sat, May 2, 10:05 AM

                """), "\(shown)")
    }
}

extension ShiftCommandTests {
    /// platform.md: "a shift with no measurable route shows no mileage, never '0.0 mi'"; cli.md:
    /// "`miles` is `null` when the route is not measurable". An older store kept two samples at
    /// one spot (before the 5 m check): its shift read "0.0 mi recorded", `miles` 0, and "No
    /// route was recorded" beside its week's "too few points to measure" (from audit).
    @Test func aRouteOfSamplesAtOneSpotShowsNoMileage() throws {
        let dash = Binary()
        defer { dash.remove() }
        let old = try KeepingCommandTests.versionSeven(
            dash, "INSERT INTO shift (started_at, ended_at, earnings_cents) VALUES (1795971720, 1795988400, 5000)",
            "INSERT INTO route_sample VALUES (1, 1795971800, 407128000, -740060000, 50, NULL)",
            "INSERT INTO route_sample VALUES (1, 1795971810, 407128000, -740060000, 50, NULL)")
        #expect(dash.run(["--store", old, "route", "rebuild"]).status == 0)
        let shown = dash.run(["--store", old, "shift", "show", "1"])
        #expect(shown.status == 0 && !shown.stdout.contains("0.0 mi"), "\(shown.stdout)")
        #expect(shown.stdout.contains("too few points to measure"), "\(shown.stdout)")
        let json = try #require(json(dash.run(["--store", old, "shift", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(json["miles"] is NSNull, "\(json)")
        let reasons = json["rateReasons"] as? [String: Any]
        #expect(reasons?["perMile"] as? String == "The route has too few points to measure", "\(String(describing: reasons))")
        for command in [["shift", "list"], ["period", "week", "2026-11-30"]] {
            let listed = dash.run(["--store", old] + command)
            #expect(listed.status == 0 && !listed.stdout.contains("0.0 mi"), "\(command): \(listed.stdout)")
        }
        #expect(dash.run(["--store", old, "doctor"]).status == 0)
    }
}
