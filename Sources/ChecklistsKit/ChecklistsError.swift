/// Refusals of a user action: bad input or something that does not exist. Nothing was changed.
public enum ChecklistsError: Error, Sendable, Equatable {
    case emptyListName
    case emptyItemText
    case unknownIcon(String)
    case badDate(String)
    /// A local time that the clocks skip when summer time starts.
    case skippedTime(String)
    case listNotFound(String)
    case itemNotFound(Int64)
    case emptyNoteTitle
    case noteNotFound(Int64)
    /// More than one list has this name; the candidates are listed.
    case ambiguousList(String, candidates: [Checklist])
}

extension ChecklistsError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptyListName: "A list needs a name."
        case .emptyItemText: "An item needs some text."
        case .unknownIcon(let name):
            "Unknown icon \"\(name)\". Choose one of: \(Icon.allCases.map(\.name).joined(separator: ", "))."
        case .badDate(let text):
            "Cannot read the date \"\(text)\". \(DueDate.acceptedForms)"
        case .skippedTime(let text):
            "\"\(text)\" does not exist: the clocks skip that time when summer time starts. Choose another time."
        case .listNotFound(let ref): "No list \"\(ref)\"."
        case .itemNotFound(let id): "No item with ID \(id)."
        case .emptyNoteTitle: "A note needs a title."
        case .noteNotFound(let id): "No note with ID \(id)."
        case .ambiguousList(let name, let candidates):
            "More than one list is named \"\(name)\"; use its ID: "
                + candidates.map { "\($0.id) (\($0.name))" }.joined(separator: ", ") + "."
        }
    }

    /// Whether this is a lookup that found nothing (exit 1) rather than bad input (exit 2).
    public var isNotFound: Bool {
        switch self {
        case .listNotFound, .itemNotFound, .noteNotFound: true
        default: false
        }
    }
}
