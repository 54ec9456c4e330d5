import AlmanacCore
import AlmanacJSONKit
import Testing

/// The grammar every JSON reader shares, on bytes that end where the input does and on a
/// window of a stream that ends before it: there, running out of bytes is noted, never
/// taken for the end of a number, a literal or a string.
@Suite struct JSONScannerTests {
    /// Reads one value of `text` as an owned value with the scanner, as the whole input or as
    /// the first `window` bytes of a longer one.
    private func scan(_ text: String, window: Int? = nil) -> (value: OpaqueValue?, error: JSONSyntaxError?, ranOut: Bool) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let count = window ?? buffer.count
            var scanner = JSONScanner(UnsafeBufferPointer(rebasing: buffer[0..<count]), isFinal: window == nil)
            do throws(JSONSyntaxError) {
                return (try scanner.opaqueValue(), nil, scanner.ranOut)
            } catch {
                return (nil, error, scanner.ranOut)
            }
        }
    }

    static let documents = [
        #"{"b": [1.50, -2e3, true, null], "a": "x\u00e9\ud83c\udf70 \"q\""}"#, #"[[], {}, [{"k": false}]]"#, #""é✓""#, "-0.5e+7", "null",
    ]

    @Test(arguments: documents)
    func readsWhatTheTapeReaderReads(_ text: String) throws {
        let found = scan(text)
        #expect(found.value == (try JSONReader.parse(Array(text.utf8))))
        #expect(found.error == nil && !found.ranOut)
    }

    @Test(arguments: documents)
    func everyWindowShortOfTheValueRunsOut(_ text: String) {
        for window in 0..<text.utf8.count {
            #expect(scan(text, window: window).ranOut, "\(window) bytes of \(text)")
        }
        let ends = text.last!.isNumber || text == "null"
        #expect(scan(text, window: text.utf8.count).ranOut == ends, "a whole value runs out only when what follows could make it go on")
    }

    @Test func aNumberOrLiteralAtTheEndOfAWindowCouldGoOn() {
        #expect(scan("12", window: 1).ranOut)
        #expect(scan("12", window: 1).value == .number("1"), "read as it stands, but marked")
        #expect(scan("truex", window: 4).ranOut)
        #expect(scan("truex").error == .unexpectedCharacter(found: "'x'", expected: "',' or the end of the value", offset: 4))
        #expect(!scan("[12]", window: 4).ranOut)
    }

    @Test func errorsAreThoseOfTheTapeReader() {
        for text in [#"{"a": 1, "\u0061": 2}"#, #"[1,]"#, #"{"a" 1}"#, "\"\u{01}\"", #""\x""#, "01", "[tru]", #"{"a": [[[["#, #""\ud800""#] {
            let expected: JSONSyntaxError?
            do throws(JSONSyntaxError) {
                _ = try JSONReader.parse(Array(text.utf8))
                expected = nil
            } catch {
                expected = error
            }
            #expect(scan(text).error == expected, "\(text)")
            #expect(expected != nil)
        }
    }

    @Test func theNestingLimitIsTheScannersDepth() {
        let bytes = Array("[[1]]".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, depth: 1, maximumDepth: 2)
            #expect(throws: JSONSyntaxError.tooDeep(limit: 2, offset: 1)) { try scanner.opaqueValue() }
        }
    }
}
