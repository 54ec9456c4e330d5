import AlmanacCore
import AlmanacFormats
import AlmanacTestSupport
import Foundation
import Testing

/// Inputs for the `shopping-list` tests: the sample recipes, and a week of meals made of them.
enum ShoppingListFixtures {
    static let chili = "A1796D50-A8F6-4CEA-81FC-98CCEA8B9AE0"
    static let soup = "5036FBE4-258A-489B-8BFE-1F709203422C"
    static let galette = "25B67F79-9D9F-429A-9861-57FBB15E6C9B"

    /// The sample recipes, read by almanac's own json codec.
    static func sampleRecipes() throws -> [Recipe] {
        let bytes = Array(try Data(contentsOf: TestPaths.sample("recipes.json")))
        let codec = try #require(BuiltinFormats.registry.codec(named: "json"))
        return try codec.decode(bytes, source: "recipes.json").document.recipes
    }

    /// `week.json` in `scratch`: the sample recipes and four meals; from --today 2026-12-01 the
    /// next 7 days hold chili twice (once with the soup and a recipe no input has), and a
    /// galette in March is past them.
    static func week(in scratch: ScratchFolder) throws -> String {
        let sample = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample("recipes.json"))) as? [String: Any])
        var document = sample
        document["events"] = [
            ["id": "meal-1", "title": "Chili night", "start": "2026-12-03T18:00:00Z", "recipes": [chili]],
            ["id": "party", "title": "Office party", "start": "2026-12-04T17:00:00Z"],
            ["id": "meal-2", "title": "Soup and chili", "start": "2026-12-05T18:00:00Z", "recipes": [chili, soup, "no-such-recipe"]],
            ["id": "meal-3", "title": "Galette", "start": "2027-03-05T18:00:00Z", "recipes": [galette]],
        ]
        let bytes = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return try scratch.write("week.json", String(decoding: bytes, as: UTF8.self))
    }

    /// What the week's next 7 days shop for.
    static let weekLines = [
        "2 lb ground beef (Camp Chili ×2)",
        "2 onions (Camp Chili ×2)",
        "4 cans kidney beans (Camp Chili ×2)",
        "56 oz crushed tomatoes (Camp Chili ×2)",
        "4 tbsp chili powder (Camp Chili ×2)",
        "3 tsp ground cumin (Camp Chili ×2)",
        "salt (Camp Chili ×2)",
        "2 tbsp olive oil (Weeknight Tomato Soup)",
        "3 cloves garlic (Weeknight Tomato Soup)",
        "28 oz canned whole tomatoes (Weeknight Tomato Soup)",
        "2 cups vegetable stock (Weeknight Tomato Soup)",
        "1/4 cup heavy cream (Weeknight Tomato Soup)",
        "basil (Weeknight Tomato Soup)",
    ]

    /// Lines the list of every sample recipe must hold, among others.
    static let sampleLines = [
        "1 1/2 cups all-purpose flour (Apple Galette)",
        "1/4 tsp salt (Apple Galette)",
        "salt (Camp Chili)",
        "1/8 tsp nutmeg (Apple Galette)",
        "2 l plain kombucha (Guava Kombucha)",
        "200 g aged Gruyère (Party Cheese Plate)",
        "honey (Party Cheese Plate)",
        "1 lb ground beef (Camp Chili)",
    ]
}
