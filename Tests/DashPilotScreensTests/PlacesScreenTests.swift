import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

@Suite("The places screen and its filter")
struct PlacesScreenTests {
    static let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

    static func catalogue(_ names: [String]) -> PlaceCatalogue {
        let places = names.enumerated().map { index, name in
            PickupPlace(id: Int64(index + 1), name: name, firstNamedAt: Date(timeIntervalSince1970: 1_795_971_720))
        }
        // Alphabetical as the store lists them: by key.
        return PlaceCatalogue(places: places.sorted { PickupPlaceName.key(ofDisplay: $0.name) < PickupPlaceName.key(ofDisplay: $1.name) })
    }

    /// Place `id` named by `id` deliveries.
    static func counts(_ catalogue: PlaceCatalogue) -> [Int64: Int] {
        Dictionary(uniqueKeysWithValues: catalogue.places.map { ($0.id, Int($0.id)) })
    }

    static func screen(_ catalogue: PlaceCatalogue, filter: String) -> PlacesScreen {
        PlacesScreen(catalogue: catalogue, filter: filter, format: format, counts: counts(catalogue))
    }

    @Test(
        "The filter is the naming policy's key, a plain substring",
        arguments: [
            ("noo", ["NOODLE", "Nowhere Noodles"]), ("NOO", ["NOODLE", "Nowhere Noodles"]), ("macduff’s", ["MacDuff's Example"]),
            ("MACDUFF'S", ["MacDuff's Example"]), ("CAFÉ", ["Café Sample"]), ("cafe", [] as [String]),
            ("  noo  ", ["NOODLE", "Nowhere Noodles"]),
            ("", ["Café Sample", "MacDuff's Example", "Nodle", "NOODLE", "Nowhere Noodles"]),
        ])
    func filter(typed: String, expected: [String]) {
        let catalogue = Self.catalogue(["Nowhere Noodles", "Nodle", "NOODLE", "MacDuff's Example", "Café Sample"])
        let screen = PlacesScreen(catalogue: catalogue, filter: typed, format: Self.format)
        // The names are there before any place is counted.
        #expect(screen.rows.names == expected)
        #expect(Self.screen(catalogue, filter: typed).rows.map(\.name) == expected)
    }

