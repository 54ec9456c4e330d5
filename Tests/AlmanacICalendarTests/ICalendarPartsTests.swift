@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// Reading an input in parts (``ICalendarParts``: `parts(of:…)`, every part in order with
/// `decodeItems(part:from:body:)`, then `end(of:)`) gives what one read from start to end
/// gives: the same items at the same positions, the same warnings and document extras; and
/// it does cut where it may, and only there (over samples, the real-world corpus and
/// generated calendars, at several part sizes). The same error after the same items, and
/// that the comparison can fail: ``ICalendarPartsErrorTests``. What both share:
/// ``ICalendarPartsFixture``.
@Suite struct ICalendarPartsTests {
    typealias Fixture = ICalendarPartsFixture
    typealias Features = ICalendarPartsFixture.Features

    // MARK: Samples and the real-world corpus

    @Test func everySampleCalendar() throws {
        let folder = TestPaths.inPackage("Samples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let (counts, whole) = try Fixture.expectAlike(bytes, label: name)
            #expect(whole.error == nil && !whole.items.isEmpty, "\(name)")
            // events.ics has several VEVENTs directly in its calendar, nothing that needs a review.
            #expect((counts[1] ?? 0) > 1, "\(name) was not cut: \(counts)")
        }
    }

    @Test("every calendar of the real-world corpus (icalendar 7.3.0's sdist)", .enabled(if: Peers.shouldRun(pythonModule: "icalendar")))
    func realWorldCorpus() throws {
        let root = try RealWorldCorpusTests.corpus()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".ics") }.sorted()
        #expect(files.count > 150)
        var cut = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
            let (counts, _) = try Fixture.expectAlike(bytes, label: file, sizes: [1, 64, 300, Int.max])
            if (counts[1] ?? 0) > 1 { cut += 1 }
        }
        // Most of them hold more than one VEVENT: the comparison is of reads in parts.
        #expect(cut > 30, "only \(cut) corpus files were cut")
    }

    // MARK: Generated calendars

    @Test(arguments: [
        Features(events: 50, seed: 1),
        Features(events: 120, seed: 2, tasks: true, uidless: true, zones: true, wrTimeZone: true, trailing: true),
        Features(events: 300, seed: 3, tasks: true, uidless: true, zones: true, wrTimeZone: true, trailing: true, invalidUTF8: true, malformedLine: true, folded: true, lowerCaseBegins: true, alarms: true),
        Features(events: 200, seed: 4, lineEnd: "\n", tasks: true, zones: true, trailing: true, invalidUTF8: true, malformedLine: true, folded: true, lowerCaseBegins: true),
        Features(events: 150, seed: 5, tasks: true, uidless: true, wrTimeZone: true, folded: true, alarms: true, zonesAfterEvents: true, byteOrderMark: true),
        Features(events: 80, seed: 6, lineEnd: "\n", uidless: true, zones: true, trailing: true, alarms: true, middleProperty: true),
    ])
    func generatedCalendars(features: Features) throws {
        let bytes = Fixture.generated(features)
        let (counts, whole) = try Fixture.expectAlike(bytes, label: "\(features)")
        #expect(whole.error == nil, "\(String(describing: whole.error))")
        #expect(whole.items.count >= features.events, "\(whole.items.count) items")
        for size in [1, 64, 300, 2_000] {
            #expect((counts[size] ?? 0) > 1, "part size \(size): \(counts[size] ?? 0) parts")
        }
        // About one part per partSize bytes, never more than one per VEVENT (+1).
        #expect((counts[2_000] ?? 0) >= bytes.count / 2_000 / 2, "\(counts[2_000] ?? 0) parts of 2000 in \(bytes.count) bytes")
        #expect((counts[1] ?? 0) <= features.events + 1)
        if features.invalidUTF8 || features.malformedLine {
            #expect(!whole.diagnostics.isEmpty)
            // The warnings come from a late part: after the middle of the input.
            #expect(whole.diagnostics.contains { ($0.position?.offset ?? 0) > bytes.count / 2 })
        }
        if features.trailing {
            #expect(!whole.extras.entries.isEmpty)
        }
    }

    /// Many seeds, small calendars with every feature, at several sizes.
    @Test func manySeeds() throws {
        for seed in 10..<40 {
            var random = SeededRandom(seed: UInt64(seed))
            let features = Features(
                events: random.inRange(50...90), seed: UInt64(seed), lineEnd: random.bool() ? "\r\n" : "\n",
                tasks: random.bool(), uidless: random.bool(), zones: random.bool(), wrTimeZone: random.bool(), trailing: random.bool(),
                invalidUTF8: random.bool(), malformedLine: random.bool(), folded: random.bool(), lowerCaseBegins: random.bool(),
                alarms: random.bool(), zonesAfterEvents: random.bool(), middleProperty: random.bool(), byteOrderMark: random.chance(20)
            )
            let (counts, _) = try Fixture.expectAlike(Fixture.generated(features), label: "\(features)", sizes: [1, 64, 300, 2_000, 7_777, Int.max])
            #expect((counts[300] ?? 0) > 1)
        }
    }

    // MARK: One part

    @Test func aTaskBeforeItsEventIsOnePart() throws {
        let bytes = Fixture.generated(Features(events: 60, seed: 7, tasks: true, taskBeforeEvent: 40))
        let (counts, whole) = try Fixture.expectAlike(bytes, label: "task before its event")
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
        #expect(whole.error == nil)
        // The same calendar with the task after its event is cut.
        let (cut, _) = try Fixture.expectAlike(Fixture.generated(Features(events: 60, seed: 7, tasks: true)), label: "task after its event")
        #expect((cut[300] ?? 0) > 1)
    }

    @Test func aTaskAwayFromItsEventIsOnePart() throws {
        let bytes = Fixture.generated(Features(events: 60, seed: 8, tasks: true, taskAfterLaterEvent: 21))
        let (counts, _) = try Fixture.expectAlike(bytes, label: "task away from its event")
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
    }

    @Test func twoEventsSharingAUIDAreOnePart() throws {
        // A weekly series early and its RECURRENCE-ID override late in the calendar.
        let bytes = Fixture.generated(Features(events: 80, seed: 9, overrideOf: (2, 70)))
        let (counts, whole) = try Fixture.expectAlike(bytes, label: "series and override")
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
        #expect(whole.error == nil)
        #expect(whole.items.filter { $0.id == "ev-9-2@parts.test" }.count >= 1)
    }

    @Test func twoCalendarsAreOnePart() throws {
        let first = Fixture.generated(Features(events: 40, seed: 11, tasks: true))
        let second = Fixture.generated(Features(events: 40, seed: 12, zones: true))
        let (counts, whole) = try Fixture.expectAlike(first + second, label: "two calendars")
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
        #expect(whole.error == nil)
        #expect(whole.items.count >= 80)
    }

    @Test func aCalendarWithoutACutPointIsOnePart() throws {
        // No VEVENT directly in the calendar: tasks with no parent and a journal.
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//parts//EN"]
        for index in 0..<40 {
            lines += ["BEGIN:VTODO", "UID:todo-\(index)@parts.test", "DTSTAMP:20260101T000000Z", "SUMMARY:Task \(index) " + String(repeating: "x", count: 80), "END:VTODO"]
        }
        lines += ["BEGIN:VJOURNAL", "UID:journal@parts.test", "SUMMARY:Notes", "END:VJOURNAL", "END:VCALENDAR"]
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        let (counts, whole) = try Fixture.expectAlike(bytes, label: "no VEVENT")
        #expect(counts.values.allSatisfy { $0 == 1 }, "\(counts)")
        #expect(whole.error == nil)
        // One VEVENT, the first item: nothing before it to cut off but the calendar's head,
        // which is cut only as far as partSize asks.
        let one = Array(ICS.calendar(["BEGIN:VEVENT", "UID:one@parts.test", "SUMMARY:One", "DTSTART:20260101T100000Z", "END:VEVENT"]).utf8)
        let (single, _) = try Fixture.expectAlike(one, label: "one VEVENT", sizes: [64, 300, Int.max])
        #expect(single.values.allSatisfy { $0 == 1 }, "\(single)")
    }
}
