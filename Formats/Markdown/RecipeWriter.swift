import AlmanacCore

/// Writes a ``Recipe`` as RecipeMD: `# Title`, summary, *tags*, **yields**, `---`,
/// ingredient lists under group headings, `---`, directions as numbered lists under
/// section headings; with YAML front matter for what RecipeMD has no place for.
struct RecipeWriter {
    var frontMatter: Bool

    /// The recipe's Markdown and warnings about what it could not carry: the body it was
    /// read from when its fields are unchanged (``KeptRecipeSource``), else the body written
    /// from the fields (ending in a newline), with the author's Markdown where a text is unchanged.
    func write(_ recipe: Recipe) -> (text: String, warnings: [String]) {
        let kept = KeptRecipeSource(recipe.extras)
        var (text, warnings): (String, [String])
        if let kept, let body = kept.body, kept.bodyMatches(recipe) {
            (text, warnings) = (body.text, [])
        } else {
            (text, warnings) = generatedBody(recipe, markup: kept?.body.flatMap { RecipeMarkup(body: $0.text) })
        }
        if frontMatter {
            text = frontMatterBlock(recipe) + "\n" + text
        } else {
            let lost = uncarriedFields(recipe, derivedID: kept?.derivedID)
            if !lost.isEmpty {
                warnings.append("Markdown without front matter has no place for \(lost.joined(separator: ", ")); write with --front-matter to keep them")
            }
        }
        let foreign = recipe.extras.sortedNames.filter { $0 != MarkdownCodec.extrasKey && $0 != KeptRecipeSource.extrasKey }
        if !foreign.isEmpty || recipe.allIngredients.contains(where: { !$0.extras.isEmpty }) {
            warnings.append("Markdown cannot carry the extras other formats kept (\((foreign.isEmpty ? ["ingredients"] : foreign).joined(separator: ", ")))")
        }
        return (text, warnings)
    }

    /// The body after front matter, written from the fields, taking the author's Markdown
    /// from `markup` for the texts that are as they were read.
    func generatedBody(_ recipe: Recipe, markup: RecipeMarkup?) -> (text: String, warnings: [String]) {
        var warnings: [String] = []
        var blocks: [String] = []
        blocks.append("# " + MarkdownEscaper.escape(recipe.title, heading: true))
        if let summary = recipe.summary, !MarkdownText.trimmed(summary).isEmpty {
            blocks.append(MarkdownEscaper.escape(MarkdownText.trimmed(summary)))
        }
        if let times = RecipeTimesLine.text(recipe) {
            blocks.append(times)
        }
        let tags = recipe.tags.map { MarkdownText.trimmed($0.replacingNewlines) }.filter { !$0.isEmpty }
        if !tags.isEmpty {
            blocks.append("*" + tags.map { MarkdownEscaper.escape($0, extra: [","]) }.joined(separator: ", ") + "*")
        }
        let yields = recipe.yields.compactMap { yield in yield.amount.map { Self.amount($0, unit: yield.unit) } }
        if !yields.isEmpty { blocks.append("**" + yields.joined(separator: ", ") + "**") }
        blocks.append("---")
        if !recipe.ingredients.isEmpty { blocks.append(ingredientList(recipe.ingredients, warnings: &warnings)) }
        for group in recipe.ingredientGroups { groupBlocks(group, level: 2, into: &blocks, warnings: &warnings) }
        if !recipe.directions.isEmpty || !recipe.directionGroups.isEmpty {
            blocks.append("---")
            if !recipe.directions.isEmpty { blocks.append(stepList(recipe.directions)) }
            for section in recipe.directionGroups {
                blocks.append("## " + MarkdownEscaper.escape(section.title, heading: true))
                if !section.directions.isEmpty { blocks.append(stepList(section.directions)) }
            }
        }
        return (blocks.joined(separator: "\n\n") + "\n", warnings)
    }

    /// `1 1/2 cups`: a number as a cook writes it and the unit, escaped.
    static func amount(_ amount: Double, unit: String?) -> String {
        var text = AmountText.format(amount)
        if let unit, !unit.isEmpty {
            var escaped = MarkdownEscaper.escape(unit.replacingNewlines, extra: [","])
            // A unit starting with a slash, a digit or a fraction would read back as part of the
            // number (`1 /2 cup`, `0 05 g`): the slash is escaped, the others become a character reference.
            if escaped.hasPrefix("/") {
                escaped = "\\" + escaped
            } else if let first = escaped.unicodeScalars.first,
                      ("0"..."9").contains(first) || first == "⁄" || AmountText.vulgarValue(first) != nil {
                escaped = "&#\(first.value);" + String(escaped.unicodeScalars.dropFirst())
            }
            text += " " + escaped
        }
        return text
    }

