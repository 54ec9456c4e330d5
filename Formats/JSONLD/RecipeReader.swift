import AlmanacCore
import AlmanacJSONKit

/// Reads one schema.org Recipe object into a ``Recipe``. Properties the model has no
/// field for are kept in `extras["jsonld"]` as written, followed by the original of any
/// property the model holds only in part (an `ImageObject`'s size, a `Serves 4`, a
/// step's name), so that the writer can write them back.
struct RecipeReader {
    /// Properties whose original is kept when the model cannot hold all of it, in this order.
    static let partialKeys = ["@type", "image", "recipeYield", "recipeInstructions"]

    let source: JSONLDSource
    let sourceName: String
    /// Warnings about values read anyway.
    private(set) var diagnostics: [Diagnostic] = []

    init(source: JSONLDSource, sourceName: String) {
        self.source = source
        self.sourceName = sourceName
    }

    /// The recipe `object` describes.
    mutating func recipe(_ object: JSONValue) throws(JSONLDDecodingError) -> Recipe {
        let members = object.members ?? []
        var recipe = Recipe(id: "", title: "")
        var unknown: [OpaqueMember] = []
        var partial: [String: JSONValue] = [:]
        var seen: Set<String> = []
        var title: String?
        var identifier: String?
        var nodeID: String?
        var basedOn: String?
        let hasRecipeIngredient = members.contains { $0.key == "recipeIngredient" }
        for member in members where seen.insert(member.key).inserted {
            let value = member.value
            switch member.key {
            case "@context":
                continue
            case "@type":
                if value.string != "Recipe" { partial["@type"] = value }
            case "@id":
                nodeID = value.string
                unknown.append(OpaqueMember(member.key, value.opaque))
            case "identifier" where value.string != nil:
                identifier = value.string
            case "name":
                title = try text(value, field: "name") ?? ""
            case "description":
                recipe.summary = try text(value, field: "description")
            case "url":
                recipe.source = try text(value, field: "url")
            case "isBasedOn" where value.string != nil:
                basedOn = value.string
            case "image":
                recipe.images = try ImageText.read(value, source: source)
                if ImageText.json(recipe.images) != value.opaque { partial["image"] = value }
            case "recipeYield":
                recipe.yields = try YieldText.read(value, source: source)
                if YieldText.json(recipe.yields) != value.opaque { partial["recipeYield"] = value }
            case "recipeInstructions":
                let directions = try InstructionsText.read(value, source: source)
                recipe.directions = directions.steps
                recipe.directionGroups = directions.sections
                if InstructionsText.json(steps: directions.steps, sections: directions.sections) != value.opaque { partial["recipeInstructions"] = value }
            case "recipeIngredient":
                (recipe.ingredients, recipe.ingredientGroups) = try ingredients(value, field: member.key)
            case "ingredients" where !hasRecipeIngredient:
                (recipe.ingredients, recipe.ingredientGroups) = try ingredients(value, field: member.key)
            case "prepTime", "cookTime", "totalTime":
                guard let duration = try duration(value, field: member.key) else {
                    unknown.append(OpaqueMember(member.key, value.opaque))
                    continue
                }
                switch member.key {
                case "prepTime": recipe.prepTime = duration
                case "cookTime": recipe.cookTime = duration
                default: recipe.totalTime = duration
                }
            case "dateCreated", "dateModified":
                guard let time = try date(value, field: member.key) else {
                    unknown.append(OpaqueMember(member.key, value.opaque))
                    continue
                }
                if member.key == "dateCreated" { recipe.dateAdded = time } else { recipe.dateModified = time }
            case "recipeCategory":
                recipe.collections = try terms(value, field: "recipeCategory")
            case "keywords":
                recipe.tags = try terms(value, field: "keywords")
            default:
                unknown.append(OpaqueMember(member.key, value.opaque))
            }
        }
        guard let title else { throw .missingField("name", at: source.position(of: object)) }
        recipe.title = title
        if recipe.source == nil, let basedOn {
            recipe.source = basedOn
        } else if let basedOn {
            unknown.append(OpaqueMember("isBasedOn", .string(basedOn)))
        }
        recipe.id = identifier ?? nodeID ?? Self.derivedID(recipe)
        for key in Self.partialKeys {
            if let value = partial[key] { unknown.append(OpaqueMember(key, value.opaque)) }
        }
        if !unknown.isEmpty { recipe.extras[JSONLDCodec.extrasKey] = .object(unknown) }
        return recipe
    }

