import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// Metadata keys to model fields and back.
@Suite struct CooklangMetadataMappingTests {
    @Test func keysFillTheirFields() throws {
        let recipe = try CooklangTesting.read("""
        ---
        title: Chili
        Description: Hot.
        servings: 4 people
        tags: beef, spicy
        source_url: https://example.com/chili
        prep_time: 15 min
        Cook-Time: 1 hour 30 minutes
        time: a while
        course: main
        ---
        x
        """, title: "file")
        #expect(recipe.title == "Chili")
        #expect(recipe.summary == "Hot.")
        #expect(recipe.yields == [Yield(amount: 4, unit: "people")])
        #expect(recipe.tags == ["beef", "spicy"])
        #expect(recipe.source == "https://example.com/chili")
        #expect(recipe.prepTime == ISODuration(minutes: 15))
        #expect(recipe.cookTime == ISODuration(hours: 1, minutes: 30))
        #expect(recipe.totalTime == nil)
        let kept = recipe.extras["cooklang"]?.members?.first { $0.key == "metadata" }?.value
        #expect(kept == .object([OpaqueMember("time", .string("a while")), OpaqueMember("course", .string("main"))]))
    }

    @Test(arguments: [("4", Yield(amount: 4, unit: "servings")), ("1 1/2 cups", Yield(amount: 1.5, unit: "cups")), ("1|2|3", Yield(unit: "1|2|3"))])
    func yields(_ text: String, _ yield: Yield) throws {
        #expect(try CooklangTesting.read(">> servings: \(text)\n", title: "x").yields == [yield])
    }

    @Test func keptMetadataIsWrittenBackAfterTheFields() throws {
        var recipe = Recipe(id: "r", title: "R", totalTime: ISODuration(minutes: 5))
        recipe.extras["cooklang"] = .object([OpaqueMember("metadata", .object([OpaqueMember("time", .string("a while")), OpaqueMember("course", .string("main"))]))])
        let entries = CooklangMetadataMapping.entries(for: recipe)
        #expect(entries.map(\.key) == ["id", "title", "time", "course"])
    }
}
