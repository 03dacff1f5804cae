import ChecklistsKit
import Localization

/// The command line of checklists-gtk: `--item ID`, `--help` and `--version`. Anything else
/// is refused in one line, with exit status 2, before a window opens (GTK 4 reads no options
/// of its own).
enum DesktopArguments {
    /// What to do after reading the arguments.
    enum Outcome: Equatable {
        /// Open the window.
        case run
        /// Stop with this status; `text` goes to standard output (0) or standard error.
        case exit(Int32, text: String)
    }

    /// Reads `arguments` (without the program name).
    static func check(_ arguments: [String]) -> Outcome {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                return .exit(0, text: usage)
            case "--version":
                return .exit(
                    0,
                    text: tr("checklists-gtk %@ (commit %@, %@)", BuildInfo.version, BuildInfo.commit, BuildInfo.date))
            case "--item":
                guard let id = rest.popFirst() else {
                    return refuse(tr("--item needs an item ID"))
                }
                // Only the form an ID is printed in, as the CLI takes it (`RecordID`).
                switch RecordID(id) {
                case .id: break
                case .outOfRange: return refuse(tr("No item with ID %@.", id))
                case .signedOrPadded:
                    return refuse(tr("item ID must be digits only, without a sign or leading zeros, not \"%@\"", id))
                case .notANumber: return refuse(tr("item ID must be a number, not \"%@\"", id))
                }
            default:
                return refuse(tr("unknown option %@", argument))
            }
        }
        return .run
    }

    static var usage: String {
        tr("Usage: checklists-gtk [--item ID]") + "\n"
            + tr("The desktop app of Checklists; see checklists-gtk(1), and checklists(1) for the command line.")
    }

    private static func refuse(_ reason: String) -> Outcome {
        .exit(2, text: "checklists-gtk: " + reason + " " + tr("(see 'checklists-gtk --help')"))
    }
}
