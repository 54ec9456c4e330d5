import AlmanacCore

/// Which metadata keys fill which fields of a ``Recipe``, both ways.
///
/// Keys compare without case, with `_` and `-` as spaces (`prep_time` is `prep time`). A key
/// whose value does not fit its field (a time that is no duration) and every other key are
/// kept under `metadata` in the recipe's `cooklang` extras, in order, and written back.
enum CooklangMetadataMapping {
    /// Fills `recipe` from `entries`; returns the extras members to keep (`metadata`).
    static func apply(_ entries: [CooklangMetadataEntry], to recipe: inout Recipe) -> [OpaqueMember] {
        var kept: [OpaqueMember] = []
        var sawSource = false
        for entry in entries {
            let value = entry.value
            let text = CooklangText.trimmed(value.joined)
            var used = true
            switch normalized(entry.key) {
            case "title": recipe.title = text
            case "id" where !text.isEmpty: recipe.id = text
            case "description", "introduction", "summary": recipe.summary = value.joined
            case "servings", "serves", "yield", "yields": recipe.yields += items(value).map(yield)
            case "tags", "tag", "keywords": recipe.tags += items(value)
            case "source", "source url", "source.url", "url", "link":
                if sawSource { used = false } else {
                    recipe.source = text
                    sawSource = true
                }
            case "prep time", "preptime", "prep":
                if let duration = CooklangDurationText.duration(text) { recipe.prepTime = duration } else { used = false }
            case "cook time", "cooktime", "cooking time":
                if let duration = CooklangDurationText.duration(text) { recipe.cookTime = duration } else { used = false }
            case "time", "total time", "totaltime", "duration", "time required":
                if let duration = CooklangDurationText.duration(text) { recipe.totalTime = duration } else { used = false }
            case "image", "images", "picture", "pictures": recipe.images += items(value)
            case "rating":
                if let rating = Int(text) { recipe.rating = rating } else { used = false }
            case "favorite", "favourite":
                if text == "true" || text == "yes" { recipe.isFavorite = true } else if text != "false" && text != "no" { used = false }
            case "categories", "collections": recipe.collections += items(value)
            case "date", "date added":
                if let time = ISO8601Text.parseCalendarTime(Array(text.utf8)) { recipe.dateAdded = time } else { used = false }
            case "lastmod", "date modified":
                if let time = ISO8601Text.parseCalendarTime(Array(text.utf8)) { recipe.dateModified = time } else { used = false }
            default: used = false
            }
            if !used {
                switch value {
                case .text(let text): kept.append(OpaqueMember(entry.key, .string(text)))
                case .list(let items): kept.append(OpaqueMember(entry.key, .array(items.map(OpaqueValue.string))))
                }
            }
        }
        return kept.isEmpty ? [] : [OpaqueMember("metadata", .object(kept))]
    }

    /// The metadata to write for `recipe`, in this order: the model's fields, then what the
    /// `cooklang` extras kept.
    static func entries(for recipe: Recipe) -> [(key: String, value: CooklangMetadataValue)] {
        var entries: [(key: String, value: CooklangMetadataValue)] = []
        entries.append(("id", .text(recipe.id)))
        if !recipe.title.isEmpty { entries.append(("title", .text(recipe.title))) }
        if let summary = recipe.summary { entries.append(("description", .text(summary))) }
        let yields = recipe.yields.map(text)
        if yields.count == 1 { entries.append(("servings", .text(yields[0]))) } else if !yields.isEmpty { entries.append(("servings", .list(yields))) }
        if !recipe.tags.isEmpty { entries.append(("tags", .list(recipe.tags))) }
        if let source = recipe.source { entries.append(("source", .text(source))) }
        for (key, duration) in [("prep time", recipe.prepTime), ("cook time", recipe.cookTime), ("time", recipe.totalTime)] {
            if let duration, let text = CooklangDurationText.text(duration) { entries.append((key, .text(text))) }
        }
        if !recipe.images.isEmpty { entries.append(("images", .list(recipe.images))) }
        if let rating = recipe.rating { entries.append(("rating", .text(String(rating)))) }
        if recipe.isFavorite { entries.append(("favorite", .text("true"))) }
        if !recipe.collections.isEmpty { entries.append(("categories", .list(recipe.collections))) }
        for (key, time) in [("date", recipe.dateAdded), ("lastmod", recipe.dateModified)] {
            guard let time else { continue }
            var bytes: [UInt8] = []
            ISO8601Text.append(time, to: &bytes)
            entries.append((key, .text(String(decoding: bytes, as: UTF8.self))))
        }
        let taken = Set(entries.map { normalized($0.key) })
        for member in recipe.extras[CooklangRecipeMapper.extrasKey]?.members?.first(where: { $0.key == "metadata" })?.value.members ?? [] {
            guard !taken.contains(normalized(member.key)) || !isMapped(member.key) else { continue }
            if let text = member.value.string { entries.append((member.key, .text(text))) }
            else if let items = member.value.elements { entries.append((member.key, .list(items.compactMap(\.string)))) }
        }
        return entries
    }

    /// Whether the key fills a model field when its value fits.
    private static func isMapped(_ key: String) -> Bool {
        ["title", "id", "servings", "tags", "source", "prep time", "cook time", "time", "images", "rating", "favorite", "categories", "date", "lastmod", "description"].contains(normalized(key))
    }

    static func normalized(_ key: String) -> String {
        String(key.lowercased().map { $0 == "_" || $0 == "-" ? " " : $0 })
    }

    private static func items(_ value: CooklangMetadataValue) -> [String] {
        switch value {
        case .list(let items): return items.map(CooklangText.trimmed).filter { !$0.isEmpty }
        case .text(let text): return text.split(separator: ",").map { CooklangText.trimmed(String($0)) }.filter { !$0.isEmpty }
        }
    }

    /// `4` (servings), `4 people`, `1 loaf`, or text with no number first (`1|2|3`).
    private static func yield(_ text: String) -> Yield {
        // The longest number of up to three words first (`1 1/2 cups`, `1 / 2 cup`).
        let words = text.split(separator: " ")
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            guard let amount = CooklangQuantityText.number(Array(words[..<count].joined(separator: " ").utf8)) else { continue }
            let unit = words[count...].joined(separator: " ")
            return Yield(amount: amount, unit: unit.isEmpty ? "servings" : unit)
        }
        return Yield(unit: text)
    }

    private static func text(_ yield: Yield) -> String {
        guard let amount = yield.amount else { return yield.unit ?? "" }
        let number = CooklangQuantityText.format(amount)
        guard let unit = yield.unit, unit != "servings" else { return number }
        return number + " " + unit
    }
}
