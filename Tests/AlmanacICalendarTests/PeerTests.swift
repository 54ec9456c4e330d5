@testable import AlmanacICalendar
import AlmanacCore
@testable import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// Both directions against the real python `icalendar` 7.3.0. Skipped when that
/// peer is absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peer: python icalendar", .enabled(if: Peers.shouldRun(pythonModule: "icalendar")))
struct PeerTests {
    static func run(_ script: String, _ arguments: [String] = [], stdin: [UInt8]) throws -> ProcessRunner.Result {
        let python = try #require(Peers.python, "no python with icalendar: see Tests/peers-requirements.txt")
        return try ProcessRunner.run(python, ["-c", script] + arguments, stdin: stdin)
    }

    /// What the peer should see for a time.
    static func peerTime(_ time: CalendarTime?) -> String? {
        guard let time else { return nil }
        func text(_ value: CivilDateTime) -> String {
            "\(value.date)T" + [value.hour, value.minute, value.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        }
        switch time {
        case .date(let date): return "D:\(date)"
        case .utc(let value): return "U:" + text(value)
        case .floating(let value): return "F:" + text(value)
        case .zoned:
            let seconds = Int(time.instant()!.timeIntervalSince1970)
            return "U:" + text(CivilDateTime(secondsSinceEpoch: seconds))
        }
    }

    /// TEXT as other programs read it: almanac's X-ALMANAC-BREAKS is its own, so CR LF and CR read as LF.
    static func plain(_ text: String?) -> String? {
        text.map { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }
    }

    static func ruleParts(_ rule: String?) -> Set<String>? {
        rule.map { Set($0.split(separator: ";").map(String.init)) }
    }

    /// Checks that the peer's reading of `bytes` shows `document`'s events, times, tasks and statuses.
    static func expectPeerSees(_ document: AlmanacDocument, in bytes: [UInt8], _ label: String) throws {
        let result = try run(PeerScripts.summarize, stdin: bytes)
        try #require(result.status == 0, "\(label): the peer could not parse it: \(result.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let events = root["events"] as! [[String: Any]]
        let todos = root["todos"] as! [[String: Any]]
        #expect(events.count == document.events.count, "\(label)")
        #expect(todos.count == document.events.reduce(0) { $0 + $1.tasks.count }, "\(label)")
        var todoIndex = 0
        for (event, seen) in zip(document.events, events) {
            #expect(seen["uid"] as? String == event.id, "\(label)")
            #expect(seen["summary"] as? String == plain(event.title), "\(label) \(event.id) title")
            #expect(seen["start"] as? String == peerTime(event.start), "\(label) \(event.id) start")
            #expect(seen["end"] as? String == peerTime(event.end), "\(label) \(event.id) end")
            #expect(seen["location"] as? String == plain(event.location), "\(label) \(event.id) location")
            #expect(seen["description"] as? String == plain(event.notes), "\(label) \(event.id) notes")
            #expect(seen["url"] as? String == event.url, "\(label) \(event.id) url")
            #expect(seen["categories"] as? [String] == event.categories.map { plain($0)! }, "\(label) \(event.id) categories")
            #expect(ruleParts(seen["rrule"] as? String) == ruleParts(event.recurrence), "\(label) \(event.id) rrule")
            #expect(seen["dtstamp"] as? Bool == true)
            #expect(seen["color"] as? String == event.color.map(CSSColorNames.nearestName), "\(label) \(event.id) color")
            for task in event.tasks {
                let todo = todos[todoIndex]
                todoIndex += 1
                #expect(todo["uid"] as? String == task.id, "\(label)")
                #expect(todo["summary"] as? String == plain(task.text), "\(label) \(task.id) text")
                #expect(todo["status"] as? String == (task.isCompleted ? "COMPLETED" : "NEEDS-ACTION"), "\(label) \(task.id)")
                #expect(todo["parent"] as? String == event.id, "\(label) \(task.id) parent")
                #expect(todo["reltype"] as? String == "PARENT", "\(label) \(task.id) reltype")
                #expect(todo["dtstamp"] as? Bool == true)
            }
        }
    }

    static var documents: [(String, AlmanacDocument)] {
        [("Samples/events.json", try! ICS.sampleDocument())] + (0..<8).map { ("generated \($0)", GeneratedCalendars.document(seed: UInt64(100 + $0))) }
    }

    @Test("calendars almanac writes parse in the peer with the same events, instants, tasks and statuses")
    func peerReadsAlmanac() throws {
        for (label, document) in Self.documents {
            try Self.expectPeerSees(document, in: try ICS.encode(document), label)
        }
    }

    /// Recurrence rules compare by their parts: the peer writes them in its own order.
    /// And the peer writes a time in the zone `UTC` as a UTC time (`…Z`): the same instant.
    static func normalized(_ document: AlmanacDocument) -> AlmanacDocument {
        var copy = document
        func utc(_ time: CalendarTime?) -> CalendarTime? {
            if case .zoned(let value, "UTC")? = time { return .utc(value) }
            return time
        }
        for index in copy.events.indices {
            copy.events[index].start = utc(copy.events[index].start)
            copy.events[index].end = utc(copy.events[index].end)
            copy.events[index].recurrence = copy.events[index].recurrence.map { $0.split(separator: ";").sorted().joined(separator: ";") }
        }
        return copy
    }

    @Test("what the peer writes back from almanac's calendars reads into almanac equal")
    func almanacReadsPeerRewrite() throws {
        for (label, document) in Self.documents {
            let rewritten = try Self.run(PeerScripts.reserialize, stdin: try ICS.encode(document))
            try #require(rewritten.status == 0, "\(label): \(rewritten.stderrText)")
            let read = try ICS.decode(rewritten.stdout, source: "peer.ics")
            #expect(read.diagnostics.isEmpty, "\(label): \(read.diagnostics.map(\.rendered))")
            #expect(ICS.differences(Self.normalized(read.document), Self.normalized(document)) == [], "\(label)")
        }
    }

    @Test("a calendar built with the peer's API reads into almanac as expected")
    func almanacReadsPeerCalendar() throws {
        let built = try Self.run(PeerScripts.build, stdin: [])
        try #require(built.status == 0, "\(built.stderrText)")
        let result = try ICS.decode(built.stdout, source: "peer.ics")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.rendered))")
        let events = result.document.events
        #expect(events.map(\.id) == ["party@peer.test", "camp@peer.test", "call@peer.test", "eve@peer.test", "chores@peer.test"])
        guard events.count == 5 else { return }
        func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int) -> CivilDateTime {
            CivilDateTime(date: CivilDate(year: y, month: m, day: d)!, hour: h, minute: mi)!
        }
        let party = events[0]
        #expect(party.title == "Party; with, punctuation\nand a second line")
        #expect(party.start == .zoned(at(2026, 12, 12, 15, 0), timeZone: "America/Los_Angeles"))
        #expect(party.end == .zoned(at(2026, 12, 12, 19, 0), timeZone: "America/Los_Angeles"))
        #expect(party.location == "Maya's place, Portland")
        #expect(party.notes == "Surprise!\nKeep it quiet.")
        #expect(party.categories == ["Birthday", "Family, close"])
        #expect(Self.ruleParts(party.recurrence) == ["FREQ=YEARLY", "BYMONTH=12", "BYMONTHDAY=12"])
        #expect(party.url == "https://example.com/party")
        #expect(party.color == CSSColorNames.color(named: "tomato"))
        #expect(party.tasks.map(\.text) == ["Cups", "Cake ☕"])
        #expect(party.tasks.map(\.isCompleted) == [true, false])
        let kept = ICalendarExtras(party.extras)
        #expect(kept.properties.contains("X-CUSTOM:kept"))
        #expect(kept.components.count == 1 && kept.components[0].hasPrefix("BEGIN:VALARM"))
        #expect(events[1].start == .date(CivilDate(year: 2027, month: 1, day: 15)!))
        #expect(events[1].end == .date(CivilDate(year: 2027, month: 1, day: 18)!))
        #expect(events[2].start == .utc(at(2026, 12, 19, 2, 0)))
        #expect(events[2].end == .utc(at(2026, 12, 19, 3, 30)))
        #expect(events[3].start == .floating(at(2026, 12, 31, 23, 30)))
        #expect(events[3].end == .floating(at(2027, 1, 1, 0, 30)))
        #expect(ICalendarExtras(events[4].extras).component == "VTODO")
        #expect(events[4].end == .date(CivilDate(year: 2027, month: 2, day: 1)!))
        #expect(ICalendarExtras(result.document.extras).properties.contains("X-WR-CALNAME:Peer calendar"))

        // And almanac's rewrite of it still reads the same in the peer.
        let written = try ICS.encode(result.document)
        let summary = try Self.run(PeerScripts.summarize, stdin: written)
        #expect(summary.status == 0, "\(summary.stderrText)")
        #expect(summary.stdoutText.contains("\"rrule\": \"FREQ=YEARLY;BYMONTHDAY=12;BYMONTH=12\"") || summary.stdoutText.contains("BYMONTH=12"))
    }
}
