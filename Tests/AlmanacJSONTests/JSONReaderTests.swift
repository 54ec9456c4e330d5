import AlmanacCore
import AlmanacJSON
import Foundation
import Testing

/// Syntax errors: each names its case, line and column.
@Suite struct JSONReaderTests {
    private func decode(_ bytes: [UInt8], options: JSONDecodingOptions = JSONDecodingOptions()) throws -> DecodeResult {
        try JSONCodec(options: options).decode(bytes, source: "test.json")
    }

    /// The error decoding `text` throws, checked to be `expected` at `line`:`column`.
    @discardableResult
    private func expectError(
        _ text: String, _ expected: String, line: Int, column: Int, options: JSONDecodingOptions = JSONDecodingOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONDecodingError? {
        expectError(Array(text.utf8), expected, line: line, column: column, options: options, sourceLocation: sourceLocation)
    }

    @discardableResult
    private func expectError(
        _ bytes: [UInt8], _ expected: String, line: Int, column: Int, options: JSONDecodingOptions = JSONDecodingOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONDecodingError? {
        do {
            let result = try decode(bytes, options: options)
            Issue.record("expected \(expected), decoded \(result.document)", sourceLocation: sourceLocation)
            return nil
        } catch let error as JSONDecodingError {
            #expect(error.caseName == expected, "\(error)", sourceLocation: sourceLocation)
            #expect(error.position?.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.position?.column == column, "\(error)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a JSONDecodingError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func truncatedDocument() {
        let text = "{\n  \"almanac\": 1,\n  \"recipes\": [\n    {\n      \"title\": \"Soup\","
        let error = expectError(text, "unexpectedEnd", line: 5, column: 23)
        #expect(error?.position?.offset == text.utf8.count)
        expectError("{\n  \"almanac\": 1,\n  \"recipes\": [\n    {\n      \"title\": \"So", "unexpectedEnd", line: 5, column: 19)
        expectError("{\n  \"recipes\": [\n", "unexpectedEnd", line: 3, column: 1)
        expectError("", "unexpectedEnd", line: 1, column: 1)
        expectError("  \n ", "unexpectedEnd", line: 2, column: 2)
    }

    @Test func trailingComma() {
        expectError("{\n  \"recipes\": [\n    {\"title\": \"A\"},\n  ]\n}", "unexpectedCharacter", line: 4, column: 3)
        expectError("{\"almanac\": 1,}", "unexpectedCharacter", line: 1, column: 15)
    }

    @Test func comment() {
        let error = expectError("{\n  // recipes\n  \"recipes\": []\n}", "unexpectedCharacter", line: 2, column: 3)
        #expect(error?.message == "unexpected '/'; expected a key in double quotes")
        expectError("{\"recipes\": [] /* none */}", "unexpectedCharacter", line: 1, column: 16)
    }

    @Test func singleQuotes() {
        expectError("{\n  'recipes': []\n}", "unexpectedCharacter", line: 2, column: 3)
        expectError("{\"recipes\": [{\"title\": 'Soup'}]}", "unexpectedCharacter", line: 1, column: 24)
    }

    @Test func invalidEscape() {
        let error = expectError("{\"recipes\": [\n  {\"title\": \"Tea\\x\"}\n]}", "invalidEscape", line: 2, column: 17)
        #expect(error?.message == "invalid escape '\\x' in string")
        expectError("{\"recipes\": [{\"title\": \"\\u12G4\"}]}", "invalidEscape", line: 1, column: 25)
    }

    @Test func loneSurrogate() {
        expectError("{\"recipes\": [\n  {\"title\": \"a\\ud800\"}\n]}", "invalidEscape", line: 2, column: 15)
        expectError("{\"recipes\": [{\"title\": \"\\ud800\\u0041\"}]}", "invalidEscape", line: 1, column: 25)
        expectError("{\"recipes\": [{\"title\": \"\\udc00\"}]}", "invalidEscape", line: 1, column: 25)
    }

    @Test func surrogatePairsAndEscapesDecode() throws {
        let result = try decode(Array(#"{"recipes": [{"title": "\ud83d\ude00 \u00e9\"\\\/\b\f\n\r\t"}]}"#.utf8))
        #expect(result.document.recipes.first?.title == "😀 é\"\\/\u{8}\u{C}\n\r\t")
    }

    @Test func rawControlCharacterInAString() {
        let error = expectError("{\"recipes\": [\n  {\"title\": \"a\tb\"}\n]}", "controlCharacter", line: 2, column: 15)
        #expect(error?.message == "control character U+0009 must be escaped in a string")
        expectError("{\"recipes\": [{\"title\": \"line\nbreak\"}]}", "controlCharacter", line: 1, column: 29)
        // After an escape the string is read on the slow path; the check holds there too.
        expectError("{\"recipes\": [{\"title\": \"\\n\u{1}\"}]}", "controlCharacter", line: 1, column: 27)
    }

    @Test func invalidUTF8() {
        var bytes = Array("{\"recipes\": [\n  {\"title\": \"é".utf8)
        bytes += [0xFF] + Array("\"}\n]}".utf8)
        expectError(bytes, "invalidUTF8", line: 2, column: 15)
        // An overlong encoding of '/', and a truncated three-byte sequence at the end of the string.
        expectError(Array("{\"a\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8), "invalidUTF8", line: 1, column: 8)
        expectError(Array("{\"a\": \"x".utf8) + [0xE6, 0x97] + Array("\"}".utf8), "invalidUTF8", line: 1, column: 9)
        // A UTF-16 surrogate encoded in UTF-8 (CESU) is not UTF-8.
        expectError(Array("{\"a\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8), "invalidUTF8", line: 1, column: 8)
    }

    @Test func leadingZero() {
        let error = expectError("{\"recipes\": [{\"title\": \"A\",\n  \"rating\": 01}]}", "invalidNumber", line: 2, column: 13)
        #expect(error == .syntax(.invalidNumber("01", offset: 40), at: SourcePosition(offset: 40, line: 2, column: 13)))
    }

    @Test(arguments: ["-", "1.", "1e", "1e+", "-01", "0x1", "1.5.3", "01.5", "2a"])
    func invalidNumbers(_ number: String) {
        let error = expectError("{\"x\": \(number)}", "invalidNumber", line: 1, column: 7)
        #expect(error?.message == "invalid number '\(number)'")
    }

    @Test(arguments: [".5", "+1", "NaN", "Infinity"])
    func notNumbersAtAll(_ text: String) {
        expectError("{\"x\": \(text)}", "unexpectedCharacter", line: 1, column: 7)
    }

    @Test func duplicateKey() {
        let error = expectError("{\"recipes\": [\n  {\"title\": \"A\",\n   \"title\": \"B\"}\n]}", "duplicateKey", line: 3, column: 4)
        #expect(error?.message == "duplicate key 'title'")
    }

    @Test func depthOverTheLimit() {
        let options = JSONDecodingOptions(maximumDepth: 8)
        // The document object is level 1; seven arrays inside it reach the limit of 8.
        #expect(throws: Never.self) { try decode(Array("{\"x\": [[[[[[[1]]]]]]]}".utf8), options: options) }
        let error = expectError("{\"x\":\n  [[[[[[[[1]]]]]]]]}", "tooDeep", line: 2, column: 10, options: options)
        #expect(error?.message == "arrays and objects nest deeper than 8 levels")
        expectError("{\"x\": [{\"a\": {\"b\": [{\"c\": [{\"d\": {}}]}]}}]}", "tooDeep", line: 1, column: 34, options: options)
    }

    @Test func deepInputIsAnErrorNotACrash() {
        let bytes = Array(repeating: UInt8(ascii: "["), count: 100_000)
        expectError(bytes, "tooDeep", line: 1, column: 257)
    }

    @Test func trailingGarbage() {
        let error = expectError("{\"almanac\": 1}\n\n  x", "unexpectedCharacter", line: 3, column: 3)
        #expect(error?.message == "unexpected 'x'; expected end of input")
        expectError("{} {}", "unexpectedCharacter", line: 1, column: 4)
        expectError("{\"x\": truex}", "unexpectedCharacter", line: 1, column: 11)
        expectError("{\"x\": nul}", "unexpectedCharacter", line: 1, column: 7)
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let result = try decode([0xEF, 0xBB, 0xBF] + Array("{\"recipes\": [{\"title\": \"Soup\"}]}".utf8))
        #expect(result.document.recipes.map(\.title) == ["Soup"])
        // Errors after the mark still point at the right line.
        expectError([0xEF, 0xBB, 0xBF] + Array("{\n  \"x\": 01}".utf8), "invalidNumber", line: 2, column: 8)
    }

    @Test func whitespaceAroundTheDocumentIsAllowed() throws {
        let result = try decode(Array(" \r\n\t{\"events\": [{\"title\": \"E\"}]}\r\n \n".utf8))
        #expect(result.document.events.map(\.title) == ["E"])
    }

    @Test func errorDescriptionStartsWithLineAndColumn() {
        let error = expectError("{\n  'x': 1}", "unexpectedCharacter", line: 2, column: 3)
        #expect(error?.description == "2:3: unexpected '''; expected a key in double quotes")
        #expect(error?.diagnostic(source: "a.json").rendered == "a.json:2:3: error: unexpected '''; expected a key in double quotes")
    }
}

extension JSONDecodingError {
    /// The name of the case, such as `unexpectedEnd`, so a test can say which it expects.
    /// A syntax error is named by its ``JSONSyntaxError`` case.
    var caseName: String {
        if case .syntax(let error, _) = self { return Mirror(reflecting: error).children.first?.label ?? "\(error)" }
        return Mirror(reflecting: self).children.first?.label ?? "\(self)"
    }
}