    @Test func theScreenComparedWhole() {
        let catalogue = Self.catalogue(["Nowhere Noodles", "Nodle"])
        let screen = Self.screen(catalogue, filter: "noo")
        #expect(screen == Self.screen(catalogue, filter: "noo"))
        #expect(screen.title == "Places · 1 of 2 match \"noo\"")
        #expect(screen.filterLabel == "Filter")
        #expect(
            Array(screen.rows) == [
                .init(
                    placeID: 1, name: "Nowhere Noodles", detail: "first named Sun, Nov 29 · 1 delivery",
                    accessibilityLabel: "Nowhere Noodles, 1 delivery")
            ])
        #expect(
            screen.keys
                == [ScreenAction(.enter, "open", .open), .selecting, ScreenAction(.typing, "to filter", .filter), .goingBack]
                + ScreenAction.paging)
        #expect(ScreenAction.line(screen.keys) == "Enter open · ↑↓ select · type to filter · Esc back")
        let none = Self.screen(catalogue, filter: "xyz")
        #expect(none.rows.isEmpty && none.emptyMessage == "No place's name contains \"xyz\".")
        #expect(Self.screen(Self.catalogue([]), filter: "").emptyMessage == "No pickup places yet.")
        #expect(Self.screen(catalogue, filter: "").title == "Places · 2")
    }

    /// cli.md: typing on the places screen "filters it as `place list --match` does", and the
    /// merge list filters as the places screen does: a plain substring of the key's code points,
    /// whatever characters the names are written in.
    @Test func typingFiltersAsPlaceListMatchDoesWhateverTheNamesCharacters() throws {
        let fixture = try ScreenFixture()
        let store = fixture.store
        _ = try fixture.at("17:02") { try store.startShift() }
        _ = try fixture.at("17:10") { try store.acceptDelivery() }
        let names = [
            "Ex\u{301}ample Grill", "Cafe\u{301} Sample", "\u{130}stanbul Example", "Stra\u{DF}e Noodles", "\u{1C4}emal Diner",
            "Flag \u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA} Bar", "Nowhere Noodles", "a\u{200D}b Example",
        ]
        for name in names { _ = try store.setPickupPlace(fixture.name(name), delivery: 1, shiftID: nil) }
        let catalogue = PlaceCatalogue(places: try store.catalogue())
        let source = try #require(catalogue.places.first)
        let typed = [
            "x", "X", "e", "\u{301}", "e\u{301}", "caf", "i", "\u{307}", "ss", "STRASSE", "dz", "\u{1F1F7}\u{1F1E9}", "a", "b", "noo",
            "\u{200D}", "zz", "",
        ]
        for filter in typed {
            let expected = try store.places(matching: filter).map(\.place.name)
            #expect(catalogue.matching(filter).map(\.name) == expected, "\(filter.debugDescription)")
            #expect(PlacesScreen(catalogue: catalogue, filter: filter, format: Self.format).rows.names == expected)
            #expect(
                MergeListScreen(source: source, catalogue: catalogue, filter: filter).destinations.map(\.control.title)
                    == expected.filter { $0 != source.name })
        }
    }

    /// A screen that shows thirty of 2,000 places counts thirty places' deliveries: each row
    /// is read once its place is counted, and says what was counted.
    @Test func aRowIsReadOnceItsPlaceIsCountedAndSaysItsCount() {
        let catalogue = Self.catalogue(["Nowhere Noodles", "Nodle", "NOODLE", "MacDuff's Example", "Café Sample"])
        var screen = PlacesScreen(catalogue: catalogue, filter: "", format: Self.format)
        // Café Sample (5), MacDuff's Example (4), Nodle (2), NOODLE (3), Nowhere Noodles (1).
        #expect(screen.rows.uncounted(in: 0..<2) == [5, 4])
        #expect(screen.rows.uncounted(in: -3..<99) == [5, 4, 2, 3, 1])
        #expect(screen.rows.uncounted(in: 7..<9).isEmpty)
        #expect(!screen.rows.isCounted(0))
        screen.rows.count([4: 1, 2: 0, 99: 7])
        #expect(screen.rows.uncounted(in: 0..<5) == [5, 3, 1])
        #expect(!screen.rows.isCounted(0) && screen.rows.isCounted(1) && screen.rows.isCounted(2))
        #expect(screen.rows[1].detail == "first named Sun, Nov 29 · 1 delivery")
        #expect(screen.rows[2].accessibilityLabel == "Nodle, 0 deliveries")
        // Counts known before filtering carry into the filtered screen.
        let filtered = PlacesScreen(catalogue: catalogue, filter: "no", format: Self.format, counts: [2: 0, 3: 12, 1: 41])
        #expect(filtered.rows.uncounted(in: 0..<3).isEmpty)
        #expect(
            filtered.rows.map(\.accessibilityLabel) == ["Nodle, 0 deliveries", "NOODLE, 12 deliveries", "Nowhere Noodles, 41 deliveries"])
    }

    /// Two screens are equal when they show the same places with the same words: a count known
    /// in one and not the other differs, a count of a place neither shows does not.
    @Test func screensCompareTheRowsTheyCanRead() {
        let catalogue = Self.catalogue(["Nowhere Noodles", "Nodle"])
        let bare = PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format)
        #expect(bare == PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format, counts: [2: 8]))
        #expect(bare != PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format, counts: [1: 8]))
        #expect(
            PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format, counts: [1: 8])
                != PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format, counts: [1: 9]))
        let british = ScreenFormat(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(
            PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format, counts: [1: 8])
                != PlacesScreen(catalogue: catalogue, filter: "noo", format: british, counts: [1: 8]))
    }
}

