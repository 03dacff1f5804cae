import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import InputReading
import Keychain
import Localization
import SecretServiceKeychain
import TerminalText

/// `keychain status|keys|get|set|remove|use`.
enum KeychainCommands {
    static let all: [Command] = [
        Command(path: ["keychain", "status"], touchesContent: false) { context in
            let status = try context.session.keychainStatus()
            try context.show(status, status.lines(home: context.home))
        },
        Command(path: ["keychain", "keys"], touchesContent: false) { context in
            let keys = try context.session.keychainItemNames()
            // One line per key: a newline in a key's name must not make it look like two keys.
            try context.show(keys, keys.map(TerminalText.line))
        },
        Command(path: ["keychain", "get"]) { context in
            let key = try context.positional(0, "KEY")
            guard let value = try context.session.keychainItem(key) else {
                throw CLIError.refused(tr("No keychain item \"%@\".", key))
            }
            try context.show(["key": key, "value": value], [value])
        },
        Command(path: ["keychain", "set"]) { context in
            let key = try context.positional(0, "KEY")
            guard !key.isEmpty else { throw CLIError.usage(tr("KEY needs a name, not \"\"")) }
            try context.session.setKeychainItem(key) {
                try LineReader.standardInput.allText(limit: FileVault.itemLimit, what: tr("the value"))
            }
            context.output.line(tr("Stored %@.", TerminalText.line(key)))
        },
        Command(path: ["keychain", "remove"]) { context in
            let key = try context.positional(0, "KEY")
            guard try context.session.removeKeychainItem(key) else {
                throw CLIError.refused(tr("No keychain item \"%@\".", key))
            }
            context.output.line(tr("Removed %@.", TerminalText.line(key)))
        },
        Command(path: ["keychain", "use"]) { context in
            guard let target = KeychainChooser.Preference(rawValue: try context.positional(0, "BACKEND")) else {
                throw CLIError.usage(tr("the backend must be auto, secret-service or file"))
            }
            context.output.line(tr("Keychain items are now in the %@.", try context.session.useKeychain(target)))
        },
    ]

}
