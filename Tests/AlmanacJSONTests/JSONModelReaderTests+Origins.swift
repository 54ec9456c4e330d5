import AlmanacTestSupport
import Testing

/// Where ``JSONModelReader`` says each item of a document starts: its object, by line and
/// column in characters, also when the whole document is one line.
extension JSONModelReaderTests {
    @Test("validate names the column of the item's object on a one-line document")
    func oneLineDocumentOrigins() throws {
        let document = #"{"almanac":1,"events":[{"id":"a","title":"Fürst","start":"2026-12-24T10:00:00Z"},{"id":"b","title":"Second","start":"2026-12-24T10:00:00Z","end":"2026-12-24T09:00:00Z"}]}"# + "\n"
        let run = try ValidationRun.errors(["validate", "-f", "json"], input: document)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:1:82: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"])
    }
}