    // MARK: Values

    /// A text property's trimmed value; `nil` for `null`.
    private func text(_ value: JSONValue, field: String) throws(JSONLDDecodingError) -> String? {
        switch value.kind {
        case .string(let text): return text.trimmingSpaces()
        case .null: return nil
        default: throw .typeMismatch(field: field, expected: "text", found: value.typeName, at: source.position(of: value))
        }
    }

    /// A duration such as `PT1H30M`; `nil` (with a warning) for text that is not one.
    private mutating func duration(_ value: JSONValue, field: String) throws(JSONLDDecodingError) -> ISODuration? {
        guard let text = try text(value, field: field) else { return nil }
        if let duration = ISODuration(text) { return duration }
        warn("'\(field)' \"\(text)\" is not an ISO 8601 duration such as PT1H30M; kept as written", at: value)
        return nil
    }

    /// A date or date-time; `nil` (with a warning) for text that is not one.
    private mutating func date(_ value: JSONValue, field: String) throws(JSONLDDecodingError) -> CalendarTime? {
        guard let text = try text(value, field: field) else { return nil }
        if let time = ISO8601Text.parseCalendarTime(Array(text.utf8)) { return time }
        warn("'\(field)' \"\(text)\" is not an ISO 8601 date; kept as written", at: value)
        return nil
    }

    /// Terms from a comma-separated text or a list of texts (or `DefinedTerm`s).
    private func terms(_ value: JSONValue, field: String) throws(JSONLDDecodingError) -> [String] {
        var terms: [String] = []
        for item in value.elements ?? [value] {
            switch item.kind {
            case .string(let text):
                let split = value.elements == nil ? text.split(separator: ",").map(String.init) : [text]
                terms += split.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            case .object:
                if let name = item["name"]?.string?.trimmingSpaces(), !name.isEmpty { terms.append(name) }
            case .null:
                continue
            default:
                throw .typeMismatch(field: field, expected: "text or a list of texts", found: item.typeName, at: source.position(of: item))
            }
        }
        return terms
    }

    /// The ingredients outside any group, and the groups their headings start.
    private func ingredients(_ value: JSONValue, field: String) throws(JSONLDDecodingError) -> ([Ingredient], [IngredientGroup]) {
        var loose: [Ingredient] = []
        var groups: [IngredientGroup] = []
        var path: [String] = []
        for item in value.elements ?? [value] {
            guard case .string(let text) = item.kind else {
                if item.isNull { continue }
                throw .typeMismatch(field: field, expected: "a list of texts", found: item.typeName, at: source.position(of: item))
            }
            switch IngredientText.parse(text) {
            case .heading(let titles)?:
                path = titles
                IngredientGroupPath.open(titles, in: &groups)
            case .ingredient(var ingredient)?:
                let original = text.trimmingSpaces()
                if IngredientText.text(of: ingredient) != original { ingredient.extras[JSONLDCodec.extrasKey] = .string(original) }
                if path.isEmpty {
                    loose.append(ingredient)
                } else {
                    IngredientGroupPath.append(ingredient, at: path, in: &groups)
                }
            case nil:
                continue
            }
        }
        return (loose, groups)
    }

    // MARK: Ids and warnings

    /// The recipe's id: its `identifier` or `@id`, else one derived from its URL and name
    /// (`copy` counts earlier recipes of the input that derived the same one).
    static func derivedID(_ recipe: Recipe, copy: Int = 0) -> String {
        StableID.make(from: Array(((recipe.source ?? "") + "\n" + recipe.title).utf8), salt: copy == 0 ? "jsonld" : "jsonld-\(copy)")
    }

    private mutating func warn(_ message: String, at value: JSONValue) {
        diagnostics.append(Diagnostic(.warning, message, source: sourceName, position: source.position(of: value)))
    }
}
