// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DashPilot",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "dashpilot", targets: ["dashpilot"]),
        .library(name: "DashPilotCore", targets: ["DashPilotCore"]),
        .library(name: "DashPilotStore", targets: ["DashPilotStore"]),
        .library(name: "DashPilotScreens", targets: ["DashPilotScreens"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "DashPilotCore"),
        .target(name: "DashPilotStore", dependencies: ["CSQLite", "DashPilotCore"]),
        .target(name: "DashPilotScreens", dependencies: ["DashPilotCore"]),
        .target(name: "DashPilotTerminal", dependencies: ["DashPilotCore", "DashPilotStore", "DashPilotScreens"]),
        .executableTarget(name: "dashpilot", dependencies: ["DashPilotTerminal"]),
        .executableTarget(name: "dashpilot-bench", dependencies: ["DashPilotCore", "DashPilotStore", "DashPilotTerminal"]),
        .executableTarget(name: "dashpilot-golden-keys", dependencies: ["DashPilotCore"]),
        .testTarget(name: "DashPilotCoreTests", dependencies: ["DashPilotCore"], exclude: ["Golden"]),
        .testTarget(name: "DashPilotStoreTests", dependencies: ["DashPilotStore", "DashPilotCore", "CSQLite"], exclude: ["Fixtures"]),
        .testTarget(name: "DashPilotScreensTests", dependencies: ["DashPilotScreens", "DashPilotStore", "DashPilotCore"]),
        .testTarget(
            name: "DashPilotTerminalTests",
            dependencies: ["DashPilotTerminal", "DashPilotStore", "DashPilotCore", "CSQLite", "dashpilot"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
