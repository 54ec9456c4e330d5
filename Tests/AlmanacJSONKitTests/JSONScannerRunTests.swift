import Foundation
import AlmanacCore
import AlmanacJSONKit
import Testing

/// The scanner's word-at-a-time paths (strings, indents) against what a byte-at-a-time
/// reading gives: every length around a word, a byte that stops a run at every place, and
/// windows of a stream that end inside a run.
@Suite struct JSONScannerRunTests {
    /// Scans the string that starts `bytes` (its opening quote), as the whole input or as a
    /// window that is not the end of it: where the scanner stopped, its error, whether it ran out.
    private func scanString(_ bytes: [UInt8], isFinal: Bool = true) -> (end: Int, escapes: Bool?, error: JSONSyntaxError?, ranOut: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, isFinal: isFinal)
            do throws(JSONSyntaxError) {
                let escapes = try scanner.scanString()
                return (scanner.index, escapes, nil, scanner.ranOut)
            } catch {
                return (scanner.index, nil, error, scanner.ranOut)
            }
        }
    }

    private static let plain = Array("abcdefghijklmnopqrstuvwxyz0123456789 !#$%&'()*+,-./:;<=>?@[]^_`{|}~".utf8)

    @Test func plainRunsOfEveryLengthEndAtTheirQuote() {
        for length in 0..<40 {
            let bytes = [UInt8(ascii: "\"")] + Self.plain.prefix(length) + [UInt8(ascii: "\""), UInt8(ascii: ",")]
            let found = scanString(bytes)
            #expect(found.end == length + 2 && found.escapes == false && found.error == nil, "length \(length)")
        }
    }

    @Test func aByteThatStopsARunIsFoundAtEveryPlace() {
        for length in 0..<24 {
            for place in 0..<length {
                var content = Array(Self.plain.prefix(length))
                content[place] = 0x01
                let control = scanString([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])
                #expect(control.error == .controlCharacter(0x01, offset: place + 1), "control at \(place) of \(length)")
                content[place] = 0xFF
                let invalid = scanString([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])
                #expect(invalid.error == .invalidUTF8(offset: place + 1), "0xFF at \(place) of \(length)")
                content[place] = UInt8(ascii: "\\")
                let escaped = scanString([UInt8(ascii: "\"")] + content[..<place] + Array(#"\n"#.utf8) + content[(place + 1)...] + [UInt8(ascii: "\"")])
                #expect(escaped.error == nil && escaped.escapes == true && escaped.end == length + 3, "escape at \(place) of \(length)")
                content[place] = UInt8(ascii: "\"")
                let quote = scanString([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])
                #expect(quote.end == place + 2 && quote.error == nil, "quote at \(place) of \(length)")
            }
        }
    }

    @Test(arguments: ["é", "€", "𝄞", "✓✓", "aé", "Zürich Häagen 👟 お好み焼き"])
    func multiByteTextIsCheckedAndSteppedOver(_ text: String) {
        for padding in 0..<10 {
            let content = Array(String(repeating: "x", count: padding).utf8) + Array(text.utf8)
            let found = scanString([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])
            #expect(found.end == content.count + 2 && found.error == nil, "\(padding) before \(text)")
        }
    }

    @Test(arguments: [[0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] as [[UInt8]])
    func illFormedSequencesAreRefusedWhereTheyStart(_ sequence: [UInt8]) {
        for padding in 0..<10 {
            let bytes = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "y"), count: padding) + sequence + Array(#"abc""#.utf8)
            #expect(scanString(bytes).error == .invalidUTF8(offset: padding + 1), "\(padding) before \(sequence)")
        }
    }

    @Test func aWindowThatEndsInsideAStringRunsOut() {
        let bytes = Array(#""a long string of plain text, then é and a quote" "#.utf8)
        for window in 1..<(bytes.count - 2) {
            let found = scanString(Array(bytes[..<window]), isFinal: false)
            #expect(found.ranOut, "window \(window)")
        }
    }

    @Test func whiteSpaceOfAnyMixIsSteppedOver() {
        let runs = ["", " ", "\n", "\n  ", "\n        ", "\r\n\t  \t", String(repeating: " ", count: 17), "\n" + String(repeating: " ", count: 9)]
        for run in runs {
            for after in ["x", "\"", "}", ""] {
                let bytes = Array((run + after).utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    var scanner = JSONScanner(buffer)
                    scanner.skipWhitespace()
                    #expect(scanner.index == run.utf8.count && !scanner.ranOut, "\(Array(run.utf8)) then \(after)")
                    var window = JSONScanner(buffer, isFinal: false)
                    window.skipWhitespace()
                    #expect(window.ranOut == after.isEmpty, "window of \(Array(run.utf8)) then \(after)")
                }
            }
        }
    }

    /// A line feed and an indent of every length (looked at in one word after the line
    /// feed), then a token, more white space or a byte that is none, against a byte-by-byte step.
    @Test func aLineFeedAndAnIndentOfAnyLengthAreSteppedOver() {
        for indent in 0..<20 {
            for tail in ["x", "\"k\"", "\n  x", "\t x", "\r\n}", "\u{0B} ", "", " "] {
                let bytes = Array(("\n" + String(repeating: " ", count: indent) + tail).utf8)
                let expected = bytes.firstIndex { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } ?? bytes.count
                bytes.withUnsafeBufferPointer { buffer in
                    var scanner = JSONScanner(buffer)
                    scanner.skipWhitespace()
                    #expect(scanner.index == expected && !scanner.ranOut, "indent \(indent) then \(Array(tail.utf8))")
                    var window = JSONScanner(buffer, isFinal: false)
                    window.skipWhitespace()
                    #expect(window.index == expected && window.ranOut == (expected == bytes.count), "window, indent \(indent) then \(Array(tail.utf8))")
                }
            }
        }
    }

    @Test func aControlCharacterIsNotWhiteSpace() {
        let bytes: [UInt8] = [0x20, 0x20, 0x0B, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20]
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            scanner.skipWhitespace()
            #expect(scanner.index == 2)
        }
    }

    @Test(arguments: [#"a\nb"#, #"\"quoted\" and \\ back"#, #"caf\u00e9 \u20ac \ud83c\udf70"#, #"\/\b\f\r\t"#, #"\u0000x"#, #"plain run then \n"#])
    func escapesResolveIntoTheString(_ content: String) throws {
        let bytes = Array(content.utf8)
        let text = bytes.withUnsafeBufferPointer { JSONStringEscapes.unescapedString($0) }
        let expected = try JSONReader.parse(Array("\"\(content)\"".utf8))
        #expect(OpaqueValue.string(text) == expected)
        // Foundation's own JSON parser, which shares nothing with the kit, reads the same text.
        let foundation = try JSONSerialization.jsonObject(with: Data("[\"\(content)\"]".utf8)) as? [String]
        #expect(foundation == [text])
    }
}
