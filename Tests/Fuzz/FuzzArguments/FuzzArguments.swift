import Arguments

/// libFuzzer target: the command-line parser. The input is the argument words, separated by
/// NUL bytes, parsed with every option, flag and alias the CLI knows.
let spec = ArgumentSpec(
    options: [
        "--icon", "--name", "--due", "--text", "--title", "--body", "--policy", "--reason", "--reuse", "--method",
        "--idle",
    ],
    flags: ["--json", "--remind", "--no-remind", "--no-due", "--edit", "--help", "--stdin", "--version"],
    aliases: ["-h": "--help", "-j": "--json"]
).merging(ArgumentSpec(flags: ["--force"]))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let words = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    guard let parsed = try? parseArguments(words, spec: spec) else { return 0 }
    // Nothing is invented: every positional and value is one of the words (or part of one).
    precondition(parsed.positionals.count + parsed.values.count + parsed.flags.count <= words.count)
    _ = parsed.has("--json")
    _ = parsed["--due"]
    return 0
}
