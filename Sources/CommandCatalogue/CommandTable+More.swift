import Arguments
import ChecklistsKit
import Localization

extension CommandTable {
    static var authentication: [CommandHelp] {
        let key = Operand("KEY")
        return [
            CommandHelp(
                ["auth", "status"], summary: tr("Show how you can authenticate on this machine and what to do next.")),
            CommandHelp(
                ["auth", "test"],
                options: [
                    OptionHelp(
                        "--policy", "biometrics|owner", .words(["biometrics", "owner"]),
                        help: tr("owner (default): fingerprint with password fallback; biometrics: fingerprint only.")),
                    OptionHelp("--reason", "TEXT", help: tr("The reason shown in the prompt.")),
                    OptionHelp(
                        "--reuse", "SECONDS",
                        help: tr("Accept a success from this terminal session within SECONDS (at most 300).")),
                ],
                rules: [
                    // Apple's policy names are accepted too.
                    OptionRule(
                        .oneOf(
                            "--policy",
                            [
                                "owner", "deviceOwnerAuthentication", "biometrics",
                                "deviceOwnerAuthenticationWithBiometrics",
                            ]),
                        message: tr("--policy must be biometrics or owner")),
                    OptionRule(.nonNegative("--reuse"), message: tr("--reuse needs a number of seconds")),
                ],
                summary: tr("Run one authentication and print the outcome and the LAError code.")),
            CommandHelp(
                ["passcode", "set"], options: [stdin],
                summary: tr("Choose an app passcode; it is then asked instead of your account password."),
                details: [tr("Asks twice on the terminal.")]),
            CommandHelp(
                ["passcode", "change"], options: [stdin],
                summary: tr("Change the app passcode (asks for the current one first).")),
            CommandHelp(
                ["passcode", "remove"], options: [stdin],
                summary: tr("Remove the app passcode (asks for it first); your account password applies again.")),
            CommandHelp(["keychain", "status"], summary: tr("Show which keychain holds your secrets, and why.")),
            CommandHelp(["keychain", "keys"], summary: tr("List the names of Checklists' keychain items.")),
            CommandHelp(["keychain", "get"], [key], summary: tr("Print a keychain item's value.")),
            CommandHelp(
                ["keychain", "set"], [key],
                summary: tr("Store standard input (one trailing newline dropped) under KEY."),
                details: [tr("The value is read from standard input, never from the command line.")]),
            CommandHelp(["keychain", "remove"], [key], summary: tr("Remove a keychain item.")),
            CommandHelp(
                ["keychain", "use"], [Operand("auto|secret-service|file", .words(["auto", "secret-service", "file"]))],
                summary: tr("Move Checklists' keychain items to another backend and remember the choice.")),
            CommandHelp(
                ["lock", "status"],
                summary: tr("Show whether the app lock is on, how it unlocks, and whether this session is unlocked.")),
            CommandHelp(
                ["lock", "enable"],
                options: [
                    OptionHelp(
                        "--method", "fingerprint|password|passcode", .words(["fingerprint", "password", "passcode"]),
                        help: tr("Default: fingerprint when a finger is enrolled, else your account password.")),
                    stdin,
                ],
                rules: [
                    OptionRule(
                        .oneOf("--method", ["fingerprint", "password", "passcode"]),
                        message: tr("--method must be fingerprint, password or passcode"))
                ],
                summary: tr("Turn the app lock on (after you authenticate with the chosen method)."),
                details: [
                    tr("passcode asks you to choose one if none is set."),
                    tr("With --stdin no finger is asked for: the default is password, and fingerprint is refused."),
                ]),
            CommandHelp(
                ["lock", "disable"], options: [stdin], summary: tr("Turn the app lock off (after you authenticate).")),
            CommandHelp(["lock", "now"], summary: tr("Lock at once: the next command asks again.")),
            CommandHelp(
                ["lock", "set"],
                options: [
                    OptionHelp("--reuse", "SECONDS", help: tr("How long an unlock lasts, 0 to 300 seconds.")),
                    OptionHelp("--idle", "MINUTES", help: tr("The terminal UI's idle timeout, 1 to 1440 minutes.")),
                    stdin,
                ],
                rules: [
                    OptionRule(
                        .anyOf(["--reuse", "--idle"]), message: tr("nothing to change: give --reuse or --idle")),
                    OptionRule(
                        .integer("--reuse", LockSettings.reuseRange), message: tr("--reuse must be 0 to 300 seconds")),
                    OptionRule(
                        .integer("--idle", LockSettings.idleRange), message: tr("--idle must be 1 to 1440 minutes")),
                ],
                summary: tr("Change how long an unlock lasts (≤ 300 s) and the terminal UI's idle timeout.")),
        ]
    }

    static var meta: [CommandHelp] {
        [
            CommandHelp(
                ["help"], [Operand("COMMAND", .command, optional: true, variadic: true)],
                options: [OptionHelp(flag: "--man", help: tr("Print the manual page checklists(1) in roff."))],
                summary: tr("Show help for a command, or the manual page.")),
            CommandHelp(
                ["completion"], [Operand("bash|zsh|fish", .words(Shell.allCases.map(\.rawValue)))],
                summary: tr("Print the shell completion script for bash, zsh or fish."),
                details: [tr("Try it with: source <(checklists completion bash)")]),
            CommandHelp(
                [completionCommand], [Operand("WORD", variadic: true)],
                summary: "Completion candidates for the shell scripts; never prompts.", hidden: true),
        ]
    }

    static var sections: [HelpTable.Section] {
        [
            HelpTable.Section(
                tr("Exit status"),
                terms: [
                    ("0", tr("Success.")),
                    ("1", tr("Not found or refused (also a failed or cancelled authentication).")),
                    ("2", tr("Bad usage or input.")),
                    ("3", tr("Storage error: damaged or newer database, missing or wrong key, keychain unavailable.")),
                ]),
            HelpTable.Section(
                tr("Environment"),
                terms: [
                    ("CHECKLISTS_HOME", tr("The data directory, unless --home is given.")),
                    ("XDG_DATA_HOME", tr("The data directory is $XDG_DATA_HOME/checklists (default ~/.local/share).")),
                    ("LANG, LC_ALL, LC_COLLATE, LC_TIME", tr("Language, sort order and date format.")),
                    ("TZ", tr("The time zone for due dates.")),
                    ("NO_COLOR", tr("When set and not empty, no colour.")),
                    ("VISUAL, EDITOR", tr("The editor for --edit (default vi).")),
                ]),
            HelpTable.Section(
                tr("Files"),
                terms: [
                    ("checklists.sqlite", tr("Lists, items and notes, encrypted with the data key; settings.")),
                    ("reminders.sqlite", tr("Pending notifications, in the clear so the agent can deliver them.")),
                    ("keychain.vault, keychain.key", tr("The file keychain, when no Secret Service is available.")),
                    ("passcode", tr("The Argon2id verifier of the app passcode.")),
                    ("auth-state.json", tr("The authentication failure counters.")),
                ]),
        ]
    }
}
