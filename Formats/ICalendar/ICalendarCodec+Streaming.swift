import AlmanacCore
import AlmanacICalendarModel

extension ICalendarCodec: DocumentStreamEncoding {
    /// Calendar-level properties (a calendar's name, its zone) are not items: they are
    /// read only whole, so a conversion to a format that can hold them reads whole.
    public var streamsEverything: Bool { false }

    /// Writes the calendar as its events come (``ICalendarDocumentWriter``).
    public func documentWriter(options: EncodingOptions, extras: Extras) throws -> any DocumentStreamWriter {
        ICalendarDocumentWriter(stamp: try Self.stamp(options), extras: extras)
    }
}

/// Writes a VCALENDAR in pieces (see ``DocumentStreamWriter``): each event with its
/// tasks as it comes; then, once all are in, the head (the calendar's properties and a
/// VTIMEZONE for each zone the events used) before them and the kept calendar
/// components and `END:VCALENDAR` after them. Recipes are left out with a warning.
struct ICalendarDocumentWriter: DocumentStreamWriter {
    private var builder: ICalendarTreeBuilder
    private var zones = ZoneUsage()
    private let extras: Extras
    private var recipesLeftOut = 0
    private var recipeWarning: Diagnostic?

    init(stamp: CivilDateTime, extras: Extras) {
        builder = ICalendarTreeBuilder(stamp: stamp)
        self.extras = extras
    }

    /// The builder's warnings; after ``finish(after:into:)``, first the one about recipes left out.
    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { recipeWarning = nil }
        return (recipeWarning.map { [$0] } ?? []) + builder.takeDiagnostics()
    }

    func place(of item: Item) -> StreamPlace {
        StreamPlace(section: 0)
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        guard case .event(let event) = item else {
            recipesLeftOut += 1
            return
        }
        zones.note(event)
        let taken = bytes
        bytes = []
        var lines = ContentLineWriter(continuing: taken)
        for component in builder.components(for: event) { lines.component(component) }
        bytes = lines.takeBytes()
    }

    func separator(in section: Int) -> [UInt8] { [] }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        if previous == nil { writeHead(into: &bytes) }
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        if last == nil { writeHead(into: &bytes) }
        let taken = bytes
        bytes = []
        var lines = ContentLineWriter(continuing: taken)
        for component in builder.keptCalendarComponents(extras: extras) { lines.component(component) }
        lines.end("VCALENDAR")
        bytes = lines.takeBytes()
        if recipesLeftOut > 0 { recipeWarning = ICalendarTreeBuilder.recipesLeftOut(recipesLeftOut) }
    }

    private mutating func writeHead(into bytes: inout [UInt8]) {
        var head = builder.calendarHead(extras: extras)
        head.children = ICalendarTreeBuilder.timeZones(zones.years)
        let taken = bytes
        bytes = []
        var lines = ContentLineWriter(continuing: taken)
        lines.begin(head)
        bytes = lines.takeBytes()
    }
}