@Suite("The Weeks screen's rows")
struct PeriodListScreenTests {
    @Test func aWeekIsSaidAsTheDesignSaysIt() {
        let format = ScreenFormat(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!)
        let usFormat = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let period = Period(.week, containing: LocalDate(parsing: "2026-11-25")!)
        let start = Date(timeIntervalSince1970: 1_795_478_400)  // Mon 23 Nov 2026 00:00 UTC
        var totals: [ShiftTotals] = []
        for index in 0..<5 {
            let begin = start.addingTimeInterval(Double(index) * 86_400)
            let shift = Shift(
                id: Int64(index + 1), startedAt: begin, endedAt: begin.addingTimeInterval(20_880),
                earnings: Money(cents: index == 0 ? 128_400 : 0))
            // Every shift's route measured (a shift with none would make the week's partial).
            let route: RecordedRoute = .measured(
                Mileage(metres: index == 0 ? 612.4 * Mileage.metresPerMile : 0, measuredSegments: 1, isPartial: false))
            totals.append(
                ShiftTotals(
                    shift: shift, delivered: index == 0 ? 96 : 0, cancelled: index == 0 ? 3 : 0, deliveries: 0, deliveryOpenSeconds: 3600,
                    route: route))
        }
        let figures = PeriodFigures(period: period, totals: totals, now: start)
        let row = PeriodListScreen(periods: [figures], kind: .week, format: usFormat).rows[0]
        #expect(row.label == "Nov 23 – 29")
        // Counts say what they count, as a shift's own figures do (screens.md, Weeks).
        #expect(row.totals == "5 shifts · 29 h · 96 delivered · 3 cancelled · 612.4 mi")
        #expect(row.earnings == "$1,284.00" && row.rate == "$44.28/h" && row.barValue == 4428)
        #expect(
            row.accessibilityLabel
                == "Week of November 23: 5 shifts, 29 hours, 96 delivered, 3 cancelled, 612.4 miles recorded, earned 1,284 dollars, 44.28 dollars an hour"
        )
        #expect(PeriodListScreen(periods: [figures], kind: .week, format: format).rows[0].label == "23 – 29 Nov")
        let unpaid = PeriodFigures(period: period.previous, totals: [], now: start)
        let empty = PeriodListScreen(periods: [unpaid], kind: .week, format: usFormat).rows[0]
        #expect(empty.earnings == "no earnings recorded" && empty.rate.isEmpty && empty.barValue == nil)
        // A week with no shift says so, once ("0 shifts · 0 s · 0 delivered · no route" before).
        #expect(empty.totals == "no shifts" && empty.accessibilityLabel == "Week of November 16: no shifts, no earnings recorded")
    }

    /// money-and-time.md: "every total says what it counted … never a sum presented as if every
    /// record had answered." A row's earnings of 1 of 2 shifts read, beside the week's 4 hours, as
    /// if both had earned them; its rate is over the shift with earnings.
    @Test func aPeriodRowSaysHowManyShiftsItsEarningsAreFrom() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let period = Period(.week, containing: LocalDate(parsing: "2026-11-25")!)
        let start = Date(timeIntervalSince1970: 1_795_478_400)
        let paid = Shift(id: 1, startedAt: start, endedAt: start.addingTimeInterval(7200), earnings: Money(cents: 8450))
        let unpaid = Shift(id: 2, startedAt: start.addingTimeInterval(86_400), endedAt: start.addingTimeInterval(93_600), earnings: nil)
        let totals = [paid, unpaid].map {
            ShiftTotals(shift: $0, delivered: 0, cancelled: 0, deliveries: 0, deliveryOpenSeconds: 0, route: .none)
        }
        let row = PeriodListScreen(periods: [PeriodFigures(period: period, totals: totals, now: start)], kind: .week, format: format).rows[
            0]
        #expect(row.totals == "2 shifts · 4 h · 0 delivered · no route")
        #expect(row.earnings == "$84.50 from 1 of 2 shifts" && row.rate == "$42.25/h", "\(row)")
        #expect(row.accessibilityLabel.hasSuffix("earned 84 dollars 50 cents from 1 of 2 shifts, 42.25 dollars an hour"), "\(row)")
    }

    /// platform.md, "Mileage is derived, and a floor": samples that do not pair up are a route
    /// with too few points to measure, not a route never recorded.
    @Test func aPeriodWhoseSamplesDoNotPairUpSaysTooFewPoints() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let period = Period(.week, containing: LocalDate(parsing: "2026-11-25")!)
        let start = Date(timeIntervalSince1970: 1_795_478_400)
        let shift = Shift(id: 1, startedAt: start, endedAt: start.addingTimeInterval(3600), earnings: Money(cents: 5000))
        let totals = [ShiftTotals(shift: shift, delivered: 8, cancelled: 1, deliveries: 9, deliveryOpenSeconds: 1800, route: .tooFewPoints)]
        let figures = PeriodFigures(period: period, totals: totals, now: start)
        let row = PeriodListScreen(periods: [figures], kind: .week, format: format).rows[0]
        #expect(row.totals == "1 shift · 1 h · 8 delivered · 1 cancelled · too few route points")
        #expect(row.accessibilityLabel.contains("8 delivered, 1 cancelled, too few route points to measure"))
        #expect(figures.rates.perMile == .unavailable(.tooFewRoutePoints))
        let screen = PeriodScreen(figures: figures, shifts: totals.map(\.summary), format: format)
        #expect(screen.workLine.contains("too few route points to measure") && !screen.workLine.contains("no route"))
        #expect(screen.earningsLine.contains("no rate per mile (the route has too few points to measure)"))
    }

    /// platform.md: a period's rates are "computed over the shifts that have earnings only", and
    /// "A rate that cannot be computed says why": the why is about those shifts, so it never
    /// contradicts the period's own totals.
    @Test func aPeriodsMissingRateSaysWhyOfItsShiftsWithEarnings() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let period = Period(.week, containing: LocalDate(parsing: "2026-11-25")!)
        let start = Date(timeIntervalSince1970: 1_795_478_400)
        let earned = Shift(id: 1, startedAt: start, endedAt: start.addingTimeInterval(3600), earnings: Money(cents: 5000))
        let unpaid = Shift(id: 2, startedAt: start.addingTimeInterval(7200), endedAt: start.addingTimeInterval(7320))
        let totals = [
            ShiftTotals(shift: earned, delivered: 0, cancelled: 0, deliveries: 0, deliveryOpenSeconds: 0, route: .none),
            ShiftTotals(shift: unpaid, delivered: 0, cancelled: 1, deliveries: 1, deliveryOpenSeconds: 60, route: .none),
        ]
        let figures = PeriodFigures(period: period, totals: totals, now: start)
        #expect(figures.deliveryOpenSeconds == 60 && figures.rates.perDeliveryHour == .unavailable(.noDeliveryTime))
        let screen = PeriodScreen(figures: figures, shifts: totals.map(\.summary), format: format)
        #expect(screen.earningsLine.contains("no rate per delivery hour (no delivery was open during its shifts with earnings)"))
        #expect(screen.earningsLine.contains("no rate per mile (no route was recorded on its shifts with earnings)"))
        // A shift with earnings paused for all of its time had no working time, not "no time".
        var paused = ShiftTotals(shift: earned, delivered: 0, cancelled: 0, deliveries: 0, deliveryOpenSeconds: 0, route: .none)
        paused.pausedSeconds = 3600
        let allPaused = PeriodFigures(period: period, totals: [paused], now: start)
        #expect(allPaused.rates.perShiftHour == .unavailable(.noWorkingTime))
        #expect(
            RateGap.noWorkingTime.sentence(ofPeriodWithShiftsWithoutEarnings: false) == "Its shifts were paused for all of their time")
        #expect(RateGap.noDeliveryTime.sentence(ofPeriodWithShiftsWithoutEarnings: false) == "No delivery was open during its shifts")
    }

    /// An opened week with no shift says so once, and why it has no rates.
    @Test func anEmptyPeriodSaysItHasNoShiftOnce() {
        let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let period = Period(.week, containing: LocalDate(parsing: "2026-11-25")!)
        let figures = PeriodFigures(period: period, totals: [], now: Date(timeIntervalSince1970: 1_795_478_400))
        let screen = PeriodScreen(figures: figures, shifts: [], format: format)
        let lines =
            [screen.title, screen.timeLine, screen.workLine, screen.earningsLine] + screen.moneyLines + [screen.netLine]
            + [screen.emptyMessage].compactMap { $0 }
        #expect(lines.filter { $0.contains("No shifts in this period") }.count == 1, "\(lines)")
        #expect(screen.earningsLine.contains("no rates"))
        // screens.md: a period's totals add "working and paused time", none paused or not.
        // In minutes, as a period's times are: "0 s" read as a glitch.
        #expect(screen.timeLine.contains("0 min working (0 min paused)"), "\(screen.timeLine)")
    }
}
