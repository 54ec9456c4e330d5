import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCLI

@Suite struct ExpandVerbTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:standup\r
        SUMMARY:Standup\r
        DTSTART;TZID=Europe/Berlin:20260323T090000\r
        DTEND;TZID=Europe/Berlin:20260323T091500\r
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6\r
        EXDATE;TZID=Europe/Berlin:20260325T090000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup\r
        RECURRENCE-ID;TZID=Europe/Berlin:20260327T090000\r
        SUMMARY:Standup, later\r
        DTSTART;TZID=Europe/Berlin:20260327T110000\r
        DTEND;TZID=Europe/Berlin:20260327T113000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup\r
        RECURRENCE-ID;TZID=Europe/Berlin:20260330T090000\r
        SUMMARY:Standup\r
        STATUS:CANCELLED\r
        DTSTART;TZID=Europe/Berlin:20260330T090000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test("one event per occurrence: overrides applied, EXDATEs and cancelled occurrences left out, 09:00 kept across the change of clocks")
    func expand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-expand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("standup.ics")
        try Data(Self.calendar.utf8).write(to: file)
        let result = try ProcessRunner.almanac(["convert", file.path, "-t", "ndjson", "then", "expand", "--from", "2026-03-01", "--to", "2026-05-01"])
        #expect(result.status == 0, "\(result.stderrText)")
        let rows = try result.stdout.split(separator: UInt8(ascii: "\n")).map { try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) }
        #expect(rows.map { $0["start"] as? String } == ["2026-03-23T09:00:00", "2026-03-27T11:00:00", "2026-04-01T09:00:00", "2026-04-03T09:00:00"])
        #expect(rows.map { $0["end"] as? String } == ["2026-03-23T09:15:00", "2026-03-27T11:30:00", "2026-04-01T09:15:00", "2026-04-03T09:15:00"])
        #expect(rows.map { $0["recurrenceId"] as? String } == ["2026-03-23", "2026-03-27", "2026-04-01", "2026-04-03"].map { "\($0)T09:00:00[Europe/Berlin]" })
        #expect(rows.map { $0["title"] as? String } == ["Standup", "Standup, later", "Standup", "Standup"])
        #expect(rows.allSatisfy { $0["id"] as? String == "standup" && $0["recurrence"] == nil && $0["timeZone"] as? String == "Europe/Berlin" })
    }

    @Test("--from and --to are required dates, in order; --max-occurrences stops a series with a warning")
    func arguments() throws {
        #expect(throws: UsageError.self) { try VerbRun.step(ExpandVerb(), ["--from", "2026-01-01"]) }
        #expect(throws: UsageError.self) { try VerbRun.step(ExpandVerb(), ["--from", "2026-02-01", "--to", "2026-01-01"]) }
        #expect(throws: UsageError.self) { try VerbRun.step(ExpandVerb(), ["--from", "soon", "--to", "2026-01-01"]) }
        let every = Item.event(Event(id: "tick", title: "Tick", start: ISO8601Text.parseCalendarTime(Array("2026-01-01T00:00:00Z".utf8)), recurrence: "FREQ=MINUTELY"))
        var state = PipelineState(items: [LocatedItem(every, source: "in.json")], documentExtras: Extras())
        try VerbRun.step(ExpandVerb(), ["--from", "2026-01-01", "--to", "2026-02-01", "--max-occurrences", "500"]).apply(to: &state)
        #expect(state.items.count == 500)
        #expect(state.warnings.map(\.message) == ["expand: event 'Tick': it has more than 500 occurrences in the window; only the first 500 are kept (raise --max-occurrences)"])
    }
}
