/// What tells an item from others, as a hashable value: the id, and for a changed
/// occurrence of a recurring event, which occurrence. Comparing these costs no text;
/// ``Item/identity`` is the same thing written out for messages.
public struct ItemIdentity: Hashable, Sendable {
    public var id: String
    /// The occurrence a changed event stands for (its RECURRENCE-ID), `nil` otherwise.
    public var recurrenceID: CalendarTime?

    public init(id: String, recurrenceID: CalendarTime? = nil) {
        self.id = id
        self.recurrenceID = recurrenceID
    }
}

extension Item {
    /// The item's identity as a value (see ``identity`` for the text).
    public var identityKey: ItemIdentity {
        switch self {
        case .recipe(let recipe): return ItemIdentity(id: recipe.id)
        case .event(let event): return ItemIdentity(id: event.id, recurrenceID: event.recurrenceID)
        }
    }
}
