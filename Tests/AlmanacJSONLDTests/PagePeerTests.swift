@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// almanac's reading of saved pages against python `extruct` 0.18.0 (what it extracts as
/// JSON-LD and, `uniform`, as Microdata) and `recipe-scrapers` 15.13.0
/// (`scrape_html(…, supported_only=False)`: `title()`, `ingredients()`,
/// `instructions_list()`, `yields()`, `total_time()`, `image()`), field by field.
///
/// Normalisations, where the peers differ by design: white space is collapsed and HTML
/// entities are resolved on the peers' side as recipe-scrapers does (extruct leaves
/// JSON-LD strings as written); recipe-scrapers lists a section's name among the steps,
/// so almanac's steps are compared as its loose steps, then each section's title and
/// steps; its yields are `"N servings"` for a bare number; its total time is minutes
/// (`totalTime`, else `prepTime` + `cookTime`). The peers read strict JSON only (extruct
/// also drops trailing commas, but neither reads a `<!--` wrapper, a raw line break, `\'`
/// or `"@type": "recipe"`), so for the sloppy page they read its strict twin.
@Suite("Peer: python extruct and recipe-scrapers", .enabled(if: Peers.shouldRun(pythonModule: "extruct") && Peers.shouldRun(pythonModule: "recipe_scrapers")))
struct PagePeerTests {
    static let script = #"""
        import html, json, re, sys
        import extruct
        from recipe_scrapers import scrape_html

        page = open(sys.argv[1], encoding="utf-8").read()
        data = extruct.extract(page, base_url="https://example.test/", syntaxes=["json-ld", "microdata"], uniform=True)

        def find(node):
            if isinstance(node, list):
                for item in node:
                    found = find(item)
                    if found:
                        return found
                return None
            if not isinstance(node, dict):
                return None
            kinds = node.get("@type")
            if "Recipe" in (kinds if isinstance(kinds, list) else [kinds]):
                return node
            for key in ("@graph", "mainEntity"):
                if key in node:
                    found = find(node[key])
                    if found:
                        return found
            return None

        def text(value):
            return re.sub(r"\s+", " ", html.unescape(value)).strip() if isinstance(value, str) else value

