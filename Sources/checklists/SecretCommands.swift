import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import InputReading
import Keychain
import Localization

/// `secret`, `secret set`, `secret clear`: the tutorial's secret message, behind authentication.
enum SecretCommands {
    static let all: [Command] = [
        Command(path: ["secret"]) {
            context in
            if !context.json {
                context.output.line(title(shown: false))
                context.output.flush()
            }
            let message = try open(&context)
            try message.unlock()
            let text = message.text.map { $0.isEmpty ? tr("(no secret yet: 'checklists secret set')") : $0 } ?? ""
            try context.show(
                ["title": message.title, "text": message.text ?? ""], [title(shown: message.isShown), text])
        },
        Command(path: ["secret", "set"]) { context in
            let message = try open(&context)
            let text: String
            if context.arguments.has("--edit") {
                try message.unlock()
                let edited = try context.edit(message.text ?? "")
                text = edited.hasSuffix("\n") ? String(edited.dropLast()) : edited
            } else {
                let bytes = try LineReader.standardInput.allText(limit: FileVault.itemLimit, what: tr("the secret"))
                var input = String(decoding: bytes, as: UTF8.self)
                if input.hasSuffix("\n") { input.removeLast() }
                text = input
            }
            try message.replace(with: text)
            context.output.line(tr("Secret saved."))
        },
        Command(path: ["secret", "clear"]) { context in
            let message = try open(&context)
            context.output.line(try message.clear() ? tr("Secret removed.") : tr("There was no secret."))
        },
    ]

    /// The tutorial's two titles ("Nothing to see here" until unlocked, then "Secret stuff!") in
    /// the user's language; `--json` keeps the English `SecretMessage.title`.
    static func title(shown: Bool) -> String {
        shown ? tr("Secret stuff!") : tr("Nothing to see here")
    }

    /// The message behind the check its custody needs (see `AppSession.openSecret`).
    static func open(_ context: inout Context) throws -> SecretMessage {
        try context.session.openSecret()
    }
}
