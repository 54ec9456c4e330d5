import AlmanacCore
import AlmanacJSON
import Testing

@Suite struct NDJSONCodecTests {
    private func decode(_ text: String) throws -> DecodeResult {
        try NDJSONCodec().decode(Array(text.utf8), source: "items.ndjson")
    }

    private func encode(_ document: AlmanacDocument) throws -> String {
        String(decoding: try NDJSONCodec().encode(document, options: EncodingOptions()).bytes, as: UTF8.self)
    }

    private func error(_ text: String) throws -> JSONDecodingError {
        try #require(throws: JSONDecodingError.self) { try decode(text) }
    }

    @Test func describesItself() {
        let format = NDJSONCodec().format
        #expect(format.name == "ndjson")
        #expect(format.aliases == ["jsonl"])
        #expect(format.extensions == ["ndjson", "jsonl"])
    }

    @Test func writesOneCompactItemALineWithKindFirst() throws {
        let document = AlmanacDocument(
            recipes: [Recipe(id: "r", title: "Soup\nof the day")],
            events: [Event(id: "e", title: "Party", tasks: [EventTask(id: "t", text: "Cups")])]
        )
        #expect(try encode(document) == """
            {"kind":"recipe","id":"r","title":"Soup\\nof the day"}
            {"kind":"event","id":"e","title":"Party","tasks":[{"id":"t","text":"Cups","isCompleted":false}]}

            """)
        #expect(try encode(AlmanacDocument()) == "")
    }

    @Test func readsItemsInOrderSkippingBlankLines() throws {
        let result = try decode("""
            {"kind":"event","title":"E1"}

               \t
            {"title":"R1","kind":"recipe"}\r
            {"kind":"event","title":"E2"}
            """)
        #expect(result.document.events.map(\.title) == ["E1", "E2"])
        #expect(result.document.recipes.map(\.title) == ["R1"])
        #expect(result.document.recipes.first?.extras.isEmpty == true, "kind is not an unknown key")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func errorsGiveTheFileLineNumber() throws {
        let syntax = try error("{\"kind\":\"event\",\"title\":\"A\"}\n\n{\"kind\":\"event\",\"title\":\"B\",}\n")
        #expect(syntax.caseName == "unexpectedCharacter")
        #expect(syntax.position == SourcePosition(offset: 58, line: 3, column: 29))
        let model = try error("{\"kind\":\"event\",\"title\":\"A\"}\r\n{\"kind\":\"recipe\",\"title\":7}")
        #expect(model == .typeMismatch(field: "line 2.title", expected: "a string", found: "a number", at: SourcePosition(offset: 55, line: 2, column: 26)))
        let truncated = try error("{\"kind\":\"event\",\"title\":\"A\"}\n{\"kind\":\"event\",")
        #expect(truncated.caseName == "unexpectedEnd")
        #expect(truncated.position?.line == 2)
        #expect(truncated.position?.column == 17)
    }

    @Test func eachLineNeedsAKnownKind() throws {
        let missing = try error("{\"kind\":\"event\",\"title\":\"A\"}\n  {\"title\":\"B\"}")
        #expect(missing.caseName == "undecidedKind")
        #expect(missing.position == SourcePosition(offset: 31, line: 2, column: 3))
        #expect(missing.message.hasPrefix("cannot tell whether the item on line 2 is a recipe or an event: it has no 'kind'"))
        let unknown = try error("{\"kind\":\"note\",\"title\":\"A\"}")
        #expect(unknown.caseName == "invalidValue")
        #expect(unknown.position?.column == 9)
        #expect(try error("[1]").caseName == "typeMismatch")
    }

    @Test func warningsNameTheFileLine() throws {
        let result = try decode("\n{\"kind\":\"recipe\",\"title\":\"A\",\"yields\":[{\"amount\":2,\"x\":1}]}")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.position == SourcePosition(offset: 52, line: 2, column: 52))
        #expect(result.diagnostics.first?.source == "items.ndjson")
    }

    @Test func streamsItemsFromAMemorySource() throws {
        var lines: [String] = []
        for index in 0..<2_000 { lines.append(#"{"kind":"\#(index % 3 == 0 ? "recipe" : "event")","id":"\#(index)","title":"item \#(index)"}"#) }
        var source = MemorySource(Array(lines.joined(separator: "\n").utf8))
        var seen: [Item] = []
        let diagnostics = try NDJSONCodec().decodeItems(from: &source, sourceName: "stream") { item, _ in seen.append(item) }.diagnostics
        #expect(diagnostics.isEmpty)
        #expect(seen.map(\.id) == (0..<2_000).map(String.init), "items come in input order, recipes and events mixed")
        #expect(seen.first?.kind == .recipe)
        #expect(seen.dropFirst().first?.kind == .event)
    }

    @Test func itemsBeforeAnErrorHaveBeenHandedOver() throws {
        var source = MemorySource(Array("{\"kind\":\"event\",\"title\":\"A\"}\n{\"kind\":\"event\",\"title\":\"B\"}\n{oops}\n".utf8))
        var seen: [String] = []
        let error = try #require(throws: JSONDecodingError.self) {
            _ = try NDJSONCodec().decodeItems(from: &source, sourceName: "stream") { item, _ in seen.append(item.title) }
        }
        #expect(seen == ["A", "B"])
        #expect(error.position?.line == 3)
    }

    @Test func generatedIDsAreStablePerLine() throws {
        let text = "{\"kind\":\"event\",\"title\":\"A\"}\n{\"kind\":\"event\",\"title\":\"A\"}\n"
        let first = try decode(text).document.events.map(\.id)
        #expect(first == (try decode(text).document.events.map(\.id)))
        #expect(first[0] != first[1])
    }

    @Test func jsonToNDJSONToJSONKeepsTheDocument() throws {
        let json = """
            {"almanac": 1,
             "recipes": [{"id": "r", "title": "Pie", "prepTime": "PT90M", "x-unknown": [1.50],
                          "ingredientGroups": [{"title": "Crust", "ingredientGroups": [{"title": "Wash", "ingredients": [{"name": "egg", "amount": 1}]}]}],
                          "extras": {"ics": {"X": "y"}}}],
             "events": [{"id": "e", "title": "Flight", "start": "2026-12-24T10:00:00", "end": "2026-12-25T08:00:00",
                         "timeZone": "America/Los_Angeles", "endTimeZone": "Europe/Berlin", "tasks": [{"text": "Pack", "kind": "todo"}]},
                        {"id": "d", "title": "Day", "start": "2026-12-24", "allDay": true, "x": {"kind": "event"}}]}
            """
        let document = try JSONCodec().decode(Array(json.utf8), source: "a.json").document
        let ndjson = try NDJSONCodec().encode(document, options: EncodingOptions()).bytes
        let back = try NDJSONCodec().decode(ndjson, source: "b.ndjson").document
        #expect(back == document)
        let json2 = try JSONCodec().encode(back, options: EncodingOptions()).bytes
        #expect(try JSONCodec().decode(json2, source: "c.json").document == document)
        #expect(json2 == (try JSONCodec().encode(document, options: EncodingOptions()).bytes))
    }

    /// An item of a JSON document may have its own `kind` key; NDJSON's `kind` takes its place.
    @Test func anItemsOwnKindKeyIsNotWrittenTwice() throws {
        let json = #"{"recipes": [{"id": "r", "kind": "dessert", "title": "Pie", "z": 1}], "events": [{"id": "e", "title": "E", "kind": "event"}]}"#
        let document = try JSONCodec().decode(Array(json.utf8), source: "a.json").document
        let ndjson = try encode(document)
        #expect(ndjson == """
            {"kind":"recipe","id":"r","title":"Pie","z":1}
            {"kind":"event","id":"e","title":"E"}

            """)
        let back = try decode(ndjson).document
        #expect(back.recipes.first?.extras["json"] == .object([OpaqueMember("z", .number("1"))]))
        #expect(back.events.first?.extras.isEmpty == true)
        // The JSON document itself keeps the key.
        let written = String(decoding: try JSONCodec().encode(document, options: EncodingOptions(compact: true)).bytes, as: UTF8.self)
        #expect(written.contains(#""title":"Pie","kind":"dessert","z":1}"#))
    }
}