        def steps(value):
            if isinstance(value, str):
                return [text(line) for line in value.split("\n") if line.strip()]
            out = []
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str):
                    out.append(text(item))
                elif item.get("@type") == "HowToSection":
                    out.append(text(item.get("name")))
                    out += steps(item.get("itemListElement") or [])
                else:
                    out.append(text(item.get("text")))
            return out

        def image(value):
            value = value[0] if isinstance(value, list) else value
            return value.get("url") if isinstance(value, dict) else value

        recipe = find(data["json-ld"]) or find(data["microdata"])
        ingredients = recipe.get("recipeIngredient") or recipe.get("ingredients") or []
        extracted = {
            "name": text(recipe.get("name")),
            "ingredients": [text(i) for i in (ingredients if isinstance(ingredients, list) else [ingredients])],
            "instructions": steps(recipe.get("recipeInstructions") or []),
            "image": image(recipe.get("image")),
            "totalTime": recipe.get("totalTime"),
        }
        scraper = scrape_html(page, org_url="https://example.test/recipe", supported_only=False)
        scraped = {}
        for field in ["title", "ingredients", "instructions_list", "yields", "total_time", "image"]:
            try:
                scraped[field] = getattr(scraper, field)()
            except Exception as error:
                scraped[field] = None
        print(json.dumps({"extruct": extracted, "scrapers": scraped}))
        """#

    struct Reading: Decodable {
        struct Extracted: Decodable {
            var name: String?
            var ingredients: [String]
            var instructions: [String]
            var image: String?
            var totalTime: String?
        }

        struct Scraped: Decodable {
            var title: String?
            var ingredients: [String]?
            var instructions_list: [String]?
            var yields: String?
            var total_time: Int?
            var image: String?
        }

        var extruct: Extracted
        var scrapers: Scraped
    }

    static let microdata = """
        <!DOCTYPE html>
        <html><head><title>Apple pie</title></head><body>
        <nav><a href="/">Home</a></nav>
        <div itemscope itemtype="https://schema.org/Recipe">
          <h1 itemprop="name">Grandma&#39;s  Apple Pie</h1>
          <img itemprop="image" src="https://example.test/pie.jpg" alt="">
          <meta itemprop="prepTime" content="PT20M"><time itemprop="cookTime" datetime="PT45M">45 min</time>
          <meta itemprop="totalTime" content="PT1H5M">
          <p>Makes <span itemprop="recipeYield">8 servings</span>
          <ul>
            <li itemprop="recipeIngredient">2 cups flour
            <li itemprop="recipeIngredient">1 cup sugar &amp; spice
            <li itemprop="recipeIngredient">3 apples, sliced
          </ul>
          <ol>
            <li itemprop="recipeInstructions">Make the dough.
            <li itemprop="recipeInstructions">Fill it with the <b>apples</b>.
            <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Bake for 45 minutes.</span>
          </ol>
        </div>
        </body></html>
        """

    static let sloppy = """
        <html><head>
        <script type="application/ld+json">{"@context": "https://schema.org", "@type": "WebSite", "name": "Tom's kitchen"}</script>
        <script type="application/ld+json">
        <!--
        {"@context": "https://schema.org", "@type": "recipe",
         "name": "Tom&#39;s Mac &amp; Cheese",
         "description": "Creamy.
        Quick.",
         "image": ["https://example.test/mac.jpg",],
         "recipeYield": 4, "recipeCategory": 3, "totalTime": "PT30M",
         "recipeIngredient": ["1 lb macaroni", "2 cups cheddar, grated", "Mom\\'s sauce",],
         "recipeInstructions": [{"@type": "HowToStep", "text": "Boil &quot;al dente&quot;."}, {"@type": "HowToStep", "text": "Stir	in the cheese."},],
        }
        -->
        </script></head><body><p>Mac</p></body></html>
        """

    static let sloppyTwin = """
        <html><head>
        <script type="application/ld+json">{"@context": "https://schema.org", "@type": "WebSite", "name": "Tom's kitchen"}</script>
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Recipe",
         "name": "Tom&#39;s Mac &amp; Cheese",
         "description": "Creamy.\\nQuick.",
         "image": ["https://example.test/mac.jpg"],
         "recipeYield": 4, "recipeCategory": "3", "totalTime": "PT30M",
         "recipeIngredient": ["1 lb macaroni", "2 cups cheddar, grated", "Mom's sauce"],
         "recipeInstructions": [{"@type": "HowToStep", "text": "Boil &quot;al dente&quot;."}, {"@type": "HowToStep", "text": "Stir\\tin the cheese."}]
        }
        </script></head><body><p>Mac</p></body></html>
        """

    static let graph = """
        <html><head>
        <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Organization", "name": "Buns Inc."}</script>
        <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
          {"@type": "WebPage", "@id": "https://example.test/buns#page", "name": "Buns"},
          {"@type": "Recipe", "@id": "https://example.test/buns#recipe", "name": "Cardamom buns",
           "image": {"@type": "ImageObject", "url": "https://example.test/buns.jpg", "width": 800},
           "recipeYield": ["16", "16 servings"], "prepTime": "PT1H30M", "cookTime": "PT25M",
           "recipeIngredient": ["4 1/2 cups flour", "1 1/4 cups milk, warm", "1/3 cup sugar"],
           "recipeInstructions": [
             {"@type": "HowToStep", "text": "Warm the milk."},
             {"@type": "HowToSection", "name": "Make the dough", "itemListElement": [{"@type": "HowToStep", "text": "Mix."}, {"@type": "HowToStep", "text": "Knead."}]},
             {"@type": "HowToSection", "name": "Bake", "itemListElement": [{"@type": "HowToStep", "text": "Bake at 200 °C for 25 minutes."}]}
           ]}
        ]}</script></head><body></body></html>
        """

    static let mainEntity = """
        <html><head><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "WebPage", "name": "Soup page",
         "mainEntity": {"@type": "Recipe", "name": "Carrot soup", "image": "https://example.test/soup.jpg", "recipeYield": "6 servings",
           "totalTime": "PT45M", "recipeIngredient": ["1 onion", "500 g carrots"],
           "recipeInstructions": "Chop the onion.\\nSimmer the carrots.\\nBlend."}}
        </script></head><body></body></html>
        """

    static let list = """
        <html><head><script type="application/ld+json">
        [{"@context": "https://schema.org", "@type": "Organization", "name": "x"},
         {"@context": "https://schema.org", "@type": ["Recipe", "NewsArticle"], "name": "Lemonade", "image": ["https://example.test/l.jpg", "https://example.test/l2.jpg"],
          "recipeYield": "4", "totalTime": "PT10M", "recipeIngredient": ["4 lemons", "1 cup sugar"], "recipeInstructions": ["Squeeze.", "Stir."]}]
        </script></head><body></body></html>
        """

    static let pages: [(String, String, String?)] = [
        ("microdata", microdata, nil), ("sloppy", sloppy, sloppyTwin), ("graph", graph, nil), ("mainEntity", mainEntity, nil), ("list", list, nil),
    ]

    private func peers(_ page: String) throws -> Reading {
        let python = try #require(Peers.python, "the Python peers are required")
        let url = try Fixtures.temporaryFile("page.html", page)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try ProcessRunner.run(python, ["-c", Self.script, url.path])
        try #require(result.status == 0, "\(result.stderrText)")
        return try JSONDecoder().decode(Reading.self, from: Data(result.stdout))
    }

    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    @Test("title, ingredients, instructions, yields, total time and image equal the peers'", arguments: pages.map(\.0))
    func sameReading(name: String) throws {
        let (_, page, twin) = try #require(Self.pages.first { $0.0 == name })
        let recipe = try #require(try Fixtures.decodePage(page).document.recipes.first)
        let peer = try peers(twin ?? page)
        // The twin reads the same in almanac as the sloppy page does.
        if let twin { #expect(try Fixtures.decodePage(twin).document.recipes.first?.title == recipe.title) }

        #expect(recipe.title == peer.scrapers.title)
        #expect(recipe.title == peer.extruct.name)

        let ingredients = recipe.ingredients.map { ingredient in
            collapsed(ingredient.extras[JSONLDCodec.extrasKey]?.string ?? IngredientText.text(of: ingredient))
        }
        #expect(ingredients == peer.scrapers.ingredients)
        #expect(ingredients == peer.extruct.ingredients)

        let steps = (recipe.directions + recipe.directionGroups.flatMap { [$0.title] + $0.directions }).map(collapsed)
        #expect(steps == peer.scrapers.instructions_list)
        #expect(steps == peer.extruct.instructions)

        let yields = recipe.yields.first.map { yield -> String in
            let amount = yield.amount.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? ""
            let unit = yield.unit ?? (yield.amount == 1 ? "serving" : "servings")
            return amount + " " + unit
        }
        #expect(yields == peer.scrapers.yields)

        let minutes = (recipe.totalTime?.totalSeconds ?? ((recipe.prepTime?.totalSeconds ?? 0) + (recipe.cookTime?.totalSeconds ?? 0))) / 60
        #expect(minutes == peer.scrapers.total_time)
        #expect(recipe.totalTime?.description == peer.extruct.totalTime)

        #expect(recipe.images.first == peer.scrapers.image)
        #expect(recipe.images.first == peer.extruct.image)
    }
}
