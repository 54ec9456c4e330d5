import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import Foundation
import Testing

/// Whole documents through the `json` codec: decode → encode → decode keeps everything.
@Suite struct JSONCodecTests {
    private func decode(_ text: String) throws -> DecodeResult {
        try JSONCodec().decode(Array(text.utf8), source: "test.json")
    }

    private func encode(_ document: AlmanacDocument, compact: Bool = false) throws -> String {
        String(decoding: try JSONCodec().encode(document, options: EncodingOptions(compact: compact)).bytes, as: UTF8.self)
    }

    /// Decodes `text`, writes it both ways, decodes again and expects the same document.
    @discardableResult
    private func roundTrip(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (AlmanacDocument, String) {
        let first = try decode(text).document
        let written = try encode(first)
        let second = try decode(written).document
        #expect(second == first, sourceLocation: sourceLocation)
        #expect(try decode(try encode(first, compact: true)).document == first, sourceLocation: sourceLocation)
        #expect(try encode(second) == written, "writing is stable", sourceLocation: sourceLocation)
        return (first, written)
    }

    @Test func describesItself() {
        let format = JSONCodec().format
        #expect(format.name == "json")
        #expect(format.extensions == ["json"])
        #expect(format.reads == [.recipe, .event])
        #expect(format.writes == [.recipe, .event])
    }

    @Test func theFourKindsOfTimeSurvive() throws {
        let (document, written) = try roundTrip("""
            {"events": [
              {"title": "date", "start": "2026-12-24", "end": "2026-12-25", "allDay": true},
              {"title": "utc", "start": "2026-12-24T17:00:00Z", "end": "2026-12-24T18:00:00.5Z"},
              {"title": "zoned", "start": "2026-12-24T18:00:00", "end": "2026-12-24T19:00:00", "timeZone": "Europe/Berlin"},
              {"title": "floating", "start": "2026-12-24T18:00:00", "end": "2026-12-24T19:00:00"}
            ]}
            """)
        let events = document.events
        #expect(events[0].start?.isDateOnly == true)
        #expect(events[1].start.map { if case .utc = $0 { true } else { false } } == true)
        #expect(events[2].start?.timeZoneID == "Europe/Berlin")
        #expect(events[2].end?.timeZoneID == "Europe/Berlin")
        #expect(events[3].start.map { if case .floating = $0 { true } else { false } } == true)
        #expect(written.contains("\"start\": \"2026-12-24\",\n      \"end\": \"2026-12-25\",\n      \"allDay\": true"))
        #expect(written.contains("\"end\": \"2026-12-24T18:00:00.5Z\""))
        #expect(written.contains("\"end\": \"2026-12-24T19:00:00\",\n      \"timeZone\": \"Europe/Berlin\""))
    }

    @Test func endTimeZoneIsWrittenOnlyWhenItDiffers() throws {
        let (_, written) = try roundTrip("""
            {"events": [
              {"title": "flight", "start": "2026-12-24T10:00:00", "end": "2026-12-25T08:00:00",
               "timeZone": "America/Los_Angeles", "endTimeZone": "Europe/Berlin"},
              {"title": "same", "start": "2026-12-24T10:00:00", "end": "2026-12-24T11:00:00",
               "timeZone": "Europe/Berlin", "endTimeZone": "Europe/Berlin"},
              {"title": "utc start", "start": "2026-12-24T10:00:00Z", "end": "2026-12-24T12:00:00", "endTimeZone": "Asia/Tokyo"}
            ]}
            """)
        #expect(written.contains("\"timeZone\": \"America/Los_Angeles\",\n      \"endTimeZone\": \"Europe/Berlin\""))
        #expect(written.components(separatedBy: "endTimeZone").count == 3, "the second event has no endTimeZone")
    }

    @Test func offsetsAreWrittenAsUTC() throws {
        let (_, written) = try roundTrip(#"{"recipes": [{"title": "A", "dateAdded": "2026-12-24T18:00:00+01:00"}]}"#)
        #expect(written.contains("\"dateAdded\": \"2026-12-24T17:00:00Z\""))
    }

    @Test func unknownKeysAreWrittenBackInOrderAfterTheKnownOnes() throws {
        let (_, written) = try roundTrip("""
            {"zz": 1, "almanac": 1, "aa": [1.10],
             "recipes": [{"x-origin": "card", "title": "Pie", "id": "r", "ingredients": [{"grams": 5, "name": "salt", "amount": 1, "a": null}]}],
             "events": [{"title": "E", "id": "e", "tasks": [{"prio": "high", "text": "t", "id": "t"}], "z": {}, "b": true}]}
            """)
        let expected = """
            {"almanac":1,"recipes":[{"id":"r","title":"Pie","ingredients":[{"amount":1,"name":"salt","grams":5,"a":null}],\
            "x-origin":"card"}],"events":[{"id":"e","title":"E","tasks":[{"id":"t","text":"t","isCompleted":false,"prio":"high"}],\
            "z":{},"b":true}],"zz":1,"aa":[1.10]}

            """
        #expect(try encode(try decode(written).document, compact: true) == expected)
    }

    @Test func otherCodecsExtrasSurvive() throws {
        let extras = Extras([
            "ics": .object([OpaqueMember("VALARM", .array([.object([OpaqueMember("TRIGGER", .string("-PT15M")), OpaqueMember("REPEAT", .number("2"))])]))]),
            "md": .string("front matter"),
        ])
        let document = AlmanacDocument(
            recipes: [Recipe(id: "r", title: "R", ingredients: [Ingredient(name: "x", extras: extras)], extras: extras)],
            events: [Event(id: "e", title: "E", tasks: [EventTask(id: "t", text: "t", extras: extras)], extras: extras)],
            extras: extras
        )
        let written = try encode(document)
        #expect(try decode(written).document == document)
        #expect(written.contains("\"extras\": {\n    \"ics\": {"))
    }

    @Test func numbersRoundTripExactly() throws {
        let (document, written) = try roundTrip("""
            {"recipes": [{"title": "A", "yields": [{"amount": 1.5}, {"amount": 4}, {"amount": 4.0}, {"amount": 0.1}, {"amount": 1e-7}, {"amount": 1E+2}]}]}
            """)
        #expect(document.recipes.first?.yields.map(\.amount) == [1.5, 4, 4, 0.1, 1e-7, 100])
        #expect(written.contains("\"amount\": 1.5\n"))
        #expect(written.contains("\"amount\": 4\n"))
        #expect(!written.contains("4.0"))
        #expect(written.contains("\"amount\": 0.1\n"))
        #expect(written.contains("\"amount\": 1e-7\n"))
        #expect(written.contains("\"amount\": 100\n"))
    }

    @Test func fixedIngredientsStayFixed() throws {
        let (document, written) = try roundTrip("""
            {"recipes": [{"title": "Soup", "ingredients": [{"amount": 1, "name": "bay leaf", "fixed": true}, {"amount": 2, "name": "carrots", "fixed": false}],
              "ingredientGroups": [{"title": "To serve", "ingredients": [{"name": "salt", "fixed": true}, {"name": "pepper"}]}]}]}
            """)
        let recipe = try #require(document.recipes.first)
        #expect(recipe.allIngredients.map(\.fixed) == [true, false, true, false])
        #expect(written.components(separatedBy: "\"fixed\": true").count == 3, "written for the two fixed ones: \(written)")
        #expect(!written.contains("\"fixed\": false"), "false is the default and not written")
    }

    @Test func hexColorsAreWrittenAsObjects() throws {
        let (document, written) = try roundTrip(##"{"events": [{"title": "E", "color": "#FF800080"}]}"##)
        #expect(document.events.first?.color == RGBAColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(written.contains("\"red\": 1,\n        \"green\": 0.5019607843137255,\n        \"blue\": 0,\n        \"alpha\": 0.5019607843137255\n"))
    }

    @Test func generatedIDsAreWrittenAndThenKept() throws {
        let (document, written) = try roundTrip(#"{"events": [{"title": "E", "tasks": [{"text": "t"}]}]}"#)
        let event = try #require(document.events.first)
        #expect(written.contains("\"id\": \"\(event.id)\""))
        #expect(written.contains("\"id\": \"\(try #require(event.tasks.first).id)\""))
    }

    @Test func samplesRoundTrip() throws {
        for name in ["events.json", "recipes.json"] {
            let bytes = try FileIO.readAll(TestPaths.sample(name).path)
            let result = try JSONCodec().decode(bytes, source: name)
            #expect(result.diagnostics.isEmpty)
            let written = try JSONCodec().encode(result.document, options: EncodingOptions()).bytes
            if written != bytes {
                let got = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let want = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
                Issue.record("\(name) is not in canonical form at line \(line + 1): \(line < want.count ? want[line] : "<end>")")
            }
        }
    }
}
