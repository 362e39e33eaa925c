import Foundation
import Testing

@Suite("The command line: pickup places, rename and merge")
struct PlaceCommandTests {
    /// Another program's write to `dash`'s store, below every rule of DashPilot's.
    static func rewrite(_ dash: Binary, _ sql: String) throws {
        let raw = try RawStore(path: dash.storePath)
        raw.execute(sql)
        raw.close()
    }

    /// A store with a shift, four deliveries, and two places.
    static func twoPlaces() -> Binary {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        for minute in 1...4 { dash.run(["delivery", "accept"], at: "2026-11-29 17:0\(minute):00") }
        dash.run(["pickup", "set", "1", "Example Diner"], at: "2026-11-29 17:05:00")
        dash.run(["pickup", "set", "2", "example  diner"], at: "2026-11-29 17:05:00")
        dash.run(["pickup", "set", "3", "Nowhere Noodles"], at: "2026-11-29 17:05:00")
        dash.run(["delivery", "arrive", "1"], at: "2026-11-29 17:10:00")
        dash.run(["delivery", "pickup", "1"], at: "2026-11-29 17:17:00")
        dash.run(["delivery", "arrive", "2"], at: "2026-11-29 17:20:00")
        dash.run(["delivery", "pickup", "2"], at: "2026-11-29 17:22:00")
        return dash
    }

