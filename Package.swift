// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Checklists",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checklists", targets: ["checklists"]),
        .executable(name: "checklists-bench", targets: ["checklists-bench"]),
        .library(name: "ChecklistsKit", targets: ["ChecklistsKit"]),
    ],
    targets: [
        // MARK: - C system libraries (Debian packages)
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),

        // MARK: - Libraries
        .target(name: "Sodium", dependencies: ["CSodium"]),
        .target(name: "Arguments"),
        .target(name: "ChecklistsKit", dependencies: ["CSQLite", "Sodium"]),
        .target(name: "TestSupport", dependencies: ["ChecklistsKit", "Sodium"]),

        // MARK: - Executables
        .executableTarget(
            name: "checklists", dependencies: ["ChecklistsKit", "Arguments"]),
        .executableTarget(
            name: "checklists-bench", dependencies: ["ChecklistsKit"],
            path: "bench/checklists-bench"),

        // MARK: - Tests
        .testTarget(name: "SodiumTests", dependencies: ["Sodium"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "ChecklistsKitTests", dependencies: ["ChecklistsKit", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
