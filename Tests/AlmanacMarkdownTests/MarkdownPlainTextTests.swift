import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// Markdown read into the model's plain texts: the markup goes, what it marks stays.
@Suite("Plain text from Markdown")
struct MarkdownPlainTextTests {
    @Test("inline markup becomes its text", arguments: [
        ("A *spicy* dish", "A spicy dish"),
        ("**bold** and __strong__ and _em_", "bold and strong and em"),
        ("See [Wikipedia](https://en.wikipedia.org/wiki/Shakshouka \"title\") now", "See Wikipedia now"),
        ("A [reference][wiki] and a [shortcut]", "A reference and a shortcut"),
        ("![A pan](pan.jpg) here", "A pan here"),
        ("or `man eggs` or `` a`b ``", "or man eggs or a`b"),
        ("`*not emphasis*`", "*not emphasis*"),
        ("<abbr title=\"x\">EV</abbr> oil<br/>", "EV oil"),
        ("mail <cook@example.org> or <https://example.org/a>", "mail cook@example.org or https://example.org/a"),
        ("Fish \\& Chips \\*deluxe\\* &amp; &#233;", "Fish & Chips *deluxe* & é"),
        ("hot,\\\nwith bread", "hot,\nwith bread"),
        ("hot,  \nwith bread", "hot,\nwith bread"),
        ("a <!-- comment --> b", "a  b"),
        ("3 * 4 and 2*x", "3 * 4 and 2*x"),
        ("[not a link] and [x](", "[not a link] and [x]("),
    ])
    func inline(markdown: String, plain: String) {
        #expect(MarkdownPlainText.inline(markdown, references: ["wiki": "https://w", "shortcut": "s.md"]) == plain)
    }

    @Test("blocks become their text, apart by blank lines")
    func blocks() {
        let markdown = """
        > Quoted *text*
        > on two lines.

        ```sh
        stir --until *thick*
        ```

            indented \\code

        3. Three
        4. Four

        <div class="tip">A <b>tip</b>.</div>

        [wiki]: https://en.wikipedia.org
        """
        let plain = "Quoted text\non two lines.\n\nstir --until *thick*\n\nindented \\code\n\n3. Three\n4. Four\n\nA tip."
        #expect(MarkdownPlainText.document(markdown, references: [:]) == plain)
    }

    @Test("text without markup is read as written, without blank space at its ends")
    func fastPath() {
        #expect(MarkdownPlainText.document("Mix and fry.\n", references: [:]) == "Mix and fry.")
        #expect(!MarkdownPlainText.mayHoldMarkup("Mix and fry. 2 eggs, 1.5 l"))
        #expect(MarkdownPlainText.mayHoldMarkup("1. first"))
        #expect(MarkdownPlainText.mayHoldMarkup("a  \nb"))
    }

    @Test("the hand-written recipe's fields are plain text")
    func handWrittenFields() throws {
        let recipe = try #require(try MarkdownTesting.decode(try KeptRecipeSourceTests.handWritten()).document.recipes.first)
        #expect(recipe.title == "Shakshuka")
        #expect(recipe.summary == "A spicy North-African dish. See Wikipedia or man eggs.\nServe it hot,\nwith plenty of bread and EV olive oil.\n\nA pan of shakshuka\n\nEggs poached in sauce: the classic.")
        let sauce = recipe.ingredientGroups[0].ingredients
        #expect(sauce.map(\.name) == ["olive oil", "ripe tomatoes", "ras el hanout", "onions\nfinely chopped", "Harissa"])
        #expect(sauce.map(\.note) == ["extra virgin", "peeled (see how)", "or cumin", nil, nil])
        #expect(sauce.map(\.amount) == [0.5, 1.25, 5.5, 2, nil])
        #expect(sauce[4].link == "harissa.md")
        #expect(recipe.directions == [
            "Mix and fry.", "Let the sauce simmer for 20 minutes. It should be thick:", "stir --until thick", "taste; adjust",
            "Make four wells.", "Crack an egg into each, gently.", "Cover the pan; the whites should set\nwhile the yolks stay runny.",
            "Serve straight from the pan.",
        ])
    }
}
