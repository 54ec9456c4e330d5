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
        if let kept, let body = kept.body, kept.bodyMatches(recipe, frontMatter: frontMatter) {
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
        let foreign = recipe.extras.namesToWarnAbout.filter { $0 != MarkdownCodec.extrasKey && $0 != KeptRecipeSource.extrasKey }
        if !foreign.isEmpty || recipe.allIngredients.contains(where: { !$0.extras.isEmpty }) {
            warnings.append("Markdown cannot carry the extras other formats kept (\((foreign.isEmpty ? ["ingredients"] : foreign).joined(separator: ", ")))")
        }
        return (text, warnings)
    }

    /// The body after front matter, written from the fields, taking the author's Markdown
    /// from `markup` for the texts that are as they were read.
    func generatedBody(_ recipe: Recipe, markup kept: RecipeMarkup?) -> (text: String, warnings: [String]) {
        var warnings: [String] = []
        var blocks: [String] = []
        var markup = kept
        if let title = markup?.title, title.plain == recipe.title, !title.markdown.isEmpty {
            blocks.append("# " + title.markdown)
        } else {
            blocks.append("# " + MarkdownEscaper.escape(recipe.title, heading: true))
        }
        var keptSummary = false
        if let summary = recipe.summary, !MarkdownText.trimmed(summary).isEmpty {
            if let kept = markup?.summary, kept.plain == summary {
                blocks.append(kept.markdown)
                keptSummary = true
            } else {
                blocks.append(MarkdownEscaper.escape(MarkdownText.trimmed(summary)))
            }
        }
        if let times = RecipeTimesLine.text(recipe) {
            blocks.append(times)
        }
        let tags = recipe.tags.map { MarkdownText.trimmed($0.replacingNewlines) }.filter { !$0.isEmpty }
        if !tags.isEmpty {
            blocks.append("*" + tags.map { MarkdownEscaper.escape($0, extra: [","]) }.joined(separator: ", ") + "*")
        }
        let keptYields = markup?.yields ?? []
        let yields = recipe.yields.enumerated().compactMap { offset, yield in
            yield.amount.map { amount in
                offset < keptYields.count && keptYields[offset].yield == yield ? keptYields[offset].text : Self.amount(amount, unit: yield.unit)
            }
        }
        if !yields.isEmpty { blocks.append("**" + yields.joined(separator: ", ") + "**") }
        blocks.append("---")
        if !recipe.ingredients.isEmpty { blocks.append(ingredientList(recipe.ingredients, markup: &markup, warnings: &warnings)) }
        for group in recipe.ingredientGroups { groupBlocks(group, level: 2, into: &blocks, markup: &markup, warnings: &warnings) }
        let definitions = (keptSummary ? [] : markup?.definitions.description ?? []) + (markup?.definitions.instructions ?? [])
        if !recipe.directions.isEmpty || !recipe.directionGroups.isEmpty || !definitions.isEmpty {
            blocks.append("---")
            if !recipe.directions.isEmpty { blocks.append(stepList(recipe.directions, markup: &markup)) }
            for section in recipe.directionGroups {
                blocks.append("## " + MarkdownEscaper.escape(section.title, heading: true))
                if !section.directions.isEmpty { blocks.append(stepList(section.directions, markup: &markup)) }
            }
        }
        // The definitions kept texts may refer to, where the reader finds them and no text shows them.
        blocks += definitions
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

    private func groupBlocks(_ group: IngredientGroup, level: Int, into blocks: inout [String], markup: inout RecipeMarkup?, warnings: inout [String]) {
        if level > 6 { warnings.append("ingredient group '\(group.title)' nests deeper than Markdown headings go; it is written at level 6") }
        blocks.append(String(repeating: "#", count: min(level, 6)) + " " + MarkdownEscaper.escape(group.title, heading: true))
        if !group.ingredients.isEmpty { blocks.append(ingredientList(group.ingredients, markup: &markup, warnings: &warnings)) }
        for inner in group.ingredientGroups { groupBlocks(inner, level: level + 1, into: &blocks, markup: &markup, warnings: &warnings) }
    }

    private func ingredientList(_ ingredients: [Ingredient], markup: inout RecipeMarkup?, warnings: inout [String]) -> String {
        ingredients.map { ingredient in
            var line = "- "
            var name = ingredient.name
            if let note = ingredient.note, !note.isEmpty { name += ", " + note }
            let kept = markup?.takeIngredient(ingredient)
            if let amount = ingredient.amount {
                let same = kept.map { $0.amount == amount && $0.unit == ingredient.unit } ?? false
                line += "*" + ((same ? kept?.amountText : nil) ?? Self.amount(amount, unit: ingredient.unit)) + "* "
            } else if let unit = ingredient.unit, !unit.isEmpty {
                name = unit + " " + name
                warnings.append("ingredient '\(ingredient.name)' has a unit but no amount; RecipeMD keeps the unit only as part of the name")
            }
            if MarkdownText.trimmed(name).isEmpty {
                name = "(unnamed)"
                warnings.append("an ingredient without a name is written as '(unnamed)'; RecipeMD requires a name")
            }
            let text = kept?.markdown ?? MarkdownEscaper.escape(MarkdownText.trimmed(name))
            if let link = ingredient.link {
                line += "[" + (kept?.markdown.replacingNewlines ?? MarkdownEscaper.escape(name.replacingNewlines)) + "](" + MarkdownEscaper.linkDestination(link) + ")"
            } else {
                line += MarkdownEscaper.indentContinuation(text, columns: 2)
            }
            return line
        }.joined(separator: "\n")
    }

    /// Steps as the author wrote them where they are unchanged (their Markdown and shape),
    /// others escaped in the shape of the step before them; by default a numbered list.
    /// A run of items of one kind is one list, numbered on from its first item's number.
    private func stepList(_ steps: [String], markup: inout RecipeMarkup?) -> String {
        var blocks: [String] = []
        var items: [String] = []
        var list: RecipeStep.Shape?
        var number = 1
        var shape = markup?.firstShape ?? .item(ordered: true, number: 1, character: UInt8(ascii: "."))
        func endList() {
            if !items.isEmpty { blocks.append(items.joined(separator: "\n")) }
            items = []
            list = nil
        }
        for step in steps {
            let text = MarkdownText.trimmed(step)
            let kept = markup?.takeStep(text)
            shape = kept?.shape ?? shape
            let markdown = kept?.markdown ?? MarkdownEscaper.escape(text)
            guard case .item(let ordered, let first, let character) = shape else {
                endList()
                blocks.append(markdown)
                continue
            }
            if list.map({ !shape.continues($0) }) ?? true {
                endList()
                list = shape
                number = kept == nil ? 1 : first
            }
            let marker = (ordered ? String(number) : "") + String(UnicodeScalar(character))
            number += 1
            items.append(markdown.isEmpty ? marker : marker + " " + MarkdownEscaper.indentContinuation(markdown, columns: marker.count + 1))
        }
        endList()
        return blocks.joined(separator: "\n\n")
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
