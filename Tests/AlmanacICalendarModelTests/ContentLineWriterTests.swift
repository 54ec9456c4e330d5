import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// The RFC 5545 byte writer: what it writes straight from the model is what the component
/// tree the same builder makes (for jCal and xCal) serializes to, line for line; and its
/// lines are folded at 75 octets on UTF-8 boundaries, with CRLF.
@Suite("Content line writer")
struct ContentLineWriterTests {
    static let stamp = CivilDateTime(secondsSinceEpoch: 1_767_225_600)

    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> CivilDateTime {
        CivilDateTime(date: CivilDate(year: year, month: month, day: day)!, hour: hour, minute: minute)!
    }

    static func kept(component: String? = nil, properties: [String] = [], components: [String] = []) -> Extras {
        ICalendarExtras(component: component, properties: properties, components: components).stored(in: Extras())
    }

    static let chili = Recipe(
        id: "chili", title: "Camp Chili; \"the\" best", yields: [Yield(amount: 6, unit: "servings")],
        totalTime: ISODuration(hours: 1, minutes: 15),
        ingredients: [Ingredient(amount: 1.5, unit: "cups", name: "beans", note: "soaked")],
        source: "https://example.com/chili")

    /// Events of every shape the builder knows, each with what makes its lines differ.
    static let events: [(name: String, event: Event, recipes: [Recipe])] = {
        var all: [(String, Event, [Recipe])] = []
        var full = Event(id: "full", title: "Yoga, beginners; bring a mat \\ towel", symbol: "🧘",
                         color: RGBAColor(red: 0.2745, green: 0.5, blue: 0.7, alpha: 1),
                         start: .zoned(at(2027, 1, 12, 18), timeZone: "America/Los_Angeles"),
                         end: .zoned(at(2027, 1, 12, 20), timeZone: "America/Los_Angeles"),
                         location: "Häagen Street 5, Zürich",
                         notes: "Dress code: casual 👟.\nGuests arrive at 2:30; keep it quiet!",
                         url: "https://example.com/e?ref=a&lang=de", categories: ["Family", "Reading, aloud"],
                         recurrence: "rrule:FREQ=WEEKLY;COUNT=3", priority: 6)
        full.tasks = [EventTask(id: "t1", text: "Send the invite, today"), EventTask(id: "t2", text: "Pack", isCompleted: true)]
        all.append(("every field", full, []))
        all.append(("all day", Event(id: "day", title: "Holiday", start: .date(CivilDate(year: 2027, month: 5, day: 1)!), end: .date(CivilDate(year: 2027, month: 5, day: 2)!)), []))
        all.append(("UTC and floating", Event(id: "utc", title: "Call", start: .utc(at(2027, 1, 5, 9)), end: .floating(at(2027, 1, 5, 10))), []))
        let long = String(repeating: "Zürich ümlaut ẞ 👟 ", count: 12)
        all.append(("long multi-byte text", Event(id: "long", title: long, notes: long + "\r\n" + long), []))
        all.append(("carriage returns and controls", Event(id: "cr\u{1}", title: "a\r\nb\rc\nd\u{7}e\u{7F}f\tg", categories: ["one\rtwo", "three"]), []))
        var fraction = at(2027, 3, 1, 8)
        fraction.nanosecond = 500
        all.append(("fraction of a second", Event(id: "frac", title: "Fraction", start: .floating(fraction)), []))
        var moved = Event(id: "series", title: "Moved", start: .zoned(at(2027, 2, 2, 9), timeZone: "Europe/Berlin"),
                          recurrenceID: .zoned(at(2027, 2, 1, 9), timeZone: "Europe/Berlin"))
        moved.extras = kept(properties: ["RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20270201T090000", "attendee;CN=\"Doe, Jane\":mailto:jane@example.com", "X-MOZ-GENERATION:3", "SUMMARY:old title", "not a line"])
        all.append(("kept lines and RANGE", moved, []))
        var todo = Event(id: "todo", title: "Taxes", end: .date(CivilDate(year: 2027, month: 4, day: 15)!))
        todo.extras = kept(component: "VTODO", components: ["BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:-PT10M\nEND:VALARM", "BEGIN:VALARM\nACTION:DISPLAY", "BEGIN:VEVENT\nEND:VEVENT"])
        var task = EventTask(id: "sub", text: "Forms")
        task.extras = kept(properties: ["STATUS:IN-PROCESS", "RELATED-TO;RELTYPE=PARENT:todo", "COMPLETED:20270101T000000Z"])
        todo.tasks = [task]
        todo.extras.entries["md"] = .string("other codec")
        all.append(("VTODO with kept components, a task with kept status and parent", todo, []))
        let meal = Event(id: "meal", title: "Dinner", start: .zoned(at(2027, 6, 1, 19), timeZone: "Europe/Berlin"), notes: "At home", recipes: ["chili", "missing"])
        all.append(("meal", meal, [chili]))
        all.append(("all-day meal", Event(id: "lunch", title: "Lunch", start: .date(CivilDate(year: 2027, month: 6, day: 2)!), recipes: ["chili"]), [chili]))
        return all
    }()

