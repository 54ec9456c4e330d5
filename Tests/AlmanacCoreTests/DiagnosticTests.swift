import AlmanacCore
import Testing

@Suite struct DiagnosticTests {
    @Test func rendersFileLineColumnSeverityMessageAndCode() {
        let position = SourcePosition(offset: 40, line: 3, column: 7)
        #expect(Diagnostic(.warning, "unknown key 'x'", source: "a.json", position: position, code: "unknown-key").rendered
            == "a.json:3:7: warning: unknown key 'x' [unknown-key]")
        #expect(Diagnostic(.error, "cannot read", source: "<stdin>").rendered == "<stdin>: error: cannot read")
        #expect(Diagnostic(.note, "plain", position: position).rendered == "note: plain")
    }

    @Test func severitiesOrderNoteWarningError() {
        #expect(Diagnostic.Severity.note < .warning)
        #expect(Diagnostic.Severity.warning < .error)
        #expect([Diagnostic.Severity.error, .note, .warning].max() == .error)
    }
}
