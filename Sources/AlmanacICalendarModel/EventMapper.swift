import AlmanacCore

/// Turns the VCALENDAR components of an input into an ``AlmanacDocument``:
/// VEVENTs become events, VTODOs related to an event become its tasks, VTODOs
/// without a parent event become events of their own (their sub-VTODOs their
/// tasks), and everything else is kept in the `ics` extras.
///
/// The tree may come from RFC 5545 text, jCal or xCal: the mapping is the same.
public struct EventMapper {
    /// The input's name, for diagnostics.
    public let source: String
    public let options: ICalendarMappingOptions
    /// Warnings and notes about properties that could not be read as the model wants them.
    public private(set) var diagnostics: [Diagnostic] = []

    public init(source: String, options: ICalendarMappingOptions = ICalendarMappingOptions()) {
        self.source = source
        self.options = options
    }

    /// Calendar properties the writer writes itself.
    private static let regenerated: Set<String> = ["VERSION", "PRODID"]

    /// The document the top-level VCALENDAR components hold (several are read as one).
    public mutating func document(from calendars: [ICalComponent]) -> AlmanacDocument {
        located(from: calendars).document
    }

    /// The document the top-level VCALENDAR components hold, with where each event
    /// starts: its VEVENT (or the VTODO that became an event).
    public mutating func located(from calendars: [ICalComponent]) -> (document: AlmanacDocument, origins: ItemOrigins) {
        var sequence = ItemSequenceMapper(source: source, options: options, outline: ICalendarOutline(calendars: calendars))
        var events: [Event] = []
        var origins = ItemOrigins()
        let keep = { (event: Event, position: SourcePosition) in
            events.append(event)
            origins.events.append(position)
        }
        for calendar in calendars {
            for child in calendar.children where ICalendarOutline.isItem(child.name) {
                sequence.map(child, emitLocated: keep)
            }
        }
        sequence.finish(emitLocated: keep)
        return (document(events: events, calendars: calendars, mapping: sequence), origins)
    }

    /// The document of `events`, mapped by `sequence`, with the calendars' own properties
    /// and components (other than their VEVENTs and VTODOs) in its `ics` extras.
    public mutating func document(events: [Event], calendars: [ICalComponent], mapping sequence: ItemSequenceMapper) -> AlmanacDocument {
        diagnostics += sequence.diagnostics
        var document = AlmanacDocument(events: events)
        document.extras = Self.documentExtras(of: calendars, mapping: sequence)
        return document
    }

    /// What the calendars hold besides their items, as a document's extras: their
    /// properties (other than those written afresh) and their components other than
    /// VTIMEZONEs of IANA zones.
    public static func documentExtras(of calendars: [ICalComponent], mapping sequence: ItemSequenceMapper) -> Extras {
        var resolver = sequence.resolver
        var documentExtras = ICalendarExtras()
        for calendar in calendars {
            for property in calendar.properties where !Self.regenerated.contains(property.name) {
                if !documentExtras.properties.contains(property.raw) { documentExtras.properties.append(property.raw) }
            }
            for child in calendar.children {
                switch child.name {
                case "VEVENT", "VTODO":
                    continue
                case "VTIMEZONE":
                    // IANA zones get their VTIMEZONE written afresh; others are kept for their TZIDs.
                    if let tzid = child.property("TZID")?.value, resolver.isIANA(tzid) { continue }
                    let text = child.rawText
                    if !documentExtras.components.contains(text) { documentExtras.components.append(text) }
                default:
                    documentExtras.components.append(child.rawText)
                }
            }
        }
        return documentExtras.stored(in: Extras())
    }
}
