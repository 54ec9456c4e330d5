import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// The reader's byte-level fast paths give what the general (character and scalar)
/// paths give: plain ASCII, other scripts, Unicode spaces, line ends and long numbers.
@Suite("Reader fast paths")
struct ReaderFastPathTests {
    @Test("trimming drops ASCII and Unicode spaces at both ends only", arguments: [
        ("  flour\t", "flour"),
        ("\u{3000}crème\u{A0}", "crème"),
        ("\n a b \r\n", "a b"),
        ("é", "é"),
        ("", ""),
        (" \u{2003} ", ""),
        ("x\u{0301} ", "x\u{0301}"),
    ])
    func trimming(input: String, expected: String) {
        #expect(MarkdownText.trimmed(input) == expected)
        #expect(MarkdownText.trimmed(input).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("unescaping resolves escapes and entities outside code spans", arguments: [
        ("a\\*b", "a*b"),
        ("`a\\*b` c\\_d", "`a\\*b` c_d"),
        ("``a`b`` \\`", "``a`b`` `"),
        ("&amp; &lt; &#x41; &#66; &#0; &frac12; &bogus; &", "& < A B \u{FFFD} ½ &bogus; &"),
        ("crème \\& brûlée", "crème & brûlée"),
        ("\\é stays", "\\é stays"),
        ("``` unclosed", "``` unclosed"),
    ])
    func unescaping(input: String, expected: String) {
        #expect(MarkdownText.unescape(input) == expected)
    }

    @Test("a block keeps fenced code and splits at line ends", arguments: [
        ("a\\*\n```\nb\\*\n```\nc\\*", "a*\n```\nb\\*\n```\nc*"),
        ("a\\*\r\nb\\*", "a*\r\nb*"),
    ])
    func unescapingBlocks(input: String, expected: String) {
        #expect(MarkdownText.unescapeBlock(input) == expected)
    }

    @Test("notes split at the first comma and space, in any script", arguments: [
        ("flour, sifted", "flour", "sifted" as String?),
        ("crème, fouettée, froide", "crème", "fouettée, froide"),
        ("flour,sifted", "flour,sifted", nil),
        ("a\nb, c", "a\nb, c", nil),
        (", sifted", ", sifted", nil),
        ("salt\r, fine", "salt", "fine"),
    ])
    func notes(input: String, name: String, note: String?) {
        let split = RecipeMapper.splitNote(input)
        #expect(split.name == name)
        #expect(split.note == note)
    }

    @Test("long and short digit runs read as Double reads them", arguments: [
        "7", "123456789012345", "1234567890123456", "98765432109876543210123", "1 1/2", "12345678901234567/3",
    ])
    func digitRuns(input: String) throws {
        let result = try AmountText.parse(Array(input.unicodeScalars)).get()
        let expected: Double
        if let slash = input.firstIndex(of: "/") {
            let parts = input[..<slash].split(separator: " ").map { Double(String($0))! }
            let fraction = parts.last! / Double(String(input[input.index(after: slash)...]))!
            expected = parts.count == 2 ? parts[0] + fraction : fraction
        } else {
            expected = Double(input)!
        }
        #expect(result?.amount == expected)
    }

    @Test("the times line is found in any case, and only at the end")
    func timesLine() {
        var recipe = Recipe(id: "r", title: "T")
        var text = "Tasty.\n\nPREP TIME: PT5M, cook time: PT1H"
        RecipeTimesLine.take(from: &text, into: &recipe)
        #expect(text == "Tasty.")
        #expect(recipe.prepTime != nil && recipe.cookTime != nil)
        var other = "No times here: none, at all."
        RecipeTimesLine.take(from: &other, into: &recipe)
        #expect(other == "No times here: none, at all.")
    }
}
