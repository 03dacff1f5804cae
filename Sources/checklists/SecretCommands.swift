import Arguments
import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication

/// `secret`, `secret set`, `secret clear`: the tutorial's secret message, behind authentication.
enum SecretCommands {
    static let reason = "Identify yourself!"

    static let all: [Command] = [
        Command(path: ["secret"], usage: "secret", summary: "Show the secret message (after you authenticate).") {
            context in
            try context.expectPositionals(atMost: 0)
            if !context.json {
                context.output.line(SecretMessage.hiddenTitle)
                context.output.flush()
            }
            let message = try open(&context)
            try message.unlock()
            if context.json {
                try context.output.json(["title": message.title, "text": message.text ?? ""])
                return
            }
            context.output.line(message.title)
            context.output.line(message.text.map { $0.isEmpty ? "(no secret yet: 'checklists secret set')" : $0 } ?? "")
        },
        Command(
            path: ["secret", "set"], usage: "secret set [--edit]",
            summary: "Replace the secret message with standard input, or edit it in your editor.",
            spec: ArgumentSpec(flags: ["--edit"])
        ) { context in
            let message = try open(&context)
            let text: String
            if context.arguments.has("--edit") {
                try message.unlock()
                guard
                    let edited = try Editor.edit(
                        message.text ?? "", environment: context.environment, home: context.home)
                else { throw CLIError(message: "The editor exited with an error; nothing was saved.", code: .refused) }
                text = edited.hasSuffix("\n") ? String(edited.dropLast()) : edited
            } else {
                let bytes = try StdinLines.all(limit: FileVault.itemLimit, what: "the secret")
                var input = String(decoding: bytes, as: UTF8.self)
                if input.hasSuffix("\n") { input.removeLast() }
                text = input
            }
            try message.replace(with: text)
            context.output.line("Secret saved.")
        },
        Command(path: ["secret", "clear"], usage: "secret clear", summary: "Remove the secret message.") { context in
            let message = try open(&context)
            context.output.line(try message.clear() ? "Secret removed." : "There was no secret.")
        },
    ]

    /// The message behind the check its custody needs. App lock on: the message is sealed in
    /// the store, so opening the store (the lock's own unlock, or this session's cached data key)
    /// is the check; a copy left in the keychain (a crash while the lock was turned on or off,
    /// or seed-style code writing it) is sealed in and removed. App lock off: a presence check
    /// every showing, which protects the screen only.
    static func open(_ context: inout Context) throws -> SecretMessage {
        let keychain = try context.keychain()
        guard LockSettings.read(directory: context.home).method == .off else {
            let store = try context.store(reason: reason)
            try SecretMessage.moveIntoStore(store, from: keychain)
            return SecretMessage(keychain: keychain, store: store)
        }
        try authenticate(context)
        return SecretMessage(keychain: keychain)
    }

    /// The tutorial's flow: the fingerprint first; the password when the user asks for it or
    /// when no fingerprint can be used. Inside the reuse window nothing is asked.
    static func authenticate(_ context: Context) throws {
        let environment = context.authEnvironment()
        let reuse = TimeInterval(LockSettings.read(directory: context.home).reuseSeconds)
        let biometric = LAContext(environment: environment)
        biometric.touchIDAuthenticationAllowableReuseDuration = reuse
        let outcome = Result { () throws(LAError) in
            try biometric.evaluateNow(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason)
        }
        if case .failure(let error) = outcome {
            let passwordInstead: Set<LAError.Code> = [
                .userFallback, .biometryNotAvailable, .biometryNotEnrolled, .biometryLockout,
            ]
            guard passwordInstead.contains(error.code) else { throw error }
            var passwordOnly = environment
            passwordOnly.biometrics = nil
            let password = LAContext(environment: passwordOnly)
            password.touchIDAuthenticationAllowableReuseDuration = reuse
            try password.evaluateNow(.deviceOwnerAuthentication, localizedReason: reason)
        }
        KeychainWrapper.isAppUnlocked = { true }
    }
}
