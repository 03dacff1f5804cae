import Localization
import TextEditing

extension Context {
    /// `text` after the user's editor (`Editor.edit`).
    /// - Throws: A refusal when the editor exits with an error (nothing is saved).
    func edit(_ text: String) throws -> String {
        let edited = try Editor.edit(text, environment: environment, home: home) { signal in
            Output.error("checklists: " + tr("stopped by signal %d while the editor ran; nothing was saved.", signal))
        }
        guard let edited else {
            throw CLIError(message: tr("The editor exited with an error; nothing was saved."), code: .refused)
        }
        return edited
    }
}