    @Test func pickupSetReusesByKeyAndTheFirstSpellingWins() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let places = try #require(json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(places.map { $0["name"] as? String } == ["Example Diner", "Nowhere Noodles"])
        #expect(places.map { $0["deliveries"] as? Int } == [2, 1])
        #expect(places[0]["firstNamedAt"] as? String == "2026-11-29T17:05:00Z")
    }

    /// platform.md: two rows with one key "should never exist"; the earliest-created is the one a
    /// typed name finds. `doctor` said "place merge does, when you ask", but every spelling finds
    /// the earlier row, so that merge was refused as a place merged into itself. What it says now
    /// works.
    @Test func doctorSaysAWayToMakeTwoPlacesWithOneKeyOneThatWorks() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        dash.run(["pickup", "set", "1", "Sample Sandwiches"], at: "2026-11-29 17:02:00")
        try Self.rewrite(
            dash,
            "INSERT INTO pickup_place (display_name, key, first_named_at) "
                + "SELECT 'SAMPLE SANDWICHES', key, first_named_at + 60 FROM pickup_place")
        let doctor = dash.run(["doctor"], at: "2026-11-29 17:03:00")
        #expect(doctor.status == 1)
        #expect(
            doctor.stdout.contains(
                "rename the earlier (dashpilot place rename), then merge the other into it by the name they shared (dashpilot place merge)"),
            "\(doctor.stdout)")
        #expect(dash.run(["place", "rename", "sample sandwiches", "Sample Sandwiches East"], at: "2026-11-29 17:04:00").status == 0)
        let merged = dash.run(["place", "merge", "Sample Sandwiches", "Sample Sandwiches East", "--yes"], at: "2026-11-29 17:05:00")
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(dash.run(["doctor"], at: "2026-11-29 17:06:00").status == 0)
    }

    /// platform.md: a version is never invented. A store whose record of its naming policy another
    /// tool removed was said to be keyed by "naming policy version 0".
    @Test func doctorSaysWhenTheStoreDoesNotRecordItsNamingPolicy() throws {
        let dash = Binary()
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        try Self.rewrite(dash, "DELETE FROM naming_policy")
        let doctor = dash.run(["doctor"], at: "2026-11-29 17:03:00")
        #expect(doctor.status == 1)
        #expect(
            doctor.stdout.contains("FAIL The store does not record which naming policy made its keys; today's is 1."), "\(doctor.stdout)")
    }

    /// money-and-time.md: doctor checks "the currency a real ISO 4217 code". `currency` printed
    /// "USD" for a store whose code another program made one that names no currency.
    @Test func currencySaysWhenTheStoresCodeIsNoCurrency() throws {
        let dash = Binary()
        dash.run(["currency", "EUR"], at: "2026-11-29 17:00:00")
        try Self.rewrite(dash, "UPDATE store_currency SET code = 'QQ9'")
        let said = dash.run(["currency"], at: "2026-11-29 17:01:00")
        #expect(said.status == 1 && said.stdout.isEmpty, "\(said.stdout)")
        #expect(said.stderr.hasPrefix("Error: The store's currency, QQ9, is not an ISO 4217 code"), "\(said.stderr)")
        // As doctor reads it: "eur" is no code either.
        try Self.rewrite(dash, "UPDATE store_currency SET code = 'eur'")
        #expect(dash.run(["currency"], at: "2026-11-29 17:01:30").stderr.contains("The store's currency, eur, is not"))
        #expect(dash.run(["doctor"], at: "2026-11-29 17:01:40").stdout.contains("FAIL The store's currency, eur"))
        #expect(dash.run(["currency", "GBP"], at: "2026-11-29 17:02:00").status == 0)
        #expect(dash.run(["currency"], at: "2026-11-29 17:03:00").stdout == "GBP\n")
    }

    @Test func pickupSetTakesAnUnquotedNameAndPrintsWhatItRecorded() {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(["pickup", "set", "4", "Sample", "Sandwiches"])
        #expect(result.status == 0)
        #expect(result.stdout == "Delivery 4 · Sample Sandwiches (a new pickup place)\n")
    }

    @Test func theRecentListAndTheRecentPath() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let recent = try #require(json(dash.run(["pickup", "recent", "--json"]).stdout) as? [[String: Any]])
        #expect(recent.map { $0["name"] as? String } == ["Nowhere Noodles", "Example Diner"])
        #expect(recent[0]["lastUsedAt"] as? String == "2026-11-29T17:03:00Z")
        #expect(dash.run(["pickup", "set", "4", "--recent", "2"]).stdout == "Delivery 4 · Example Diner\n")
        #expect(dash.run(["pickup", "set", "4", "--recent", "3"]).status == 1)
        #expect(dash.run(["pickup", "set", "4", "--recent", "6"]).status == 64)
        #expect(dash.run(["pickup", "recent"]).stdout.hasPrefix("1. Example Diner"))
    }

    @Test func theRecentPathOnAnEmptyRecentListIsRefusedInASentence() {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 17:00:00")
        dash.run(["delivery", "accept"], at: "2026-11-29 17:01:00")
        let result = dash.run(["pickup", "set", "1", "--recent", "1"], at: "2026-11-29 17:02:00")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: There are no recent pickup places yet; type the place's name instead.\n")
        #expect(dash.run(["shift", "show", "--json"]).stdout.contains("\"pickupPlace\": null"))
    }

    /// platform.md counts waits "in fixed buckets (… 20–30, 30 min and over)": a wait of 29 min
    /// 59 s sits in 20–30 min, so its row never reads "30 min", which only the next bucket holds.
    @Test func aWaitNeverReadsAsMoreThanItWasOrAsAnotherBucket() throws {
        let dash = Binary()
        defer { dash.remove() }
        dash.run(["shift", "start"], at: "2026-11-29 20:00:00")
        for minute in 1...3 { dash.run(["delivery", "accept"], at: "2026-11-29 20:0\(minute):00") }
        for number in 1...3 { dash.run(["pickup", "set", "\(number)", "Nowhere Noodles"], at: "2026-11-29 20:05:00") }
        for (number, arrived, picked) in [(1, "20:10:00", "20:39:59"), (2, "20:40:00", "21:10:00"), (3, "21:10:00", "21:29:30")] {
            dash.run(["delivery", "arrive", "\(number)"], at: "2026-11-29 \(arrived)")
            dash.run(["delivery", "pickup", "\(number)"], at: "2026-11-29 \(picked)")
        }
        let shown = dash.run(["place", "show", "Nowhere Noodles"], at: "2026-11-29 21:30:00").stdout
        #expect(shown.contains("Delivery 1 · waited 29 min\n"))
        #expect(shown.contains("Delivery 2 · waited 30 min\n"))
        #expect(shown.contains("Delivery 3 · waited 19 min\n"))
        #expect(shown.contains("Shortest 19 min · Longest 30 min"))
        let place = try #require(json(dash.run(["place", "show", "Nowhere Noodles", "--json"]).stdout) as? [String: Any])
        let buckets = try #require((place["waits"] as? [String: Any])?["distribution"] as? [[String: Any]])
        #expect(buckets.map { $0["count"] as? Int } == [0, 0, 0, 0, 1, 1, 1])
    }

    @Test func pickupClearRemovesThePlaceButKeepsItInTheCatalogue() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        #expect(dash.run(["pickup", "clear", "3"]).status == 0)
        let shift = try #require(json(dash.run(["shift", "show", "--json"]).stdout) as? [String: Any])
        #expect(((shift["deliveries"] as? [[String: Any]])?[2]["pickupPlace"]) is NSNull)
        #expect(dash.run(["place", "list"]).stdout.contains("Nowhere Noodles · 0 deliveries"))
        let recent = try #require(json(dash.run(["pickup", "recent", "--json"]).stdout) as? [[String: Any]])
        #expect(recent.map { $0["name"] as? String } == ["Example Diner"])
    }

    @Test func placeShowFindsAnySpellingAndGivesWaitsNewestFirst() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(["place", "show", "EXAMPLE DINER", "--json"])
        #expect(result.status == 0)
        let history = try #require(json(result.stdout) as? [String: Any])
        #expect(history["name"] as? String == "Example Diner")
        let waits = try #require(history["waits"] as? [String: Any])
        #expect(waits["count"] as? Int == 2)
        #expect(waits["median"] as? Double == 270)
        #expect(waits["shortest"] as? Int == 120)
        #expect(waits["longest"] as? Int == 420)
        let deliveries = try #require(history["deliveries"] as? [[String: Any]])
        #expect(deliveries.map { $0["number"] as? Int } == [2, 1])
        #expect(deliveries.map { $0["wait"] as? Int } == [120, 420])
        #expect(deliveries[0]["shift"] as? Int == 1)
        #expect(deliveries[0]["state"] as? String == "pickedUp")
        let text = dash.run(["place", "show", "example diner"]).stdout
        #expect(
            text.hasPrefix(
                "Example Diner\nTypical recorded wait 4 min 30 s · median of 2 recorded pickups\nShortest 2 min · Longest 7 min\n"))
        #expect(!text.contains("example diner"))
    }

    @Test func placeShowGivesTheBandsAndTheDistributionAndTheNewestDeliveries() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let history = try #require(json(dash.run(["--json", "place", "show", "Example Diner"]).stdout) as? [String: Any])
        let waits = try #require(history["waits"] as? [String: Any])
        let bands = try #require(waits["byTimeOfDay"] as? [[String: Any]])
        #expect(bands.map { $0["band"] as? String } == ["morning", "lunch", "afternoon", "dinner", "late"])
        #expect(bands.map { $0["from"] as? String } == ["05:00", "11:00", "14:00", "17:00", "21:00"])
        #expect(bands.map { $0["to"] as? String } == ["11:00", "14:00", "17:00", "21:00", "05:00"])
        #expect(bands.map { $0["count"] as? Int } == [0, 0, 0, 2, 0])
        // Two waits are too few to say: the band keeps its count and nulls the rest.
        #expect(bands[3]["median"] is NSNull && bands[3]["shortest"] is NSNull && bands[3]["longest"] is NSNull)
        let buckets = try #require(waits["distribution"] as? [[String: Any]])
        #expect(buckets.map { $0["from"] as? Int } == [0, 120, 300, 600, 900, 1200, 1800])
        #expect(buckets.last?["to"] is NSNull)
        #expect(buckets.map { $0["count"] as? Int } == [0, 1, 1, 0, 0, 0, 0])
        // JSON keeps every delivery unless told; --limit keeps the newest.
        #expect((history["deliveries"] as? [Any])?.count == 2)
        let limited = try #require(json(dash.run(["place", "show", "Example Diner", "--limit", "1", "--json"]).stdout) as? [String: Any])
        #expect((limited["deliveries"] as? [[String: Any]])?.map { $0["number"] as? Int } == [2])

        dash.environment["NO_COLOR"] = "1"
        let text = dash.run(["place", "show", "Example Diner", "--limit", "1"]).stdout
        #expect(text.contains("\n  Dinner              2   too few to say\n"))
        #expect(text.contains("\n  2–5 min          # 1\n") || text.contains("\n  2–5 min          #################### 1\n"))
        #expect(text.contains(" · Shift 1 · Delivery 2 · waited 2 min\nand 1 more (--all)\n"))
        #expect(!text.contains("▇"))
        #expect(dash.run(["place", "show", "Example Diner", "--limit", "1", "--all"]).status == 64)
    }

    /// screens.md: where the locale cannot show Unicode, "every other character the program writes
    /// itself (`·`, `–`, `…`)" is ASCII, and "the same screen models feed the plain output of the
    /// command line". Its bars were `#` while its `·` and `–` stayed UTF-8.
    @Test(arguments: [
        ["place", "show", "Example Diner"], ["place", "list"], ["shift", "list"], ["shift", "show", "1"], ["period", "list", "week"],
    ])
    func theCommandLinesTextIsASCIIWhereTheLocaleCannotShowUnicode(arguments: [String]) throws {
        let dash = Self.twoPlaces()
        dash.run(["shift", "end", "--at", "17:30"], at: "2026-11-29 18:00:00")
        let unicode = dash.run(arguments, at: "2026-11-29 18:00:00")
        #expect(unicode.status == 0)
        dash.environment["LANG"] = "C"
        let plain = dash.run(arguments, at: "2026-11-29 18:00:00")
        #expect(plain.status == 0)
        #expect(plain.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(plain.stdout)")
        #expect(plain.stdout.count >= unicode.stdout.count - 2)
    }

    @Test func theRunningShiftGivesEachDeliveryAwaitingPickupItsPlacesWait() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        dash.run(["pickup", "set", "4", "Example Diner"], at: "2026-11-29 17:25:00")
        let show = try #require(json(dash.run(["shift", "show", "--json"], at: "2026-11-29 17:30:00").stdout) as? [String: Any])
        let deliveries = try #require(show["deliveries"] as? [[String: Any]])
        // Picked up: no wait to show. Nowhere Noodles has no recorded wait: null.
        #expect(deliveries[0]["placeWait"] == nil && deliveries[1]["placeWait"] == nil)
        #expect(deliveries[2]["placeWait"] is NSNull)
        let wait = try #require(deliveries[3]["placeWait"] as? [String: Any])
        #expect(wait["count"] as? Int == 2 && wait["median"] as? Double == 270)
        #expect(wait["band"] as? String == "dinner" && wait["bandCount"] as? Int == 2 && wait["bandMedian"] is NSNull)
        let text = dash.run(["shift", "show"], at: "2026-11-29 17:30:00").stdout
        #expect(text.contains("Delivery 4 · Accepted\nExample Diner\nTypical recorded wait 4 min 30 s · median of 2\n"))
    }

    @Test func placeListMatchKeepsThePlacesWhoseKeyContainsTheTypedKey() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let matched = try #require(json(dash.run(["place", "list", "--match", "DINER", "--json"]).stdout) as? [[String: Any]])
        #expect(matched.map { $0["name"] as? String } == ["Example Diner"])
        #expect(dash.run(["place", "list", "--match", "o"]).stdout.split(separator: "\n").count == 1)
        let none = dash.run(["place", "list", "--match", "Absent"])
        #expect(none.status == 0 && none.stdout == "No place's name contains \"Absent\".\n")
    }

    @Test func aPlaceWithNoWaitsHasACountOfZeroAndNulls() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let waits = (json(dash.run(["place", "show", "Nowhere Noodles", "--json"]).stdout) as? [String: Any])?["waits"] as? [String: Any]
        #expect(waits?["count"] as? Int == 0)
        #expect(waits?["median"] is NSNull && waits?["shortest"] is NSNull && waits?["longest"] is NSNull)
    }

    @Test func anUnknownPlaceIsNotFound() {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(["place", "show", "Absent Alehouse"])
        #expect(
            result.status == 1
                && result.stderr
                    == "Error: No pickup place is called \"Absent Alehouse\". To list the places whose name contains \"Absent\": `dashpilot place list --match \"Absent\"`.\n"
        )
        // A name with a control character in it is shown escaped, as names always are.
        let escaped = dash.run(["place", "show", "Absent\u{1B}[31m"])
        #expect(escaped.status == 1 && !escaped.stderr.contains("\u{1B}"))
    }

    /// The suggestion is a command to paste: a word with `$(…)`, a backquote or a quote in it was
    /// put between double quotes as it was, and pasted, ran what it held or left a quote open.
    @Test(
        "The command suggested for a place not found is safe to paste",
        arguments: [
            ("$(date)Bar Grill", "'$(date)Bar'"), ("`id` Grill", "'`id`'"), ("Joe\"s Diner", "'Joe\"s'"),
            ("Joe's\\$x Diner", "'Joe'\\''s\\$x'"), ("Absent Alehouse", "\"Absent\""),
        ])
    func suggestionIsSafe(name: String, quoted: String) {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(["place", "show", name])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("`dashpilot place list --match \(quoted)`.\n"), "\(result.stderr)")
    }

    /// A word that reads as an option ("--store") was suggested as `--match "--store"`, which the
    /// command line reads as two options: pasted, it said "--match needs a value".
    @Test func theSuggestionForAWordLikeAnOptionIsGivenWithItsOption() {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(["place", "show", "--", "--store Grill"])
        #expect(result.stderr.hasSuffix("`dashpilot place list --match=\"--store\"`.\n"), "\(result.stderr)")
        let pasted = dash.run(["place", "list", "--match=--store"])
        #expect(pasted.status == 0, "\(pasted.stderr)")
    }

    /// platform.md refuses direction controls that reorder what follows (embeddings, overrides,
    /// isolates), and shows control characters escaped. The marks a right-to-left keyboard types
    /// (U+200F, U+200E, U+061C) are neither: kept, they were shown as "\u{200F}" everywhere.
    @Test func aDirectionMarkInANameIsShownAsTyped() {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let name = "\u{5E4}\u{5D9}\u{5E6}\u{5D4} \u{200F}\u{5E9}\u{5DE}\u{5E9}"
        let result = dash.run(["pickup", "set", "4", name])
        #expect(result.status == 0 && result.stdout.contains(name) && !result.stdout.contains("\\u{"), "\(result.stdout)")
        #expect(dash.run(["place", "list"]).stdout.contains(name))
    }

    @Test(
        "Names the policy refuses exit 1 with the policy's sentence",
        arguments: [
            ("   ", "empty"), ("\u{200B}", "nothing visible"), ("Bell\u{7}", "control character"), ("Noodle\u{202E}raB", "text-direction"),
            (String(repeating: "n", count: 121), "too long"),
        ])
    func refusedNames(name: String, words: String) {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(["pickup", "set", "4", name])
        #expect(result.status == 1)
        #expect(result.stderr.contains(words))
        #expect(!result.stderr.contains("\u{7}") && !result.stderr.contains("\u{202E}"))
    }

    @Test func invalidUTF8InANameIsRefusedNeverRepaired() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let result = dash.run(bytes: [Array("pickup".utf8), Array("set".utf8), Array("4".utf8), [0x4E, 0x6F, 0xC3, 0x28, 0x64]])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not valid UTF-8"))
        let places = try #require(json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(places.count == 2)
    }

    @Test func renameAndItsCollisionRefusal() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let collision = dash.run(["place", "rename", "Example Diner", "NOWHERE noodles"])
        #expect(collision.status == 1)
        #expect(collision.stderr.contains("Nowhere Noodles") && collision.stderr.contains("merging"))
        #expect(dash.run(["place", "rename", "example diner", "Example Eatery"]).stdout == "Renamed to Example Eatery.\n")
        #expect(dash.run(["place", "show", "Example Diner"]).status == 1)
        let history = try #require(json(dash.run(["place", "show", "example eatery", "--json"]).stdout) as? [String: Any])
        #expect((history["waits"] as? [String: Any])?["count"] as? Int == 2)
        #expect(history["firstNamedAt"] as? String == "2026-11-29T17:05:00Z")
        #expect(dash.run(["place", "rename", "Example Eatery", "EXAMPLE EATERY"]).status == 0)
        // Renamed to the spelling it has: nothing was renamed, so nothing says or logs one.
        let same = dash.run(["place", "rename", "example eatery", "EXAMPLE  EATERY"], environment: ["DASHPILOT_LOG": "1"])
        #expect(same.status == 0 && same.stdout == "EXAMPLE EATERY is already spelled that way; nothing was changed.\n", "\(same.stdout)")
        #expect(!same.stderr.contains("renamed"), "\(same.stderr)")
        #expect(dash.run(["place", "rename", "Absent Alehouse", "Anything"]).status == 1)
        #expect(dash.run(["place", "rename", "Example Eatery"]).status == 64)
    }

    @Test func mergeWithoutATerminalNeedsYes() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let refused = dash.run(["place", "merge", "Example Diner", "Nowhere Noodles"])
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        let merged = dash.run(["place", "merge", "Example Diner", "Nowhere Noodles", "--yes"])
        #expect(merged.status == 0 && merged.stdout == "Merged into Nowhere Noodles.\n")
        let places = try #require(json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(places.map { $0["name"] as? String } == ["Nowhere Noodles"])
        #expect(places[0]["deliveries"] as? Int == 3)
        let history = try #require(json(dash.run(["place", "show", "Nowhere Noodles", "--json"]).stdout) as? [String: Any])
        #expect((history["waits"] as? [String: Any])?["count"] as? Int == 2)
        #expect(dash.run(["place", "merge", "Nowhere Noodles", "nowhere noodles", "--yes"]).stderr.contains("into itself"))
        #expect(
            dash.run(["place", "merge", "Example Diner", "Nowhere Noodles", "--yes"]).stderr
                == "Error: No pickup place is called \"Example Diner\", so there is nothing to merge. To list the places whose name contains \"Example\": `dashpilot place list --match \"Example\"`.\n"
        )
        let intoNothing = dash.run(["place", "merge", "Nowhere Noodles", "Absent Alehouse", "--yes"])
        #expect(intoNothing.status == 1 && intoNothing.stderr.contains("is a rename"))
        // pickup-identity.txt: "is a rename, and is offered as one": the rename itself, ready to
        // paste (it named NAME NEW_NAME; from audit), the names as typed, quoted for the shell.
        #expect(
            intoNothing.stderr.hasSuffix("To give it that name: `dashpilot place rename \"Nowhere Noodles\" \"Absent Alehouse\"`.\n"),
            "\(intoNothing.stderr)")
        let quoted = dash.run(["place", "merge", "nowhere  noodles", "Joe's $pot", "--yes"])
        #expect(quoted.stderr.hasSuffix("`dashpilot place rename \"nowhere noodles\" 'Joe'\\''s $pot'`.\n"), "\(quoted.stderr)")
        #expect(dash.run(["place", "rename", "nowhere noodles", "Joe's $pot"]).status == 0)
    }

    @Test func mergeOnATerminalAsksTheDesignsQuestionAndMergesOnlyOnYes() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let question =
            "Merge \"Example Diner\" into \"Nowhere Noodles\"? All deliveries recorded under Example Diner will move to Nowhere Noodles, keeping their recorded times. Example Diner will then be removed. This cannot be undone."
        let declined = dash.onTerminal(["place", "merge", "Example Diner", "Nowhere Noodles"], input: "n\n")
        #expect(declined.stdout.contains(question))
        // cli.md: status 1, and "Standard error says which rule, in a sentence", beginning `Error: `.
        #expect(declined.stdout.contains("Error: Not confirmed; nothing was merged."))
        #expect(declined.status == 1)
        // Asked on the terminal even when standard output goes to a file: never into the file.
        let file = dash.folder + "/merge-output"
        let line = (dash.command() + ["place", "merge", "Example Diner", "Nowhere Noodles"]).map { "'" + $0 + "'" }.joined(separator: " ")
        let redirected = dash.spawn(
            ["/usr/bin/script", "-qec", line + " > '" + file + "'", "/dev/null"].map { Array($0.utf8) }, environment: dash.environment,
            stdin: "n\n")
        #expect(redirected.stdout.contains(question) && redirected.stdout.contains("Merge? [y/N]"))
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "")
        // Standard error to a file as well: the question is still asked on the terminal, where
        // it was written into the file and the command waited on a terminal that showed nothing.
        let errors = dash.folder + "/merge-errors"
        let both = dash.spawn(
            ["/usr/bin/script", "-qec", line + " > '" + file + "' 2> '" + errors + "'", "/dev/null"].map { Array($0.utf8) },
            environment: dash.environment, stdin: "n\n")
        #expect(both.stdout.contains("Merge? [y/N]"), "\(both.stdout)")
        #expect((try? String(contentsOfFile: errors, encoding: .utf8)) == "Error: Not confirmed; nothing was merged.\n")
        #expect((json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])?.count == 2)
        let accepted = dash.onTerminal(["place", "merge", "Example Diner", "Nowhere Noodles"], input: "y\n")
        #expect(accepted.stdout.contains(question))
        #expect(accepted.status == 0)
        #expect((json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])?.count == 1)
    }

    /// On a terminal 40 columns wide the question was one line the terminal broke wherever its
    /// edge fell ("recorded under Exam" / "ple Diner"); it is wrapped between words.
    @Test func aConfirmationIsWrappedBetweenWordsAtTheTerminalsWidth() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let line = (dash.command() + ["place", "merge", "Example Diner", "Nowhere Noodles"]).map { "'" + $0 + "'" }.joined(separator: " ")
        let asked = dash.spawn(
            ["/usr/bin/script", "-qec", "stty cols 40 rows 24; " + line, "/dev/null"].map { Array($0.utf8) }, environment: dash.environment,
            stdin: "n\n")
        let lines = asked.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(lines.contains("Merge \"Example Diner\" into \"Nowhere"), "\(asked.stdout)")
        #expect(lines.prefix { !$0.hasPrefix("Merge? [y/N]") }.allSatisfy { $0.count <= 40 }, "\(asked.stdout)")
        #expect(asked.stdout.contains("Example Diner will then be removed."), "\(asked.stdout)")
    }

    @Test func namesAnotherToolWroteAreNeverSentToTheTerminalAsControlSequences() throws {
        let dash = Self.twoPlaces()
        defer { dash.remove() }
        let sqlite = Binary().spawn(
            [
                Array("/usr/bin/sqlite3".utf8), Array(dash.storePath.utf8),
                Array(
                    "UPDATE pickup_place SET display_name = 'Evil' || char(27) || '[2J' || char(7) WHERE display_name = 'Nowhere Noodles'"
                        .utf8),
            ],
            environment: ["PATH": "/usr/bin:/bin"], stdin: nil)
        #expect(sqlite.status == 0)
        for arguments in [
            ["place", "list"], ["pickup", "recent"], ["shift", "show", "1"], ["place", "list", "--json"], ["shift", "show", "--json"],
        ] {
            let output = dash.run(arguments).stdout
            #expect(!output.contains("\u{1B}") && !output.contains("\u{7}"), "\(arguments)")
            #expect(output.contains("Evil"))
        }
    }

    @Test func theLogNamesEventsNeverPlaces() {
        let dash = Binary()
        defer { dash.remove() }
        let log = ["DASHPILOT_LOG": "1"]
        dash.run(["shift", "start"])
        dash.run(["delivery", "accept"])
        var stderr = dash.run(["pickup", "set", "1", "Zanzibar Quokka Grill"], environment: log).stderr
        stderr += dash.run(["pickup", "set", "1", "zanzibar quokka grill"], environment: log).stderr
        stderr += dash.run(["pickup", "set", "1", "Quillon Vexbridge"], environment: log).stderr
        stderr += dash.run(["place", "rename", "Quillon Vexbridge", "zanzibar quokka grill"], environment: log).stderr
        stderr += dash.run(["place", "merge", "Quillon Vexbridge", "Zanzibar Quokka Grill", "--yes"], environment: log).stderr
        stderr += dash.run(["pickup", "clear", "1"], environment: log).stderr
        stderr += dash.run(["place", "merge", "Quillon Vexbridge", "Zanzibar Quokka Grill", "--yes"], environment: log).stderr
        // A merge refused for want of confirmation is a refusal like any other (pickup-identity.txt).
        dash.run(["pickup", "set", "1", "Quillon Vexbridge"])
        let unconfirmed = dash.run(["place", "merge", "Quillon Vexbridge", "Zanzibar Quokka Grill"], environment: log)
        #expect(unconfirmed.status == 1 && unconfirmed.stderr.contains("dashpilot[pickup-place]: refused merge-not-confirmed\n"))
        stderr += unconfirmed.stderr
        let logLines = stderr.split(separator: "\n").filter { $0.hasPrefix("dashpilot[pickup-place]") }
        #expect(logLines.contains("dashpilot[pickup-place]: created"))
        #expect(logLines.contains("dashpilot[pickup-place]: reused"))
        #expect(logLines.contains("dashpilot[pickup-place]: merged"))
        #expect(logLines.contains("dashpilot[pickup-place]: refused rename-collision"))
        #expect(logLines.contains("dashpilot[pickup-place]: refused merge-source-missing"))
        for line in logLines {
            #expect(!line.lowercased().contains("zanzibar") && !line.lowercased().contains("vexbridge"))
        }
        #expect(dash.run(["pickup", "set", "1", "Zanzibar Quokka Grill"]).stderr.isEmpty)
        // A name the naming policy refuses: the rule, never the name.
        let refused = dash.run(["pickup", "set", "1", "Zanzibar\u{1}Grill"], environment: log)
        #expect(refused.status == 1 && refused.stderr.contains("dashpilot[pickup-place]: refused invalid-name-controlCharacter\n"))
        #expect(!refused.stderr.split(separator: "\n").contains { $0.hasPrefix("dashpilot[") && $0.lowercased().contains("zanzibar") })
        // An expense: that it was added, changed or removed, and its category; never its note.
        var expenses = dash.run(["expense", "add", "42.10", "fuel", "--note", "Quillon tank"], environment: log).stderr
        expenses += dash.run(["expense", "edit", "1", "--category", "supplies"], environment: log).stderr
        expenses += dash.run(["expense", "remove", "1", "--yes"], environment: log).stderr
        #expect(expenses == "dashpilot[expense]: added fuel\ndashpilot[expense]: changed supplies\ndashpilot[expense]: removed supplies\n")
    }

    @Test func twoProcessesNamingTheSameNewPlaceAtOnceMakeOnePlace() throws {
        for round in 0..<12 {
            let dash = Binary()
            defer { dash.remove() }
            dash.run(["shift", "start"])
            dash.run(["delivery", "accept"])
            dash.run(["delivery", "accept"])
            let name = "Round \(round) Rotisserie"
            let results = ResultBox()
            let threads = ["1", "2"].map { number in
                TestThread { results.append(dash.run(["pickup", "set", number, number == "1" ? name : name.uppercased()]).status) }
            }
            for thread in threads { thread.join() }
            #expect(results.values == [0, 0])
            let places = try #require(json(dash.run(["place", "list", "--json"]).stdout) as? [[String: Any]])
            #expect(places.count == 1)
            #expect(places.first?["deliveries"] as? Int == 2)
        }
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int32] = []
    var values: [Int32] { lock.withLock { stored } }
    func append(_ value: Int32) { lock.withLock { stored.append(value) } }
}
