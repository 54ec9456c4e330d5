@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// What the tests of reading in parts share (``ICalendarPartsTests``, ``ICalendarPartsErrorTests``):
/// the read from start to end and the read in parts, how two reads differ, and the
/// calendars generated with the features asked.
enum ICalendarPartsFixture {
    static let codec = ICalendarCodec()
    static let partSizes = [1, 64, 300, 2_000, Int.max]

    // MARK: Reading both ways

    /// What one read gives: the items and their positions in order, then its end or its error.
    struct Outcome {
        var items: [Item] = []
        var positions: [SourcePosition?] = []
        var diagnostics: [Diagnostic] = []
        var extras = Extras()
        var error: ICalendarDecodingError?
        /// How many parts were read (1 for a read from start to end).
        var parts = 1
    }

    /// The read from start to end (`decodeItems(from:sourceName:limits:body:)`).
    static func whole(_ bytes: [UInt8], name: String = "parts.ics") throws -> Outcome {
        var outcome = Outcome()
        var source = MemorySource(bytes)
        do {
            let end = try codec.decodeItems(from: &source, sourceName: name, limits: ReaderLimits()) { item, position in
                outcome.items.append(item)
                outcome.positions.append(position)
            }
            outcome.diagnostics = end.diagnostics
            outcome.extras = end.documentExtras
        } catch let error as ICalendarDecodingError {
            outcome.error = error
        }
        return outcome
    }

    /// The read in parts of about `partSize` bytes, each part from its own source.
    static func inParts(_ bytes: [UInt8], partSize: Int, name: String = "parts.ics") throws -> Outcome {
        var source = MemorySource(bytes)
        let parts: any ItemParts
        do {
            guard let found = try codec.parts(of: &source, sourceName: name, limits: ReaderLimits(), partSize: partSize) else {
                throw TestFailure("parts(of:) gave nil for a memory source")
            }
            parts = found
        } catch let error as ICalendarDecodingError {
            return Outcome(error: error)
        }
        return try read(parts, bytes)
    }

    /// Reads every part of `parts` in order, each from its own source of `bytes`, then joins their ends.
    static func read<Parts: ItemParts>(_ parts: Parts, _ bytes: [UInt8]) throws -> Outcome {
        var outcome = Outcome(parts: parts.count)
        var ends: [Parts.PartEnd] = []
        do {
            for index in 0..<parts.count {
                var source = MemorySource(bytes)
                ends.append(try parts.decodeItems(part: index, from: &source) { item, position in
                    outcome.items.append(item)
                    outcome.positions.append(position)
                })
            }
            let end = try parts.end(of: ends)
            outcome.diagnostics = end.diagnostics
            outcome.extras = end.documentExtras
        } catch let error as ICalendarDecodingError {
            outcome.error = error
        }
        return outcome
    }

