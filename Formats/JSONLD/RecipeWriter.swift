import AlmanacCore
import AlmanacJSONKit

/// Writes a ``Recipe`` as a schema.org Recipe object the way Google's recipe rich
/// results expect it: `@context`, `@type`, `name`, `image` when there is one, ISO 8601
/// durations, `recipeYield` with the bare number of servings, `HowToStep`s and
/// `HowToSection`s, the rating as an `aggregateRating`. What the reader kept in `extras["jsonld"]` is written back.
struct RecipeWriter {
    /// What the model holds that JSON-LD has no place for.
    private(set) var diagnostics: [Diagnostic] = []

    /// A source for reading back kept originals, which have no place in a file.
    private static var noSource: JSONLDSource { JSONLDSource(fileBytes: [], base: 0) }

    /// The JSON-LD object for `recipe`, with `@context` when `context` is set.
    mutating func json(_ recipe: Recipe, context: Bool = true) -> OpaqueValue {
        let kept = recipe.extras[JSONLDCodec.extrasKey]?.members ?? []
        func original(_ key: String) -> OpaqueValue? {
            kept.first { $0.key == key }?.value
        }
        var members: [OpaqueMember] = []
        func add(_ key: String, _ value: OpaqueValue?) {
            if let value { members.append(OpaqueMember(key, value)) }
        }
        if context { add("@context", .string("https://schema.org")) }
        let type = original("@type").flatMap { RecipeFinder.isRecipe(JSONValue(.object([OpaqueMember("@type", $0)]))) ? $0 : nil }
        add("@type", type ?? .string("Recipe"))
        add("identifier", .string(recipe.id))
        add("name", .string(recipe.title))
        add("description", recipe.summary.map(OpaqueValue.string))
        add("image", keep(original("image"), if: { (try? ImageText.read(JSONValue($0), source: Self.noSource)) == recipe.images }) ?? ImageText.json(recipe.images))
        if let source = recipe.source {
            add(source.hasPrefix("http://") || source.hasPrefix("https://") ? "url" : "isBasedOn", .string(source))
        }
        add("dateCreated", recipe.dateAdded.map(Self.date))
        add("dateModified", recipe.dateModified.map(Self.date))
        add("recipeYield", keep(original("recipeYield"), if: { (try? YieldText.read(JSONValue($0), source: Self.noSource)) == recipe.yields }) ?? YieldText.json(recipe.yields))
        add("prepTime", recipe.prepTime.map { .string($0.description) })
        add("cookTime", recipe.cookTime.map { .string($0.description) })
        add("totalTime", recipe.totalTime.map { .string($0.description) })
        add("recipeCategory", Self.terms(recipe.collections, joined: false))
        add("keywords", Self.terms(recipe.tags, joined: true))
        let lines = recipe.ingredients.map(Self.line) + IngredientGroupPath.lines(of: recipe.ingredientGroups, line: Self.line)
        if !lines.isEmpty { add("recipeIngredient", .array(lines.map(OpaqueValue.string))) }
        let instructions = keep(original("recipeInstructions"), if: {
            guard let read = try? InstructionsText.read(JSONValue($0), source: Self.noSource) else { return false }
            return read.steps == recipe.directions && read.sections == recipe.directionGroups
        })
        add("recipeInstructions", instructions ?? InstructionsText.json(steps: recipe.directions, sections: recipe.directionGroups))
        add("aggregateRating", recipe.rating.flatMap(Self.aggregateRating))
        // What the model lacks, unless the model wrote that key (a kept `prepTime` that was
        // not a duration is written back; a kept original the model no longer matches is not).
        let written = Set(members.map(\.key)).union(RecipeReader.partialKeys)
        for member in kept where !written.contains(member.key) && member.key != "@context" {
            add(member.key, member.value)
        }
        noteLosses(recipe)
        return .object(members)
    }

    /// `value` when reading it back gives what the model holds.
    private func keep(_ value: OpaqueValue?, if matches: (OpaqueValue) -> Bool) -> OpaqueValue? {
        guard let value, matches(value) else { return nil }
        return value
    }

    /// The line for an ingredient: the text it was read from while that still says the same.
    private static func line(_ ingredient: Ingredient) -> String {
        if let original = ingredient.extras[JSONLDCodec.extrasKey]?.string, IngredientText.reads(original, as: ingredient) {
            return original
        }
        return IngredientText.text(of: ingredient)
    }

    /// One term as text; several as a comma-separated text (`joined`, when no term holds a
    /// comma) or a list.
    private static func terms(_ terms: [String], joined: Bool) -> OpaqueValue? {
        switch terms.count {
        case 0: return nil
        case 1 where !terms[0].contains(","): return .string(terms[0])
        default:
            if joined, !terms.contains(where: { $0.contains(",") }) { return .string(terms.joined(separator: ", ")) }
            return .array(terms.map(OpaqueValue.string))
        }
    }

    /// A date or date-time in ISO 8601; a time in a named zone as its UTC instant.
    private static func date(_ time: CalendarTime) -> OpaqueValue {
        var bytes: [UInt8] = []
        if case .zoned = time, let instant = time.instant() {
            let seconds = instant.timeIntervalSince1970.rounded(.down)
            ISO8601Text.append(CalendarTime.utc(CivilDateTime(secondsSinceEpoch: Int(seconds))), to: &bytes)
        } else {
            ISO8601Text.append(time, to: &bytes)
        }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    /// A rating of 1 to 5 stars as the `AggregateRating` of one rating, as rich results want
    /// it (`ratingValue` with `ratingCount`); 0 stars is no rating.
    private static func aggregateRating(_ stars: Int) -> OpaqueValue? {
        guard stars > 0 else { return nil }
        return .object([
            OpaqueMember("@type", .string("AggregateRating")),
            OpaqueMember("ratingValue", .number(String(stars))),
            OpaqueMember("bestRating", .number("5")),
            OpaqueMember("worstRating", .number("1")),
            OpaqueMember("ratingCount", .number("1")),
        ])
    }

    /// Warns about what the model holds that JSON-LD does not carry.
    private mutating func noteLosses(_ recipe: Recipe) {
        var fields: [String] = []
        if recipe.rating == 0 { fields.append("rating of 0 stars") }
        if recipe.isFavorite { fields.append("favorite") }
        if recipe.allIngredients.contains(where: { $0.link != nil }) { fields.append("ingredient links") }
        if case .zoned? = recipe.dateAdded { fields.append("dateAdded's time zone") }
        if case .zoned? = recipe.dateModified { fields.append("dateModified's time zone") }
        let foreign = recipe.extras.namesToWarnAbout.filter { $0 != JSONLDCodec.extrasKey }
        if !foreign.isEmpty { fields.append("extras of other formats (\(foreign.joined(separator: ", ")))") }
        guard !fields.isEmpty else { return }
        diagnostics.append(Diagnostic(.warning, "JSON-LD has no place for the \(fields.joined(separator: ", ")) of recipe '\(recipe.title)'; left out"))
    }
}
