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
        return bytes.withUnsafeBufferPointer { JSONStringEscapes.unescapedString($0) }
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

    /// The escaping of one byte as RFC 8259 spells it, byte by byte: what the word-at-a-time
    /// escaper must agree with.
    private func reference(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0..<0x20: out += Array(#"\u00"#.utf8) + Array("0123456789abcdef".utf8)[Int(byte >> 4)...Int(byte >> 4)] + Array("0123456789abcdef".utf8)[Int(byte & 0xF)...Int(byte & 0xF)]
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    @Test func anEscapedByteIsFoundAtEveryPlaceOfEveryLength() {
        let specials: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\")]
        // Bytes next to the escaped ones that a word test could mistake for them.
        let neighbours: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        for length in 0...24 {
            for filler in neighbours {
                let plain = [UInt8](repeating: filler, count: length)
                #expect(JSONStringEscapes.escapedCount(plain) == length, "no escape, \(length) bytes of \(filler)")
                for place in 0..<length {
                    for special in specials {
                        var bytes = plain
                        bytes[place] = special
                        let expected = reference(bytes)
                        #expect(JSONStringEscapes.escapedCount(bytes) + 2 == expected.count)
                        #expect(written(bytes) == expected, "\(special) at \(place) of \(length)")
                    }
                }
            }
        }
    }

    @Test func runsOfEscapesAndTextMix() {
        let bytes = Array("line one\nline \"two\"\t\u{1}\\end é😀 and a longer tail of plain text".utf8)
        #expect(written(bytes) == reference(bytes))
        #expect(quoted(String(decoding: bytes, as: UTF8.self)) == String(decoding: reference(bytes), as: UTF8.self))
    }

    private func written(_ bytes: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(pretty: false)
        bytes.withUnsafeBufferPointer { writer.string(utf8: $0) }
        return writer.bytes
    }
}

extension JSONStringEscapes {
    fileprivate static func escapedCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { escapedCount($0) }
    }
}