    /// How `parted` differs from `whole`, short enough to read in a failure (empty when alike).
    static func differences(_ parted: Outcome, _ whole: Outcome) -> [String] {
        var found: [String] = []
        if parted.items.count != whole.items.count { found.append("\(parted.items.count) items, one read \(whole.items.count)") }
        if let index = zip(parted.items, whole.items).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            found.append("item \(index) differs: \(parted.items[index].id) vs \(whole.items[index].id): \(String(describing: parted.items[index]).prefix(600)) ≠ \(String(describing: whole.items[index]).prefix(600))")
        }
        if parted.positions.count != whole.positions.count { found.append("\(parted.positions.count) positions, one read \(whole.positions.count)") }
        if let index = zip(parted.positions, whole.positions).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            found.append("position \(index) (\(whole.items.indices.contains(index) ? whole.items[index].id : "?")): \(String(describing: parted.positions[index])) ≠ \(String(describing: whole.positions[index]))")
        }
        if parted.diagnostics.count != whole.diagnostics.count {
            found.append("\(parted.diagnostics.count) diagnostics, one read \(whole.diagnostics.count): \(parted.diagnostics.map(\.rendered)) vs \(whole.diagnostics.map(\.rendered))")
        }
        for (index, (left, right)) in zip(parted.diagnostics, whole.diagnostics).enumerated()
        where left.message != right.message || left.position != right.position || left.severity != right.severity || left != right {
            found.append("diagnostic \(index): \(left.rendered) ≠ \(right.rendered)")
            break
        }
        if parted.extras != whole.extras { found.append("document extras: \(parted.extras) ≠ \(whole.extras)") }
        if parted.error != whole.error {
            found.append("error: \(parted.error.map { "\($0) \($0.message)" } ?? "none") ≠ \(whole.error.map { "\($0) \($0.message)" } ?? "none")")
        }
        return found
    }

    /// Reads `bytes` whole and in parts of each size; expects them alike and returns the
    /// part counts by size, and the whole read.
    @discardableResult
    static func expectAlike(_ bytes: [UInt8], label: String, sizes: [Int] = partSizes, sourceLocation: SourceLocation = #_sourceLocation) throws -> (counts: [Int: Int], whole: Outcome) {
        let whole = try whole(bytes)
        var counts: [Int: Int] = [:]
        for size in sizes {
            let parted = try inParts(bytes, partSize: size)
            counts[size] = parted.parts
            let found = differences(parted, whole)
            #expect(found.isEmpty, "\(label), part size \(size) (\(parted.parts) parts): \(found.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
        // Int.max never cuts.
        if let count = counts[Int.max] { #expect(count == 1, "\(label): \(count) parts of Int.max bytes", sourceLocation: sourceLocation) }
        return (counts, whole)
    }

    // MARK: Generating

    /// What a generated calendar holds.
    struct Features: Sendable, CustomStringConvertible {
        var events: Int
        var seed: UInt64
        var lineEnd = "\r\n"
        /// A VTODO with `RELATED-TO;RELTYPE=PARENT` after some events.
        var tasks = false
        /// Some VEVENTs without a UID.
        var uidless = false
        /// VTIMEZONEs before the events (or after them, `zonesAfterEvents`), and events in them.
        var zones = false
        var wrTimeZone = false
        /// A calendar property (`X-FOO`) and a VJOURNAL near the end, after the events.
        var trailing = false
        /// A line of invalid UTF-8 and a malformed line, at about 3/4 of the events.
        var invalidUTF8 = false
        var malformedLine = false
        var folded = false
        var lowerCaseBegins = false
        var alarms = false
        var zonesAfterEvents = false
        /// A calendar property between the events, halfway.
        var middleProperty = false
        var byteOrderMark = false
        /// The task of this event comes before it.
        var taskBeforeEvent: Int?
        /// The task of this event comes after the next event.
        var taskAfterLaterEvent: Int?
        /// Event `.0` is a weekly series and event `.1` its override (RECURRENCE-ID).
        var overrideOf: (Int, Int)?
        var breakage: Breakage?
        var breakAt = 0

        var description: String {
            var on: [String] = []
            for (name, value) in [("tasks", tasks), ("uidless", uidless), ("zones", zones), ("X-WR-TIMEZONE", wrTimeZone), ("trailing", trailing), ("invalid UTF-8", invalidUTF8), ("malformed", malformedLine), ("folded", folded), ("lower case", lowerCaseBegins), ("alarms", alarms), ("zones after", zonesAfterEvents), ("middle property", middleProperty), ("BOM", byteOrderMark)] where value {
                on.append(name)
            }
            return "\(events) events, seed \(seed), \(lineEnd == "\n" ? "LF" : "CRLF")\(on.isEmpty ? "" : ", " + on.joined(separator: ", "))\(breakage.map { ", \($0) at \(breakAt)" } ?? "")"
        }
    }

    enum Breakage: String, CaseIterable, Sendable {
        /// The VEVENT has no END:VEVENT (the calendar's END then closes it).
        case unclosedEvent
        /// The last VEVENT has no END, and the input ends there.
        case unclosedAtTheEnd
        /// `END:VTODO` closes a VEVENT.
        case mismatchedEnd
        /// The input ends without `END:VCALENDAR`.
        case missingCalendarEnd
        /// An `END:VALARM` with only the calendar open.
        case strayEnd
    }

    static let zoneBlock = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:STANDARD", "DTSTART:20261025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:20270328T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
        "END:VTIMEZONE",
        "BEGIN:VTIMEZONE", "TZID:Custom/Zone",
        "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD",
        "END:VTIMEZONE",
    ]

    static let words = ["Party", "Grüße", "naïve café", "日本語", "🎉", "a\\,b", "semi\\;colon", "line\\nbreak", "Ελληνικά", "x"]

    /// A calendar with `features`, its lines folded at 75 bytes when asked.
    static func generated(_ features: Features) -> [UInt8] {
        var random = SeededRandom(seed: features.seed &* 31 &+ 7)
        var out: [UInt8] = features.byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        let end = Array(features.lineEnd.utf8)
        func line(_ text: String) {
            lineBytes(Array(text.utf8))
        }
        func lineBytes(_ bytes: [UInt8]) {
            guard features.folded, bytes.count > 75 else {
                out += bytes + end
                return
            }
            // Fold at 75 bytes, never inside a UTF-8 sequence.
            var start = 0
            var first = true
            while start < bytes.count {
                var stop = min(start + (first ? 75 : 74), bytes.count)
                while stop < bytes.count, stop > start + 1, bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
                out += (first ? [] : [0x20]) + bytes[start..<stop] + end
                start = stop
                first = false
            }
        }
        func begin(_ name: String) { line(features.lowerCaseBegins && random.chance(30) ? "begin:" + name.lowercased() : "BEGIN:" + name) }
        func endLine(_ name: String) { line(features.lowerCaseBegins && random.chance(30) ? "end:" + name.lowercased() : "END:" + name) }
        func uid(_ index: Int) -> String { "ev-\(features.seed)-\(index)@parts.test" }
        func text() -> String { (0..<random.inRange(1...4)).map { _ in random.pick(words) }.joined(separator: " ") }
        func task(of index: Int) {
            begin("VTODO")
            line("UID:task-\(features.seed)-\(index)@parts.test")
            line("RELATED-TO;RELTYPE=PARENT:" + uid(index))
            line("SUMMARY:Task of \(index) " + text())
            if random.bool() { line("STATUS:COMPLETED") }
            endLine("VTODO")
        }

        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:-//almanac//parts test//EN")
        line("X-WR-CALNAME:Parts \(features.seed)")
        if features.wrTimeZone { line("X-WR-TIMEZONE:America/New_York") }
        if features.zones && !features.zonesAfterEvents { zoneBlock.forEach { line($0) } }
        let usesZones = features.zones || features.zonesAfterEvents
        var lateTask: Int?
        for index in 0..<features.events {
            let broken = features.breakage != nil && index == features.breakAt
            if features.taskBeforeEvent == index { task(of: index) }
            if features.middleProperty && index == features.events / 2 { line("X-MIDDLE;X-PARAM=1:between the events") }
            begin("VEVENT")
            let isOverride = features.overrideOf?.1 == index
            let uidless = features.uidless && index % 7 == 3 && !isOverride
            if !uidless {
                line("UID:" + uid(isOverride ? features.overrideOf!.0 : index))
            }
            line("DTSTAMP:20260101T000000Z")
            let day = String(format: "2026%02d%02d", 1 + index % 12, 1 + index % 28)
            switch index % 4 {
            case 0 where usesZones: line("DTSTART;TZID=\(index % 8 == 0 ? "Europe/Berlin" : "Custom/Zone"):\(day)T100000")
            case 1: line("DTSTART:\(day)T090000Z")
            case 2: line("DTSTART;VALUE=DATE:\(day)")
            default: line("DTSTART:\(day)T120000")
            }
            if index % 3 == 0 { line("DURATION:PT1H") }
            if features.overrideOf?.0 == index { line("RRULE:FREQ=WEEKLY;COUNT=60") }
            if isOverride, let series = features.overrideOf?.0 {
                line(String(format: "RECURRENCE-ID:2026%02d%02dT090000Z", 1 + series % 12, 1 + series % 28))
            }
            if features.invalidUTF8 && index == features.events * 3 / 4 {
                lineBytes(Array("SUMMARY:bad bytes ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" here".utf8))
            } else {
                line("SUMMARY:Event \(index) " + text())
            }
            if features.malformedLine && index == features.events * 3 / 4 + 1 { line("THIS LINE HAS NO COLON AT ALL") }
            if random.bool() { line("DESCRIPTION:" + String(repeating: text() + " ", count: random.inRange(1...12))) }
            if random.chance(30) { line("LOCATION:" + text()) }
            if random.chance(30) { line("CATEGORIES:" + random.pick(["work", "home", "a\\,b"]) + ",travel") }
            if random.chance(20) { line("X-CUSTOM-PROP;X-A=\"b;c\":kept \(index)") }
            if features.alarms && random.chance(30) {
                begin("VALARM")
                line("ACTION:DISPLAY")
                line("TRIGGER:-PT15M")
                line("DESCRIPTION:Reminder \(index)")
                endLine("VALARM")
            }
            if broken, let breakage = features.breakage {
                switch breakage {
                case .unclosedEvent: break
                case .unclosedAtTheEnd: break
                case .mismatchedEnd: line("END:VTODO")
                case .missingCalendarEnd, .strayEnd: endLine("VEVENT")
                }
                if breakage == .strayEnd { line("END:VALARM") }
                if breakage == .unclosedAtTheEnd { return out }
            } else {
                endLine("VEVENT")
            }
            // (A task names its event by UID: a UID-less event has none.)
            if features.tasks && index % 5 == 1 && features.taskBeforeEvent != index && !uidless {
                if features.taskAfterLaterEvent == index {
                    lateTask = index
                } else {
                    task(of: index)
                }
            } else if let waiting = lateTask {
                task(of: waiting)
                lateTask = nil
            }
        }
        if let waiting = lateTask { task(of: waiting) }
        if features.trailing {
            line("X-FOO:after the events")
            begin("VJOURNAL")
            line("UID:journal-\(features.seed)@parts.test")
            line("SUMMARY:Notes at the end")
            endLine("VJOURNAL")
        }
        if features.zonesAfterEvents { zoneBlock.forEach { line($0) } }
        if features.breakage != .missingCalendarEnd { line("END:VCALENDAR") }
        return out
    }
}
