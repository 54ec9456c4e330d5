import AlmanacCore
import AlmanacJSON
import Testing

/// The document and item shapes: what the reader makes of valid JSON, and the
/// errors for JSON that is well-formed but not an almanac document.
@Suite struct JSONModelReaderTests {
    private func decode(_ text: String) throws -> DecodeResult {
        try JSONCodec().decode(Array(text.utf8), source: "test.json")
    }

    private func error(_ text: String) throws -> JSONDecodingError {
        try #require(throws: JSONDecodingError.self) { try decode(text) }
    }

    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) throws -> CivilDateTime {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        return try #require(CivilDateTime(date: date, hour: hour, minute: minute))
    }

    // MARK: Document

    @Test func versionOneOrNoneIsRead() throws {
        #expect(try decode(#"{"almanac": 1, "recipes": [{"title": "A"}]}"#).document.recipes.count == 1)
        #expect(try decode(#"{"events": [{"title": "E"}]}"#).document.events.count == 1)
        #expect(try decode("{}").document.isEmpty)
        #expect(try decode(#"{"almanac": null, "recipes": null}"#).document.isEmpty)
    }

    @Test func otherVersionsAreRefused() throws {
        let two = try error("{\n  \"almanac\": 2,\n  \"recipes\": []\n}")
        #expect(two == .unsupportedVersion("2", at: SourcePosition(offset: 15, line: 2, column: 14)))
        #expect(two.message == "unsupported almanac format version 2; this almanac reads version 1")
        #expect(try decode(#"{"almanac": 1.0}"#).document.isEmpty, "1.0 is the number 1")
        #expect(try error(#"{"almanac": 1.5}"#) == .unsupportedVersion("1.5", at: SourcePosition(offset: 12, line: 1, column: 13)))
        let text = try error(#"{"almanac": "1"}"#)
        #expect(text.caseName == "typeMismatch")
        #expect(text.position?.column == 13)
    }

    @Test func theRootMustBeAnObjectOrAnArrayOfItems() throws {
        let root = try error("\n  \"soup\"")
        #expect(root.caseName == "typeMismatch")
        #expect(root.message == "'the document' must be an object or an array of items, found a string")
        #expect(root.position?.line == 2)
        #expect(root.position?.column == 3)
        let numbers = try error("\n  [1, 2]")
        #expect(numbers == .typeMismatch(field: "[0]", expected: "an object", found: "a number", at: SourcePosition(offset: 4, line: 2, column: 4)))
        #expect(try error(#"{"recipes": {}}"#).caseName == "typeMismatch")
        #expect(try error(#"{"recipes": ["soup"]}"#) == .typeMismatch(field: "recipes[0]", expected: "an object", found: "a string", at: SourcePosition(offset: 13, line: 1, column: 14)))
    }

    // MARK: Required fields and types

    @Test func missingTitleNamesThePath() throws {
        let missing = try error("{\"recipes\": [\n  {\"title\": \"A\"},\n  {\"summary\": \"no title\"}\n]}")
        #expect(missing.caseName == "missingField")
        #expect(missing.position?.line == 3)
        #expect(missing.position?.column == 3)
        #expect(missing.message.contains("recipes[1]"))
        #expect(missing.message.contains("'title'"))
        let event = try error(#"{"events": [{"title": "A"}, {"title": "B"}, {"start": "2026-12-24"}]}"#)
        #expect(event.message == "event events[2] has no 'title'")
        let ingredient = try error(#"{"recipes": [{"title": "A", "ingredients": [{"amount": 1}]}]}"#)
        #expect(ingredient.message == "ingredient recipes[0].ingredients[0] has no 'name'")
        #expect(ingredient.position?.column == 45)
    }

    @Test func wrongTypeNamesTheFieldAndTheTypes() throws {
        let wrong = try error("{\"recipes\": [\n  {\"title\": 5}\n]}")
        #expect(wrong == .typeMismatch(field: "recipes[0].title", expected: "a string", found: "a number", at: SourcePosition(offset: 26, line: 2, column: 13)))
        #expect(wrong.message == "'recipes[0].title' must be a string, found a number")
        let task = try error(#"{"events": [{"title": "E", "tasks": [{"text": "ok"}, {"text": ["x"]}]}]}"#)
        #expect(task.message == "'events[0].tasks[1].text' must be a string, found an array")
        #expect(task.position?.column == 63)
        let tag = try error(#"{"recipes": [{"title": "A", "tags": ["a", true]}]}"#)
        #expect(tag.message == "'recipes[0].tags[1]' must be a string, found a boolean")
        #expect(try error(#"{"recipes": [{"title": "A", "isFavorite": "yes"}]}"#).caseName == "typeMismatch")
        #expect(try error(#"{"recipes": [{"title": "A", "rating": 4.5}]}"#).caseName == "typeMismatch")
        #expect(try error(#"{"recipes": [{"title": "A", "extras": []}]}"#).caseName == "typeMismatch")
    }

    @Test func wholeNumberRatingsAreIntegers() throws {
        #expect(try decode(#"{"recipes": [{"title": "A", "rating": 4.0}]}"#).document.recipes.first?.rating == 4)
        #expect(try decode(#"{"recipes": [{"title": "A", "rating": 5e0}]}"#).document.recipes.first?.rating == 5)
    }

    @Test func badDate() throws {
        let bad = try error("{\"events\": [\n  {\"title\": \"E\", \"start\": \"2026-02-30\"}\n]}")
        #expect(bad.caseName == "invalidValue")
        #expect(bad.position?.line == 2)
        #expect(bad.position?.column == 27)
        #expect(bad.message.hasPrefix("'events[0].start': '2026-02-30' is not an ISO 8601 date"))
        #expect(try error(#"{"recipes": [{"title": "A", "dateAdded": "yesterday"}]}"#).message.hasPrefix("'recipes[0].dateAdded':"))
    }

    @Test func badDuration() throws {
        let bad = try error("{\"recipes\": [{\"title\": \"A\",\n  \"cookTime\": \"PT1D\"}]}")
        #expect(bad.caseName == "invalidValue")
        #expect(bad.position?.line == 2)
        #expect(bad.position?.column == 15)
        #expect(bad.message == "'recipes[0].cookTime': 'PT1D' is not an ISO 8601 duration such as PT1H30M")
    }

    @Test func badTimeZone() throws {
        let bad = try error(#"{"events": [{"title": "E", "start": "2026-12-24T18:00:00", "timeZone": "Europe/Atlantis"}]}"#)
        #expect(bad.caseName == "invalidValue")
        #expect(bad.position?.line == 1)
        #expect(bad.position?.column == 72)
        #expect(bad.message.contains("events[0].timeZone"))
        #expect(bad.message.contains("Europe/Atlantis"))
        let end = try error(#"{"events": [{"title": "E", "endTimeZone": ""}]}"#)
        #expect(end.message.hasPrefix("'events[0].endTimeZone'"))
    }

    @Test func allDayMustAgreeWithTheStart() throws {
        let bad = try error("{\"events\": [{\"title\": \"E\",\n  \"start\": \"2026-12-24T18:00:00Z\", \"allDay\": true}]}")
        #expect(bad.caseName == "invalidValue")
        #expect(bad.position?.line == 2)
        #expect(bad.position?.column == 46)
        #expect(bad.message.hasPrefix("'events[0].allDay':"))
        #expect(try error(#"{"events": [{"title": "E", "start": "2026-12-24", "allDay": false}]}"#).caseName == "invalidValue")
        // false with a date-time start, and true with a date, are what the start says anyway.
        #expect(try decode(#"{"events": [{"title": "E", "start": "2026-12-24T18:00:00Z", "allDay": false}]}"#).document.events.first?.isAllDay == false)
        #expect(try decode(#"{"events": [{"title": "E", "start": "2026-12-24", "allDay": true}]}"#).document.events.first?.isAllDay == true)
    }

    @Test func startAndEndMustBeTheSameKindOfTime() throws {
        let mixed = try error(#"{"events": [{"title": "E", "start": "2026-12-24", "end": "2026-12-25T10:00:00Z"}]}"#)
        #expect(mixed.caseName == "invalidValue")
        #expect(mixed.message.hasPrefix("'events[0].end':"))
        #expect(mixed.position?.column == 58)
    }

    // MARK: Times

    @Test func readsTheFourKindsOfTime() throws {
        let events = try decode("""
            {"events": [
              {"title": "date", "start": "2026-12-24", "end": "2026-12-25", "allDay": true},
              {"title": "utc", "start": "2026-12-24T17:00:00Z"},
              {"title": "zoned", "start": "2026-12-24T18:00:00", "timeZone": "Europe/Berlin"},
              {"title": "floating", "start": "2026-12-24T18:00:00"}
            ]}
            """).document.events
        let day = try #require(CivilDate(year: 2026, month: 12, day: 24))
        #expect(events.map(\.start) == [
            .date(day), .utc(try dateTime(2026, 12, 24, 17, 0)),
            .zoned(try dateTime(2026, 12, 24, 18, 0), timeZone: "Europe/Berlin"), .floating(try dateTime(2026, 12, 24, 18, 0)),
        ])
        #expect(events[0].end == .date(day.adding(days: 1)))
        #expect(events[0].isAllDay)
    }

    @Test func endTimeZoneDefaultsToTimeZone() throws {
        let events = try decode("""
            {"events": [
              {"title": "flight", "start": "2026-12-24T10:00:00", "end": "2026-12-25T08:00:00",
               "timeZone": "America/Los_Angeles", "endTimeZone": "Europe/Berlin"},
              {"title": "dinner", "start": "2026-12-24T18:00:00", "end": "2026-12-24T21:00:00", "timeZone": "Europe/Berlin"}
            ]}
            """).document.events
        #expect(events[0].start == .zoned(try dateTime(2026, 12, 24, 10, 0), timeZone: "America/Los_Angeles"))
        #expect(events[0].end == .zoned(try dateTime(2026, 12, 25, 8, 0), timeZone: "Europe/Berlin"))
        #expect(events[1].end == .zoned(try dateTime(2026, 12, 24, 21, 0), timeZone: "Europe/Berlin"))
    }

    @Test func offsetsAreNormalisedToUTCAndZonesDoNotApplyToThem() throws {
        let event = try #require(try decode("""
            {"events": [{"title": "E", "start": "2026-12-24T18:00:00+01:00", "end": "2026-12-24T19:30:00Z", "timeZone": "Asia/Tokyo"}]}
            """).document.events.first)
        #expect(event.start == .utc(try dateTime(2026, 12, 24, 17, 0)))
        #expect(event.end == .utc(try dateTime(2026, 12, 24, 19, 30)))
        #expect(event.timeZone == nil)
    }

    @Test func keysTheTimesDoNotUseWarn() throws {
        let result = try decode("""
            {"events": [
              {"title": "A", "start": "2026-12-24T18:00:00Z", "timeZone": "Asia/Tokyo"},
              {"title": "B", "start": "2026-12-24T18:00:00", "endTimeZone": "Asia/Tokyo"},
              {"title": "C", "allDay": true},
              {"title": "D", "start": "2026-12-24T18:00:00", "timeZone": "Asia/Tokyo"}
            ]}
            """)
        #expect(result.diagnostics.map(\.message) == [
            "'events[0].timeZone' is ignored: no start or end is a local date-time it could apply to",
            "'events[1].endTimeZone' is ignored: the event has no end",
            "'events[2].allDay' is ignored: the event has no start",
        ])
        #expect(result.diagnostics.map { $0.position?.line } == [2, 3, 4])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func priorityIsAnInteger() throws {
        let event = try #require(try decode(#"{"events": [{"title": "E", "priority": 1}]}"#).document.events.first)
        #expect(event.priority == 1)
        #expect(try error(#"{"events": [{"title": "E", "priority": "high"}]}"#).caseName == "typeMismatch")
    }

    @Test func zonedRecipeDatesCarryTheirZoneInBrackets() throws {
        let recipe = try #require(try decode(#"{"recipes": [{"title": "R", "dateAdded": "2026-12-24T17:00:00[Europe/Berlin]"}]}"#).document.recipes.first)
        #expect(recipe.dateAdded == .zoned(try dateTime(2026, 12, 24, 17, 0), timeZone: "Europe/Berlin"))
        let encoded = try JSONCodec().encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions(compact: true))
        #expect(String(decoding: encoded.bytes, as: UTF8.self).contains(#""dateAdded":"2026-12-24T17:00:00[Europe/Berlin]""#))
        #expect(try error(#"{"recipes": [{"title": "R", "dateAdded": "2026-12-24T17:00:00Z[Europe/Berlin]"}]}"#).caseName == "invalidValue")
        #expect(try error(#"{"recipes": [{"title": "R", "dateAdded": "2026-12-24T17:00:00[Mars/Olympus]"}]}"#).caseName == "invalidValue")
    }

    @Test func itemOriginsAreWhereEachItemStarts() throws {
        let result = try decode("{\"events\": [\n  {\"title\": \"E\"}],\n \"recipes\": [{\"title\": \"R\"}]}")
        #expect(result.origins.events == [SourcePosition(offset: 15, line: 2, column: 3)])
        #expect(result.origins.recipes == [SourcePosition(offset: 45, line: 3, column: 14)])
    }

    // MARK: Colors

    @Test func colorsAreObjectsOrHexStrings() throws {
        let events = try decode("""
            {"events": [
              {"title": "hex", "color": "#FF8000"},
              {"title": "short", "color": "0f0"},
              {"title": "object", "color": {"red": 0.5, "green": 0.25, "blue": 1}},
              {"title": "out of range", "color": {"red": 2, "green": -1, "blue": 0, "alpha": 0.5}}
            ]}
            """).document.events
        #expect(events[0].color == RGBAColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(events[1].color == RGBAColor(red: 0, green: 1, blue: 0))
        #expect(events[2].color == RGBAColor(red: 0.5, green: 0.25, blue: 1, alpha: 1))
        #expect(events[3].color == RGBAColor(red: 2, green: -1, blue: 0, alpha: 0.5))
    }

    @Test func badColorsAreErrors() throws {
        #expect(try error(##"{"events": [{"title": "E", "color": "#12345"}]}"##).caseName == "invalidValue")
        let missing = try error(#"{"events": [{"title": "E", "color": {"red": 1, "green": 1}}]}"#)
        #expect(missing.caseName == "missingField")
        #expect(missing.message.contains("'blue'"))
        #expect(try error(#"{"events": [{"title": "E", "color": 7}]}"#).caseName == "typeMismatch")
    }

    @Test func unknownColorKeysWarn() throws {
        let result = try decode(#"{"events": [{"title": "E", "color": {"red": 1, "green": 1, "blue": 1, "hue": 3}}]}"#)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.message == "unknown key 'hue' in events[0].color is dropped")
        #expect(result.diagnostics.first?.position?.column == 71)
    }

    // MARK: Ids

    @Test func missingIdsAreStableAndDistinct() throws {
        func text(_ firstTitle: String) -> String {
            """
            {"recipes": [{"title": "\(firstTitle)"}, {"title": "Soup"}],
             "events": [{"id": "given", "title": "E", "tasks": [{"text": "a"}, {"text": "a"}]}, {"title": "E"}]}
            """
        }
        let first = try decode(text("Soup")).document
        let second = try decode(text("Soup")).document
        #expect(first == second)
        let recipeIDs = first.recipes.map(\.id)
        #expect(recipeIDs[0] != recipeIDs[1], "the same object in another place gets another id")
        #expect(first.events[0].id == "given")
        let taskIDs = first.events[0].tasks.map(\.id)
        #expect(Set(recipeIDs + taskIDs + [first.events[1].id]).count == 5)
        #expect(recipeIDs.allSatisfy { $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] })
        // Changing an item changes its id, but not the ids of the others.
        let changed = try decode(text("Stew")).document
        #expect(changed.recipes[0].id != recipeIDs[0])
        #expect(changed.recipes[1].id == recipeIDs[1])
    }

    @Test func tasksDefaultToBlankAndNotCompleted() throws {
        let task = try #require(try decode(#"{"events": [{"title": "E", "tasks": [{"id": "t"}]}]}"#).document.events.first?.tasks.first)
        #expect(task == EventTask(id: "t", text: "", isCompleted: false))
    }
}

@Suite struct JSONRecurrenceIDTests {
    @Test func recurrenceIdIsSelfContainedAndRoundTrips() throws {
        let text = #"{"events": [{"id": "s", "title": "T", "start": "2026-12-08T11:30:00", "timeZone": "Europe/Berlin", "recurrenceId": "2026-12-08T10:00:00[Europe/Berlin]"}]}"#
        let document = try JSONCodec().decode(Array(text.utf8), source: "t.json").document
        let event = try #require(document.events.first)
        #expect(event.recurrenceID?.timeZoneID == "Europe/Berlin")
        let written = try JSONCodec().encode(document, options: EncodingOptions(compact: true)).bytes
        #expect(String(decoding: written, as: UTF8.self).contains(#""recurrenceId":"2026-12-08T10:00:00[Europe/Berlin]""#))
        #expect(try JSONCodec().decode(written, source: "again.json").document == document)
    }
}
