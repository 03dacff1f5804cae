import Foundation

/// posix_spawn attributes for test children: an empty signal mask and default signal
/// handling (threads of the test runner block signals, and children would inherit that, so a
/// rig's daemons would ignore SIGTERM), plus optionally a new session.
final class SpawnAttributes {
    var attributes = posix_spawnattr_t()

    init(newSession: Bool = false) {
        posix_spawnattr_init(&attributes)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSIGDEF 0x04, POSIX_SPAWN_SETSIGMASK 0x08, POSIX_SPAWN_SETSID 0x80 (glibc):
        // the macros are not visible from Swift's Glibc module.
        posix_spawnattr_setflags(&attributes, Int16(0x04 | 0x08 | (newSession ? 0x80 : 0)))
    }

    deinit { posix_spawnattr_destroy(&attributes) }
}

/// The test process ignores SIGPIPE (set once, before the first child starts): a child that exits
/// without reading the standard input a test writes to it must fail that test with EPIPE, not
/// kill the whole test process (seen once: the end-to-end tests ended with status 141).
private let brokenPipesAreErrors: Void = { signal(SIGPIPE, SIG_IGN) }()

/// Starts `argv[0]` with `argv` and `environment`, the file actions given, a clean signal
/// state and optionally a new session. - Returns: The child's PID.
func spawnProcess(
    _ argv: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t, newSession: Bool = false
) throws -> pid_t {
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArguments.forEach { free($0) }
        cEnvironment.forEach { free($0) }
    }
    _ = brokenPipesAreErrors
    let attributes = SpawnAttributes(newSession: newSession)
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, argv[0], &actions, &attributes.attributes, cArguments, cEnvironment)
    guard rc == 0 else { throw RigError(name: argv[0], message: "posix_spawn: \(String(cString: strerror(rc)))") }
    return pid
}
