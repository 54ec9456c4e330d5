import AlmanacCore

/// Builds the model's ``Recipe`` as ``CooklangBlockReader`` reads, section by section and
/// step by step (the mapping ``CooklangRecipeMapper`` describes), so that a step's items are
/// gone once it is mapped: memory holds the model, not the parse as well.
///
/// A direction's text is made at its exact size; texts that repeat among the kept cookware
/// and timers (names, quantities, units) share one value; the lists are cut to their size at
/// the end.
struct CooklangRecipeBuilder: CooklangBlockSink {
    private let mapper: CooklangRecipeMapper
    private var recipe: Recipe
    private var cookware: [OpaqueValue] = []
    private var timers: [OpaqueValue] = []
    private var notes: [OpaqueValue] = []
    private var directionCount = 0
    /// The open section: its title and place, and what its steps gave so far.
    private var section: (title: String?, index: Int)?
    private var sectionCount = 0
    private var directions: [String] = []
    private var ingredients: [Ingredient] = []
    /// The step number of the last kept component, as its value.
    private var stepValue: (step: Int, value: OpaqueValue) = (-1, .null)
    /// Values of texts the kept components repeat, up to ``Self/sharedLimit`` of them.
    private var shared: [String: OpaqueValue] = [:]
    private static let sharedLimit = 1024
    /// The bytes of the direction being made.
    private var text: [UInt8] = []

    init(mapper: CooklangRecipeMapper) {
        self.mapper = mapper
        recipe = Recipe(id: mapper.fallbackID, title: mapper.fallbackTitle)
    }

    mutating func section(_ title: String?) {
        closeSection()
        section = (title, sectionCount)
        sectionCount += 1
    }

    mutating func note(_ text: String) {
        if section == nil { section(nil) }
        notes.append(.object([OpaqueMember("before", .number(String(directionCount))), OpaqueMember("text", .string(text))]))
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if section == nil { section(nil) }
        text.append(contentsOf: bytes)
    }

    mutating func item(_ item: CooklangItem) {
        if section == nil { section(nil) }
        switch item {
        case .text(let value): text.append(contentsOf: value.utf8)
        case .ingredient(let component):
            ingredients.append(CooklangRecipeMapper.ingredient(component))
            text.append(contentsOf: component.name.utf8)
        case .cookware(let component):
            cookware.append(kept(component))
            text.append(contentsOf: component.name.utf8)
        case .timer(let component):
            timers.append(kept(component))
            text.append(contentsOf: component.timerText.utf8)
        }
    }

    mutating func endStep(_ step: (offset: Int, listsIngredients: Bool)?) {
        if section == nil { section(nil) }
        defer { text.removeAll(keepingCapacity: true) }
        guard let step, !step.listsIngredients else { return }
        directions.append(direction())
        directionCount += 1
    }

    /// Feeds a step read whole, as the reader would have.
    mutating func add(_ step: CooklangStep) {
        for each in step.items { item(each) }
        endStep((step.offset, step.listsIngredients))
    }

    /// The recipe, once every block is in, with `metadata` applied and `source` kept.
    mutating func recipe(metadata: [CooklangMetadataEntry], source: String) -> Recipe {
        closeSection()
        var kept = CooklangMetadataMapping.apply(metadata, to: &recipe)
        if !cookware.isEmpty { kept.append(OpaqueMember("cookware", .array(Self.fitted(cookware)))) }
        if !timers.isEmpty { kept.append(OpaqueMember("timers", .array(Self.fitted(timers)))) }
        if !notes.isEmpty { kept.append(OpaqueMember("notes", .array(Self.fitted(notes)))) }
        if !kept.isEmpty { recipe.extras[CooklangRecipeMapper.extrasKey] = .object(kept) }
        recipe.extras[CooklangRecipeMapper.sourceKey] = .string(source)
        return recipe
    }

    /// The step's text (``CooklangStep/plainText``) at its size.
    private func direction() -> String {
        let (low, high) = CooklangText.trimmedRange(text, 0, text.count)
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[low..<high]), as: UTF8.self) }
    }

    private mutating func kept(_ component: CooklangComponent) -> OpaqueValue {
        if stepValue.step != directionCount { stepValue = (directionCount, .number(String(directionCount))) }
        return CooklangRecipeMapper.kept(component, step: stepValue.value) { shared($0) }
    }

    /// `.string(text)`, one value for each text seen before.
    private mutating func shared(_ text: String) -> OpaqueValue {
        if let value = shared[text] { return value }
        let value = OpaqueValue.string(text)
        if shared.count < Self.sharedLimit { shared[text] = value }
        return value
    }

    /// Ends the open section: its directions and ingredients go to the recipe.
    private mutating func closeSection() {
        guard let (title, index) = section else { return }
        section = nil
        defer {
            directions = []
            ingredients = []
        }
        let directions = Self.fitted(self.directions)
        let ingredients = Self.fitted(self.ingredients)
        if index == 0, title == nil {
            recipe.directions = directions
            recipe.ingredients = ingredients
            return
        }
        let name = title ?? ""
        if !directions.isEmpty || ingredients.isEmpty { recipe.directionGroups.append(DirectionGroup(title: name, directions: directions)) }
        if !ingredients.isEmpty { recipe.ingredientGroups.append(IngredientGroup(title: name, ingredients: ingredients)) }
    }

    /// `list` stored at its size: a list that grew by doubling can hold twice its count.
    private static func fitted<Element>(_ list: [Element]) -> [Element] {
        list.capacity - list.count > list.count / 8 ? Array(unsafeUninitializedCapacity: list.count) { buffer, count in
            _ = buffer.initialize(from: list)
            count = list.count
        } : list
    }
}
