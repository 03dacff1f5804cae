import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the version from `VERSION`, the git commit and its date) before
/// every build, so that `checklists --version` and the man page name what was built — in a
/// fresh clone, with `swift build` alone, and without git (then the commit is "unknown").
@main struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
        let root = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Build info (version, commit)", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [root.appendingPathComponent("scripts/build-info.sh").path, root.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
