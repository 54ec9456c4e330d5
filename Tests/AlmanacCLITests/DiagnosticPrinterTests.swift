import Testing
import AlmanacCore
@testable import AlmanacCLI

/// The excerpt under a diagnostic: the offending line and a caret under the column.
@Suite struct DiagnosticPrinterTests {
    @Test func caretSitsUnderTheColumnCountingScalars() throws {
        let bytes = Array("first\n  \"tïtle\": 5\nlast".utf8)
        let offset = bytes.firstIndex(of: UInt8(ascii: "5"))!
        let position = SourcePosition(offset: offset, in: bytes)
        #expect(position.line == 2 && position.column == 12)
        let excerpt = try #require(DiagnosticPrinter.excerpt(of: bytes, at: position))
        #expect(excerpt.line == "  \"tïtle\": 5")
        #expect(excerpt.caret == "           ^")
    }

    @Test func tabsAreKeptSoTheCaretLinesUp() throws {
        let bytes = Array("\t\tx".utf8)
        let excerpt = try #require(DiagnosticPrinter.excerpt(of: bytes, at: SourcePosition(offset: 2, in: bytes)))
        #expect(excerpt.caret == "\t\t^")
    }

    @Test func longLinesAreCutAroundTheColumn() throws {
        let bytes = Array((String(repeating: "a", count: 500) + "X" + String(repeating: "b", count: 500)).utf8)
        let excerpt = try #require(DiagnosticPrinter.excerpt(of: bytes, at: SourcePosition(offset: 500, in: bytes)))
        #expect(excerpt.line.count < 200)
        let caretColumn = excerpt.caret.count - 1
        #expect(Array(excerpt.line)[caretColumn] == "X")
    }

    @Test func positionAtEndOfInput() throws {
        let bytes = Array("{\"a\":".utf8)
        let excerpt = try #require(DiagnosticPrinter.excerpt(of: bytes, at: SourcePosition(offset: bytes.count, in: bytes)))
        #expect(excerpt.line == "{\"a\":")
        #expect(excerpt.caret == "     ^")
    }
}

@Suite struct DiagnosticExcerptOfHugeLinesTests {
    @Test func aHundredMegabyteLineIsCutWithoutDecodingIt() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000_000)
        bytes[60_000_000] = UInt8(ascii: "X")
        bytes += Array("é\n".utf8)
        let excerpt = try #require(DiagnosticPrinter.excerpt(of: bytes, at: SourcePosition(offset: 60_000_000, line: 1, column: 60_000_001)))
        #expect(excerpt.line.hasPrefix("…") && excerpt.line.hasSuffix("…"))
        #expect(excerpt.line.count <= 123)
        #expect(Array(excerpt.line)[excerpt.caret.count - 1] == "X")
    }
}