    private func groupBlocks(_ group: IngredientGroup, level: Int, into blocks: inout [String], warnings: inout [String]) {
        if level > 6 { warnings.append("ingredient group '\(group.title)' nests deeper than Markdown headings go; it is written at level 6") }
        blocks.append(String(repeating: "#", count: min(level, 6)) + " " + MarkdownEscaper.escape(group.title, heading: true))
        if !group.ingredients.isEmpty { blocks.append(ingredientList(group.ingredients, warnings: &warnings)) }
        for inner in group.ingredientGroups { groupBlocks(inner, level: level + 1, into: &blocks, warnings: &warnings) }
    }

    private func ingredientList(_ ingredients: [Ingredient], warnings: inout [String]) -> String {
        ingredients.map { ingredient in
            var line = "- "
            var name = ingredient.name
            if let note = ingredient.note, !note.isEmpty { name += ", " + note }
            if let amount = ingredient.amount {
                line += "*" + Self.amount(amount, unit: ingredient.unit) + "* "
            } else if let unit = ingredient.unit, !unit.isEmpty {
                name = unit + " " + name
                warnings.append("ingredient '\(ingredient.name)' has a unit but no amount; RecipeMD keeps the unit only as part of the name")
            }
            if MarkdownText.trimmed(name).isEmpty {
                name = "(unnamed)"
                warnings.append("an ingredient without a name is written as '(unnamed)'; RecipeMD requires a name")
            }
            if let link = ingredient.link {
                line += "[" + MarkdownEscaper.escape(name.replacingNewlines) + "](" + MarkdownEscaper.linkDestination(link) + ")"
            } else {
                line += MarkdownEscaper.indentContinuation(MarkdownEscaper.escape(MarkdownText.trimmed(name)), columns: 2)
            }
            return line
        }.joined(separator: "\n")
    }

    private func stepList(_ steps: [String]) -> String {
        steps.enumerated().map { offset, step in
            let marker = "\(offset + 1)."
            let text = MarkdownText.trimmed(step)
            guard !text.isEmpty else { return marker }
            return marker + " " + MarkdownEscaper.indentContinuation(MarkdownEscaper.escape(text), columns: marker.count + 1)
        }.joined(separator: "\n")
    }

    /// Fields with a value that only front matter can carry.
    private func uncarriedFields(_ recipe: Recipe, derivedID: String?) -> [String] {
        var fields: [String] = []
        if !recipe.id.isEmpty && recipe.id != derivedID { fields.append("id") }
        if recipe.rating != nil { fields.append("rating") }
        if recipe.isFavorite { fields.append("favorite") }
        if !recipe.collections.isEmpty { fields.append("collections") }
        if recipe.dateAdded != nil { fields.append("dateAdded") }
        if recipe.dateModified != nil { fields.append("dateModified") }
        if recipe.source != nil { fields.append("source") }
        if !recipe.images.isEmpty { fields.append("images") }
        if recipe.yields.contains(where: { $0.amount == nil && $0.unit != nil }) { fields.append("yields without an amount") }
        if recipe.extras[MarkdownCodec.extrasKey] != nil { fields.append("other front matter keys") }
        return fields
    }

    private func frontMatterBlock(_ recipe: Recipe) -> String {
        var matter = FrontMatter()
        matter.set("id", .scalar(recipe.id))
        matter.set("title", .scalar(recipe.title))
        matter.set("date", recipe.dateAdded.map { .scalar(CalendarTimeText.format($0)) })
        matter.set("lastmod", recipe.dateModified.map { .scalar(CalendarTimeText.format($0)) })
        matter.set("tags", .list(recipe.tags))
        matter.set("categories", .list(recipe.collections))
        matter.set("rating", recipe.rating.map { .scalar(String($0)) })
        matter.set("favorite", recipe.isFavorite ? .scalar("true") : nil)
        matter.set("prepTime", recipe.prepTime.map { .scalar($0.description) })
        matter.set("cookTime", recipe.cookTime.map { .scalar($0.description) })
        matter.set("totalTime", recipe.totalTime.map { .scalar($0.description) })
        matter.set("yields", .list(recipe.yields.compactMap { yield in
            yield.amount.map { AmountText.format($0) + (yield.unit.map { " " + $0 } ?? "") } ?? yield.unit
        }))
        matter.set("source", recipe.source.map { .scalar($0) })
        matter.set("images", .list(recipe.images))
        for member in recipe.extras[MarkdownCodec.extrasKey]?.members ?? [] {
            if let text = member.value.string {
                matter.set(member.key, .scalar(text))
            } else if let items = member.value.elements {
                matter.set(member.key, .list(items.compactMap(\.string)))
            }
        }
        return matter.rendered(plain: ["rating", "favorite"])
    }
}

extension String {
    /// Line breaks as spaces, for places that hold one line.
    var replacingNewlines: String {
        guard utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
