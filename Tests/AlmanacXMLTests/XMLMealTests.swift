import AlmanacCore
import AlmanacTestSupport
import AlmanacXML
import Foundation
import Testing

/// A meal's recipes (``Event/recipes``) in almanac XML: `<recipes><recipe>ID</recipe></recipes>`.
@Suite("XML meal plans")
struct XMLMealTests {
    @Test("an event's recipes are written in order and read back")
    func roundTrip() throws {
        let text = try XMLTest.encode(MealFixtures.document)
        #expect(text.contains("<recipes>\n      <recipe>soup</recipe>\n      <recipe>galette</recipe>\n    </recipes>"), "\(text)")
        let read = try XMLTest.decode(text)
        #expect(read.document == MealFixtures.document)
        #expect(read.diagnostics.isEmpty)
        #expect(try XMLTest.decode(XMLTest.encode(MealFixtures.document, compact: true)).document == MealFixtures.document)
    }

    @Test("an event without recipes writes no element; something else in the list is dropped with a warning")
    func edges() throws {
        #expect(!(try XMLTest.encode(AlmanacDocument(events: [Event(id: "e", title: "E")]))).contains("<recipes>"))
        let read = try XMLTest.decode(XMLTest.wrap(#"<event id="e"><title>E</title><recipes><recipe>a</recipe><dish>b</dish></recipes></event>"#))
        #expect(read.document.events.first?.recipes == ["a"])
        #expect(read.diagnostics.map(\.message).contains { $0.contains("<dish>") })
    }

    @Test("xmllint validates a meal plan against the schema", .enabled(if: XMLLint.shouldRun))
    func schema() throws {
        let result = try XMLLint.validate(Array(try XMLTest.encode(MealFixtures.document).utf8))
        #expect(result.status == 0, "\(result.stderrText)")
        // The schema holds the element where the writer puts it: after the tasks, before the extras.
        var event = MealFixtures.meals[0]
        event.tasks = [EventTask(id: "t", text: "Soak the beans")]
        event.extras = Extras(["ics": .object([OpaqueMember("properties", .array([.string("X-A:1")]))])])
        let withBoth = try XMLLint.validate(Array(try XMLTest.encode(AlmanacDocument(recipes: MealFixtures.recipes, events: [event])).utf8))
        #expect(withBoth.status == 0, "\(withBoth.stderrText)")
    }
}
