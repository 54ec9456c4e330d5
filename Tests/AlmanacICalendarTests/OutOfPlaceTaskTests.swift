@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import Testing

/// VTODOs that do not follow their event (before it, far after it, under another
/// VTODO, under a UID several VEVENTs share) join the same event whether the calendar
/// is read whole or streamed, as a plain search through all items would place them.
@Suite struct OutOfPlaceTaskTests {
    /// The events `bytes` stream as, each as its id, occurrence and task ids.
    static func streamed(_ bytes: [UInt8]) throws -> [String] {
        var source = MemorySource(bytes)
        var events: [String] = []
        _ = try ICS.codec.decodeItems(from: &source, sourceName: "test.ics") { item, _ in
            if case .event(let event) = item { events.append(summary(event)) }
        }
        return events
    }

    static func summary(_ event: Event) -> String {
        let occurrence = event.recurrenceID.map { " @\($0)" } ?? ""
        return "\(event.id)\(occurrence): " + event.tasks.map(\.id).joined(separator: ",")
    }

    @Test("tasks before their event, far after it, and under other tasks")
    func tasksOutOfPlace() throws {
        let text = ICS.calendar([
            "BEGIN:VTODO", "UID:early", "RELATED-TO:far", "END:VTODO",
            "BEGIN:VEVENT", "UID:near", "DTSTART:20270101T100000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:n1", "RELATED-TO:near", "END:VTODO",
            "BEGIN:VTODO", "UID:n2", "RELATED-TO:n1", "END:VTODO",
            "BEGIN:VEVENT", "UID:far", "DTSTART:20270102T100000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:other", "DTSTART:20270103T100000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:late", "RELATED-TO:near", "END:VTODO",
            "BEGIN:VTODO", "UID:lone", "END:VTODO",
            "BEGIN:VTODO", "UID:sub", "RELATED-TO:lone", "END:VTODO",
        ])
        let expected = ["near: n1,n2,late", "far: early", "other: ", "lone: sub"]
        #expect(try Self.streamed(Array(text.utf8)) == expected)
        #expect(try ICS.decode(text).document.events.map(Self.summary) == expected)
    }

    @Test("a task after a changed occurrence belongs to its series, wherever the series is")
    func sharedUIDs() throws {
        let text = ICS.calendar([
            "BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20270108T100000Z", "DTSTART:20270108T110000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:a", "RELATED-TO:s", "END:VTODO",
            "BEGIN:VEVENT", "UID:s", "DTSTART:20270101T100000Z", "RRULE:FREQ=WEEKLY", "END:VEVENT",
            "BEGIN:VTODO", "UID:b", "RELATED-TO:s", "END:VTODO",
            "BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20270115T100000Z", "DTSTART:20270115T110000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:c", "RELATED-TO:s", "END:VTODO",
        ])
        let streamed = try Self.streamed(Array(text.utf8))
        #expect(streamed.count == 3)
        #expect(streamed[1] == "s: a,b,c")
        #expect(streamed[0].hasSuffix(": ") && streamed[2].hasSuffix(": "))
        #expect(try ICS.decode(text).document.events.map(Self.summary) == streamed)
    }

    @Test("random calendars stream as a search through all items places their tasks")
    func randomCalendars() throws {
        var random = SeededRandom(seed: 5545)
        for _ in 0..<400 {
            let lines = Self.randomItems(&random)
            let text = ICS.calendar(lines)
            let expected = try Self.reference(text)
            let streamed = try Self.streamed(Array(text.utf8))
            #expect(streamed == expected, "\(lines.joined(separator: " "))")
            #expect(try ICS.decode(text).document.events.map(Self.summary) == expected)
        }
    }

    /// Up to twelve items with UIDs from a small pool, so that parents, chains, cycles,
    /// missing parents and shared UIDs all come up.
    static func randomItems(_ random: inout SeededRandom) -> [String] {
        let uids = ["a", "b", "c", "d", "e", "f", "g"]
        var lines: [String] = []
        for _ in 0..<random.below(12) + 1 {
            let uid = uids[random.below(uids.count)]
            if random.below(3) == 0 {
                lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20270101T100000Z"]
                if random.below(3) == 0 { lines.append("RECURRENCE-ID:2027010\(random.below(9) + 1)T100000Z") }
                lines.append("END:VEVENT")
            } else {
                lines += ["BEGIN:VTODO", "UID:\(uid)"]
                switch random.below(5) {
                case 0: break
                case 1: lines.append("RELATED-TO:missing")
                default: lines.append("RELATED-TO:\(uids[random.below(uids.count)])")
                }
                lines.append("END:VTODO")
            }
        }
        return lines
    }

    /// The events of `text` by a plain search through all its items: a VTODO belongs
    /// to the nearest VEVENT up its chain of parents (for a UID several VEVENTs have,
    /// the first that is not a changed occurrence, else the first), or else to the top
    /// VTODO of its chain; a cycle ends at the VTODO before the repeat.
    static func reference(_ text: String) throws -> [String] {
        let calendar = try ICS.codec.components(from: Array(text.utf8))[0]
        let items = calendar.children.filter { $0.name == "VEVENT" || $0.name == "VTODO" }
        func uid(_ item: ICalComponent) -> String? { item.property("UID")?.value }
        func parent(_ item: ICalComponent) -> String? { item.property("RELATED-TO")?.value }
        func isOccurrence(_ item: ICalComponent) -> Bool { item.property("RECURRENCE-ID") != nil }
        var eventByUID: [String: Int] = [:]
        var todoByUID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let uid = uid(item) else { continue }
            if item.name == "VTODO" {
                if todoByUID[uid] == nil { todoByUID[uid] = index }
            } else if let known = eventByUID[uid] {
                if !isOccurrence(item) && isOccurrence(items[known]) { eventByUID[uid] = index }
            } else {
                eventByUID[uid] = index
            }
        }
        var owners: [Int?] = items.indices.map { items[$0].name == "VEVENT" ? $0 : nil }
        for start in items.indices where owners[start] == nil {
            var chain: [Int] = []
            var current = start
            var owner: Int
            while true {
                if let known = owners[current] { owner = known; break }
                chain.append(current)
                guard let parentUID = parent(items[current]) else { owner = current; break }
                if let event = eventByUID[parentUID] { owner = event; break }
                guard let next = todoByUID[parentUID], !chain.contains(next) else { owner = current; break }
                current = next
            }
            for index in chain { owners[index] = owner }
        }
        return items.indices.filter { owners[$0] == $0 }.map { owner in
            let item = items[owner]
            let occurrence = item.property("RECURRENCE-ID").flatMap { line in
                ICalTimeText.parse(line.value).map { value -> String in
                    guard case .dateTime(let local, _) = value else { return "" }
                    return " @\(CalendarTime.utc(local))"
                }
            } ?? ""
            let tasks = items.indices.filter { $0 != owner && owners[$0] == owner }.compactMap { uid(items[$0]) }
            return "\(uid(item) ?? "")\(occurrence): " + tasks.joined(separator: ",")
        }
    }
}
