import AlmanacCore
import AlmanacJSON
import Testing

/// Items without `kind`, in NDJSON lines and bare JSON arrays: the item's own `kind` wins,
/// then the fields only one kind has, then ``ReaderLimits/defaultKind``; else an error that
/// says why, at the item.
@Suite struct ItemKindCluesTests {
    private func lines(_ text: String, defaultKind: ItemKind? = nil) throws -> AlmanacDocument {
        try NDJSONCodec().decode(Array(text.utf8), source: "items.ndjson", limits: ReaderLimits(defaultKind: defaultKind)).document
    }

    private func array(_ text: String, defaultKind: ItemKind? = nil) throws -> DecodeResult {
        try JSONCodec().decode(Array(text.utf8), source: "items.json", limits: ReaderLimits(defaultKind: defaultKind))
    }

    private func kinds(_ document: AlmanacDocument) -> [ItemKind] {
        document.items.map(\.kind)
    }

    static let eventFields = [
        #""start": "2026-12-24""#, #""end": "2026-12-25""#, #""tasks": [{"text": "Cups"}]"#, #""recurrence": "FREQ=YEARLY""#,
    ]
    static let recipeFields = [
        #""ingredients": [{"name": "salt"}]"#, #""ingredientGroups": [{"title": "Dough"}]"#, #""directions": ["Stir."]"#,
        #""directionGroups": [{"title": "Bake"}]"#, #""yields": [{"amount": 4}]"#,
    ]

    @Test(arguments: eventFields)
    func anEventFieldMakesAnEvent(field: String) throws {
        let document = try lines("{\"title\": \"A\", \(field)}")
        #expect(kinds(document) == [.event])
        #expect(document.events[0].extras.isEmpty, "the field is read as the event's own")
        #expect(kinds(try array("[{\"title\": \"A\", \(field)}]").document) == [.event])
    }

    @Test(arguments: recipeFields)
    func aRecipeFieldMakesARecipe(field: String) throws {
        let document = try lines("{\"title\": \"A\", \(field)}")
        #expect(kinds(document) == [.recipe])
        #expect(document.recipes[0].extras.isEmpty, "the field is read as the recipe's own")
        #expect(kinds(try array("[{\"title\": \"A\", \(field)}]").document) == [.recipe])
    }

    @Test func theItemsOwnKindWins() throws {
        let document = try lines(#"{"title": "A", "start": "2026-12-24", "kind": "recipe"}"#, defaultKind: .event)
        #expect(kinds(document) == [.recipe])
        #expect(document.recipes[0].extras["json"] == .object([OpaqueMember("start", .string("2026-12-24"))]), "an event's field is an unknown key of a recipe")
        #expect(kinds(try array(#"[{"kind": "event", "title": "A", "ingredients": []}]"#, defaultKind: .recipe).document) == [.event])
    }

    @Test func theFieldsWinOverTheDefaultKindSoMixedStreamsStayApart() throws {
        let document = try lines("""
            {"title": "Party", "start": "2026-12-24"}
            {"title": "Note"}
            {"title": "Soup", "directions": ["Stir."]}
            """, defaultKind: .recipe)
        #expect(document.events.map(\.title) == ["Party"])
        #expect(document.recipes.map(\.title) == ["Note", "Soup"])
    }

    @Test func theDefaultKindSettlesAnItemWithNoClueOrBoth() throws {
        #expect(kinds(try lines(#"{"title": "A"}"#, defaultKind: .event)) == [.event])
        #expect(kinds(try lines(#"{"title": "A"}"#, defaultKind: .recipe)) == [.recipe])
        let both = try lines(#"{"title": "A", "start": "2026-12-24", "yields": [{"amount": 2}]}"#, defaultKind: .event)
        #expect(kinds(both) == [.event])
        #expect(both.events[0].start != nil)
        #expect(both.events[0].extras["json"] != nil, "the recipe's field is kept as an unknown key")
    }

    @Test func aNullFieldTellsNothing() throws {
        #expect(kinds(try lines(#"{"title": "A", "start": null, "directions": ["Stir."]}"#)) == [.recipe])
        let error = try #require(throws: JSONDecodingError.self) { try lines(#"{"title": "A", "start": null}"#) }
        #expect(error.caseName == "undecidedKind")
    }

    @Test func withoutADefaultAnUndecidedItemIsAnErrorAtTheItem() throws {
        let none = try #require(throws: JSONDecodingError.self) { try lines("{\"kind\": \"event\", \"title\": \"A\"}\n\n   {\"title\": \"B\"}\n") }
        #expect(none == .undecidedKind(
            item: "the item on line 3",
            reason: "it has no 'kind' and none of the fields that tell (start, end, tasks or recurrence for an event; ingredients, ingredientGroups, directions, directionGroups or yields for a recipe)",
            at: SourcePosition(offset: 36, line: 3, column: 4)))
        #expect(none.message.hasSuffix("; add \"kind\""))
        #expect(none.isUndecidedKind)
        let both = try #require(throws: JSONDecodingError.self) { try array("[\n  {\"title\": \"A\", \"tasks\": [], \"ingredients\": []}\n]") }
        #expect(both.message == "cannot tell whether item [0] is a recipe or an event: it has no 'kind', and 'tasks' is a field of events but 'ingredients' one of recipes; add \"kind\"")
        #expect(both.position == SourcePosition(offset: 4, line: 2, column: 3))
    }

    @Test func streamedLinesDecideTheSameWay() throws {
        var source = MemorySource(Array("{\"title\": \"A\", \"end\": \"2026-12-25\"}\n{\"title\": \"B\"}\n".utf8))
        var seen: [ItemKind] = []
        _ = try NDJSONCodec().decodeItems(from: &source, sourceName: "items.ndjson", limits: ReaderLimits(defaultKind: .recipe)) { item, _ in
            seen.append(item.kind)
        }
        #expect(seen == [.event, .recipe])
        var undecided = MemorySource(Array("{\"title\": \"B\"}\n".utf8))
        #expect(throws: JSONDecodingError.self) {
            try NDJSONCodec().decodeItems(from: &undecided, sourceName: "items.ndjson", limits: .formatDefaults) { _, _ in }
        }
    }

    @Test func aBareArrayReadsItsItemsInOrderWithTheirPositions() throws {
        let result = try array("""
            [
              {"title": "Party", "start": "2026-12-24"},
              {"title": "Soup", "ingredients": [{"name": "salt"}]},
              {"kind": "event", "title": "Game night"}
            ]
            """)
        #expect(result.document.events.map(\.title) == ["Party", "Game night"])
        #expect(result.document.recipes.map(\.title) == ["Soup"])
        #expect(result.origins.events.map { $0?.line } == [2, 4])
        #expect(result.origins.recipes.map { $0?.line } == [3])
        #expect(try array("[]").document.isEmpty)
        #expect(result.document.events[1].extras.isEmpty, "kind says what the element is; it is not an unknown key")
    }

    @Test func inADocumentKindIsStillAnUnknownKey() throws {
        let document = try array(#"{"events": [{"kind": "event", "title": "A"}]}"#).document
        #expect(document.events[0].extras["json"] == .object([OpaqueMember("kind", .string("event"))]))
    }
}
