import ChecklistsApp
import Foundation
import Localization

/// Yes/no questions on the controlling terminal (`/dev/tty`), so they work while standard input
/// and output are redirected; Enter means yes. Nil when there is no terminal.
struct TerminalQuestions: QuestionPresenter {
    func ask(_ question: String) -> Bool? {
        guard let tty = fopen("/dev/tty", "r+") else { return nil }
        defer { fclose(tty) }
        fputs(question + " [Y/n] ", tty)
        fflush(tty)
        var line = [CChar](repeating: 0, count: 16)
        guard fgets(&line, 16, tty) != nil else { return nil }
        let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let answer = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .lowercased()
        return answer.isEmpty || answer.hasPrefix("y") || answer.hasPrefix(tr("y"))
    }
}
