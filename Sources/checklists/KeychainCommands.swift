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
            guard !AppSession.isCustody(key) else { throw CLIError.refused(tr("The data key is never shown.")) }
            if key == SecretMessage.key {
                // The secret message is read only behind its own check (see `secret`).
                guard let text = try SecretCommands.open(&context).storedText() else {
                    throw CLIError.refused(tr("No keychain item \"%@\".", key))
                }
                try printValue(text, key: key, &context)
                return
            }
            _ = try context.store()  // with the app lock on, only an unlocked session reads or writes secrets
            guard let data = try context.session.keychain().read(forKey: key, context: nil) else {
                throw CLIError.refused(tr("No keychain item \"%@\".", key))
            }
            try printValue(String(decoding: data, as: UTF8.self), key: key, &context)
        },
        Command(path: ["keychain", "set"]) { context in
            let key = try context.positional(0, "KEY")
            try context.expectPositionals(atMost: 1)
            guard !AppSession.isCustody(key) else { throw CLIError.refused(tr("The data key cannot be replaced.")) }
            let message = key == SecretMessage.key ? try SecretCommands.open(&context) : nil
            if message == nil { _ = try context.store() }  // with the app lock on, only an unlocked session writes
            var value = try LineReader.standardInput.all(limit: FileVault.itemLimit, what: tr("the value"))
            if value.last == 10 { value.removeLast() }
            if let message {
                try message.replace(with: String(decoding: value, as: UTF8.self))
            } else {
                try context.session.keychain().store(value, forKey: key)
            }
            context.output.line(tr("Stored %@.", key))
        },
        Command(path: ["keychain", "remove"]) {
            context in
            let key = try context.positional(0, "KEY")
            try context.expectPositionals(atMost: 1)
            guard !key.hasPrefix(KeyItems.dataKey) else {
                throw CLIError.refused(tr("DataKey unlocks your lists; removing it would make them unreadable."))
            }
            guard !key.hasPrefix("Lock") else {
                throw CLIError.refused(tr("%@ belongs to the app lock; use 'checklists lock disable'.", key))
            }
            if key == SecretMessage.key {
                guard try SecretCommands.open(&context).clear() else {
                    throw CLIError.refused(tr("No keychain item \"%@\".", key))
                }
                context.output.line(tr("Removed %@.", key))
                return
            }
            _ = try context.store()
            guard try context.session.keychain().backend.delete(service: KeychainWrapper.defaultServiceName, key: key)
            else {
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

    /// `keychain get`: the value, or with `--json` {"key","value"}.
    static func printValue(_ value: String, key: String, _ context: inout Context) throws {
        if context.json {
            try context.output.json(["key": key, "value": value])
        } else {
            context.output.line(value)
        }
    }
}
