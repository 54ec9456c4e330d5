/// The properties of a VEVENT or VTODO that the mapping to the model tells apart,
/// found from the name's bytes (in any case) once per property: the length first,
/// then the bytes, so that most names meet one or two comparisons.
enum ItemPropertyKind: Sendable {
    case uid, dtstamp, summary, description, location, url, categories, priority, rrule
    case color, almanacColor, almanacSymbol, dtstart, dtend, due, duration, recurrenceID
    case recipe, notes, link, status, relatedTo, completed, other

    /// The kind of the property named by bytes `name` of `line`.
    init(_ line: UnsafeBufferPointer<UInt8>, name: Range<Int>) {
        func named(_ wanted: StaticString) -> Bool { ContentLineShape.nameIs(line, name, wanted) }
        switch name.count {
        case 3:
            self = named("UID") ? .uid : named("URL") ? .url : named("DUE") ? .due : .other
        case 4:
            self = named("LINK") ? .link : .other
        case 5:
            self = named("RRULE") ? .rrule : named("COLOR") ? .color : named("DTEND") ? .dtend : .other
        case 6:
            self = named("STATUS") ? .status : .other
        case 7:
            self = named("SUMMARY") ? .summary : named("DTSTAMP") ? .dtstamp : named("DTSTART") ? .dtstart : .other
        case 8:
            self = named("LOCATION") ? .location : named("PRIORITY") ? .priority : named("DURATION") ? .duration : .other
        case 9:
            self = named("COMPLETED") ? .completed : .other
        case 10:
            self = named("CATEGORIES") ? .categories : named("RELATED-TO") ? .relatedTo : .other
        case 11:
            self = named("DESCRIPTION") ? .description : .other
        case 13:
            self = named("RECURRENCE-ID") ? .recurrenceID : .other
        case 15:
            self = named("X-ALMANAC-NOTES") ? .notes : named("X-ALMANAC-COLOR") ? .almanacColor : .other
        case 16:
            self = named("X-ALMANAC-RECIPE") ? .recipe : named("X-ALMANAC-SYMBOL") ? .almanacSymbol : .other
        default:
            self = .other
        }
    }

    /// The kind of the property named `name` (upper-case).
    init(name: String) {
        var name = name
        self = name.withUTF8 { ItemPropertyKind($0, name: 0..<$0.count) }
    }

    /// Whether it is UID, RELATED-TO or RECURRENCE-ID, which link items to each other.
    var isLink: Bool {
        switch self {
        case .uid, .relatedTo, .recurrenceID: return true
        default: return false
        }
    }

    /// The bit of a property the model holds once (a second one is reported and
    /// ignored), or `nil`.
    var singletonBit: UInt16? {
        switch self {
        case .uid: return 1 << 0
        case .summary: return 1 << 1
        case .description: return 1 << 2
        case .location: return 1 << 3
        case .url: return 1 << 4
        case .color: return 1 << 5
        case .almanacColor: return 1 << 6
        case .almanacSymbol: return 1 << 7
        case .dtstart: return 1 << 8
        case .dtend: return 1 << 9
        case .due: return 1 << 10
        case .duration: return 1 << 11
        case .priority: return 1 << 12
        case .recurrenceID: return 1 << 13
        default: return nil
        }
    }
}
