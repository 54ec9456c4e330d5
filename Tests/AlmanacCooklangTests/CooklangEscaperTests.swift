import Testing
@testable import AlmanacCooklang

/// Text written so that it reads back as written.
@Suite struct CooklangEscaperTests {
    @Test(arguments: ["a @b #c ~d", "x -- y --- z", "[- not a comment -]", "= not a section", "> not a note", "back\\slash", "two\nlines", "100% (sure)"])
    func textReadsBackAsWritten(_ text: String) throws {
        let written = CooklangEscaper.text(ArraySlice(text.utf8), atLineStart: true)
        let parsed = try CooklangReader.parse(Array(written.utf8))
        #expect(parsed.steps.map(\.plainText) == [text.replacingOccurrences(of: "\n", with: " ")], "\(written)")
    }

    @Test func namesBracesCannotHold() {
        #expect(CooklangEscaper.isWritableName("olive oil"))
        #expect(!CooklangEscaper.isWritableName(" olive"))
        #expect(!CooklangEscaper.isWritableName("a{b}"))
        #expect(!CooklangEscaper.isWritableBraces("50%"))
    }
}
