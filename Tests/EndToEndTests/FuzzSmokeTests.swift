import Foundation
import TestSupport
import Testing

/// A short libFuzzer run of each target in Tests/Fuzz over its seed corpus (`make fuzz` runs
/// them for minutes). Needs the fuzz build (`sh scripts/fuzz.sh build`, part of `make test`).
@Suite struct FuzzSmokeTests {
    static let directory = Rig.root + "/.build/fuzz/release"
    static var built: Bool {
        ["FuzzArguments", "FuzzDueDate", "FuzzVault", "FuzzStore", "FuzzPlist", "FuzzBackup", "FuzzICS"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: directory + "/" + $0)
        }
    }

    @Test(
        .enabled(if: built, "the fuzz targets are not built: sh scripts/fuzz.sh build"),
        arguments: [
            ("FuzzArguments", 50_000), ("FuzzDueDate", 30_000), ("FuzzVault", 10_000), ("FuzzStore", 2_000),
            ("FuzzPlist", 20_000), ("FuzzBackup", 20_000), ("FuzzICS", 20_000),
        ])
    func targetRunsWithoutCrash(target: String, runs: Int) async throws {
        let scratch = TemporaryDirectory("fuzz-smoke")
        mkdir(scratch.appending("corpus"), 0o700)
        let arguments = [
            "-runs=\(runs)", "-max_len=4096", "-timeout=20", "-artifact_prefix=\(scratch.path)/",
            scratch.appending("corpus"), Rig.root + "/Tests/Fuzz/corpus/" + target,
        ]
        let environment = ["TMPDIR": scratch.path, "PATH": "/usr/bin:/bin"]
        let result = try await BlockingWork.run {
            try CLIRunner.execute(Self.directory + "/" + target, arguments, environment: environment)
        }
        #expect(result.status == 0, "\(result.stderr.suffix(3000))")
        #expect(result.stderr.contains("Done \(runs) runs"), "\(result.stderr.suffix(500))")
    }
}
