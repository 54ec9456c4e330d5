import AlmanacCore
import AlmanacJSONValue
import Testing

@Suite("JSON reader")
struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> (error: JSONSyntaxError, position: SourcePosition)? {
        do {
            _ = try JSONReader.parse(bytes)
            return nil
        } catch {
            return (error, bytes.withUnsafeBufferPointer { error.position(in: $0) })
        }
    }

    @Test("values, numbers as written, member order and offsets")
    func values() throws {
        let value = try parse(#" {"b": [1.50, -2e3, true, null], "a": "x\u00e9\ud83c\udf70"} "#)
        let members = try #require(value.members)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(value.offset == 1)
        #expect(members[0].keyOffset == 2)
        #expect(value["b"]?.elements?.map(\.kind) == [.number("1.50"), .number("-2e3"), .bool(true), .null])
        #expect(value["b"]?.elements?[1].offset == 14)
        #expect(value["a"]?.string == "xé🍰")
        #expect(value["missing"] == nil)
    }

    @Test("equality ignores where a value was read")
    func equality() throws {
        #expect(try parse("  [1, {\"a\": \"b\"}]") == .array([.number(1), .object(["a": .string("b")])]))
        #expect(try parse("[1.0]") != .array([.number(1)]))
    }

    @Test("offsets turn into lines and columns counted in characters")
    func positions() throws {
        let text = "{\n  \"é\": [\n    \"🍰\", 42]}"
        let bytes = Array(text.utf8)
        let value = try JSONReader.parse(bytes)
        let number = try #require(value["é"]?.elements?[1])
        bytes.withUnsafeBufferPointer { buffer in
            var positions = JSONPositions(buffer)
            #expect(positions.position(of: value).line == 1)
            let position = positions.position(of: number)
            #expect([position.line, position.column] == [3, 10])
            // Asking again for an earlier offset counts from the start.
            #expect(positions.position(of: value.offset).column == 1)
        }
    }

    @Test("duplicate keys are reported with both places, and both are kept")
    func duplicates() throws {
        let bytes = Array(#"{"a": 1, "b": {"a": 2, "a": 3}, "a": 4}"#.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            let value = try reader.parseDocument()
            #expect(reader.duplicateKeys.map(\.key) == ["a", "a"])
            #expect(reader.duplicateKeys.map(\.offset) == [23, 32])
            #expect(reader.duplicateKeys.map(\.firstOffset) == [15, 1])
            #expect(value.members?.count == 3)
            #expect(value["a"]?.numberText == "1")
        }
    }

    @Test(
        "malformed input is an error at its line and column",
        arguments: [
            ("{\"a\": 01}", 1, 7, "a number cannot start with 0"),
            ("[1, 2", 1, 6, "an array is not closed with ']'"),
            ("{\"a\" 1}", 1, 6, "expected ':' after a member name"),
            ("[\"a\u{1}\"]", 1, 4, "a control character must be escaped in a string"),
            ("[\"\\x\"]", 1, 3, "'\\x' is not a JSON escape"),
            ("[\"\\udc00\"]", 1, 9, "a lone low surrogate"),
            ("[\"\\ud800x\"]", 1, 9, "a \\u escape of a high surrogate needs its low surrogate"),
            ("[1] [2]", 1, 5, "text after the JSON value"),
            ("", 1, 1, "a value is missing at the end of the input"),
            ("{\n  \"a\": tru}", 2, 8, "expected true"),
            ("[1.]", 1, 4, "a number needs digits after '.'"),
        ]
    )
    func malformed(text: String, line: Int, column: Int, reason: String) throws {
        let found = try #require(failure(Array(text.utf8)))
        #expect(found.error.reason == reason)
        #expect([found.position.line, found.position.column] == [line, column])
    }

    @Test("bytes that are not UTF-8 are an error where the string starts")
    func invalidUTF8() throws {
        let found = try #require(failure([UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: "]")]))
        #expect(found.error == .malformed("a string is not valid UTF-8", offset: 2))
        let outside = try #require(failure([UInt8(ascii: "["), 0xE9, UInt8(ascii: "]")]))
        #expect(outside.error.offset == 1)
    }

    @Test("nesting past the limit is an error, not a crash")
    func depth() throws {
        let found = try #require(failure(Array(String(repeating: "[", count: 100_000).utf8)))
        #expect(found.error == .tooDeep(limit: 256, offset: 256))
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("[[[1]]]".utf8), maximumDepth: 2) }
        #expect(try JSONReader.parse(Array("[[1]]".utf8), maximumDepth: 2) == .array([.array([.number(1)])]))
    }

    @Test("a byte-order mark is skipped and is not a column")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8)
        let found = try #require(failure(bytes))
        #expect([found.position.line, found.position.column] == [1, 4])
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("true".utf8)) == .bool(true))
    }
}
