import AlmanacJSONKit
import Testing

/// The reader's side of the escapes: runs between backslashes are found by `memchr`, so
/// every length of run before, between and after escapes is read back as written.
@Suite struct JSONStringUnescapingTests {
    private func unescaped(_ content: String) -> String {
        let bytes = Array(content.utf8)
        return bytes.withUnsafeBufferPointer { JSONStringEscapes.unescapedString($0) }
    }

    @Test func runsOfEveryLengthAroundEscapesReadBack() {
        let escapes: [(written: String, text: String)] = [(#"\n"#, "\n"), (#"\\"#, "\\"), (#"\""#, "\""), (#"\u00e9"#, "é"), (#"\ud83d\ude00"#, "😀"), (#"\/"#, "/")]
        for length in [0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 200] {
            let run = String(repeating: "aé", count: length / 2) + (length % 2 == 1 ? "z" : "")
            for (written, text) in escapes {
                #expect(unescaped(run + written) == run + text)
                #expect(unescaped(written + run) == text + run)
                #expect(unescaped(run + written + run + written + written + run) == run + text + run + text + text + run)
            }
        }
    }

    @Test func whatTheWriterEscapesReadsBackAsItself() {
        let texts = [
            "", "plain", "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:-PT10M\nEND:VALARM",
            "\"quoted\" \\ back\tslash\r\n", "\u{0}\u{1}\u{1F} control", String(repeating: "Zürich 👟\n", count: 300),
        ]
        for text in texts {
            var written: [UInt8] = []
            JSONStringEscapes.append(text, to: &written)
            #expect(unescaped(String(decoding: written.dropFirst().dropLast(), as: UTF8.self)) == text)
        }
    }
}
