import AlmanacCore
import AlmanacJSON
import Testing

/// An item is read in one pass, but its error is the one a read of the JSON first and the
/// model after gives: bytes that are not JSON anywhere in the item win over its model
/// errors, and of those the first in the order the fields are read wins, not the first in
/// the input.
extension JSONModelReaderTests {
    private func read(_ text: String) throws -> DecodeResult {
        try JSONCodec().decode(Array(text.utf8), source: "test.json")
    }

    private func fault(_ text: String) throws -> JSONDecodingError {
        try #require(throws: JSONDecodingError.self) { try read(text) }
    }

    @Test func bytesThatAreNotJSONLaterInTheItemWinOverAModelError() throws {
        let found = try fault(#"{"events": [{"title": 5, "tasks": [{"text": 1}], "x": tru}]}"#)
        #expect(found == .syntax(.unexpectedCharacter(found: "'tru'", expected: "a value", offset: 54), at: SourcePosition(offset: 54, line: 1, column: 55)))
        let repeated = try fault(#"{"recipes": [{"title": [], "ingredients": [{"name": "a", "name": "b"}]}]}"#)
        #expect(repeated == .syntax(.duplicateKey("name", offset: 57, firstOffset: 57), at: SourcePosition(offset: 57, line: 1, column: 58)))
    }

    @Test func theFirstFieldInReadingOrderIsTheError() throws {
        let event = try fault(#"{"events": [{"start": "2026-13-01", "priority": "high", "title": 5}]}"#)
        #expect(event == .typeMismatch(field: "events[0].title", expected: "a string", found: "a number", at: SourcePosition(offset: 65, line: 1, column: 66)))
        let recipe = try fault(#"{"recipes": [{"tags": [1], "title": "A", "prepTime": "soon"}]}"#)
        #expect(recipe.message == "'recipes[0].prepTime': 'soon' is not an ISO 8601 duration such as PT1H30M")
    }

    @Test func ofAnyTwoWrongFieldsOfAnEventTheOneReadFirstIsTheError() throws {
        // Each field with a wrong value, in the order the event's fields are read.
        let wrong: [(key: String, value: String)] = [
            ("id", "5"), ("title", "5"), ("symbol", "5"), ("color", #""nope""#), ("timeZone", #""Mars/Base""#),
            ("endTimeZone", #""Mars/Base""#), ("start", #""2026-13-01""#), ("end", #""x""#), ("recurrenceId", "[]"),
            ("allDay", #""yes""#), ("location", "1"), ("notes", "{}"), ("url", "1"), ("categories", "1"),
            ("recurrence", "1"), ("priority", #""high""#), ("tasks", "1"), ("recipes", "[1]"), ("extras", "1"),
        ]
        func message(_ members: [(key: String, value: String)]) throws -> String {
            let fields = members.map { "\"\($0.key)\": \($0.value)" }
            let title = members.contains { $0.key == "title" } ? [] : [#""title": "T""#]
            return try fault(#"{"events": [{"# + (title + fields).joined(separator: ", ") + "}]}").message
        }
        for (index, first) in wrong.enumerated() {
            let alone = try message([first])
            for later in wrong[(index + 1)...] {
                #expect(try message([later, first]) == alone, "\(first.key) before \(later.key)")
            }
        }
    }

    @Test func anElementThatIsNotAnObjectWinsOverAnEarlierElementsError() throws {
        let found = try fault(#"{"events": [{"title": "E", "tasks": [{"text": 1}, 3]}]}"#)
        #expect(found == .typeMismatch(field: "events[0].tasks[1]", expected: "an object", found: "a number", at: SourcePosition(offset: 50, line: 1, column: 51)))
        let nested = try fault(#"{"events": [{"title": "E", "tasks": [{"text": 1}, {}]}]}"#)
        #expect(nested.message == "'events[0].tasks[0].text' must be a string, found a number")
    }

    @Test func itemsOfABareArrayAreReadAsTheKindTheyTurnOutToBe() throws {
        let result = try read("""
            [{"title": "a", "ingredients": [{"name": "salt"}]}, {"title": "b", "start": "2026-01-01", "tasks": [{"text": "t"}]},
             {"title": "c", "tasks": [{"text": "x"}], "kind": "recipe"}, {"kind": "event", "title": "d", "ingredients": []}]
            """)
        #expect(result.document.recipes.map(\.title) == ["a", "c"])
        #expect(result.document.events.map(\.title) == ["b", "d"])
        #expect(result.document.recipes[0].ingredients.map(\.name) == ["salt"])
        #expect(result.document.events[0].tasks.map(\.text) == ["t"])
        #expect(result.document.recipes[1].extras["json"] == .object([OpaqueMember("tasks", .array([.object([OpaqueMember("text", .string("x"))])]))]))
        #expect(result.document.events[1].extras["json"] == .object([OpaqueMember("ingredients", .array([]))]))
        #expect(result.origins.recipes.map { $0?.column } == [2, 2])
    }

    @Test func keysSpelledWithEscapesAreTheFieldsTheySpell() throws {
        let event = try #require(try read(#"{"events": [{"t\u0069tle": "E", "st\u0061rt": "2026-12-24", "\u006eote": 1}]}"#).document.events.first)
        #expect(event.title == "E")
        #expect(event.start == .date(try #require(CivilDate(year: 2026, month: 12, day: 24))))
        #expect(event.extras["json"] == .object([OpaqueMember("note", .number("1"))]))
        #expect(try fault(#"{"events": [{"title": "E", "titl\u0065": "F"}]}"#).caseName == "duplicateKey")
    }
}
