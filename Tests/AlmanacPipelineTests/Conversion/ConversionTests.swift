import Foundation
import Testing
import Almanac
import AlmanacTestSupport

/// ``Conversion`` from Swift, without the command line: read Samples, run steps, validate,
/// write a format, and check what comes out.
@Suite struct ConversionTests {
    let today = Fixture.day("2026-12-01")

    /// The sample events by start, as the file lists them: Maya's Birthday (12-12),
    /// Game Night (12-19), New Year's Eve (12-31), Flight (01-04), Doctor (01-07), Camping (01-15).
    @Test func readFilterSortHeadAndWriteNDJSON() throws {
        let conversion = Conversion(
            inputs: [try Fixture.sample("events.json"), try Fixture.sample("recipes.json")],
            to: Fixture.codec("ndjson"),
            pipeline: Pipeline([FilterStep(.kind(.event)), SortStep(by: .date, reverse: true, today: today), HeadStep(count: 3)])
        )
        let items = try Fixture.ndjsonItems(try conversion.bytes())
        #expect(items.map(\.title) == ["Camping at Big Sur", "Doctor's Appointment", "Flight to Berlin"])
        #expect(items.allSatisfy { $0.kind == .event })
    }

    @Test func theSameConversionGivesTheSameItemsFromICalendar() throws {
        let steps = Pipeline([SortStep(by: .title), FilterStep(.tag("travel"))])
        let fromJSON = try Conversion(inputs: [try Fixture.sample("events.json")], to: Fixture.codec("ndjson"), pipeline: steps).bytes()
        let fromICS = try Conversion(inputs: [try Fixture.sample("events.ics")], to: Fixture.codec("ndjson"), pipeline: steps).bytes()
        #expect(try Fixture.ndjsonItems(fromJSON).map(\.title) == ["Flight to Berlin"])
        #expect(try Fixture.ndjsonItems(fromICS).map(\.title) == ["Flight to Berlin"])
    }

    @Test func recipesFilteredAndSortedToMarkdown() throws {
        let conversion = Conversion(
            inputs: [try Fixture.sample("recipes.json")],
            to: Fixture.codec("md"),
            pipeline: Pipeline([FilterStep(.tag("guava")), SortStep(by: .title)])
        )
        let text = String(decoding: try conversion.bytes(), as: UTF8.self)
        let kombucha = try #require(text.range(of: "# Guava Kombucha"))
        let syrup = try #require(text.range(of: "# Guava Syrup"))
        #expect(kombucha.lowerBound < syrup.lowerBound)
        #expect(!text.contains("Apple Galette"))
        // What was written reads back as the two recipes.
        let back = try Fixture.codec("md").decode(Array(text.utf8), source: "out.md").document
        #expect(back.recipes.map(\.title) == ["Guava Kombucha", "Guava Syrup"])
    }

    @Test func groupingCountsTheAgendaFromTheGroupsDay() throws {
        let conversion = Conversion(
            inputs: [try Fixture.sample("events.json")],
            to: Fixture.codec("md"),
            pipeline: Pipeline([GroupStep(by: .period, from: PeriodReference(today: Fixture.day("2026-12-10")))])
        )
        let text = String(decoding: try conversion.bytes(), as: UTF8.self)
        // From 2026-12-10, Maya's Birthday (12-12) is within 7 days and the flight (01-04) within 30.
        let week = try #require(text.range(of: "## Next 7 Days"))
        let maya = try #require(text.range(of: "### Maya's Birthday"))
        let month = try #require(text.range(of: "## Next 30 Days"))
        let flight = try #require(text.range(of: "### Flight to Berlin"))
        #expect(week.lowerBound < maya.lowerBound && maya.lowerBound < month.lowerBound && month.lowerBound < flight.lowerBound)
    }

