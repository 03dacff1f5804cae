// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Header search paths for GLib, GIO, libsecret and PAM, which CLazyLibs opens at run time
/// rather than linking (a systemLibrary with pkgConfig would link them into every binary).
let lazyLibraryHeaders: [String] = {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
    pkgConfig.arguments = ["--cflags-only-I", "gio-2.0", "gio-unix-2.0", "libsecret-1", "pam"]
    let pipe = Pipe()
    pkgConfig.standardOutput = pipe
    guard (try? pkgConfig.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    pkgConfig.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    .filter { $0.hasPrefix("-I") }
}()
let lazyLibraryCFlags: [CSetting] = [.unsafeFlags(lazyLibraryHeaders)]
let lazyLibrarySwiftFlags: [SwiftSetting] = [.unsafeFlags(lazyLibraryHeaders.flatMap { ["-Xcc", $0] })]

/// Release executables link with GNU ld and packed relative relocations (DT_RELR, glibc ≥ 2.36):
/// a position-independent static-stdlib binary carries ~75,000 relative relocations, whose
/// 1.8 MB table ld.so would otherwise read at every start. Measured on `checklists lists`: see
/// docs/BENCHMARKS.md ("Start-up").
let packedRelocations: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release))
]

/// The CLI links the C++ runtime (which Foundation's ICU needs) and GCC's unwinder statically
/// too: `link/` holds a linker script named `libstdc++.so` that stands for Debian's
/// `libstdc++.a`, found before the shared library by the toolchain's own `-lstdc++`, and
/// `-static-libgcc` takes libgcc_eh.a for libgcc_s.so.1. Each command then skips mapping two
/// libraries and ~1,700 symbol relocations at start (`LD_DEBUG=statistics`: 1,871 → 199;
/// `item add` 8.7 M → 6.8 M instructions; docs/BENCHMARKS.md, "Start-up").
let staticCxxRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-L", Context.packageDirectory + "/link", "-Xclang-linker", "-static-libgcc"], .when(configuration: .release))
]

/// SQLite, libsodium and ncurses are linked statically into release binaries (their Debian `.a`
/// archives), dynamically into debug and test builds. Each shared library costs every process
/// its mapping, relocation and a longer symbol search for every other lookup: these four took
/// ~2 ms of CPU off a 3 ms start (docs/BENCHMARKS.md, "Start-up"). libkeyutils (LGPL) stays
/// shared. The C modules therefore name no library themselves (no `link`, no `pkgConfig`).
func cLibrary(_ names: String...) -> [LinkerSetting] {
    let archives = names.flatMap { ["-Xlinker", "-l:lib\($0).a"] } + ["-Xlinker", "-lm"]
    return names.map { LinkerSetting.linkedLibrary($0, .when(configuration: .debug)) } + [
        .unsafeFlags(archives, .when(configuration: .release))
    ]
}

