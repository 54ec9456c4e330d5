import AlmanacCore

/// Writes a ``Recipe`` as RecipeMD: `# Title`, summary, *tags*, **yields**, `---`,
/// ingredient lists under group headings, `---`, directions as numbered lists under
/// section headings; with YAML front matter for what RecipeMD has no place for.
struct RecipeWriter {
    var frontMatter: Bool

    /// Appends the recipe's Markdown to `bytes` and returns warnings about what it could not
    /// carry: the body it was read from when its fields are unchanged (``KeptRecipeSource``),
    /// else the body written from the fields (ending in a newline), with the author's Markdown
    /// where a text is unchanged.
    func write(_ recipe: Recipe, into bytes: inout [UInt8]) -> [String] {
        let kept = KeptRecipeSource(recipe.extras)
        var warnings: [String] = []
        if frontMatter {
            bytes.append(contentsOf: frontMatterBlock(recipe).utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        if let kept, let body = kept.body, kept.bodyMatches(recipe, frontMatter: frontMatter) {
            bytes.append(contentsOf: body.text.utf8)
        } else {
            generatedBody(recipe, markup: kept?.body.flatMap { RecipeMarkup(body: $0.text) }, into: &bytes, warnings: &warnings)
        }
        if !frontMatter {
            let lost = uncarriedFields(recipe, derivedID: kept?.derivedID)
            if !lost.isEmpty {
                warnings.append("Markdown without front matter has no place for \(lost.joined(separator: ", ")); write with --front-matter to keep them")
            }
        }
        let foreign = recipe.extras.namesToWarnAbout.filter { $0 != MarkdownCodec.extrasKey && $0 != KeptRecipeSource.extrasKey }
        if !foreign.isEmpty || Self.anyIngredientHasExtras(recipe) {
            warnings.append("Markdown cannot carry the extras other formats kept (\((foreign.isEmpty ? ["ingredients"] : foreign).joined(separator: ", ")))")
        }
        return warnings
    }

    /// Appends the body after front matter, written from the fields, taking the author's
    /// Markdown from `markup` for the texts that are as they were read. Its blocks are apart
    /// by a blank line, and it ends in a line break.
    func generatedBody(_ recipe: Recipe, markup kept: RecipeMarkup?, into out: inout [UInt8], warnings: inout [String]) {
        var markup = kept
        out.append(contentsOf: [UInt8(ascii: "#"), UInt8(ascii: " ")])
        if let title = markup?.title, title.plain == recipe.title, !title.markdown.isEmpty {
            out.append(contentsOf: title.markdown.utf8)
        } else {
            MarkdownEscaper.append(recipe.title, heading: true, to: &out)
        }
        var keptSummary = false
        if let summary = recipe.summary, !MarkdownText.trimmed(summary).isEmpty {
            out.append(contentsOf: Self.blockBreak)
            if let kept = markup?.summary, kept.plain == summary {
                out.append(contentsOf: kept.markdown.utf8)
                keptSummary = true
            } else {
                MarkdownEscaper.append(MarkdownText.trimmed(summary), to: &out)
            }
        }
        if let times = RecipeTimesLine.text(recipe) {
            out.append(contentsOf: Self.blockBreak)
            out.append(contentsOf: times.utf8)
        }
        let tags = recipe.tags.map { MarkdownText.trimmed($0.replacingNewlines) }.filter { !$0.isEmpty }
        if !tags.isEmpty {
            out.append(contentsOf: Self.blockBreak)
            out.append(UInt8(ascii: "*"))
            for (index, tag) in tags.enumerated() {
                if index > 0 { out.append(contentsOf: Self.listComma) }
                MarkdownEscaper.append(tag, extra: Self.comma, to: &out)
            }
            out.append(UInt8(ascii: "*"))
        }
        let keptYields = markup?.yields ?? []
        var wroteYield = false
        for (offset, yield) in recipe.yields.enumerated() {
            guard let amount = yield.amount else { continue }
            out.append(contentsOf: wroteYield ? Self.listComma : Self.blockBreak + [UInt8(ascii: "*"), UInt8(ascii: "*")])
            wroteYield = true
            if offset < keptYields.count && keptYields[offset].yield == yield {
                out.append(contentsOf: keptYields[offset].text.utf8)
            } else {
                Self.appendAmount(amount, unit: yield.unit, to: &out)
            }
        }
        if wroteYield { out.append(contentsOf: [UInt8(ascii: "*"), UInt8(ascii: "*")]) }
        out.append(contentsOf: Self.blockBreak + Self.divider)
        if !recipe.ingredients.isEmpty {
            out.append(contentsOf: Self.blockBreak)
            ingredientList(recipe.ingredients, markup: &markup, into: &out, warnings: &warnings)
        }
        for group in recipe.ingredientGroups { groupBlocks(group, level: 2, markup: &markup, into: &out, warnings: &warnings) }
        let definitions = (keptSummary ? [] : markup?.definitions.description ?? []) + (markup?.definitions.instructions ?? [])
        if !recipe.directions.isEmpty || !recipe.directionGroups.isEmpty || !definitions.isEmpty {
            out.append(contentsOf: Self.blockBreak + Self.divider)
            if !recipe.directions.isEmpty {
                out.append(contentsOf: Self.blockBreak)
                stepList(recipe.directions, markup: &markup, into: &out)
            }
            for section in recipe.directionGroups {
                out.append(contentsOf: Self.blockBreak + [UInt8(ascii: "#"), UInt8(ascii: "#"), UInt8(ascii: " ")])
                MarkdownEscaper.append(section.title, heading: true, to: &out)
                if !section.directions.isEmpty {
                    out.append(contentsOf: Self.blockBreak)
                    stepList(section.directions, markup: &markup, into: &out)
                }
            }
        }
        // The definitions kept texts may refer to, where the reader finds them and no text shows them.
        for definition in definitions {
            out.append(contentsOf: Self.blockBreak)
            out.append(contentsOf: definition.utf8)
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// Whether an ingredient, at any depth of groups, has extras (``Recipe/allIngredients``
    /// without gathering them in an array).
    private static func anyIngredientHasExtras(_ recipe: Recipe) -> Bool {
        func any(_ groups: [IngredientGroup]) -> Bool {
            groups.contains { group in group.ingredients.contains { !$0.extras.isEmpty } || any(group.ingredientGroups) }
        }
        return recipe.ingredients.contains { !$0.extras.isEmpty } || any(recipe.ingredientGroups)
    }

    /// What stands between two blocks: a blank line.
    private static let blockBreak = Array("\n\n".utf8)
    private static let divider = Array("---".utf8)
    private static let listComma = Array(", ".utf8)
    private static let comma = [UInt8(ascii: ",")]

    /// Appends `1 1/2 cups`: a number as a cook writes it and the unit, escaped.
    static func appendAmount(_ amount: Double, unit: String?, to out: inout [UInt8]) {
        AmountText.append(amount, to: &out)
        guard let unit, !unit.isEmpty else { return }
        out.append(UInt8(ascii: " "))
        let start = out.count
        MarkdownEscaper.append(unit.replacingNewlines, extra: comma, to: &out)
        // A unit starting with a slash, a digit or a fraction would read back as part of the
        // number (`1 /2 cup`, `0 05 g`): the slash is escaped, the others become a character reference.
        guard start < out.count else { return }
        let first = out[start]
        if first == UInt8(ascii: "/") {
            out.insert(UInt8(ascii: "\\"), at: start)
        } else if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            out.replaceSubrange(start...start, with: "&#\(first);".utf8)
        } else if first >= 0x80, let scalar = String(decoding: out[start...].prefix(4), as: UTF8.self).unicodeScalars.first,
                  scalar == "⁄" || AmountText.vulgarValue(scalar) != nil {
            out.replaceSubrange(start..<(start + scalar.utf8.count), with: "&#\(scalar.value);".utf8)
        }
    }

    private func groupBlocks(_ group: IngredientGroup, level: Int, markup: inout RecipeMarkup?, into out: inout [UInt8], warnings: inout [String]) {
        if level > 6 { warnings.append("ingredient group '\(group.title)' nests deeper than Markdown headings go; it is written at level 6") }
        out.append(contentsOf: Self.blockBreak)
        out.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: min(level, 6)))
        out.append(UInt8(ascii: " "))
        MarkdownEscaper.append(group.title, heading: true, to: &out)
        if !group.ingredients.isEmpty {
            out.append(contentsOf: Self.blockBreak)
            ingredientList(group.ingredients, markup: &markup, into: &out, warnings: &warnings)
        }
        for inner in group.ingredientGroups { groupBlocks(inner, level: level + 1, markup: &markup, into: &out, warnings: &warnings) }
    }

    /// Appends the ingredients as a bullet list, one line each (continuation lines indented).
    private func ingredientList(_ ingredients: [Ingredient], markup: inout RecipeMarkup?, into out: inout [UInt8], warnings: inout [String]) {
        for (index, ingredient) in ingredients.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "\n")) }
            out.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: " ")])
            var name = ingredient.name
            if let note = ingredient.note, !note.isEmpty { name += ", " + note }
            let kept = markup?.takeIngredient(ingredient)
            if let amount = ingredient.amount {
                let same = kept.map { $0.amount == amount && $0.unit == ingredient.unit } ?? false
                out.append(UInt8(ascii: "*"))
                if same, let text = kept?.amountText {
                    out.append(contentsOf: text.utf8)
                } else {
                    Self.appendAmount(amount, unit: ingredient.unit, to: &out)
                }
                out.append(contentsOf: [UInt8(ascii: "*"), UInt8(ascii: " ")])
            } else if let unit = ingredient.unit, !unit.isEmpty {
                name = unit + " " + name
                warnings.append("ingredient '\(ingredient.name)' has a unit but no amount; RecipeMD keeps the unit only as part of the name")
            }
            if MarkdownText.trimmed(name).isEmpty {
                name = "(unnamed)"
                warnings.append("an ingredient without a name is written as '(unnamed)'; RecipeMD requires a name")
            }
            if let link = ingredient.link {
                out.append(UInt8(ascii: "["))
                if let kept {
                    out.append(contentsOf: kept.markdown.replacingNewlines.utf8)
                } else {
                    MarkdownEscaper.append(name.replacingNewlines, to: &out)
                }
                out.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "(")])
                out.append(contentsOf: MarkdownEscaper.linkDestination(link).utf8)
                out.append(UInt8(ascii: ")"))
            } else {
                let start = out.count
                if let kept {
                    out.append(contentsOf: kept.markdown.utf8)
                } else {
                    MarkdownEscaper.append(MarkdownText.trimmed(name), to: &out)
                }
                MarkdownEscaper.indentContinuation(&out, from: start, columns: 2)
            }
        }
    }

    /// Appends the steps, as the author wrote them where they are unchanged (their Markdown and
    /// shape), others escaped in the shape of the step before them; by default a numbered list.
    /// A run of items of one kind is one list, numbered on from its first item's number.
    private func stepList(_ steps: [String], markup: inout RecipeMarkup?, into out: inout [UInt8]) {
        var list: RecipeStep.Shape?
        var number = 1
        var shape = markup?.firstShape ?? .item(ordered: true, number: 1, character: UInt8(ascii: "."))
        var firstBlock = true
        func startBlock() {
            if !firstBlock { out.append(contentsOf: Self.blockBreak) }
            firstBlock = false
        }
        for step in steps {
            let text = MarkdownText.trimmed(step)
            let kept = markup?.takeStep(text)
            shape = kept?.shape ?? shape
            guard case .item(let ordered, let first, let character) = shape else {
                list = nil
                startBlock()
                if let kept { out.append(contentsOf: kept.markdown.utf8) } else { MarkdownEscaper.append(text, to: &out) }
                continue
            }
            if list.map({ !shape.continues($0) }) ?? true {
                startBlock()
                list = shape
                number = kept == nil ? 1 : first
            } else {
                out.append(UInt8(ascii: "\n"))
            }
            let markerStart = out.count
            if ordered { ByteText.append(number, to: &out) }
            out.append(character)
            let markerWidth = out.count - markerStart
            number += 1
            let start = out.count + 1
            out.append(UInt8(ascii: " "))
            if let kept { out.append(contentsOf: kept.markdown.utf8) } else { MarkdownEscaper.append(text, to: &out) }
            if out.count == start {
                // An empty step is the marker alone.
                out.removeLast()
            } else {
                MarkdownEscaper.indentContinuation(&out, from: start, columns: markerWidth + 1)
            }
        }
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
    /// A text on one line, the usual case, is given back as it is, its bytes looked at in place.
    var replacingNewlines: String {
        guard MarkdownText.withBytes(self, { bytes in bytes.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } }) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
