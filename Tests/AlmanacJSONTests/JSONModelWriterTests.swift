import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import Foundation
import Testing

/// The writers' exact output for a document that uses every field, compared byte for
/// byte with `Golden/document.pretty.json`, `document.compact.json` and `document.ndjson`.
///
/// After a deliberate change to the output, rewrite the files with
/// `ALMANAC_UPDATE_GOLDEN=1 swift test --filter AlmanacJSONTests.JSONModelWriterTests`,
/// then read the diff line by line before committing it.
@Suite struct JSONModelWriterTests {
    static let updating = ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] == "1"

    /// Compares `bytes` with the golden file `name`, or rewrites it when updating.
    private func expectGolden(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = TestPaths.inPackage("Tests/AlmanacJSONTests/Golden/\(name)")
        if Self.updating {
            try Data(bytes).write(to: url)
            return
        }
        let golden = try #require(FileManager.default.contents(atPath: url.path), "\(name) is missing: run with ALMANAC_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        let expected = Array(golden)
        guard bytes != expected else { return }
        let got = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
        let gotLine = line < got.count ? String(got[line]) : "<end>"
        let wantLine = line < want.count ? String(want[line]) : "<end>"
        Issue.record("\(name) differs at line \(line + 1):\n  golden: \(wantLine)\n  output: \(gotLine)", sourceLocation: sourceLocation)
    }

    @Test func prettyJSONMatchesTheGoldenFile() throws {
        let bytes = try JSONCodec().encode(GoldenDocument.document, options: EncodingOptions()).bytes
        try expectGolden(bytes, "document.pretty.json")
    }

    @Test func compactJSONMatchesTheGoldenFile() throws {
        let bytes = try JSONCodec().encode(GoldenDocument.document, options: EncodingOptions(compact: true)).bytes
        try expectGolden(bytes, "document.compact.json")
    }

    @Test func ndjsonMatchesTheGoldenFile() throws {
        let bytes = try NDJSONCodec().encode(GoldenDocument.document, options: EncodingOptions()).bytes
        try expectGolden(bytes, "document.ndjson")
    }

    @Test func goldenFilesReadBackAsTheDocument() throws {
        let pretty = try FileIO.readAll(TestPaths.inPackage("Tests/AlmanacJSONTests/Golden/document.pretty.json").path)
        let compact = try FileIO.readAll(TestPaths.inPackage("Tests/AlmanacJSONTests/Golden/document.compact.json").path)
        let ndjson = try FileIO.readAll(TestPaths.inPackage("Tests/AlmanacJSONTests/Golden/document.ndjson").path)
        #expect(try JSONCodec().decode(pretty, source: "pretty").document == GoldenDocument.document)
        #expect(try JSONCodec().decode(compact, source: "compact").document == GoldenDocument.document)
        var withoutDocumentExtras = GoldenDocument.document
        withoutDocumentExtras.extras = Extras()
        #expect(try NDJSONCodec().decode(ndjson, source: "ndjson").document == withoutDocumentExtras, "NDJSON has no place for document extras")
        #expect(try JSONCodec().decode(pretty, source: "pretty").diagnostics.isEmpty)
    }

    @Test func keysComeInTheDocumentedOrder() throws {
        let lines = String(decoding: try NDJSONCodec().encode(GoldenDocument.document, options: EncodingOptions()).bytes, as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(topLevelKeys(lines[0]) == [
            "kind", "id", "title", "summary", "yields", "prepTime", "cookTime", "totalTime", "ingredients", "ingredientGroups", "directions",
            "directionGroups", "rating", "isFavorite", "collections", "tags", "source", "images", "dateAdded", "dateModified",
            "origin", "servings note", "extras",
        ])
        #expect(topLevelKeys(lines[2]) == [
            "kind", "id", "title", "symbol", "color", "start", "end", "allDay", "location", "notes", "url", "categories", "recurrence", "tasks", "extras",
        ])
        #expect(topLevelKeys(lines[4]) == ["kind", "id", "title", "start", "end", "timeZone", "endTimeZone"])
        let document = String(decoding: try JSONCodec().encode(GoldenDocument.document, options: EncodingOptions(compact: true)).bytes, as: UTF8.self)
        #expect(topLevelKeys(document) == ["almanac", "recipes", "events", "generator", "extras"])
    }

    /// The keys of the outermost object of compact JSON `text`, in order.
    private func topLevelKeys(_ text: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var string: String?
        var escaped = false
        var last = ""
        for character in text {
            if var current = string {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    last = current
                    string = nil
                    continue
                }
                current.append(character)
                string = current
                continue
            }
            switch character {
            case "\"": string = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":" where depth == 1: keys.append(last)
            default: break
            }
        }
        return keys
    }
}

