@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

@Suite("JSON-LD as sites write it: each repair a warning at its place")
struct JSONRepairerTests {
    /// A page with one JSON-LD block whose text is `json`, starting on line 2 column 1.
    private func page(_ json: String) -> String {
        "<html><head>\n" + json + "</head></html>"
    }

    /// `json` in a script block on line 2, starting at column 36.
    private func scripted(_ json: String) -> String {
        page("<script type=\"application/ld+json\">" + json + "</script>")
    }

    private func warnings(_ result: DecodeResult) -> [String] {
        result.diagnostics.filter { $0.severity == .warning }.map(\.rendered)
    }

    @Test("strict JSON passes through unchanged, with no repair")
    func strictUnchanged() {
        let text = Array(#"{"@type": "Recipe", "name": "A & B", "x": ["\n", 1, {"y": "//"}]}"#.utf8)
        let repaired = JSONRepairer.repair(text[...])
        #expect(repaired.bytes == text)
        #expect(repaired.repairs.isEmpty)
    }

    @Test("a raw line break and a tab in a string are read as escapes, each a warning at its byte")
    func controlCharacters() throws {
        let result = try Fixtures.decodePage(scripted("{\"@type\": \"Recipe\", \"name\": \"Soup\", \"recipeInstructions\": \"Chop.\nSimmer\t1 hour.\"}"))
        let recipe = try #require(result.document.recipes.first)
        // The tab is read; the step's white space is then collapsed as for any recipeInstructions text.
        #expect(recipe.directions == ["Chop.", "Simmer 1 hour."])
        #expect(warnings(result) == [
            "page.html:2:100: warning: JSON-LD repaired: a raw line break in a JSON string was read as '\\n'",
            "page.html:3:7: warning: JSON-LD repaired: a raw tab in a JSON string was read as '\\t'",
        ])
    }

    @Test("\\' is read as ', a warning at the backslash")
    func apostropheEscape() throws {
        let result = try Fixtures.decodePage(scripted(#"{"@type": "Recipe", "name": "Mom\'s pie"}"#))
        #expect(result.document.recipes.first?.title == "Mom's pie")
        #expect(warnings(result) == [#"page.html:2:68: warning: JSON-LD repaired: '\'' is not a JSON escape; read as '''"#])
    }

    @Test("trailing commas in lists and objects are left out, a warning at each comma")
    func trailingCommas() throws {
        let result = try Fixtures.decodePage(scripted("{\"@type\": \"Recipe\", \"name\": \"A\", \"recipeIngredient\": [\"1 egg\",\n  ],\n}"))
        #expect(result.document.recipes.first?.ingredients.map(\.name) == ["egg"])
        #expect(warnings(result) == [
            "page.html:2:97: warning: JSON-LD repaired: a trailing comma before ']' was left out",
            "page.html:3:4: warning: JSON-LD repaired: a trailing comma before '}' was left out",
        ])
    }

    @Test("HTML entities in strings are read as their characters, a quote escaped for JSON")
    func entities() throws {
        let result = try Fixtures.decodePage(scripted(#"{"@type": "Recipe", "name": "Tom&#39;s &quot;Mac&quot; &amp; cheese &#x2014; &eacute;"}"#))
        #expect(result.document.recipes.first?.title == "Tom's \"Mac\" & cheese — é")
        let rendered = warnings(result)
        #expect(rendered.first == "page.html:2:68: warning: JSON-LD repaired: the HTML entity '&#39;' in a JSON string was read as '''")
        #expect(rendered.contains("page.html:2:75: warning: JSON-LD repaired: the HTML entity '&quot;' in a JSON string was read as '\"'"))
        // Six entities, three listed: the rest counted in one warning at the fourth.
        #expect(rendered.count == 4)
        #expect(rendered.last == "page.html:2:91: warning: JSON-LD repaired: 3 more of this kind in this block, the first here: the HTML entity '&amp;' in a JSON string was read as '&'")
        // An ampersand that is no entity stays as it is, without a warning.
        let plain = try Fixtures.decodePage(scripted(#"{"@type": "Recipe", "name": "Salt & pepper &nosuch; &"}"#))
        #expect(plain.document.recipes.first?.title == "Salt & pepper &nosuch; &")
        #expect(warnings(plain).isEmpty)
    }

    @Test("a block wrapped in <!-- --> or CDATA, and JavaScript comments, are read; each marker a warning")
    func wrappers() throws {
        let comment = try Fixtures.decodePage(page("<script type=\"application/ld+json\"><!--\n{\"@type\": \"Recipe\", \"name\": \"A\"}\n--></script>"))
        #expect(comment.document.recipes.first?.title == "A")
        #expect(warnings(comment) == [
            "page.html:2:36: warning: JSON-LD repaired: the comment or marker '<!--' around or in the JSON-LD was left out",
            "page.html:4:1: warning: JSON-LD repaired: the comment or marker '-->' around or in the JSON-LD was left out",
        ])
        let cdata = try Fixtures.decodePage(page("<script type=\"application/ld+json\">//<![CDATA[\n{\"@type\": \"Recipe\", /* the recipe */ \"name\": \"B\"}\n//]]></script>"))
        #expect(cdata.document.recipes.first?.title == "B")
        #expect(warnings(cdata) == [
            "page.html:2:36: warning: JSON-LD repaired: the comment or marker '//<![CDATA[' around or in the JSON-LD was left out",
            "page.html:3:21: warning: JSON-LD repaired: the comment or marker '/* the recipe */' around or in the JSON-LD was left out",
            "page.html:4:1: warning: JSON-LD repaired: the comment or marker '//]]>' around or in the JSON-LD was left out",
        ])
    }

    @Test("@type in another case and numbers where text belongs are read, each a warning at the value")
    func lenientValues() throws {
        let result = try Fixtures.decodePage(scripted(#"{"@type": ["recipe", "NewsArticle"], "name": 42, "recipeCategory": 3, "recipeYield": 4, "recipeIngredient": [2, "eggs"]}"#))
        let recipe = try #require(result.document.recipes.first)
        #expect(recipe.title == "42")
        #expect(recipe.collections == ["3"])
        #expect(recipe.yields == [Yield(amount: 4, unit: nil)])
        #expect(recipe.ingredients.count == 2)
        #expect(warnings(result) == [
            #"page.html:2:47: warning: '@type' "recipe" read as "Recipe""#,
            #"page.html:2:81: warning: 'name' is a number (42) where schema.org wants text; read as "42""#,
            #"page.html:2:103: warning: 'recipeCategory' is a number (3) where schema.org wants text; read as "3""#,
            #"page.html:2:145: warning: 'recipeIngredient' is a number (2) where schema.org wants text; read as "2""#,
        ])
    }

    @Test("an error after repairs is placed in the page as written, not in the repaired text")
    func errorAfterRepairs() throws {
        let text = scripted("{\"@type\": \"Recipe\", \"name\": \"A&amp;B\",\n\"x\": \"\t\", \"y\": }")
        let error = try #require(throws: JSONLDDecodingError.self) { try Fixtures.decodePage(text) }
        #expect(error.position.map { [$0.line, $0.column] } == [3, 16])
        #expect(error.message.hasPrefix("not JSON"))
    }

    @Test("strict jsonld still refuses what html repairs, with the position", arguments: [
        ("{\"@type\": \"Recipe\", \"name\": \"A\",}", 1, 33),
        ("{\"@type\": \"Recipe\",\n \"name\": \"Mom\\'s\"}", 2, 14),
        ("{\"@type\": \"Recipe\", \"name\": \"A\nB\"}", 1, 32),
        ("<!--\n{\"@type\": \"Recipe\", \"name\": \"A\"}", 1, 1),
    ])
    func strictStaysStrict(input: String, line: Int, column: Int) throws {
        let error = try #require(throws: JSONLDDecodingError.self) { try Fixtures.decode(input) }
        #expect(error.message.hasPrefix("not JSON"), "\(error.message)")
        // The exact column of a strict error is the strict reader's to test; here: at that place.
        let position = try #require(error.position)
        #expect(position.line == line)
        #expect(abs(position.column - column) <= 1, "\(position.column)")
        // Strict jsonld reads @type and text exactly: "recipe" is not a Recipe, a number not a name.
        #expect(throws: JSONLDDecodingError.self) { try Fixtures.decode(#"{"@type": "recipe", "name": "A"}"#) }
        #expect(throws: JSONLDDecodingError.self) { try Fixtures.decode(#"{"@type": "Recipe", "name": 42}"#) }
    }

    @Test("the offset map leads back through every repair")
    func offsetMap() {
        let text = Array("{\"a\": \"x&amp;y\t\", \"b\": [1,],}".utf8)
        let repaired = JSONRepairer.repair(text[...])
        #expect(String(decoding: repaired.bytes, as: UTF8.self) == "{\"a\": \"x&y\\t\", \"b\": [1]}")
        // 'y' after the entity, the '"' after the tab, the ']' after the dropped comma.
        for (inRepaired, inOriginal) in [(9, 13), (12, 15), (22, 26), (23, 28)] {
            #expect(repaired.originalOffset(inRepaired) == inOriginal, "\(inRepaired)")
        }
    }
}
