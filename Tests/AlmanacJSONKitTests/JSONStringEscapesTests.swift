import AlmanacJSONKit
import Testing

/// The one escaping: what every writer quotes, and what the reader resolves.
@Suite struct JSONStringEscapesTests {
    private func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONStringEscapes.append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func unescaped(_ content: String) -> String {
        let bytes = Array(content.utf8)
        return bytes.withUnsafeBufferPointer { String(decoding: JSONStringEscapes.unescaped($0), as: UTF8.self) }
    }

    @Test func onlyQuotesBackslashesAndControlCharactersAreEscaped() {
        #expect(quoted("a\"b\\c\nd\te\r\u{8}\u{C}\u{1}\u{1F}\u{0}/é😀\u{7F}\u{2028}") == #""a\"b\\c\nd\te\r\b\f\u0001\u001f\u0000/é😀"# + "\u{7F}\u{2028}\"")
        #expect(quoted("") == "\"\"")
    }

    @Test func everyControlCharacterReadsBackAsItself() {
        let text = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) })) + "\"\\"
        let written = quoted(text)
        #expect(!written.utf8.dropFirst().dropLast().contains { $0 < 0x20 })
        #expect(unescaped(String(written.dropFirst().dropLast())) == text)
    }

    @Test func escapesOfOtherWritersResolve() {
        #expect(unescaped(#"\u00e9\ud83d\ude00 \/ \"\\ \b\f\n\r\t \u0041"#) == "é😀 / \"\\ \u{8}\u{C}\n\r\t A")
    }
}
