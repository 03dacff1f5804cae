import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import InputReading
import Keychain
import Localization
import SecretServiceKeychain

/// `keychain status|keys|get|set|remove|use`.
enum KeychainCommands {
    static let all: [Command] = [
        Command(path: ["keychain", "status"], touchesContent: false) { context in
            let status = try context.session.keychainStatus()
            if context.json {
                try context.output.json(status)
                return
            }
            context.output.line(tr("Keychain: %@ — %@.", status.backend, status.reason))
            if let vault = status.vaultPath {
                context.output.line(tr("Vault: %@ (its key: %@/keychain.key)", vault, context.home))
            } else {
                context.output.line(
                    tr(
                        "Items: schema %@, attributes service=%@ key=NAME", SecretServiceKeychain.schemaName,
                        status.service))
            }
            context.output.line(
                status.holdsDataKey
                    ? trn("%d item; the data key is here", "%d items; the data key is here", status.items)
                    : trn("%d item; the data key is not here", "%d items; the data key is not here", status.items))
        },
        Command(path: ["keychain", "keys"], touchesContent: false) { context in
            let keys = try context.session.keychainChoice().backend.keys(service: KeychainWrapper.defaultServiceName)
                .sorted()
            if context.json { try context.output.json(keys) } else { keys.forEach(context.output.line) }
        },
        Command(path: ["keychain", "get"]) { context in
            let key = try context.positional(0, "KEY")
            try context.expectPositionals(atMost: 1)
            guard let value = try context.session.keychainItem(key) else {
                throw CLIError.refused(tr("No keychain item \"%@\".", key))
            }
            if context.json {
                try context.output.json(["key": key, "value": value])
            } else {
                context.output.line(value)
            }
        },
        Command(path: ["keychain", "set"]) { context in
            let key = try context.positional(0, "KEY")
            try context.expectPositionals(atMost: 1)
            try context.session.setKeychainItem(key) {
                try LineReader.standardInput.all(limit: FileVault.itemLimit, what: tr("the value"))
            }
            context.output.line(tr("Stored %@.", key))
        },
        Command(path: ["keychain", "remove"]) { context in
            let key = try context.positional(0, "KEY")
            try context.expectPositionals(atMost: 1)
            guard try context.session.removeKeychainItem(key) else {
                throw CLIError.refused(tr("No keychain item \"%@\".", key))
            }
            context.output.line(tr("Removed %@.", key))
        },
        Command(path: ["keychain", "use"]) { context in
            guard let target = KeychainChooser.Preference(rawValue: try context.positional(0, "BACKEND")) else {
                throw CLIError.usage(tr("the backend must be auto, secret-service or file"))
            }
            context.output.line(tr("Keychain items are now in the %@.", try context.session.useKeychain(target)))
        },
    ]

}