/// A document that uses every field the writers know.
enum GoldenDocument {
    // A broken CivilDate makes the golden comparisons fail, not the test process crash.
    private static func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: day) ?? CivilDate(daysSinceEpoch: 0)
    }

    private static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, nanosecond: Int = 0) -> CivilDateTime {
        CivilDateTime(date: date(year, month, day), hour: hour, minute: minute, second: second, nanosecond: nanosecond)
            ?? CivilDateTime(midnightOf: date(year, month, day))
    }

    static let document = AlmanacDocument(recipes: [pie, saffronWater], events: events, extras: Extras([
        "json": .object([OpaqueMember("generator", .string("almanac tests"))]),
        "ics": .object([OpaqueMember("PRODID", .string("-//almanac//tests//EN"))]),
    ]))

    static let pie = Recipe(
        id: "R1",
        title: "Grandma's \"Best\" Apple Pie",
        summary: "Flaky crust\tbuttery \\ golden\nSecond line \u{1} crème brûlée, 日本, 😀",
        yields: [Yield(amount: 8, unit: "slices"), Yield(amount: 1.5, unit: nil), Yield(amount: nil, unit: "pie")],
        prepTime: ISODuration(minutes: 45),
        cookTime: ISODuration(hours: 1, minutes: 15),
        totalTime: ISODuration(days: 1, hours: 2),
        ingredients: [
            Ingredient(amount: 0.5, unit: "tsp", name: "salt"),
            Ingredient(
                amount: 1e-7, unit: "g", name: "saffron", note: "a \"pinch\"", link: "R2",
                extras: Extras(["json": .object([OpaqueMember("grams", .number("0.0000001"))]), "md": .string("~saffron~")])
            ),
        ],
        ingredientGroups: [
            IngredientGroup(
                title: "Crust",
                ingredients: [Ingredient(amount: 2.25, unit: "cups", name: "flour", note: "sifted"), Ingredient(amount: 4, name: "butter")],
                ingredientGroups: [IngredientGroup(title: "Egg wash", ingredients: [Ingredient(amount: 1, name: "egg")])]
            ),
            IngredientGroup(title: "Filling", ingredients: [Ingredient(amount: 6, name: "apples")]),
        ],
        directions: ["Preheat the oven to 200 °C."],
        directionGroups: [
            DirectionGroup(title: "Crust", directions: ["Rub the butter into the flour.", "Chill for 30 minutes."]),
            DirectionGroup(title: "Bake", directions: ["Bake 45 minutes\nuntil golden."]),
        ],
        rating: 5,
        isFavorite: true,
        collections: ["Baking", "Autumn"],
        tags: ["dessert", "fruit"],
        source: "https://example.invalid/pie?x=1&y=2",
        images: ["pie.jpg", "images/slice 2.png"],
        dateAdded: .utc(time(2026, 1, 2, 10, 0)),
        dateModified: .floating(time(2026, 3, 4, 5, 6, 7, nanosecond: 500_000_000)),
        extras: Extras([
            "json": .object([OpaqueMember("origin", .string("card")), OpaqueMember("servings note", .array([.number("1.50"), .bool(false), .null]))]),
            "xml": .object([OpaqueMember("attr", .string("v"))]),
            "ics": .string("X-RECIPE"),
        ])
    )

    static let saffronWater = Recipe(id: "R2", title: "Saffron water", totalTime: ISODuration(), rating: 0)

    static let events: [Event] = [
        Event(
            id: "E1", title: "Christmas Eve", symbol: "gift.fill", color: RGBAColor(red: 1, green: 0.5, blue: 0),
            start: .date(date(2026, 12, 24)), end: .date(date(2026, 12, 25)),
            location: "Home", notes: "Bring:\n\t- cookies", url: "https://example.invalid/xmas",
            categories: ["Family", "Holiday"], recurrence: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24",
            tasks: [
                EventTask(id: "T1", text: "Wrap gifts", isCompleted: true),
                EventTask(id: "T2", text: "Bake \"cookies\"", extras: Extras(["json": .object([OpaqueMember("priority", .number("1"))]), "ics": .string("VTODO")])),
                EventTask(id: "T3", text: ""),
            ],
            extras: Extras(["ics": .object([OpaqueMember("X-ALARM", .array([.string("-PT15M"), .number("2e3")]))])])
        ),
        Event(
            id: "E2", title: "Game night", color: RGBAColor(red: 0.25, green: 0.75, blue: 1, alpha: 0.5),
            start: .utc(time(2026, 12, 19, 2, 0)), end: .utc(time(2026, 12, 19, 5, 30, 0, nanosecond: 250_000_000))
        ),
        Event(
            id: "E3", title: "Flight LAX → BER",
            start: .zoned(time(2026, 12, 20, 15, 0), timeZone: "America/Los_Angeles"),
            end: .zoned(time(2026, 12, 21, 11, 30), timeZone: "Europe/Berlin")
        ),
        Event(
            id: "E4", title: "Dinner",
            start: .zoned(time(2026, 12, 21, 19, 0), timeZone: "Europe/Berlin"),
            end: .zoned(time(2026, 12, 21, 22, 0), timeZone: "Europe/Berlin"),
            tasks: [EventTask(id: "T4", text: "Book a table")]
        ),
        Event(
            id: "E5", title: "New Year's countdown",
            start: .floating(time(2026, 12, 31, 23, 30)), end: .floating(time(2027, 1, 1, 0, 30)),
            extras: Extras(["json": .object([OpaqueMember("mood", .string("festive"))])])
        ),
        Event(id: "E6", title: "Someday"),
    ]
}
