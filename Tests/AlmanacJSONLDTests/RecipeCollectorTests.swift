import AlmanacTestSupport
import Testing

/// Where ``RecipeCollector`` says each recipe starts: its JSON-LD object, in a `.jsonld`
/// file and in a page's `<script>` block.
@Suite struct RecipeCollectorTests {
    @Test("validate names the line and column of the Recipe object")
    func jsonLDObject() throws {
        let text = """
            [
              {"@context": "https://schema.org", "@type": "Recipe", "identifier": "soup", "name": "Soup"},   {"@context": "https://schema.org", "@type": "Recipe",
               "identifier": "soup", "name": "Stew"}
            ]

            """
        let run = try ValidationRun.errors(["validate", "-f", "jsonld"], input: text)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:2:98: error: recipe 'Stew': the id soup is already used by recipe 'Soup' [unique-ids]"])
    }

    @Test("validate names the line and column in the page of a Recipe in a script block")
    func pageObject() throws {
        let page = """
            <!DOCTYPE html>
            <html><head><title>Soups</title>
            <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe", "identifier": "soup", "name": "Soup"}</script>
            <script type="application/ld+json">
              {"@context": "https://schema.org", "@graph": [{"@type": "WebPage", "name": "Soups"}, {"@type": "Recipe", "identifier": "soup", "name": "Stew"}]}
            </script>
            </head><body></body></html>

            """
        let run = try ValidationRun.errors(["validate", "-f", "html"], input: page)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:5:88: error: recipe 'Stew': the id soup is already used by recipe 'Soup' [unique-ids]"])
    }

    @Test("a key repeated in a Recipe is a warning at the repeat, and the first one is read")
    func duplicateKey() throws {
        let result = try Fixtures.decode(#"{"@type": "Recipe", "name": "A", "name": "B"}"#)
        #expect(result.document.recipes.map(\.title) == ["A"])
        #expect(result.diagnostics.map(\.rendered) == ["test.jsonld:1:34: warning: duplicate key 'name'; the first one is read"])
    }
}
