/// The kinds of item a document holds.
public enum ItemKind: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case recipe
    case event

    /// The plural, as in `recipes` and `events`.
    public var plural: String { rawValue + "s" }

    public static func < (lhs: ItemKind, rhs: ItemKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One recipe or one event: the unit that streams through item-wise codecs and verbs.
///
/// Its payload is kept in a box of its own (`indirect`): an item is one reference, so that
/// handing it on or keeping it costs one retain, and looking into it (`case .event(let
/// event)`, as every rule does) reads the event where it is. Inline, a pattern match copied
/// the whole event (about 440 bytes) and retained and released each of its parts.
public enum Item: Hashable, Sendable {
    indirect case recipe(Recipe)
    indirect case event(Event)

    public var kind: ItemKind {
        switch self {
        case .recipe: return .recipe
        case .event: return .event
        }
    }

    public var id: String {
        switch self {
        case .recipe(let recipe): return recipe.id
        case .event(let event): return event.id
        }
    }

    /// The id, and for a changed occurrence of a recurring event which occurrence:
    /// two items with the same identity are the same item.
    public var identity: String {
        switch self {
        case .recipe(let recipe): return recipe.id
        case .event(let event): return event.identity
        }
    }

    public var title: String {
        switch self {
        case .recipe(let recipe): return recipe.title
        case .event(let event): return event.title
        }
    }
}