    @Test("the bytes written from the model are the component tree's bytes, with the same warnings", arguments: events.indices)
    func sameAsTree(_ index: Int) {
        let (name, event, recipes) = Self.events[index]
        var treeBuilder = ICalendarTreeBuilder(stamp: Self.stamp)
        var fromTree = ContentLineWriter()
        for component in treeBuilder.components(for: event, recipes: recipes) { fromTree.component(component) }
        var byteBuilder = ICalendarTreeBuilder(stamp: Self.stamp)
        var direct = ContentLineWriter()
        byteBuilder.write(event, recipes: recipes, to: &direct)
        #expect(String(decoding: direct.bytes, as: UTF8.self) == String(decoding: fromTree.bytes, as: UTF8.self), "\(name)")
        #expect(byteBuilder.takeDiagnostics().map(\.message) == treeBuilder.takeDiagnostics().map(\.message), "\(name)")
    }

    /// One builder writing many events remembers the flat kept components it has read: the
    /// same bytes again (not merely the same string, as with a decomposed é), more than it
    /// remembers, and ones that are not flat must still give the tree's bytes.
    @Test("kept components remembered across events give the component tree's bytes")
    func rememberedKeptComponents() {
        let alarm = { (trigger: String) in "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:\(trigger)\nEND:VALARM" }
        var pool = (0..<10).map { alarm("-PT\($0)M") }
        pool += ["BEGIN:X-A\nX-NOTE:Caf\u{E9}\nEND:X-A", "BEGIN:X-A\nX-NOTE:Cafe\u{301}\nEND:X-A", "BEGIN:X-A\nX-NOTE:Caf\u{E9}\nEND:X-A",
                 "BEGIN:VEVENT\nEND:VEVENT", "BEGIN:VALARM\nACTION:DISPLAY", "BEGIN:X-B\r\nX-N:1\r\nEND:X-B", alarm("-PT1M"), alarm("-PT3M")]
        var treeBuilder = ICalendarTreeBuilder(stamp: Self.stamp)
        var fromTree = ContentLineWriter()
        var byteBuilder = ICalendarTreeBuilder(stamp: Self.stamp)
        var direct = ContentLineWriter()
        for (index, raw) in (pool + pool.reversed() + pool).enumerated() {
            var event = Event(id: "e\(index)", title: "E", start: .utc(CivilDateTime(date: CivilDate(year: 2027, month: 1, day: 2)!, hour: 9, minute: 0, second: 0)!))
            event.extras = Self.kept(components: [raw, pool[index % 3]])
            for component in treeBuilder.components(for: event) { fromTree.component(component) }
            byteBuilder.write(event, to: &direct)
        }
        #expect(String(decoding: direct.bytes, as: UTF8.self) == String(decoding: fromTree.bytes, as: UTF8.self))
        #expect(byteBuilder.takeDiagnostics().map(\.message) == treeBuilder.takeDiagnostics().map(\.message))
    }

