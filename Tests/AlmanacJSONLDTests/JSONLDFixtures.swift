@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacTestSupport
import Foundation

/// Hand-written JSON-LD and pages in the shapes recipe sites publish (none copied from a site).
enum Fixtures {
    static let jsonld = JSONLDCodec()
    static let html = HTMLRecipeCodec()

    static func decode(_ text: String, source: String = "test.jsonld") throws -> DecodeResult {
        try jsonld.decode(Array(text.utf8), source: source)
    }

    static func decodePage(_ text: String, source: String = "page.html") throws -> DecodeResult {
        try html.decode(Array(text.utf8), source: source)
    }

    static func recipe(_ text: String) throws -> Recipe {
        let recipes = try decode(text).document.recipes
        guard recipes.count == 1 else { throw TestFailure("expected one recipe, found \(recipes.count)") }
        return recipes[0]
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A temporary file holding `text`, removed by the caller.
    static func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-jsonld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A Recipe object with every property the issue lists, in a `@graph` with a `@type` list.
    static let rollsRecipe = """
    {
      "@type": ["Recipe", "NewsArticle"],
      "@id": "https://example.test/rolls#recipe",
      "name": "Cardamom buns",
      "description": "Soft buns with a buttery cardamom filling.",
      "image": {"@type": "ImageObject", "url": "https://example.test/buns.jpg", "width": 1200, "height": 800},
      "author": {"@type": "Person", "name": "Test Cook"},
      "datePublished": "2025-02-01",
      "recipeYield": ["16", "16 buns"],
      "prepTime": "PT1H30M",
      "cookTime": "PT25M",
      "totalTime": "PT115M",
      "recipeCategory": "Breakfast",
      "recipeCuisine": "Nordic",
      "keywords": "buns, cardamom, baking",
      "recipeIngredient": [
        "For the dough:",
        "4 ½ cups flour",
        "1¼ cups milk, warm",
        "2 eggs",
        "For the filling:",
        "¾ cup butter, soft",
        "⅓ cup sugar",
        "1 tbsp ground cardamom"
      ],
      "recipeInstructions": [
        {"@type": "HowToSection", "name": "Make the dough", "itemListElement": [
          {"@type": "HowToStep", "text": "Warm the milk and mix in the flour."},
          {"@type": "HowToStep", "text": "Knead for 10 minutes and let rise."}
        ]},
        {"@type": "HowToSection", "name": "Fill and bake", "itemListElement": [
          {"@type": "HowToStep", "name": "Fill", "text": "Spread the filling and roll up."},
          {"@type": "HowToStep", "text": "Bake at 200 °C for 25 minutes."}
        ]}
      ],
      "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.8", "ratingCount": "37"},
      "nutrition": {"@type": "NutritionInformation", "calories": "310 calories"},
      "url": "https://example.test/rolls"
    }
    """

    /// A saved page: a broken block, a WebSite block, and the recipe in an `@graph`.
    static let page = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Cardamom buns</title>
    <script type="application/ld+json">{"@context": "https://schema.org", "@type": "WebSite", "name": "Test kitchen"}</script>
    <script>var notJSONLD = {"@type": "Recipe"};</script>
    <script type="application/ld+json">
    {"@context": "https://schema.org", "@graph": [
    {"@type": "WebPage", "@id": "https://example.test/rolls"},
    \(rollsRecipe)
    ]}
    </script>
    </head>
    <body>
    <h1>Cardamom buns</h1>
    <p>Unclosed <b>markup & stray <i>tags</p>
    </body>
    </html>
    """
}