    @Test func aValidationErrorStopsTheRunAndWritesNoFile() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("bad.json", #"{"almanac":1,"events":[{"id":"a","title":"Fine"},{"id":"b","title":" "}]}"#)
        let output = scratch.path("out.json")
        let conversion = Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("json"), pipeline: Pipeline([SortStep(by: .title)]))
        let error = try #require(throws: AlmanacError.self) { try conversion.write(to: .file(output)) }
        #expect(error.status == .validationFailed)
        #expect(error.diagnostics.map(\.code) == ["title-required"])
        #expect(error.diagnostics.first?.source == input)
        #expect(error.message?.hasPrefix("validation found 1 error;") == true)
        #expect(!FileManager.default.fileExists(atPath: output))
        // Without the validator the same run writes both events.
        var unchecked = conversion
        unchecked.validator = nil
        try unchecked.write(to: .file(output))
        let written = try Fixture.codec("json").decode(try scratch.bytes("out.json"), source: output).document
        #expect(written.events.map(\.id) == ["b", "a"])
    }

    @Test func warningsGoToTheHandlerAndTheRunGoesOn() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("tasks.json", #"{"almanac":1,"events":[{"id":"e","title":"E","tasks":[{"id":"t","text":""}]}]}"#)
        let collected = Collected()
        let bytes = try Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("ndjson")).bytes(report: collected.handler)
        #expect(try Fixture.ndjsonItems(bytes).map(\.id) == ["e"])
        #expect(collected.diagnostics.map(\.0.code) == ["title-required"])
        #expect(collected.diagnostics.map(\.0.severity) == [.warning])
        #expect(collected.diagnostics.map(\.1) == [.alone])
    }

    @Test func aFormatThatCannotHoldTheItemsIsRefused() throws {
        let conversion = Conversion(inputs: [try Fixture.sample("recipes.json")], to: Fixture.codec("ics"))
        let error = try #require(throws: AlmanacError.self) { try conversion.bytes() }
        #expect(error.status == .dataError)
        #expect(error.message == "the ics format cannot hold recipes, and no event names 6 recipes ('Apple Galette', 'Guava Syrup', 'Guava Kombucha', …); nothing was written")
        #expect(error.hint?.contains("then filter --kind event") == true)
        let events = Conversion(inputs: [try Fixture.sample("events.json")], to: Fixture.codec("cooklang"))
        let refused = try #require(throws: AlmanacError.self) { try events.bytes() }
        #expect(refused.status == .dataError)
        #expect(refused.message == "the cooklang format cannot hold events; nothing was written")
    }

    @Test func aMissingInputIsNoInput() throws {
        let conversion = Conversion(inputs: [ConversionInput(path: "/nonexistent/events.json", codec: Fixture.codec("json"))], to: Fixture.codec("ndjson"))
        let error = try #require(throws: AlmanacError.self) { try conversion.bytes() }
        #expect(error.status == .noInput)
        #expect(error.diagnostics.map(\.rendered) == ["/nonexistent/events.json: error: no such file"])
    }

    @Test func aMalformedInputIsADataErrorWithItsPlace() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("broken.json", "{\"almanac\":1,\n\"events\":[{\"id\":}]}")
        let error = try #require(throws: AlmanacError.self) {
            try Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("ndjson"), pipeline: Pipeline([HeadStep(count: 1)])).bytes()
        }
        #expect(error.status == .dataError)
        #expect(error.diagnostics.first?.source == input)
        #expect(error.diagnostics.first?.position?.line == 2)
        #expect(error.display.quotesLine)
        #expect(error.display.sourceBytes == (try scratch.bytes("broken.json")))
    }

    @Test func aStreamedConversionWritesWhatAWholeOneWrites() throws {
        let scratch = try ScratchFolder()
        let lines = (0..<300).map { #"{"kind":"event","id":"e\#($0)","title":"Event \#($0)","start":"2026-12-\#(10 + $0 % 18)T10:00:00Z"}"# }
        let input = try scratch.write("in.ndjson", lines.joined(separator: "\n") + "\n")
        let streamed = Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("json"))
        #expect(streamed.isStreamable)
        try streamed.write(to: .file(scratch.path("streamed.json")))
        // A step makes the same conversion read whole.
        let whole = Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("json"), pipeline: Pipeline([HeadStep(count: 1_000)]))
        #expect(!whole.isStreamable)
        #expect(try scratch.bytes("streamed.json") == (try whole.bytes()))
        #expect(try Fixture.codec("json").decode(try scratch.bytes("streamed.json"), source: "streamed.json").document.events.count == 300)
    }

    @Test func aStreamedValidationErrorStopsAndLeavesTheFileAlone() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("in.ndjson", #"{"kind":"event","id":"a","title":"A"}"# + "\n" + #"{"kind":"event","id":"b","title":""}"# + "\n")
        let output = try scratch.write("out.json", "kept")
        let error = try #require(throws: AlmanacError.self) {
            try Conversion(inputs: [try ConversionInput(path: input)], to: Fixture.codec("json")).write(to: .file(output))
        }
        #expect(error.status == .validationFailed)
        #expect(error.diagnostics.first?.position?.line == 2)
        #expect(try scratch.bytes("out.json") == Array("kept".utf8))
    }

    @Test func aFolderDestinationWritesOnePagePerRecipe() throws {
        let scratch = try ScratchFolder()
        let folder = scratch.path("site")
        let recipes = try Fixture.codec("json").decode(Array(try Data(contentsOf: TestPaths.sample("recipes.json"))), source: "recipes.json").document.recipes
        try Conversion(inputs: [try Fixture.sample("recipes.json")], to: Fixture.codec("md"), pipeline: Pipeline([FavoriteStep()])).write(to: .folder(folder))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "index.md" }
        #expect(files.count == recipes.count)
        let page = try #require(files.first)
        let read = try Fixture.codec("md").decode(try scratch.bytes("site/\(page)"), source: page).document
        #expect(read.recipes.count == 1)
        #expect(read.recipes.first.map { recipes.map(\.title).contains($0.title) } == true)
    }
}
