import AlmanacCore
import AlmanacFormats

/// Saved recipe pages for the html reader's shapes: a page with a head, a style sheet,
/// navigation, one `<script type="application/ld+json">` holding every recipe (as
/// almanac's jsonld writer writes them) and an `<article>` showing each, written three
/// ways: indented with the JSON-LD pretty, indented with the JSON-LD on one line, and
/// the whole page minified onto one line. All three hold the same recipes.
struct SavedPageWriter {
    let corpus: ShapeCorpus

    /// The three pages, the first about `bytes` large, as `base-pretty.html` and so on.
    func write(bytes: Int, base: String) throws -> [ShapeCorpus.Input] {
        var factory = RecipeFactory(seed: 99)
        let recipes = try corpus.filled(bytes, next: { factory.next() }) { try page($0, compactJSONLD: false, minified: false).utf8.count }
        let shapes = [("pretty JSON-LD", false, false, "pretty"), ("one-line JSON-LD", true, false, "line"), ("minified page", true, true, "minified")]
        return try shapes.map { name, compactJSONLD, minified, suffix in
            let path = "\(base)-\(suffix).html"
            let output = try OutputStream(path: path)
            output.write(try page(recipes, compactJSONLD: compactJSONLD, minified: minified))
            output.close()
            return ShapeCorpus.Input(shape: name, path: path, items: recipes.count, bytes: output.written)
        }
    }

    private func page(_ recipes: [Recipe], compactJSONLD: Bool, minified: Bool) throws -> String {
        var jsonld = try BuiltinFormats.registry.codec(named: "jsonld")!.encode(AlmanacDocument(recipes: recipes), options: EncodingOptions(compact: compactJSONLD)).bytes
        if minified, jsonld.last == UInt8(ascii: "\n") { jsonld.removeLast() }
        var text = ""
        func line(_ depth: Int, _ markup: String) {
            if minified {
                text += markup
            } else {
                text += String(repeating: "  ", count: depth) + markup + "\n"
            }
        }
        line(0, "<!DOCTYPE html>")
        line(0, "<html lang=\"en\">")
        line(0, "<head>")
        line(1, "<meta charset=\"utf-8\">")
        line(1, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        line(1, "<title>Recipes – Kitchen notebook</title>")
        line(1, "<link rel=\"stylesheet\" href=\"/assets/site.css?v=3\">")
        line(1, "<style>")
        line(2, "body { font-family: Georgia, serif; margin: 0 auto; max-width: 48rem; }")
        line(2, ".recipe h2 { color: #7a2e0e; } .recipe .amount { font-weight: bold; }")
        line(1, "</style>")
        line(1, "<script type=\"application/ld+json\">")
        text += String(decoding: jsonld, as: UTF8.self)
        line(1, "</script>")
        line(0, "</head>")
        line(0, "<body>")
        line(1, "<nav><a href=\"/\">Home</a> · <a href=\"/recipes\">Recipes</a> · <a href=\"/about\">About &amp; contact</a></nav>")
        line(1, "<main>")
        for (index, recipe) in recipes.enumerated() { article(recipe, index, line) }
        line(1, "</main>")
        line(1, "<footer><p>Saved from https://cooking.example/ on 2026-06-01.</p></footer>")
        line(0, "</body>")
        line(0, "</html>")
        return text
    }

    /// The recipe as a page shows it.
    private func article(_ recipe: Recipe, _ index: Int, _ line: (Int, String) -> Void) {
        line(2, "<article class=\"recipe\" id=\"recipe-\(index + 1)\">")
        line(3, "<h2>\(escaped(recipe.title))</h2>")
        if let summary = recipe.summary { line(3, "<p class=\"summary\">\(escaped(summary))</p>") }
        line(3, "<ul class=\"ingredients\">")
        for ingredient in recipe.allIngredients {
            let amount = [ingredient.amount.map(number), ingredient.unit].compactMap { $0 }.joined(separator: " ")
            let note = ingredient.note.map { ", " + escaped($0) } ?? ""
            line(4, "<li><span class=\"amount\">\(escaped(amount))</span> \(escaped(ingredient.name))\(note)</li>")
        }
        line(3, "</ul>")
        line(3, "<ol class=\"steps\">")
        for step in recipe.allDirections { line(4, "<li>\(escaped(step))</li>") }
        line(3, "</ol>")
        line(2, "</article>")
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
