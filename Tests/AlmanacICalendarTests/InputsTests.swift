@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import Testing

/// ``ICalendarCodec/decode(inputs:limits:)``: several inputs read as one calendar.
@Suite("iCalendar: several inputs as one calendar")
struct InputsTests {
    static let event = ICS.calendar(["BEGIN:VEVENT", "UID:trip", "SUMMARY:Trip", "DTSTART;TZID=Europe/Berlin:20270115T090000", "END:VEVENT"])
    static func todo(_ uid: String, parent: String, _ extra: [String] = []) -> String {
        ICS.calendar(["BEGIN:VTODO", "UID:\(uid)", "SUMMARY:Task \(uid)", "RELATED-TO;RELTYPE=PARENT:\(parent)"] + extra + ["END:VTODO"])
    }

    static func decode(_ inputs: [(String, String)]) throws -> [DecodeResult] {
        try ICS.codec.decode(inputs: inputs.map { DecodeInput(bytes: Array($1.utf8), source: $0) }, limits: .formatDefaults)
    }

    @Test("a VTODO in another input is its event's task, whether it comes before or after it")
    func tasksAcrossInputs() throws {
        for inputs in [[("trip.ics", Self.event), ("a.ics", Self.todo("a", parent: "trip")), ("b.ics", Self.todo("b", parent: "trip"))],
                       [("a.ics", Self.todo("a", parent: "trip")), ("trip.ics", Self.event), ("b.ics", Self.todo("b", parent: "trip"))],
                       [("b.ics", Self.todo("b", parent: "trip")), ("a.ics", Self.todo("a", parent: "trip")), ("trip.ics", Self.event)]] {
            let results = try Self.decode(inputs)
            #expect(results.count == 3)
            let events = results.flatMap(\.document.events)
            #expect(events.map(\.id) == ["trip"], "\(inputs.map(\.0))")
            // The event is the result of its own input.
            let tripIndex = inputs.firstIndex { $0.0 == "trip.ics" }!
            #expect(results[tripIndex].document.events.count == 1)
            // Tasks in the order the inputs came.
            #expect(events.first?.tasks.map(\.id) == inputs.compactMap { $0.0 == "trip.ics" ? nil : String($0.0.prefix(1)) })
        }
    }

    @Test("the same as reading the inputs' concatenation")
    func likeConcatenation() throws {
        let inputs = [("b.ics", Self.todo("b", parent: "a")), ("trip.ics", Self.event), ("a.ics", Self.todo("a", parent: "trip")), ("lone.ics", Self.todo("lone", parent: "nowhere"))]
        let together = try Self.decode(inputs).flatMap(\.document.events)
        let concatenated = try ICS.decode(Array(inputs.map(\.1).joined().utf8)).document.events
        #expect(together == concatenated)
        #expect(together.map(\.id) == ["trip", "lone"])
        #expect(together.first?.tasks.map(\.id) == ["b", "a"])
    }

    @Test("warnings name the input they are about, with its line")
    func diagnosticsPerInput() throws {
        // The task comes first and is mapped once its event is read; its broken line is line 8 of a.ics.
        let results = try Self.decode([("a.ics", Self.todo("a", parent: "trip", ["not a content line"])), ("trip.ics", Self.event), ("c.ics", ICS.calendar(["BEGIN:VEVENT", "UID:c", "DTSTART:never", "END:VEVENT"]))])
        #expect(results[0].diagnostics.map { "\($0.source ?? ""):\($0.position?.line ?? 0)" } == ["a.ics:8"], "\(results[0].diagnostics.map(\.rendered))")
        #expect(results[1].diagnostics.isEmpty, "\(results[1].diagnostics.map(\.rendered))")
        #expect(results[2].diagnostics.map { "\($0.source ?? ""):\($0.position?.line ?? 0)" } == ["c.ics:6"], "\(results[2].diagnostics.map(\.rendered))")
    }

    @Test("an input with a broken structure is an error about that input")
    func errorNamesInput() throws {
        let broken = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n"
        #expect {
            _ = try Self.decode([("trip.ics", Self.event), ("broken.ics", broken), ("a.ics", Self.todo("a", parent: "trip"))])
        } throws: { error in
            guard let failed = error as? InputGroupError else { return false }
            return failed.input == 1 && failed.error.message.contains("BEGIN:VEVENT has no END:VEVENT")
        }
    }

    @Test("each input is a whole calendar: one left open is an error even when the next closes it")
    func inputsDoNotContinue() throws {
        #expect {
            _ = try Self.decode([("open.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:o\r\n"), ("close.ics", "END:VEVENT\r\nEND:VCALENDAR\r\n")])
        } throws: { error in
            (error as? InputGroupError)?.input == 0
        }
    }

    @Test("the first result carries the group's document extras: each calendar property from the first input with one, every kept component")
    func documentExtras() throws {
        func calendar(_ name: String, _ uid: String) -> String {
            ICS.calendar(["X-WR-CALNAME:\(name)", "BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20270101T100000Z", "END:VEVENT", "BEGIN:VJOURNAL", "UID:j-\(uid)", "END:VJOURNAL"])
        }
        let results = try Self.decode([("one.ics", calendar("Home", "e")), ("two.ics", calendar("Work", "f")), ("three.ics", calendar("Home", "g"))])
        let extras = ICalendarExtras(results[0].document.extras)
        #expect(extras.properties == ["X-WR-CALNAME:Home"])
        #expect(extras.components == ["BEGIN:VJOURNAL\nUID:j-e\nEND:VJOURNAL", "BEGIN:VJOURNAL\nUID:j-f\nEND:VJOURNAL", "BEGIN:VJOURNAL\nUID:j-g\nEND:VJOURNAL"])
        #expect(results[1].document.extras.isEmpty && results[2].document.extras.isEmpty)
    }
}
