import AlmanacCore

/// The verbs `then` can chain, in the order `almanac verbs` lists them.
enum VerbRegistry {
    static let verbs: [any Verb] = [
        SortVerb(),
        FilterVerb(),
        EndVerb.head,
        EndVerb.tail,
        DedupeVerb(),
        RemoveCompletedVerb(),
        FavoriteVerb(),
        CollectVerb(),
        ValidateVerb(),
        GroupVerb(),
        ExpandVerb(),
        PlanVerb(),
        ShoppingListVerb(),
        ScaleVerb(),
    ]

    static func verb(named name: String) -> (any Verb)? {
        verbs.first { $0.name == name }
    }
}
