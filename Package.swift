// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Checklists",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checklists", targets: ["checklists"]),
        .executable(name: "checklists-bench", targets: ["checklists-bench"]),
        .library(name: "ChecklistsKit", targets: ["ChecklistsKit"]),
        .library(name: "LocalAuthentication", targets: ["LocalAuthentication"]),
        .library(name: "Keychain", targets: ["Keychain"]),
        .library(name: "ChecklistsApp", targets: ["ChecklistsApp"]),
    ],
    targets: [
        // MARK: - C system libraries (Debian packages)
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "CGLib", pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev", "libglib2.0-dev"])]),
        .systemLibrary(
            name: "CPAM", pkgConfig: "pam",
            providers: [.apt(["libpam0g-dev"])]),
        .systemLibrary(
            name: "CNcurses", pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(
            name: "CKeyutils", pkgConfig: "libkeyutils",
            providers: [.apt(["libkeyutils-dev"])]),

        // MARK: - Libraries
        .target(name: "Sodium", dependencies: ["CSodium"]),
        .target(name: "PrivateFiles"),
        .target(name: "TerminalText"),
        .target(name: "Localization", dependencies: ["CIntl"]),
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        .target(name: "Reminders", dependencies: ["SQLiteKit", "PrivateFiles"]),
        .target(name: "ReminderAgent", dependencies: ["Reminders", "DBus", "CLinux", "PrivateFiles", "TerminalText"]),
        .target(name: "Arguments"),
        .target(name: "DBus", dependencies: ["CGLib"]),
        .target(name: "LocalAuthentication", dependencies: ["Sodium", "PrivateFiles", "CKeyutils", "DBus", "CPAM"]),
        .target(name: "Keychain", dependencies: ["LocalAuthentication", "Sodium", "PrivateFiles"]),
        .target(name: "SessionKeyring", dependencies: ["CKeyutils", "ChecklistsKit", "Sodium"]),
        .target(name: "SecretServiceKeychain", dependencies: ["Keychain", "DBus", "CGLib"]),
        // A shim that re-exports LocalAuthentication (which holds the live backends now).
        .target(name: "LinuxAuthentication", dependencies: ["LocalAuthentication"]),
        .target(
            name: "ChecklistsKit",
            dependencies: ["SQLiteKit", "Sodium", "PrivateFiles", "Keychain", "LocalAuthentication", "Reminders"]),
        .target(
            name: "ChecklistsApp",
            dependencies: [
                "ChecklistsKit", "DBus", "SQLiteKit", "CSQLite", "Keychain", "LocalAuthentication",
                "LinuxAuthentication", "SecretServiceKeychain", "SessionKeyring", "Reminders", "Sodium", "PrivateFiles",
            ],
            // Test hooks (AppSession+Configuration.swift) are compiled into debug builds only.
            swiftSettings: [.define("CHECKLISTS_TEST_HOOKS", .when(configuration: .debug))]),
        .target(
            name: "TerminalUI",
            dependencies: [
                "CNcurses", "ChecklistsApp", "ChecklistsKit", "LocalAuthentication", "Localization", "TerminalText",
            ]),
        .target(
            name: "TestSupport",
            dependencies: ["ChecklistsKit", "Sodium", "LocalAuthentication", "DBus", "PrivateFiles"]),

        // MARK: - Executables
        .executableTarget(
            name: "checklists",
            dependencies: [
                "ChecklistsApp", "ChecklistsKit", "Arguments", "LocalAuthentication", "LinuxAuthentication",
                "PrivateFiles", "Keychain", "SecretServiceKeychain", "SessionKeyring", "Reminders", "ReminderAgent",
                "TerminalText", "Localization", "TerminalUI",
            ]),
        .executableTarget(
            name: "checklists-bench", dependencies: ["ChecklistsKit", "Keychain", "Sodium"],
            path: "bench/checklists-bench"),
        // The tutorial's screen as a program with no setup; SeedCompatibilityTests runs it.
        .executableTarget(name: "SeedSample", dependencies: ["LocalAuthentication"], path: "Tests/SeedSample"),

        // MARK: - Tests
        .testTarget(name: "SodiumTests", dependencies: ["Sodium"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "ChecklistsApp", "ChecklistsKit", "LocalAuthentication", "TestSupport"]),
        .testTarget(
            name: "KeychainTests",
            dependencies: ["Keychain", "LocalAuthentication", "TestSupport", "Sodium", "ChecklistsKit"]),
        .testTarget(name: "RemindersTests", dependencies: ["Reminders", "TestSupport"]),
        .testTarget(name: "LocalAuthenticationTests", dependencies: ["LocalAuthentication", "TestSupport"]),
        .testTarget(
            name: "LinuxAuthenticationTests",
            dependencies: ["LinuxAuthentication", "LocalAuthentication", "TestSupport"]),
        .testTarget(
            name: "SeedCompatibilityTests", dependencies: ["LocalAuthentication", "TestSupport"]),
        .testTarget(
            name: "ChecklistsKitTests", dependencies: ["ChecklistsKit", "TestSupport", "PrivateFiles", "Reminders"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "ChecklistsKit", "Keychain", "Sodium", "Reminders", "PrivateFiles"]),
        .testTarget(
            name: "SecretServiceKeychainTests", dependencies: ["SecretServiceKeychain", "Keychain", "TestSupport"]),
        .testTarget(
            name: "ChecklistsAppTests",
            dependencies: [
                "ChecklistsApp", "ChecklistsKit", "DBus", "SQLiteKit", "TestSupport", "LocalAuthentication", "Keychain",
                "Sodium",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Tests/Fuzz, `make fuzz`): only in the manifest when scripts/fuzz.sh builds
// them with `-sanitize=fuzzer,address` (libFuzzer supplies `main`, so a plain build cannot link them).
if Context.environment["CHECKLISTS_FUZZ"] == "1" {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzArguments", ["Arguments"]), ("FuzzDueDate", ["ChecklistsKit"]), ("FuzzVault", ["Keychain", "Sodium"]),
        ("FuzzStore", ["ChecklistsKit", "Sodium"]),
    ]
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: dependencies, path: "Tests/Fuzz/\(name)"))
    }
}
