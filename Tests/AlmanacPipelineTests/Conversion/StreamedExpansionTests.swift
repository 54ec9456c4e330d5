import Foundation
import Testing
import Almanac
import AlmanacTestSupport

/// A conversion whose last step is `expand` writes each occurrence of a series from the
/// series' line and checks the series once (``ExpandedItems``): the bytes and diagnostics
/// are those of the occurrences made into events one by one, as any streamed step's items.
@Suite struct StreamedExpansionTests {
    /// `expand`, seen by the conversion as a step like any other: its items made one by one.
    struct PlainExpand: PipelineStep {
        let step: ExpandStep
        func apply(to state: inout PipelineState) throws { try step.apply(to: &state) }
        var streamsItems: Bool { true }
        func items(after state: inout PipelineState) throws -> AnyIterator<LocatedItem> { try step.items(after: &state) }
    }

    static func calendar(_ events: [String]) -> String {
        var lines: [String] = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines += event.split(separator: "|").map(String.init)
            lines.append("END:VEVENT")
        }
        lines += ["END:VCALENDAR", ""]
        return lines.joined(separator: "\r\n")
    }

    /// Series of every kind of time, with changed, moved, cancelled and excluded occurrences.
    static let series = calendar([
        "UID:standup|SUMMARY:Standup|DTSTART;TZID=Europe/Berlin:20260323T090000|DTEND;TZID=Europe/Berlin:20260323T091500|RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR|EXDATE;TZID=Europe/Berlin:20260325T090000|CATEGORIES:work,team|LOCATION:Room \"1\"",
        "UID:standup|RECURRENCE-ID;TZID=Europe/Berlin:20260327T090000|SUMMARY:Standup, later|DTSTART;TZID=Europe/Berlin:20260327T110000|DTEND;TZID=Europe/Berlin:20260327T113000",
        "UID:standup|RECURRENCE-ID;TZID=Europe/Berlin:20260401T090000|SUMMARY:Standup|STATUS:CANCELLED|DTSTART;TZID=Europe/Berlin:20260401T090000",
        "UID:review|SUMMARY:Review|DTSTART:20260302T140000Z|DTEND:20260302T150000Z|RRULE:FREQ=MONTHLY;BYDAY=-1FR|RDATE;VALUE=PERIOD:20260410T080000Z/20260410T120000Z",
        "UID:review|RECURRENCE-ID;RANGE=THISANDFUTURE:20260424T140000Z|SUMMARY:Review, moved|DTSTART:20260424T160000Z|DTEND:20260424T163000Z",
        "UID:bins|SUMMARY:Bins|DTSTART;VALUE=DATE:20260301|DTEND;VALUE=DATE:20260302|RRULE:FREQ=WEEKLY;INTERVAL=2",
        "UID:tea|SUMMARY:Tea|DTSTART:20260301T160000|RRULE:FREQ=DAILY;COUNT=40",
        "UID:once|SUMMARY:Once|DTSTART:20260315T100000Z|DTEND:20260315T110000Z",
    ])

    /// The output and diagnostics of both ways, or the errors they stop with.
    static func both(_ text: String, settings: ValidationSettings = ValidationSettings(), from: String = "2026-03-01", to: String = "2026-06-01") throws -> [(bytes: [UInt8]?, diagnostics: [Diagnostic])] {
        let scratch = try ScratchFolder()
        let input = try scratch.write("series.ics", text)
        let expand = ExpandStep(from: Fixture.day(from), to: Fixture.day(to))
        return try [Pipeline([expand]), Pipeline([PlainExpand(step: expand)])].map { steps in
            let collected = Collected()
            let conversion = Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("ndjson"), pipeline: steps, validator: Validator(settings: settings))
            do {
                let bytes = try conversion.bytes(report: collected.handler)
                return (bytes, collected.diagnostics.map(\.0))
            } catch let error as AlmanacError {
                return (nil, collected.diagnostics.map(\.0) + error.diagnostics)
            }
        }
    }

    @Test func theLinesAreTheOccurrencesMadeIntoEvents() throws {
        let runs = try Self.both(Self.series)
        let fast = try #require(runs[0].bytes), plain = try #require(runs[1].bytes)
        #expect(fast == plain)
        #expect(runs[0].diagnostics.isEmpty && runs[1].diagnostics.isEmpty)
        let items = try Fixture.ndjsonItems(fast)
        #expect(items.count > 60)
        #expect(Set(items.map(\.id)) == ["standup", "review", "bins", "tea", "once"])
        #expect(items.map(\.title).contains("Standup, later") && items.map(\.title).contains("Review, moved"))
    }

    @Test func warningsForEachOccurrenceNameItsSeriesLine() throws {
        let blank = Self.series.replacingOccurrences(of: "SUMMARY:Tea", with: "SUMMARY: ")
        let runs = try Self.both(blank, settings: ValidationSettings(severities: ["title-required": .warning]))
        #expect(runs[0].bytes != nil && runs[0].bytes == runs[1].bytes)
        #expect(runs[0].diagnostics == runs[1].diagnostics)
        #expect(runs[0].diagnostics.count == 40)
        #expect(runs[0].diagnostics.allSatisfy { $0.code == "title-required" && $0.source?.hasSuffix("series.ics") == true && $0.position != nil })
    }

    @Test func anInvalidOccurrenceStopsBothWaysWithTheSameError() throws {
        // 02:50 to 03:20 on the night Berlin falls back: the end reads back as before the start.
        let text = Self.series.replacingOccurrences(of: "END:VCALENDAR", with: [
            "BEGIN:VEVENT", "UID:night", "SUMMARY:Night", "DTSTART;TZID=Europe/Berlin:20261018T025000", "DTEND;TZID=Europe/Berlin:20261018T032000",
            "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT", "END:VCALENDAR",
        ].joined(separator: "\r\n"))
        let runs = try Self.both(text, from: "2026-10-01", to: "2026-11-01")
        #expect(runs[0].bytes == nil && runs[1].bytes == nil)
        #expect(runs[0].diagnostics == runs[1].diagnostics)
        #expect(runs[0].diagnostics.map(\.code).contains("end-after-start"))
    }

    @Test func withoutValidationTheLinesAreTheSame() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("series.ics", Self.series)
        let expand = ExpandStep(from: Fixture.day("2026-03-01"), to: Fixture.day("2026-06-01"))
        let outputs = try [Pipeline([expand]), Pipeline([PlainExpand(step: expand)])].map {
            try Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("ndjson"), pipeline: $0, validator: nil).bytes()
        }
        #expect(outputs[0] == outputs[1])
    }
}
