import DashPilotCore
import DashPilotScreens
import Foundation
import Testing

@Suite("The places screen and its filter")
struct PlacesScreenTests {
    static let format = ScreenFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

    static func catalogue(_ names: [String]) -> PlaceCatalogue {
        let places = names.enumerated().map { index, name in
            PlaceSummary(
                place: PickupPlace(id: Int64(index + 1), name: name, firstNamedAt: Date(timeIntervalSince1970: 1_795_971_720)),
                deliveryCount: index + 1)
        }
        // Alphabetical as the store lists them: by key.
        return PlaceCatalogue(
            places: places.sorted { PickupPlaceName.key(ofDisplay: $0.place.name) < PickupPlaceName.key(ofDisplay: $1.place.name) })
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
        #expect(screen.rows.map(\.name) == expected)
    }

    @Test func theScreenComparedWhole() {
        let catalogue = Self.catalogue(["Nowhere Noodles", "Nodle"])
        let screen = PlacesScreen(catalogue: catalogue, filter: "noo", format: Self.format)
        #expect(
            screen
                == PlacesScreen(
                    catalogue: catalogue, filter: "noo", format: Self.format))
        #expect(screen.title == "Places · 1 of 2 match \"noo\"")
        #expect(screen.filterLabel == "Filter")
        #expect(
            screen.rows == [
                .init(
                    placeID: 1, name: "Nowhere Noodles", detail: "first named Sun, Nov 29 · 1 delivery",
                    accessibilityLabel: "Nowhere Noodles, 1 delivery")
            ])
        #expect(screen.keys == [KeyHint("Enter", "open"), KeyHint("↑↓", "select"), KeyHint("type", "to filter"), KeyHint("Esc", "back")])
        let none = PlacesScreen(catalogue: catalogue, filter: "xyz", format: Self.format)
        #expect(none.rows.isEmpty && none.emptyMessage == "No place's name contains \"xyz\".")
        #expect(PlacesScreen(catalogue: Self.catalogue([]), filter: "", format: Self.format).emptyMessage == "No pickup places yet.")
        #expect(PlacesScreen(catalogue: catalogue, filter: "", format: Self.format).title == "Places · 2")
    }
}