    static func lines(_ writer: ContentLineWriter) -> [String] {
        String(decoding: writer.bytes, as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test("an event's lines: TEXT escaped, dates in basic format, parameters quoted")
    func eventLines() {
        var builder = ICalendarTreeBuilder(stamp: Self.stamp)
        var writer = ContentLineWriter()
        let event = Event(id: "e1", title: "Tea, cake; more", start: .zoned(Self.at(2027, 1, 2, 15, 30), timeZone: "Area/With,Comma"),
                          end: .date(CivilDate(year: 2027, month: 1, day: 3)!), categories: ["A,B", "C"])
        builder.write(event, to: &writer)
        #expect(Self.lines(writer) == [
            "BEGIN:VEVENT", "UID:e1", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=\"Area/With,Comma\":20270102T153000",
            "DTEND;VALUE=DATE:20270103", "SUMMARY:Tea\\, cake\\; more", "CATEGORIES:A\\,B,C", "END:VEVENT", "",
        ])
    }

    @Test("lines fold before 75 octets, never inside a UTF-8 sequence, continuation lines start with a space")
    func folding() {
        var writer = ContentLineWriter()
        let text = String(repeating: "a", count: 66) + "äöü" + String(repeating: "€", count: 40)
        _ = writer.text("SUMMARY", [], text, marksBreaks: true)
        let physical = Self.lines(writer).dropLast()
        #expect(physical.count > 1)
        for line in physical { #expect(line.utf8.count <= ContentLineWriter.maximumOctets) }
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(physical.first!.utf8.count == 74, "the first line stops before the ä that would cross octet 75")
        #expect(physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == "SUMMARY:" + text)
    }

    @Test("control characters never reach the output; CR LF, CR and LF are recorded in X-ALMANAC-BREAKS")
    func controlsAndBreaks() {
        var writer = ContentLineWriter()
        let dropped = writer.text("DESCRIPTION", [("X-ALMANAC-MEAL", "TRUE")], "a\r\nb\rc\nd\u{0}e", marksBreaks: true)
        writer.property("URL", [("VALUE", "URI")], "https://example.com/\u{1B}x")
        #expect(dropped)
        #expect(Self.lines(writer) == ["DESCRIPTION;X-ALMANAC-BREAKS=crn;X-ALMANAC-MEAL=TRUE:a\\nb\\nc\\nde", "URL;VALUE=URI:https://example.com/x", ""])
    }

    @Test("a category with a carriage return gets a line of its own, also when a combining mark follows the CR")
    func categoryWithCarriageReturn() {
        var builder = ICalendarTreeBuilder(stamp: Self.stamp)
        var writer = ContentLineWriter()
        builder.write(Event(id: "c", title: "C", categories: ["a\r\u{301}b", "plain"]), to: &writer)
        let lines = Self.lines(writer).filter { $0.hasPrefix("CATEGORIES") }
        #expect(lines == ["CATEGORIES;X-ALMANAC-BREAKS=r:a\\n\u{301}b", "CATEGORIES:plain"])
    }

    @Test("BEGIN and END lines put together at once are the lines write(_:) folds and cleans")
    func boundaries() {
        let names = ["VEVENT", "", "X-\u{1}ODD\u{7F}", "X-ÜBER-👟", String(repeating: "X", count: 69), String(repeating: "X", count: 70),
                     String(repeating: "ä", count: 40), String(repeating: "Y", count: 200)]
        for name in names {
            var fast = ContentLineWriter()
            fast.begin(name)
            fast.end(name)
            var slow = ContentLineWriter()
            slow.write("BEGIN:" + name)
            slow.write("END:" + name)
            #expect(fast.bytes == slow.bytes, "\(name.debugDescription)")
        }
    }

    @Test("a TEXT line with a carriage return gets X-ALMANAC-BREAKS before its parameters, only when asked")
    func breaksBeforeParameters() {
        var writer = ContentLineWriter()
        _ = writer.text("X-A", [("P", "1"), ("Q", "a;b")], "x,\r", marksBreaks: true)
        _ = writer.text("X-B", [("P", "1")], "x\r\ny", marksBreaks: false)
        _ = writer.text("X-C", [], String(repeating: "é", count: 50) + "\r", marksBreaks: true)
        let expected = ["X-A;X-ALMANAC-BREAKS=r;P=1;Q=\"a;b\":x\\,\\n", "X-B;P=1:x\\ny",
                        "X-C;X-ALMANAC-BREAKS=r:" + String(repeating: "é", count: 50) + "\\n"]
        var unfolded = String(decoding: writer.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        unfolded.removeLast() // the last CR LF, one Character
        #expect(unfolded.components(separatedBy: "\r\n") == expected)
    }
}
