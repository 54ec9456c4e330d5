import AlmanacCore
import AlmanacJSONKit
import Testing

@Suite("JSON reader")
struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> OpaqueValue {
        try JSONReader.parse(Array(text.utf8))
    }

    /// Calls `body` with the value `text` reads as, while its bytes are alive.
    private func read(_ text: String, duplicates: JSONReader.DuplicateKeys = .refuse, _ body: (JSONValue, JSONReader, JSONSourceMap) throws -> Void) throws {
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, duplicates: duplicates)
            let value = try reader.parseDocument()
            try body(value, reader, JSONSourceMap(bytes: buffer))
        }
    }

    private func failure(_ bytes: [UInt8]) -> (error: JSONSyntaxError, position: SourcePosition)? {
        do {
            _ = try JSONReader.parse(bytes)
            return nil
        } catch {
            return (error, bytes.withUnsafeBufferPointer { SourcePosition(offset: error.offset, in: $0) })
        }
    }

    @Test("values, numbers as written, member order and offsets")
    func values() throws {
        try read(#" {"b": [1.50, -2e3, true, null], "a": "x\u00e9\ud83c\udf70"} "#) { value, _, _ in
            let members = try #require(value.members)
            #expect(members.map(\.key) == ["b", "a"])
            #expect(value.start == 1)
            #expect(members[0].keyOffset == 2)
            #expect(value["b"]?.elements?.map(\.opaque) == [.number("1.50"), .number("-2e3"), .bool(true), .null])
            #expect(value["b"]?.elements?[1].start == 14)
            #expect(value["a"]?.string == "xé🍰")
            #expect(value["missing"] == nil)
            #expect(value["b"]?.typeName == "an array")
        }
    }

    @Test("the owned value compares by content, numbers by their text")
    func equality() throws {
        #expect(try parse("  [1, {\"a\": \"b\"}]") == .array([.number("1"), .object([OpaqueMember("a", .string("b"))])]))
        #expect(try parse("[1.0]") != .array([.number("1")]))
    }

    @Test("offsets turn into lines and columns counted in characters")
    func positions() throws {
        try read("{\n  \"é\": [\n    \"🍰\", 42]}") { value, _, map in
            let number = try #require(value["é"]?.elements?[1])
            #expect(map.position(value.start).line == 1)
            let position = map.position(number.start)
            #expect([position.line, position.column] == [3, 10])
            // Asking again for an earlier offset counts from the start.
            #expect(map.position(value.start).column == 1)
        }
    }

    @Test("duplicate keys are reported with both places, and both are kept")
    func duplicates() throws {
        try read(#"{"a": 1, "b": {"a": 2, "a": 3}, "a": 4}"#, duplicates: .report) { value, reader, _ in
            #expect(reader.duplicateKeys.map(\.key) == ["a", "a"])
            #expect(reader.duplicateKeys.map(\.offset) == [23, 32])
            #expect(reader.duplicateKeys.map(\.firstOffset) == [15, 1])
            #expect(value.members?.count == 3)
            #expect(value["a"]?.numberText == "1")
        }
    }

    @Test("duplicate keys are refused where they repeat, also when spelled with escapes")
    func refusedDuplicates() throws {
        #expect(throws: JSONSyntaxError.duplicateKey("b", offset: 23, firstOffset: 15)) { try parse(#"{"a": 1, "b": {"b": 2, "\u0062": 3}}"#) }
        #expect(try parse(#"{"a": {"a": 1}, "b": {"a": 2}}"#)["b"]?["a"] == .number("2"))
    }

    @Test(
        "malformed input is an error at its line and column",
        arguments: [
            ("{\"a\": 01}", 1, 7, "invalid number '01'"),
            ("[1, 2", 1, 6, "unexpected end of input; expected ',' or ']'"),
            ("{\"a\" 1}", 1, 6, "unexpected '1'; expected ':' after the key"),
            ("[\"a\u{1}\"]", 1, 4, "control character U+0001 must be escaped in a string"),
            ("[\"\\x\"]", 1, 3, "invalid escape '\\x' in string"),
            ("[\"\\udc00\"]", 1, 3, "invalid escape lone surrogate in string"),
            ("[\"\\ud800x\"]", 1, 3, "invalid escape lone surrogate in string"),
            ("[1] [2]", 1, 5, "unexpected '['; expected end of input"),
            ("", 1, 1, "unexpected end of input; expected a value"),
            ("{\n  \"a\": tru}", 2, 8, "unexpected 'tru'; expected a value"),
            ("[1.]", 1, 2, "invalid number '1.'"),
        ]
    )
    func malformed(text: String, line: Int, column: Int, message: String) throws {
        let found = try #require(failure(Array(text.utf8)))
        #expect(found.error.message == message)
        #expect([found.position.line, found.position.column] == [line, column])
    }

    @Test("bytes that are not UTF-8 are an error where they are")
    func invalidUTF8() throws {
        let found = try #require(failure([UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: "]")]))
        #expect(found.error == .invalidUTF8(offset: 2))
        let outside = try #require(failure([UInt8(ascii: "["), 0xE9, UInt8(ascii: "]")]))
        #expect(outside.error.offset == 1)
    }

    @Test("nesting past the limit is an error, not a crash")
    func depth() throws {
        let found = try #require(failure(Array(String(repeating: "[", count: 100_000).utf8)))
        #expect(found.error == .tooDeep(limit: 256, offset: 256))
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("[[[1]]]".utf8), maximumDepth: 2) }
        #expect(try JSONReader.parse(Array("[[1]]".utf8), maximumDepth: 2) == .array([.array([.number("1")])]))
    }

    @Test("a byte-order mark is skipped and is not a column")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8)
        let found = try #require(failure(bytes))
        #expect([found.position.line, found.position.column] == [1, 4])
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("true".utf8)) == .bool(true))
    }

    @Test("JSON's number grammar, for writers that check a number's text", arguments: [
        ("0", true), ("-1.5e+3", true), ("2E3", true), ("01", false), ("+1", false), ("1.", false), (".5", false), ("", false), ("1 2", false), ("NaN", false),
    ])
    func numbers(text: String, isNumber: Bool) {
        #expect(JSONReader.isNumber(text) == isNumber)
    }
}
