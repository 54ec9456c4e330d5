import AlmanacCore
import AlmanacJSON
import Testing

/// NDJSON lines are read straight into the model in one pass: the errors are still those of
/// a read of the line as JSON first, then as the model.
@Suite struct NDJSONOnePassTests {
    private func decode(_ text: String, limits: ReaderLimits = ReaderLimits(), codec: NDJSONCodec = NDJSONCodec()) throws -> DecodeResult {
        try codec.decode(Array(text.utf8), source: "items.ndjson", limits: limits)
    }

    private func error(_ text: String, limits: ReaderLimits = ReaderLimits(), codec: NDJSONCodec = NDJSONCodec()) throws -> JSONDecodingError {
        try #require(throws: JSONDecodingError.self) { try decode(text, limits: limits, codec: codec) }
    }

    @Test func bytesAfterTheObjectThatAreNotJSONComeBeforeItsModelError() throws {
        let junk = try error("{\"kind\":\"event\",\"title\":\"A\"}\n{\"kind\":\"recipe\",\"title\":7} x")
        #expect(junk.caseName == "unexpectedCharacter")
        #expect(junk.position == SourcePosition(offset: 57, line: 2, column: 29))
        #expect(junk.message.contains("end of input"))
        let spaces = try error("{\"kind\":\"recipe\",\"title\":7}  \t")
        #expect(spaces == .typeMismatch(field: "line 1.title", expected: "a string", found: "a number", at: SourcePosition(offset: 25, line: 1, column: 26)))
        let undecided = try error("{\"title\":\"A\"},")
        #expect(undecided.caseName == "unexpectedCharacter")
        #expect(undecided.position?.column == 14)
        let notAnObject = try error("[1] [")
        #expect(notAnObject.caseName == "unexpectedCharacter")
        #expect(notAnObject.position?.column == 5)
    }

    @Test func aLineMayStartWithAByteOrderMarkAndWhiteSpace() throws {
        let result = try decode("\u{FEFF}{\"kind\":\"event\",\"title\":\"A\"}\n \t{\"kind\":\"event\",\"title\":\"B\"} ")
        #expect(result.document.events.map(\.title) == ["A", "B"])
        let bare = try error("\u{FEFF}")
        #expect(bare.caseName == "unexpectedEnd")
    }

    @Test func nestingPastTheLimitAndRepeatedKeysAreRefusedAnywhereInTheLine() throws {
        let deep = try error("{\"kind\":\"event\",\"title\":\"A\",\"x\":[[[1]]]}", codec: NDJSONCodec(options: JSONDecodingOptions(maximumDepth: 3)))
        #expect(deep.caseName == "tooDeep")
        #expect(deep.position?.column == 35)
        #expect(try decode("{\"kind\":\"event\",\"title\":\"A\",\"x\":[[1]]}", codec: NDJSONCodec(options: JSONDecodingOptions(maximumDepth: 3))).document.events.count == 1)
        let limited = try error("{\"kind\":\"event\",\"title\":\"A\",\"x\":[[1]]}", limits: ReaderLimits(maximumDepth: 2))
        #expect(limited.caseName == "tooDeep")
        let inUnknown = try error("{\"kind\":\"event\",\"title\":\"A\",\"x\":{\"a\":1,\"a\":2}}")
        #expect(inUnknown == .syntax(.duplicateKey("a", offset: 39, firstOffset: 33), at: SourcePosition(offset: 39, line: 1, column: 40)))
        let known = try error("{\"title\":\"A\",\"kind\":\"event\",\"title\":\"B\"}")
        #expect(known.caseName == "duplicateKey")
    }

    @Test func linesWithoutKindTakeItFromTheirFieldsOrTheDefault() throws {
        let text = """
            {"title":"E1","start":"2026-12-24"}
            {"title":"R1","ingredients":[{"name":"egg"}]}
            {"title":"R2","directions":["Stir"],"x":1}
            {"title":"E2","tasks":[{"text":"Cups"}]}
            """
        let result = try decode(text)
        #expect(result.document.events.map(\.title) == ["E1", "E2"])
        #expect(result.document.recipes.map(\.title) == ["R1", "R2"])
        #expect(result.document.recipes.last?.extras["json"] == .object([OpaqueMember("x", .number("1"))]))
        #expect(result.origins.recipes.map { $0?.line } == [2, 3])
        let plain = "{\"title\":\"A\"}\n{\"title\":\"B\",\"start\":\"2026-12-24\"}"
        let defaulted = try decode(plain, limits: ReaderLimits(defaultKind: .recipe))
        #expect(defaulted.document.recipes.map(\.title) == ["A"])
        #expect(defaulted.document.events.map(\.title) == ["B"])
        let undecided = try error(plain)
        #expect(undecided.caseName == "undecidedKind")
        #expect(undecided.message.contains("the item on line 1"))
    }

    @Test func warningsOfEveryLineAreKeptInOrder() throws {
        let result = try decode("{\"kind\":\"event\",\"title\":\"A\",\"allDay\":true}\n\n{\"kind\":\"event\",\"title\":\"B\",\"timeZone\":\"Europe/Berlin\"}")
        #expect(result.diagnostics.map(\.position?.line) == [1, 3])
        #expect(result.diagnostics.allSatisfy { $0.source == "items.ndjson" })
    }
}
