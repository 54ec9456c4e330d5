import AlmanacTestSupport
import Testing

/// Where ``XMLModelReader`` says each item starts: its `<recipe>` or `<event>` element.
@Suite struct XMLModelReaderTests {
    @Test("validate names the line and column of the <event> element")
    func eventElement() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <almanac xmlns="https://almanac.invalid/xml/1" version="1">
              <event id="a"><title>First</title><start>2026-12-24T10:00:00Z</start></event> <event id="b"><title>Second</title>
                <start>2026-12-24T10:00:00Z</start><end>2026-12-24T09:00:00Z</end></event>
            </almanac>

            """
        let run = try ValidationRun.errors(["validate", "-f", "xml"], input: document)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:3:81: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"])
    }
}
