import Foundation
import Testing
import AlmanacTestSupport

/// ndjson → json, xml, markdown and ics stream through the document writers and give
/// byte for byte what reading the whole document gives.
@Suite struct DocumentStreamingTests {
    /// The samples' items as ndjson, events and recipes interleaved, and the same as json.
    static func interleaved(in scratch: ScratchFolder) throws -> (ndjson: String, json: String) {
        let lines = try CLI.run(["convert", "Samples/events.json", "Samples/recipes.json", "-t", "ndjson"]).stdoutText
            .split(separator: "\n").map(String.init)
        let events = lines.filter { $0.contains(#""kind":"event""#) }
        let recipes = lines.filter { $0.contains(#""kind":"recipe""#) }
        #expect(events.count >= 3 && recipes.count >= 2)
        var mixed: [String] = []
        for index in 0..<max(events.count, recipes.count) {
            if index < events.count { mixed.append(events[events.count - 1 - index]) }
            if index < recipes.count { mixed.append(recipes[index]) }
        }
        let ndjson = try scratch.write("mixed.ndjson", mixed.joined(separator: "\n") + "\n")
        let whole = try CLI.run(["convert", ndjson, "-t", "json", "then", "head", "-n", "1000"])
        #expect(whole.status == 0, "\(whole.stderrText)")
        return (ndjson, try scratch.write("mixed.json", whole.stdoutText))
    }

    @Test(arguments: [["-t", "json"], ["-t", "json", "--compact"], ["-t", "xml"], ["-t", "xml", "--compact"], ["-t", "md", "--today", "2026-06-01"], ["-t", "md", "--front-matter", "--today", "2026-06-01"]])
    func streamedEqualsWhole(_ options: [String]) throws {
        let scratch = try ScratchFolder()
        let (ndjson, json) = try Self.interleaved(in: scratch)
        let streamed = try CLI.run(["convert", ndjson] + options)
        let whole = try CLI.run(["convert", json] + options)
        #expect(streamed.status == 0, "\(streamed.stderrText)")
        #expect(!streamed.stdout.isEmpty)
        #expect(streamed.stdout == whole.stdout)
        #expect(streamed.stderrText == whole.stderrText)
    }

    @Test(arguments: [["-t", "ics"], ["-t", "jcal"], ["-t", "jcal", "--compact"], ["-t", "xcal"], ["-t", "xcal", "--compact"]])
    func eventsStreamToCalendarsWithTheirTimeZonesFirst(_ options: [String]) throws {
        let scratch = try ScratchFolder()
        let events = try CLI.run(["convert", "Samples/events.json", "-t", "ndjson"])
        let ndjson = try scratch.write("events.ndjson", events.stdoutText)
        let stamped = options + ["--dtstamp", "2026-01-01T00:00:00Z"]
        let streamed = try CLI.run(["convert", ndjson] + stamped)
        let whole = try CLI.run(["convert", "Samples/events.json"] + stamped)
        #expect(streamed.status == 0, "\(streamed.stderrText)")
        #expect(streamed.stdout == whole.stdout)
        let text = streamed.stdoutText.lowercased()
        let zone = try #require(text.range(of: "vtimezone"), "the samples use a zone")
        let event = try #require(text.range(of: "vevent"))
        #expect(zone.lowerBound < event.lowerBound)
    }

    @Test(arguments: ["json", "xml", "md", "ics", "jcal", "xcal"])
    func anEmptyStreamIsAnEmptyDocument(_ format: String) throws {
        let scratch = try ScratchFolder()
        let ndjson = try scratch.write("empty.ndjson", "")
        let json = try scratch.write("empty.json", #"{"almanac": 1, "recipes": [], "events": []}"#)
        let options = ["-t", format, "--dtstamp", "2026-01-01T00:00:00Z", "--today", "2026-06-01"]
        let streamed = try CLI.run(["convert", ndjson] + options)
        let whole = try CLI.run(["convert", json] + options)
        #expect(streamed.status == 0, "\(streamed.stderrText)")
        #expect(!streamed.stdout.isEmpty)
        #expect(streamed.stdout == whole.stdout)
    }

    /// A calendar with its own name, a zone that is not IANA's and an unknown component:
    /// what a whole read keeps as the document's extras.
    static let calendarWithExtras = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        X-WR-CALNAME:Family\r
        BEGIN:VTIMEZONE\r
        TZID:Custom Office Time\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:party\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261224T170000Z\r
        SUMMARY:Party\r
        END:VEVENT\r
        BEGIN:X-NOTE\r
        X-TEXT:kept\r
        END:X-NOTE\r
        END:VCALENDAR\r

        """

    @Test(arguments: [["-t", "json"], ["-t", "xml"], ["-t", "ics", "--dtstamp", "2026-01-01T00:00:00Z"], ["-t", "jcal", "--dtstamp", "2026-01-01T00:00:00Z"]])
    func icalendarStreamsWithTheCalendarsOwnPropertiesKept(_ options: [String]) throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("family.ics", Self.calendarWithExtras)
        let other = try scratch.write("other.ics", Self.calendarWithExtras.replacingOccurrences(of: "Family", with: "Work").replacingOccurrences(of: "UID:party", with: "UID:meeting"))
        let streamed = try CLI.run(["convert", path, other] + options)
        let whole = try CLI.run(["convert", path, other] + options + ["then", "head", "-n", "1000"])
        #expect(streamed.status == 0, "\(streamed.stderrText)")
        #expect(streamed.stdout == whole.stdout)
        #expect(streamed.stdoutText.contains("Family"))
        #expect(!streamed.stdoutText.contains("Work"), "the first input's calendar name wins, as when read whole")
        #expect(streamed.stdoutText.contains("Custom Office Time"))
    }

    @Test func streamingChecksItemsOneByOneAndStopsWithoutOutput() throws {
        let scratch = try ScratchFolder()
        let ndjson = try scratch.write("bad.ndjson", """
            {"kind":"event","id":"a","title":"Fine","start":"2026-01-01T10:00:00Z"}
            {"kind":"event","id":"b","title":"","start":"2026-01-01T10:00:00Z"}

            """)
        let output = scratch.path("out.json")
        let result = try CLI.run(["convert", ndjson, "-o", output])
        #expect(result.status == 1)
        #expect(result.stderrText.contains("title-required"))
        #expect(!FileManager.default.fileExists(atPath: output))
        // To standard output nothing is written either: the document comes out at the end.
        let piped = try CLI.run(["convert", ndjson, "-t", "json"])
        #expect(piped.status == 1)
        #expect(piped.stdout.isEmpty)
    }

    @Test(arguments: ["json", "ndjson"])
    func repeatedIDsAreFoundAcrossAStream(_ target: String) throws {
        let scratch = try ScratchFolder()
        let ndjson = try scratch.write("twice.ndjson", """
            {"kind":"event","id":"a","title":"First","start":"2026-01-01T10:00:00Z"}
            {"kind":"event","id":"b","title":"Other","start":"2026-01-01T10:00:00Z"}
            {"kind":"event","id":"a","title":"Again","start":"2026-01-02T10:00:00Z"}

            """)
        let output = scratch.path("out.\(target)")
        let result = try CLI.run(["convert", ndjson, "-o", output])
        #expect(result.status == 1)
        #expect(result.stderrText.contains("\(ndjson):3:1: error: event 'Again': the id a is already used by an earlier item (add 'then validate' to name it) [unique-ids]"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try CLI.run(["convert", ndjson, "-o", output, "--disable", "unique-ids"]).status == 0)
        // Read whole, the message names the first item.
        let whole = try CLI.run(["convert", ndjson, "-t", target, "then", "validate"])
        #expect(whole.stderrText.contains("the id a is already used by event 'First'"), "\(whole.stderrText)")
    }

    @Test func aLongStreamSpillsToTheTemporaryFolderAndLeavesNothingThere() throws {
        let scratch = try ScratchFolder()
        let spill = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: spill, withIntermediateDirectories: true)
        // About 10 MB of events: past the 8 MiB kept in memory.
        let notes = String(repeating: "A long note. ", count: 400)
        var lines: [String] = []
        for index in 0..<1_800 {
            lines.append(#"{"kind":"event","id":"e\#(index)","title":"Event \#(index)","start":"2026-01-01T10:00:00Z","notes":"\#(notes)"}"#)
        }
        let ndjson = try scratch.write("long.ndjson", lines.joined(separator: "\n") + "\n")
        let output = scratch.path("long.json")
        let result = try ProcessRunner.run(TestPaths.almanacBinary, ["convert", ndjson, "-o", output], environment: ["TMPDIR": spill])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill).isEmpty)
        let json = try CLI.run(["convert", output, "-t", "ndjson"])
        #expect(json.stdoutText.split(separator: "\n").count == 1_800)
        #expect(json.stdoutText.split(separator: "\n").first?.contains(#""id":"e0""#) == true)
    }
}
