@testable import AlmanacICalendarModel
import Testing

/// TEXT escaping and parameter quoting on bytes give what the string forms give.
@Suite("TEXT and parameter values on bytes")
struct TextValueBytesTests {
    static let samples: [String] = [
        "", "plain", "a,b;c\\d", "line\nbreak", "crlf\r\nand cr\r", "\r", "\r\n", "\n\r", "tab\tstays",
        "bell\u{7}del\u{7F}nul\u{0}", "ümlaut ẞ 👟, ok", "^caret \"quote\" : colon", "x\r\n\r\ny",
        String(repeating: "é,", count: 40),
    ]

    /// Strings made of the bytes that matter, in many orders (a fixed generator, so a failure repeats).
    static func generated() -> [String] {
        let pieces = ["a", "ü", ",", ";", "\\", "\n", "\r", "\t", "\u{1}", "\u{7F}", "^", "\"", ":", "👟"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<400).map { _ in
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            return text
        }
    }

    @Test("appendEscaped and breakLetters agree with TextValue.escape")
    func escaping() {
        for text in Self.samples + Self.generated() {
            var bytes: [UInt8] = []
            let dropped = TextValue.appendEscaped(text, to: &bytes)
            let expected = TextValue.escape(text)
            #expect(String(decoding: bytes, as: UTF8.self) == expected.value, "\(text.debugDescription)")
            #expect(dropped == expected.droppedControls, "\(text.debugDescription)")
            #expect(TextValue.breakLetters(of: text) == expected.breaks, "\(text.debugDescription)")
        }
    }

    /// TEXT escaping spelled byte by byte, the plain rule the word-at-a-time scan must keep.
    static func escapedByteByByte(_ text: String) -> (bytes: [UInt8], dropped: Bool, carriageReturn: Bool) {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        var dropped = false
        var carriageReturn = false
        var index = 0
        while index < source.count {
            let byte = source[index]
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += Array("\\n".utf8)
            case UInt8(ascii: "\r"):
                carriageReturn = true
                bytes += Array("\\n".utf8)
                if index + 1 < source.count && source[index + 1] == UInt8(ascii: "\n") { index += 1 }
            case 0x09: bytes.append(byte)
            case 0..<0x20, 0x7F: dropped = true
            default: bytes.append(byte)
            }
            index += 1
        }
        return (bytes, dropped, carriageReturn)
    }

    /// Texts of 0 to 40 bytes with one or two special bytes at every place, so that each
    /// lands at every offset of a word and of the last, overlapping word.
    static func placed() -> [String] {
        let specials = [",", ";", "\\", "\n", "\r", "\r\n", "\t", "\u{1}", "\u{7F}", "\u{1F}", "é", "👟"]
        var texts: [String] = []
        for length in 0...40 {
            let plain = String(repeating: "abcdefgh", count: 6).prefix(length)
            texts.append(String(plain))
            for position in 0...length {
                for special in specials {
                    var text = String(plain)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    texts.append(text)
                    texts.append(text + special)
                }
            }
        }
        return texts
    }

    @Test("appendReporting agrees with escaping byte by byte, at every offset of a word")
    func wordScan() {
        for text in Self.samples + Self.generated() + Self.placed() {
            let expected = Self.escapedByteByByte(text)
            var bytes: [UInt8] = [0x41]
            var copy = text
            let report = copy.withUTF8 { TextValue.appendReporting($0, to: &bytes) }
            #expect(bytes == [0x41] + expected.bytes, "\(text.debugDescription)")
            #expect(report.dropped == expected.dropped, "\(text.debugDescription)")
            #expect(report.carriageReturn == expected.carriageReturn, "\(text.debugDescription)")
        }
    }

    @Test("appendReporting writes into a writer's output what it appends to an array, growing it")
    func intoOutput() {
        let long = String(repeating: "a,b;c\\d\r\nü👟\u{1}", count: 60)
        for text in Self.samples + Self.generated() + Self.placed() + [long] {
            var expected: [UInt8] = [0x41]
            var output = ContentLineOutput(capacity: 0)
            output.append(0x41)
            var copy = text
            let (arrayReport, outputReport) = copy.withUTF8 { (TextValue.appendReporting($0, to: &expected), TextValue.appendReporting($0, to: &output)) }
            #expect(output.array() == expected, "\(text.debugDescription)")
            #expect(arrayReport.dropped == outputReport.dropped && arrayReport.carriageReturn == outputReport.carriageReturn, "\(text.debugDescription)")
        }
    }

    @Test("appendQuoted agrees with ICalParameter.quoted")
    func quoting() {
        for text in Self.samples + Self.generated() {
            var bytes: [UInt8] = []
            ICalParameter.appendQuoted(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == ICalParameter.quoted(text), "\(text.debugDescription)")
        }
    }

    @Test("escaped values read back through TextValue.unescape")
    func roundTrip() {
        for text in Self.samples {
            var bytes: [UInt8] = []
            _ = TextValue.appendEscaped(text, to: &bytes)
            let back = TextValue.unescape(String(decoding: bytes, as: UTF8.self), breaks: TextValue.breakLetters(of: text))
            let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
            #expect(back == kept, "\(text.debugDescription)")
        }
    }

    /// A value with no backslash is its string, made at once: the same string as the
    /// unescaping writes, for any bytes (invalid UTF-8 repaired alike) and any breaks.
    @Test("a value with no escape unescapes to the string of its bytes")
    func noEscape() {
        let values: [[UInt8]] = [
            [], Array("plain".utf8), Array("Zürich 👟, a;b".utf8), Array("line\r\nbreak".utf8).filter { $0 != UInt8(ascii: "\\") },
            [0x41, 0xC3, 0x28, 0xFF, 0x42], [0xE2, 0x82], Array(String(repeating: "long value ", count: 40).utf8),
        ]
        for value in values {
            for breaks in [nil, "", "c", "rn"] as [String?] {
                let direct = value.withUnsafeBufferPointer { TextValue.unescape($0, breaks: breaks) }
                // The same bytes with an escape at the end take the unescaping path.
                let escaped = (value + Array("\\\\".utf8)).withUnsafeBufferPointer { TextValue.unescape($0, breaks: breaks) }
                #expect(direct + "\\" == escaped, "\(value)")
                #expect(direct == String(decoding: value, as: UTF8.self), "\(value)")
            }
        }
    }
}
