import Foundation
import Testing
@testable import Almanac
import AlmanacCore
import AlmanacTestSupport

/// A long calendar file streamed into a file in parts on two threads
/// (``Conversion/Concurrency``) writes the bytes, reports the diagnostics (in order) and
/// throws the errors of the same conversion read in one pass (`threads: 1`).
@Suite struct PartedStreamTests {
    static let parted = Conversion.Concurrency(threads: 2, partSize: 2_000, window: 2)
    static let onePass = Conversion.Concurrency(threads: 1)

    /// What one conversion into a file gave.
    struct Run {
        var bytes: [UInt8]?
        var reported: [Reported] = []
        var error: AlmanacError?
    }

    struct Reported: Hashable, CustomStringConvertible {
        var diagnostic: Diagnostic
        var display: DiagnosticDisplay
        var description: String { "\(diagnostic.rendered) [\(display.quotesLine ? "quoting" : "alone")]" }
    }

    /// Converts `input` into `format` in a file of `scratch` with `concurrency`; the file is
    /// read and removed, so that each run writes the same path.
    static func run(_ input: String, to format: String, concurrency: Conversion.Concurrency, validator: Validator? = Validator(), in scratch: ScratchFolder) throws -> Run {
        var conversion = Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec(format))
        conversion.validator = validator
        conversion.concurrency = concurrency
        let output = scratch.path("out.\(format)")
        try? FileManager.default.removeItem(atPath: output)
        var run = Run()
        var reported: [Reported] = []
        do {
            try conversion.write(to: .file(output)) { reported.append(Reported(diagnostic: $0, display: $1)) }
        } catch {
            run.error = error
        }
        run.reported = reported
        if FileManager.default.fileExists(atPath: output) {
            run.bytes = try scratch.bytes("out.\(format)")
            try FileManager.default.removeItem(atPath: output)
        }
        return run
    }

    /// How `parted` differs from `onePass` (empty when alike).
    static func differences(_ parted: Run, _ onePass: Run) -> [String] {
        var found: [String] = []
        switch (parted.bytes, onePass.bytes) {
        case (nil, nil): break
        case (let left?, let right?) where left != right:
            let first = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
            let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, first - 80)..<min(bytes.count, first + 80)], as: UTF8.self) }
            found.append("output differs at byte \(first) (\(left.count) vs \(right.count) bytes): …\(context(left))… vs …\(context(right))…")
        case (let left?, let right?) where left == right: break
        default: found.append("output file: \(parted.bytes == nil ? "none" : "written") vs one pass \(onePass.bytes == nil ? "none" : "written")")
        }
        if parted.reported != onePass.reported {
            found.append("reported \(parted.reported.count) vs \(onePass.reported.count): \(parted.reported) vs \(onePass.reported)")
        }
        switch (parted.error, onePass.error) {
        case (nil, nil): break
        case (let left?, let right?):
            if left.status != right.status || left.message != right.message || left.diagnostics != right.diagnostics || left.display != right.display || left.hint != right.hint {
                found.append("error \(left.status) \(left) vs \(right.status) \(right)")
            }
        case (let left, let right):
            found.append("error \(left.map { "\($0.status) \($0)" } ?? "none") vs one pass \(right.map { "\($0.status) \($0)" } ?? "none")")
        }
        return found
    }

    /// Runs `input` both ways into `format` and expects them alike; returns the one pass's run.
    @discardableResult
    static func expectAlike(_ input: String, to format: String, validator: Validator? = Validator(), in scratch: ScratchFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        let whole = try run(input, to: format, concurrency: onePass, validator: validator, in: scratch)
        let inParts = try run(input, to: format, concurrency: parted, validator: validator, in: scratch)
        let found = differences(inParts, whole)
        #expect(found.isEmpty, "\(format): \(found.joined(separator: "; "))", sourceLocation: sourceLocation)
        return whole
    }

    /// The input is cut into several parts of 2000 bytes, and `format`'s writer takes parts:
    /// the conversion reads in parts (so a test cannot pass by reading in one pass).
    static func expectReadInParts(_ input: String, to format: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        var source = MemorySource(bytes)
        let decoder = try #require(Fixture.codec("ics").partedItemStreamDecoder, sourceLocation: sourceLocation)
        let parts = try #require(try decoder.parts(of: &source, sourceName: input, limits: ReaderLimits(), partSize: parted.partSize), sourceLocation: sourceLocation)
        #expect(parts.count > 5, "\(parts.count) parts", sourceLocation: sourceLocation)
        let sink = try #require(try StreamSink(Fixture.codec(format), options: EncodingOptions(), direct: true), sourceLocation: sourceLocation)
        #expect(sink.takesParts, sourceLocation: sourceLocation)
    }

    // MARK: Cases

    @Test(arguments: ["json", "ndjson"])
    func aCleanCalendar(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300))
        try Self.expectReadInParts(input, to: format)
        let whole = try Self.expectAlike(input, to: format, in: scratch)
        #expect(whole.error == nil && whole.reported.isEmpty, "\(whole.reported)")
        let bytes = try #require(whole.bytes)
        #expect(try Fixture.codec(format).decode(bytes, source: "out").document.events.count == 300)
    }

    @Test(arguments: ["json", "ndjson"])
    func warningsInSeveralParts(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, blankTasks: [10, 100, 200, 290], malformedAt: 250))
        try Self.expectReadInParts(input, to: format)
        let whole = try Self.expectAlike(input, to: format, in: scratch)
        #expect(whole.error == nil)
        // Four validation warnings (alone), then the reader's (quoting its line).
        #expect(whole.reported.filter { $0.diagnostic.code == "title-required" }.count == 4, "\(whole.reported)")
        #expect(whole.reported.contains { $0.display.quotesLine && $0.diagnostic.message.contains("no ':'") }, "\(whole.reported)")
    }

    /// A VTODO with no parent late in the file has the UID of a VEVENT early in it: the part
    /// that holds it is validated with the ids of the parts before it.
    @Test(arguments: ["json", "ndjson"])
    func aLateTaskWithAnEarlyEventsUIDIsNamedOnce(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, orphanTaskWithUIDOf: (5, after: 260)))
        try Self.expectReadInParts(input, to: format)
        let warning = Validator(settings: ValidationSettings(severities: ["unique-ids": .warning]))
        let whole = try Self.expectAlike(input, to: format, validator: warning, in: scratch)
        #expect(whole.error == nil)
        let clashes = whole.reported.filter { $0.diagnostic.code == "unique-ids" }
        #expect(clashes.count == 1, "\(whole.reported)")
        #expect(clashes.first?.diagnostic.item?.id == "ev-5@parted.test", "\(clashes)")
        // At the default severity, an error: the same one stops both runs, and no file.
        let stopped = try Self.expectAlike(input, to: format, in: scratch)
        #expect(stopped.error?.status == .validationFailed)
        #expect(stopped.bytes == nil)
        // Without the clash, nothing.
        let clean = try scratch.write("clean.ics", Self.calendar(events: 300))
        #expect(try Self.expectAlike(clean, to: format, validator: warning, in: scratch).reported.isEmpty)
    }

    /// A zone of the file's own (not IANA) used in every part: the reader's note about it
    /// is reported as one read reports it.
    @Test(arguments: ["json", "ndjson"])
    func aZoneOfTheFilesOwnInEveryPart(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, customZone: true))
        try Self.expectReadInParts(input, to: format)
        let whole = try Self.expectAlike(input, to: format, in: scratch)
        #expect(whole.error == nil)
        #expect(whole.reported.contains { $0.diagnostic.message.contains("Custom/Zone") }, "\(whole.reported)")
    }

    @Test(arguments: ["json", "ndjson"])
    func aValidationErrorInALatePart(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, blankTasks: [20, 150], blankTitleAt: 270))
        try Self.expectReadInParts(input, to: format)
        let whole = try Self.expectAlike(input, to: format, in: scratch)
        let error = try #require(whole.error)
        #expect(error.status == .validationFailed)
        #expect(error.diagnostics.map(\.code) == ["title-required"])
        #expect(whole.bytes == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.\(format)")))
        // The warnings of the parts before it were reported first.
        #expect(whole.reported.count == 2, "\(whole.reported)")
    }

    @Test(arguments: ["json", "ndjson"])
    func aBrokenStructureInALatePart(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, blankTasks: [30], mismatchedEndAt: 260))
        try Self.expectReadInParts(input, to: format)
        let whole = try Self.expectAlike(input, to: format, in: scratch)
        let error = try #require(whole.error)
        #expect(error.status == .dataError)
        #expect(error.diagnostics.first?.message.contains("does not close") == true, "\(error)")
        #expect(whole.bytes == nil)
    }

    /// The event just before a broken one has a validation error: a read in one pass stops
    /// at the broken structure; a read in parts must too. The broken event is moved over ten
    /// places, so that in one of them a part ends just before it (parts of 2000 bytes hold
    /// about ten events).
    @Test(arguments: ["json", "ndjson"])
    func aValidationErrorJustBeforeABrokenStructure(format: String) throws {
        let scratch = try ScratchFolder()
        for broken in 250..<262 {
            let input = try scratch.write("in.ics", Self.calendar(events: 300, blankTitleAt: broken - 1, mismatchedEndAt: broken))
            let whole = try Self.expectAlike(input, to: format, in: scratch)
            #expect(whole.error != nil, "event \(broken)")
            #expect(whole.bytes == nil)
        }
    }

    @Test(arguments: ["json", "ndjson"])
    func withoutValidation(format: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, blankTasks: [10, 200], malformedAt: 220, orphanTaskWithUIDOf: (5, after: 240), blankTitleAt: 270))
        try Self.expectReadInParts(input, to: format)
        let whole = try Self.expectAlike(input, to: format, validator: nil, in: scratch)
        #expect(whole.error == nil)
        #expect(whole.reported.allSatisfy { $0.diagnostic.code == nil }, "\(whole.reported)")
        #expect(whole.reported.count == 1, "\(whole.reported)")
        let bytes = try #require(whole.bytes)
        #expect(try Fixture.codec(format).decode(bytes, source: "out").document.events.count == 301)
    }

    /// Markdown's writer does not take parts: the conversion reads in one pass either way.
    @Test func aWriterThatDoesNotTakePartsStillWorks() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 300, blankTasks: [10, 200], malformedAt: 220))
        let sink = try #require(try StreamSink(Fixture.codec("md"), options: EncodingOptions(), direct: true))
        #expect(!sink.takesParts)
        let whole = try Self.expectAlike(input, to: "md", in: scratch)
        #expect(whole.error == nil)
        // The two validation warnings, the reader's, and the writer's about the extras.
        #expect(whole.reported.count == 4, "\(whole.reported)")
        let text = String(decoding: try #require(whole.bytes), as: UTF8.self)
        #expect(text.contains("Event 0 ") && text.contains("Event 299 "))
    }

    // MARK: The comparison can fail

    @Test func aDifferenceIsCaught() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ics", Self.calendar(events: 60, blankTasks: [10, 50]))
        let whole = try Self.run(input, to: "ndjson", concurrency: Self.onePass, in: scratch)
        #expect(Self.differences(whole, whole).isEmpty)
        #expect(whole.reported.count == 2)
        var dropped = whole
        dropped.reported.removeFirst()
        #expect(!Self.differences(dropped, whole).isEmpty)
        var shown = whole
        shown.reported[0].display = .quoting()
        #expect(!Self.differences(shown, whole).isEmpty)
        var shorter = whole
        // One item (a line of NDJSON) fewer.
        let bytes = try #require(whole.bytes)
        let cut = try #require(bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")))
        shorter.bytes = Array(bytes[...cut])
        #expect(!Self.differences(shorter, whole).isEmpty)
        var none = whole
        none.bytes = nil
        #expect(!Self.differences(none, whole).isEmpty)
        var failed = whole
        failed.error = AlmanacError(.dataError, message: "broken")
        #expect(!Self.differences(failed, whole).isEmpty)
        var other = failed
        other.error?.status = .validationFailed
        #expect(!Self.differences(other, failed).isEmpty)
    }

    // MARK: Generating

    /// A calendar of `events` VEVENTs (each about 200 bytes, some with a task after them),
    /// with what is asked at the events named.
    static func calendar(events: Int, blankTasks: Set<Int> = [], malformedAt: Int? = nil, orphanTaskWithUIDOf orphan: (Int, after: Int)? = nil, blankTitleAt: Int? = nil, mismatchedEndAt: Int? = nil, customZone: Bool = false) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//almanac//parted stream test//EN", "X-WR-CALNAME:Parted",
                     "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
                     "BEGIN:STANDARD", "DTSTART:20261025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
                     "BEGIN:DAYLIGHT", "DTSTART:20270328T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
                     "END:VTIMEZONE"]
        if customZone {
            lines += ["BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD", "END:VTIMEZONE"]
        }
        for index in 0..<events {
            let day = String(format: "2026%02d%02d", 1 + index % 12, 1 + index % 28)
            lines += ["BEGIN:VEVENT", "UID:ev-\(index)@parted.test", "DTSTAMP:20260101T000000Z"]
            lines.append(index % 3 == 0 ? "DTSTART;TZID=\(customZone ? "Custom/Zone" : "Europe/Berlin"):\(day)T100000" : index % 3 == 1 ? "DTSTART:\(day)T090000Z" : "DTSTART;VALUE=DATE:\(day)")
            if index % 3 == 1 { lines.append("DTEND:\(day)T100000Z") }
            lines.append(blankTitleAt == index ? "SUMMARY: " : "SUMMARY:Event \(index) with a title long enough to fill a line")
            if index % 4 == 0 { lines.append("LOCATION:Room \(index)\\, second floor") }
            if index % 5 == 2 { lines.append("CATEGORIES:work,travel") }
            if malformedAt == index { lines.append("THIS LINE HAS NO COLON") }
            lines.append(mismatchedEndAt == index ? "END:VTODO" : "END:VEVENT")
            if index % 4 == 1 || blankTasks.contains(index) {
                lines += ["BEGIN:VTODO", "UID:task-\(index)@parted.test", "RELATED-TO;RELTYPE=PARENT:ev-\(index)@parted.test",
                          blankTasks.contains(index) ? "SUMMARY: " : "SUMMARY:Task of \(index)", "END:VTODO"]
            }
            if let orphan, orphan.after == index {
                lines += ["BEGIN:VTODO", "UID:ev-\(orphan.0)@parted.test", "DTSTAMP:20260101T000000Z", "SUMMARY:A task with no parent", "END:VTODO"]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
