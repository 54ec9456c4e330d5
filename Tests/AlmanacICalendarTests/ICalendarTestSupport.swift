@testable import AlmanacICalendar
import AlmanacCore
import AlmanacTestSupport
import Foundation

/// Helpers the iCalendar tests share.
enum ICS {
    static let codec = ICalendarCodec()
    /// A fixed DTSTAMP so that output is reproducible.
    static let options = EncodingOptions(stamp: CivilDateTime(midnightOf: CivilDate(year: 2026, month: 1, day: 1)!))

    static func encode(_ document: AlmanacDocument) throws -> [UInt8] {
        try codec.encode(document, options: options).bytes
    }

    static func decode(_ bytes: [UInt8], source: String = "test.ics") throws -> DecodeResult {
        try codec.decode(bytes, source: source)
    }

    static func decode(_ text: String) throws -> DecodeResult {
        try decode(Array(text.utf8))
    }

    /// `lines` joined with CRLF, in a VCALENDAR.
    static func calendar(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The physical lines of `bytes`, each without its CRLF; fails the caller's
    /// expectations through `allEndInCRLF` when a line ends otherwise.
    static func physicalLines(_ bytes: [UInt8]) -> (lines: [[UInt8]], allEndInCRLF: Bool) {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var good = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                lines.append(current)
                current = []
                index += 2
                continue
            }
            if byte == 0x0A || byte == 0x0D { good = false }
            current.append(byte)
            index += 1
        }
        if !current.isEmpty { good = false }
        return (lines, good)
    }

    // MARK: The sample

    /// `Samples/events.json` read into the model (the test target has no JSON codec,
    /// so this follows the almanac JSON shape with Foundation's parser).
    static func sampleDocument() throws -> AlmanacDocument {
        let data = try Data(contentsOf: TestPaths.sample("events.json"))
        return try document(fromAlmanacJSON: data)
    }

    static func document(fromAlmanacJSON data: Data) throws -> AlmanacDocument {
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let events = (root["events"] as? [[String: Any]] ?? []).map(event(fromJSON:))
        return AlmanacDocument(events: events)
    }

    static func event(fromJSON object: [String: Any]) -> Event {
        func time(_ key: String, zone: String?) -> CalendarTime? {
            guard let text = object[key] as? String, let parsed = ISO8601Text.parseCalendarTime(Array(text.utf8)) else { return nil }
            if let zone, case .floating(let local) = parsed { return .zoned(local, timeZone: zone) }
            return parsed
        }
        let zone = object["timeZone"] as? String
        var event = Event(id: object["id"] as! String, title: object["title"] as! String)
        event.symbol = object["symbol"] as? String
        if let color = object["color"] as? [String: Double] {
            event.color = RGBAColor(red: color["red"]!, green: color["green"]!, blue: color["blue"]!, alpha: color["alpha"] ?? 1)
        }
        event.start = time("start", zone: zone)
        event.end = time("end", zone: object["endTimeZone"] as? String ?? zone)
        event.location = object["location"] as? String
        event.notes = object["notes"] as? String
        event.url = object["url"] as? String
        event.categories = object["categories"] as? [String] ?? []
        event.recurrence = object["recurrence"] as? String
        event.priority = object["priority"] as? Int
        event.tasks = (object["tasks"] as? [[String: Any]] ?? []).map {
            EventTask(id: $0["id"] as! String, text: $0["text"] as? String ?? "", isCompleted: $0["isCompleted"] as? Bool ?? false)
        }
        return event
    }

    // MARK: Comparing

    /// Field-by-field differences between two documents, short enough to read in a failure.
    static func differences(_ actual: AlmanacDocument, _ expected: AlmanacDocument) -> [String] {
        var found: [String] = []
        if actual.events.count != expected.events.count {
            found.append("\(actual.events.count) events, expected \(expected.events.count)")
        }
        if actual.extras != expected.extras { found.append("document extras: \(actual.extras) vs \(expected.extras)") }
        for (a, e) in zip(actual.events, expected.events) {
            let fields: [(String, Any, Any)] = [
                ("id", a.id, e.id), ("title", a.title, e.title), ("symbol", a.symbol as Any, e.symbol as Any),
                ("color", a.color as Any, e.color as Any), ("start", a.start as Any, e.start as Any),
                ("end", a.end as Any, e.end as Any), ("location", a.location as Any, e.location as Any),
                ("notes", a.notes as Any, e.notes as Any), ("url", a.url as Any, e.url as Any),
                ("categories", a.categories, e.categories), ("recurrence", a.recurrence as Any, e.recurrence as Any),
                ("priority", a.priority as Any, e.priority as Any), ("extras", a.extras, e.extras),
                ("tasks", a.tasks, e.tasks),
            ]
            for (name, left, right) in fields where String(reflecting: left) != String(reflecting: right) {
                found.append("\(e.id).\(name): \(String(reflecting: left)) ≠ expected \(String(reflecting: right))")
            }
        }
        return found
    }
}
