import AlmanacCore

/// What a streamed conversion does with each item it reads: looks at recipes a calendar
/// writes only as meals' details and refuses a kind the writer cannot hold (``check(_:)``),
/// then validates the item (``validate(_:at:source:with:report:)``) before the caller hands
/// it to its ``StreamSink``.
struct StreamPass {
    /// The writer's format, whose kinds are asked once (not hashed per item).
    private let writesEvents: Bool
    private let writesRecipes: Bool
    /// Recipes a calendar cannot hold are written only as details of the meals that name
    /// them, which may come later: whether each is named is known at the end.
    private let mealRecipesOnly: Bool
    private var unnamedRecipes: [String: String] = [:]
    private var recipeOrder: [String] = []
    private var namedRecipes = Set<String>()
    private let codec: any FormatCodec

    init(codec: any FormatCodec) {
        self.codec = codec
        let writable = codec.format.writes
        writesEvents = writable.contains(.event)
        writesRecipes = writable.contains(.recipe)
        mealRecipesOnly = !writesRecipes && writesEvents
    }

    /// Looks at the next item before it is passed on.
    @inline(__always)
    mutating func check(_ item: Item) throws {
        // The item is looked into only when recipes go as meals' details: binding its
        // payload would copy it.
        if mealRecipesOnly {
            switch item {
            case .recipe(let recipe):
                if unnamedRecipes[recipe.id] == nil, !namedRecipes.contains(recipe.id) {
                    unnamedRecipes[recipe.id] = recipe.title
                    recipeOrder.append(recipe.id)
                }
            case .event(let event):
                namedRecipes.formUnion(event.recipes)
            }
        } else if !(item.kind == .event ? writesEvents : writesRecipes), let refusal = Conversion.unwritableKinds(in: [item.kind], codec: codec) {
            throw AlmanacError(.dataError, message: refusal)
        }
    }

    /// Throws when a recipe went by that no meal names (it has no place in a calendar).
    func checkRecipesNamed() throws {
        let unnamed = recipeOrder.filter { !namedRecipes.contains($0) }
        if !unnamed.isEmpty {
            throw Conversion.mealRecipeRefusal(unnamed.map { unnamedRecipes[$0] ?? $0 }, codec: codec)
        }
    }

    /// Validates one item before it goes to the sink: a finding of an error stops the run;
    /// the others go to `report`.
    @inline(__always)
    static func validate(_ item: Item, at position: SourcePosition?, source: String, with validator: inout StreamValidator?, report: DiagnosticHandler) throws {
        if validator != nil {
            let found = validator!.validate(LocatedItem(item, source: source, position: position))
            if found.contains(where: { $0.severity == .error }) {
                throw AlmanacError(.validationFailed, message: "validation found errors; stopped (--no-validate writes anyway)", diagnostics: found)
            }
            found.forEach { report($0, .alone) }
        }
    }
}