let package = Package(
    name: "Checklists",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checklists", targets: ["checklists"]),
        .executable(name: "checklists-bench", targets: ["checklists-bench"]),
        .executable(name: "checklists-gtk", targets: ["checklists-gtk"]),
        .library(name: "ChecklistsKit", targets: ["ChecklistsKit"]),
        .library(name: "LocalAuthentication", targets: ["LocalAuthentication"]),
        .library(name: "Keychain", targets: ["Keychain"]),
        .library(name: "ChecklistsApp", targets: ["ChecklistsApp"]),
    ],
    targets: [
        // MARK: - C system libraries (Debian packages)
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(
            name: "CGtk", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(
            name: "CAdw", pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]),
        .systemLibrary(
            name: "CKeyutils", pkgConfig: "libkeyutils",
            providers: [.apt(["libkeyutils-dev"])]),

        // MARK: - Libraries
        .target(name: "Sodium", dependencies: ["CSodium", "Localization"], linkerSettings: cLibrary("sodium")),
        .target(name: "PrivateFiles", dependencies: ["Localization"]),
        .target(name: "TerminalText"),
        // The user's external editor on a private, shredded temp file (notes, the secret).
        .target(name: "TextEditing", dependencies: ["PrivateFiles", "Localization"]),
        .target(name: "Localization", dependencies: ["CIntl"]),
        .target(name: "SQLiteKit", dependencies: ["CSQLite", "Localization"], linkerSettings: cLibrary("sqlite3")),
        .target(name: "Reminders", dependencies: ["SQLiteKit", "PrivateFiles", "Localization"]),
        .target(
            name: "ReminderAgent",
            dependencies: ["Reminders", "DBus", "CLinux", "PrivateFiles", "TerminalText", "Localization"]),
        .target(name: "Arguments", dependencies: ["Localization"]),
        // The CLI's command table (commands, options, help texts): the parser's specs, `--help`,
        // the man page and the shell completions are all made from it.
        .target(name: "CommandCatalogue", dependencies: ["Arguments", "ChecklistsKit", "Localization"]),
        // Bounded reads of standard input: `-` arguments, item lines, passcode lines (`--stdin`).
        .target(name: "InputReading", dependencies: ["Sodium", "Localization"]),
        // A small typed layer over GTK 4's C API (signals, casts, the main-queue bridge).
        .target(name: "GtkKit", dependencies: ["CGtk"]),
        // GLib, GIO, libsecret and PAM (Debian libglib2.0-dev, libsecret-1-dev, libpam0g-dev), opened
        // with dlopen on first use (Sources/CLazyLibs/include), so commands that never need them
        // do not load them.
        .target(name: "CLazyLibs", cSettings: lazyLibraryCFlags, linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "DBus", dependencies: ["CLazyLibs", "Localization"], swiftSettings: lazyLibrarySwiftFlags),
        .target(
            name: "LocalAuthentication",
            dependencies: ["Sodium", "PrivateFiles", "CKeyutils", "DBus", "CLazyLibs", "Localization"],
            swiftSettings: lazyLibrarySwiftFlags),
        .target(name: "Keychain", dependencies: ["LocalAuthentication", "Sodium", "PrivateFiles", "Localization"]),
        .target(name: "SessionKeyring", dependencies: ["CKeyutils", "ChecklistsKit", "Sodium"]),
        .target(
            name: "SecretServiceKeychain", dependencies: ["Keychain", "DBus", "CLazyLibs", "Localization"],
            swiftSettings: lazyLibrarySwiftFlags),
        // A shim that re-exports LocalAuthentication (which holds the live backends now).
        .target(name: "LinuxAuthentication", dependencies: ["LocalAuthentication"]),
        .target(
            name: "ChecklistsKit",
            dependencies: [
                "SQLiteKit", "Sodium", "PrivateFiles", "Keychain", "LocalAuthentication", "Reminders", "Localization",
            ]),
        .target(
            name: "ChecklistsApp",
            dependencies: [
                "ChecklistsKit", "DBus", "SQLiteKit", "CSQLite", "Keychain", "LocalAuthentication",
                "LinuxAuthentication", "SecretServiceKeychain", "SessionKeyring", "Reminders", "ReminderAgent", "Sodium",
                "PrivateFiles", "Localization", "Interchange",
            ],
            // Test hooks (AppSession+Configuration.swift) are compiled into debug builds only.
            swiftSettings: [.define("CHECKLISTS_TEST_HOOKS", .when(configuration: .debug))]),
        // Readers and writers of the iOS app's files, the JSON backup and iCalendar (no printing).
        // Windows time zone names through the system's ICU, opened with dlopen on first use.
        .target(name: "CWindowsZones", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "Interchange",
            dependencies: ["ChecklistsKit", "CWindowsZones", "PrivateFiles", "Localization", "TerminalText"]),
        .target(
            name: "TerminalUI",
            dependencies: [
                "CNcurses", "ChecklistsApp", "ChecklistsKit", "LocalAuthentication", "Localization", "TerminalText",
            ],
            linkerSettings: cLibrary("ncursesw", "tinfo")),
        .target(
            name: "TestSupport",
            dependencies: ["ChecklistsKit", "Sodium", "LocalAuthentication", "DBus", "PrivateFiles"]),

        // MARK: - Executables
        .executableTarget(
            name: "checklists",
            dependencies: [
                "ChecklistsApp", "ChecklistsKit", "Arguments", "LocalAuthentication", "LinuxAuthentication",
                "PrivateFiles", "Keychain", "SecretServiceKeychain", "SessionKeyring", "Reminders", "ReminderAgent",
                "TerminalText", "Localization", "Interchange", "TerminalUI", "TextEditing", "CommandCatalogue",
                "InputReading",
            ],
            linkerSettings: packedRelocations + staticCxxRuntime, plugins: ["BuildInfo"]),
        // Writes BuildInfo.swift (version, commit) before each build: scripts/build-info.sh.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // The desktop app (GTK 4 + libadwaita); the CLI never links GTK.
        .executableTarget(
            name: "checklists-gtk",
            dependencies: [
                "ChecklistsApp", "ChecklistsKit", "LocalAuthentication", "Keychain", "GtkKit", "CGtk", "CAdw",
                "Localization",
            ],
            linkerSettings: packedRelocations, plugins: ["BuildInfo"]),
        .executableTarget(
            name: "checklists-bench", dependencies: ["ChecklistsKit", "Keychain", "Sodium"],
            path: "bench/checklists-bench"),
        // The tutorial's screen as a program with no setup; SeedCompatibilityTests runs it.
        .executableTarget(name: "SeedSample", dependencies: ["LocalAuthentication"], path: "Tests/SeedSample"),

        // MARK: - Tests
        .testTarget(name: "SodiumTests", dependencies: ["Sodium"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "CommandCatalogueTests", dependencies: ["CommandCatalogue", "Arguments"]),
        .testTarget(name: "InputReadingTests", dependencies: ["InputReading"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),
        .testTarget(name: "TextEditingTests", dependencies: ["TextEditing", "TestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "ChecklistsApp", "ChecklistsKit", "LocalAuthentication", "Reminders", "TestSupport",
            ]),
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
            name: "InterchangeTests",
            dependencies: ["Interchange", "ChecklistsKit", "TestSupport", "PrivateFiles", "TerminalText"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "ChecklistsKit", "Keychain", "Sodium", "Reminders", "PrivateFiles"]),
        .testTarget(
            name: "SecretServiceKeychainTests", dependencies: ["SecretServiceKeychain", "Keychain", "TestSupport"]),
        .testTarget(name: "DesktopTests", dependencies: ["TestSupport"], exclude: ["scripts"]),
        .testTarget(
            name: "ChecklistsAppTests",
            dependencies: [
                "ChecklistsApp", "ChecklistsKit", "DBus", "SQLiteKit", "TestSupport", "LocalAuthentication", "Keychain",
                "Sodium", "Interchange",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Tests/Fuzz, `make fuzz`): only in the manifest when scripts/fuzz.sh builds
// them with `-sanitize=fuzzer,address` (libFuzzer supplies `main`, so a plain build cannot link them).
if Context.environment["CHECKLISTS_FUZZ"] == "1" {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzArguments", ["Arguments"]), ("FuzzDueDate", ["ChecklistsKit"]), ("FuzzVault", ["Keychain", "Sodium"]),
        ("FuzzStore", ["ChecklistsKit", "Sodium"]), ("FuzzPlist", ["Interchange"]), ("FuzzBackup", ["Interchange"]),
        ("FuzzICS", ["Interchange"]),
    ]
    // Only the libraries they need stay, so that one `swift build` builds the seven at once.
    var needed = Set<String>()
    var pending = fuzzTargets.flatMap(\.1)
    while let dependency = pending.popLast() {
        guard case .byNameItem(let name, _) = dependency, needed.insert(name).inserted else { continue }
        pending += package.targets.first { $0.name == name }?.dependencies ?? []
    }
    package.products = []
    package.targets.removeAll { !needed.contains($0.name) }
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: dependencies, path: "Tests/Fuzz/\(name)"))
    }
}
