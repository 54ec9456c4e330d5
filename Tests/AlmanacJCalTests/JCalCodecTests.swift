import AlmanacCore
import AlmanacTestSupport
import Testing

/// Where ``JCalCodec`` says each event starts: its `["vevent", …]` array.
@Suite struct JCalCodecTests {
    static let calendar = """
        ["vcalendar", [["version", {}, "text", "2.0"]], [
          ["vevent", [["uid", {}, "text", "first"], ["summary", {}, "text", "First"], ["dtstart", {}, "date-time", "2026-12-24T10:00:00Z"]], []],
          ["vtodo", [["uid", {}, "text", "task-1"], ["related-to", {}, "text", "second"], ["summary", {}, "text", "Bring cake"]], []], ["vevent", [["uid", {}, "text", "second"], ["summary", {}, "text", "Second"],
            ["dtstart", {}, "date-time", "2026-12-24T10:00:00Z"], ["dtend", {}, "date-time", "2026-12-24T09:00:00Z"]], []]
        ]]

        """

    @Test("validate names the line and column of the event's array")
    func eventArray() throws {
        let run = try ValidationRun.errors(["validate", "-f", "jcal"], input: Self.calendar)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:3:128: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"])
    }

    @Test("a key repeated in an object is a warning at the repeat, and the first one is read")
    func duplicateKey() throws {
        let text = #"["vcalendar", [], [["vevent", [["uid", {}, "text", "a"], ["summary", {}, "text", "A"], ["dtstart", {"tzid": "Europe/Berlin", "tzid": "America/New_York"}, "date-time", "2026-12-24T10:00:00"]], []]]]"#
        let result = try JCal.decode(text)
        let start = try #require(result.document.events.first?.start)
        #expect(start.timeZoneID == "Europe/Berlin")
        let repeated = try #require(text.range(of: #""tzid": "America"#))
        let column = text.utf8.distance(from: text.startIndex, to: repeated.lowerBound) + 1
        #expect(result.diagnostics.map(\.rendered) == ["test.jcal:1:\(column): warning: duplicate key 'tzid'; the first one is read"])
    }
}
