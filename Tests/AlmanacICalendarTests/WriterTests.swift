@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

@Suite("Writing iCalendar")
struct WriterTests {
    static let goldenPath = TestPaths.inPackage("Tests/AlmanacICalendarTests/Golden/events.ics")

    @Test("the sample's calendar matches the golden file byte for byte")
    func golden() throws {
        let output = try ICS.encode(try ICS.sampleDocument())
        if ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] == "1" {
            try Data(output).write(to: Self.goldenPath)
        }
        let golden = Array(try Data(contentsOf: Self.goldenPath))
        #expect(ICS.text(output) == ICS.text(golden), "set ALMANAC_UPDATE_GOLDEN=1 to rewrite Golden/events.ics")
    }

    @Test("Samples/events.ics is what almanac writes for Samples/events.json")
    func sampleFile() throws {
        let output = ICS.text(try ICS.encode(try ICS.sampleDocument()))
        let sample = try String(contentsOf: TestPaths.sample("events.ics"), encoding: .utf8)
        func withoutStamps(_ text: String) -> [Substring] {
            text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") }
        }
        #expect(withoutStamps(output) == withoutStamps(sample))
    }

    @Test("every line ends in CRLF, is at most 75 octets and valid UTF-8 on its own")
    func folding() throws {
        let long = String(repeating: "Grüße aus Köln 🎄 — 日本語のテキスト, ", count: 12)
        var event = Event(id: "fold", title: long, notes: long + "\n" + long, categories: [long, "x"])
        event.location = String(repeating: "é", count: 200)
        event.tasks = [EventTask(id: "t", text: String(repeating: "🎉", count: 100))]
        let bytes = try ICS.encode(AlmanacDocument(events: [event]))
        let (lines, crlf) = ICS.physicalLines(bytes)
        #expect(crlf)
        for line in lines {
            #expect(line.count <= 75, "\(line.count) octets: \(ICS.text(line))")
            #expect(String(validating: line, as: UTF8.self) != nil, "not UTF-8 on its own: \(line)")
        }
        let read = try ICS.decode(bytes).document.events[0]
        #expect(read.title == long)
        #expect(read.notes == long + "\n" + long)
        #expect(read.categories == [long, "x"])
        #expect(read.location == event.location)
        #expect(read.tasks[0].text == event.tasks[0].text)
    }

    @Test("a title holding CRLF BEGIN:VEVENT CRLF stays one event with that exact title")
    func injection() throws {
        let titles = [
            "Party\r\nBEGIN:VEVENT\r\n",
            "x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:evil",
            "a;b,c\\d:e\nf\rg",
        ]
        let events = titles.enumerated().map { index, title in
            Event(id: "e\(index)", title: title, location: title, notes: title, categories: [title], tasks: [EventTask(id: "t\(index)", text: title)])
        }
        let bytes = try ICS.encode(AlmanacDocument(events: events))
        let text = ICS.text(bytes)
        #expect(text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count == 4)
        let read = try ICS.decode(bytes).document
        #expect(read.events.map(\.title) == titles)
        #expect(read.events.map(\.notes) == titles)
        #expect(read.events.map(\.location) == titles)
        #expect(read.events.map(\.categories) == titles.map { [$0] })
        #expect(read.events.map { $0.tasks.map(\.text) } == titles.map { [$0] })
    }

    @Test("kept lines and components cannot inject either")
    func keptInjection() throws {
        var event = Event(id: "e", title: "t")
        event.extras = ICalendarExtras(
            properties: ["X-OK:1", "X-BAD:1\r\nBEGIN:VEVENT", "END:VEVENT", "not a line"],
            components: ["BEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM", "BEGIN:VALARM\nEND:VEVENT", "BEGIN:VEVENT\nEND:VEVENT"]
        ).stored(in: Extras())
        let result = try ICS.codec.encode(AlmanacDocument(events: [event]), options: ICS.options)
        let text = ICS.text(result.bytes)
        #expect(text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count == 2)
        #expect(text.contains("X-OK:1\r\n"))
        #expect(text.contains("X-BAD:1BEGIN:VEVENT\r\n"))
        #expect(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\n"))
        #expect(result.diagnostics.count == 4)
    }

    @Test("UID and DTSTAMP on every VEVENT and VTODO; VTIMEZONE for every TZID used")
    func requiredProperties() throws {
        let text = ICS.text(try ICS.encode(try ICS.sampleDocument()))
        let components = text.components(separatedBy: "BEGIN:").dropFirst()
        for component in components where component.hasPrefix("VEVENT") || component.hasPrefix("VTODO") {
            #expect(component.contains("\r\nUID:"))
            #expect(component.contains("\r\nDTSTAMP:20260101T000000Z\r\n"))
        }
        for zone in ["America/Los_Angeles", "Europe/Berlin"] {
            #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:\(zone)\r\n"))
        }
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
    }
}
