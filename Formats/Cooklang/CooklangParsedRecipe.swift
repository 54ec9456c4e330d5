/// A Cooklang file as the spec sees it, before it is mapped to the model: metadata, and
/// sections of steps and notes, each step a run of text and components.
package struct CooklangParsedRecipe: Hashable, Sendable {
    /// Metadata keys and values in source order (front matter, then `>>` lines).
    package var metadata: [CooklangMetadataEntry] = []
    /// The sections; the first has no title when steps come before any `= Section =`.
    package var sections: [CooklangSection] = []

    package init() {}

    /// Every step of every section, in order.
    package var steps: [CooklangStep] {
        sections.flatMap { $0.blocks.compactMap { if case .step(let step) = $0 { return step } else { return nil } } }
    }
}

/// One metadata key with its value.
package struct CooklangMetadataEntry: Hashable, Sendable {
    package var key: String
    package var value: CooklangMetadataValue
    /// The byte offset of the key in the input.
    package var offset: Int
}

/// A metadata value: text, or a list of texts (`tags: [a, b]`).
package enum CooklangMetadataValue: Hashable, Sendable {
    case text(String)
    case list([String])

    /// The text, or the items joined by `, `.
    package var joined: String {
        switch self {
        case .text(let text): return text
        case .list(let items): return items.joined(separator: ", ")
        }
    }
}

/// A section: `= Dough =` and the blocks under it.
package struct CooklangSection: Hashable, Sendable {
    /// The title; `nil` for steps before any section line, `""` for a line of `=` alone.
    package var title: String?
    package var blocks: [CooklangBlock] = []

    package init(title: String?, blocks: [CooklangBlock] = []) {
        self.title = title
        self.blocks = blocks
    }
}

/// A step, or a note (`> text`), which is not a step.
package enum CooklangBlock: Hashable, Sendable {
    case step(CooklangStep)
    case note(String)
}

/// A step: a paragraph of text and components.
package struct CooklangStep: Hashable, Sendable {
    package var items: [CooklangItem]
    /// The byte offset where the step starts in the input.
    package var offset: Int
    /// Whether almanac's writer put it there to hold ingredients no step names (it follows a
    /// `-- almanac: ingredients` line): almanac reads its ingredients and no direction.
    package var listsIngredients: Bool

    package init(items: [CooklangItem], offset: Int, listsIngredients: Bool = false) {
        self.items = items
        self.offset = offset
        self.listsIngredients = listsIngredients
    }

    /// The line that marks a step of ingredients no other step names.
    package static let listMarker = "-- almanac: ingredients"

    /// The step as plain text: components by their names (a timer by its duration, else
    /// its name), white space at the ends trimmed, as cooklang-rs renders a step.
    package var plainText: String {
        var text = ""
        for item in items {
            switch item {
            case .text(let value): text += value
            case .ingredient(let component), .cookware(let component): text += component.name
            case .timer(let component): text += component.timerText
            }
        }
        return CooklangText.trimmed(text)
    }
}

/// One piece of a step.
package enum CooklangItem: Hashable, Sendable {
    case text(String)
    case ingredient(CooklangComponent)
    case cookware(CooklangComponent)
    case timer(CooklangComponent)
}

/// An ingredient, cookware or timer as written: `@name{quantity%unit}(note)`.
package struct CooklangComponent: Hashable, Sendable {
    package var name: String
    /// `nil` when none was given (`@salt`, `@salt{}`, `#pot`).
    package var quantity: CooklangQuantity?
    /// `nil` when none was given.
    package var unit: String?
    /// The text in parentheses after an ingredient.
    package var note: String?
    /// A quantity written with a leading `=`: it does not scale.
    package var fixed: Bool = false
    /// The recipe an ingredient refers to, `./sauces/Hollandaise` for `@./sauces/Hollandaise{}`
    /// (the name is then its last part).
    package var reference: String?

    package init(name: String, quantity: CooklangQuantity? = nil, unit: String? = nil, note: String? = nil, fixed: Bool = false, reference: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
        self.fixed = fixed
        self.reference = reference
    }

    /// A timer as a step's text shows it: `10 minutes`, else its name.
    package var timerText: String {
        guard let quantity else { return name }
        return unit.map { "\(quantity.text) \($0)" } ?? quantity.text
    }
}

/// A quantity: a number (`3`, `1.5`, `1/2`, `1 1/2`) or text (`few`, `01/2`, `7 k`).
package enum CooklangQuantity: Hashable, Sendable {
    case number(Double)
    case text(String)

    /// The quantity written back: a number as a cook writes it, text as it was.
    package var text: String {
        switch self {
        case .number(let value): return CooklangQuantityText.format(value)
        case .text(let text): return text
        }
    }
}
