import Localization

/// Refusals of a user action: bad input or something that does not exist. Nothing was changed.
public enum ChecklistsError: Error, Sendable, Equatable {
    case emptyListName
    case emptyItemText
    case unknownIcon(String)
    case badDate(String)
    /// A local time that the clocks skip when summer time starts.
    case skippedTime(String)
    /// A day that the time zone skipped as a whole (2011-12-30 in Pacific/Apia): the text and the zone.
    case skippedDay(String, zone: String)
    case listNotFound(String)
    case itemNotFound(Int64)
    case emptyNoteTitle
    case noteNotFound(Int64)
    /// More than one list has this name; the candidates are listed.
    case ambiguousList(String, candidates: [Checklist])
    /// A setting given a value outside `SettingKey.allowedValues`: its name and the value.
    case settingOutOfRange(SettingKey, Int64)
}

extension ChecklistsError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptyListName: tr("A list needs a name.")
        case .emptyItemText: tr("An item needs some text.")
        case .unknownIcon(let name):
            tr("Unknown icon \"%@\". Choose one of: %@.", name, Icon.allCases.map(\.name).joined(separator: ", "))
        case .badDate(let text):
            tr("Cannot read the date \"%@\".", text) + " " + DueDate.acceptedForms
        case .skippedTime(let text):
            tr("\"%@\" does not exist: the clocks skip that time when summer time starts. Choose another time.", text)
        case .skippedDay(let text, let zone):
            tr("\"%@\" does not exist in the time zone %@: its clocks skip that day. Choose another day.", text, zone)
        case .listNotFound(let ref): tr("No list \"%@\".", ref)
        case .itemNotFound(let id): tr("No item with ID %d.", id)
        case .emptyNoteTitle: tr("A note needs a title.")
        case .noteNotFound(let id): tr("No note with ID %d.", id)
        case .ambiguousList(let name, let candidates):
            tr(
                "More than one list is named \"%@\"; use its ID: %@.", name,
                candidates.map { "\($0.id) (\($0.name))" }.joined(separator: ", "))
        case .settingOutOfRange(let key, let value):
            tr(
                "%@ must be from %@ to %@, not %@; nothing was changed.", key.rawValue,
                String(key.allowedValues?.lowerBound ?? 0), String(key.allowedValues?.upperBound ?? 0), String(value))
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
