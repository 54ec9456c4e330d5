/// An item with where it came from, so that a validation finding can name the file and line.
/// Verbs move located items around; the origin travels with the item.
public struct LocatedItem: Hashable, Sendable {
    public var item: Item
    /// The input's name (a path or `<stdin>`), when known.
    public var source: String?
    /// Where the item starts in that input, when the codec knows.
    public var position: SourcePosition?

    public init(_ item: Item, source: String? = nil, position: SourcePosition? = nil) {
        self.item = item
        self.source = source
        self.position = position
    }

    /// The items of a decoded input, each with its position when the codec reported one.
    public static func items(of result: DecodeResult, source: String) -> [LocatedItem] {
        let recipes = result.document.recipes.enumerated().map { index, recipe in
            LocatedItem(.recipe(recipe), source: source, position: result.origins.recipes.indices.contains(index) ? result.origins.recipes[index] : nil)
        }
        let events = result.document.events.enumerated().map { index, event in
            LocatedItem(.event(event), source: source, position: result.origins.events.indices.contains(index) ? result.origins.events[index] : nil)
        }
        return recipes + events
    }
}

/// Where a decoder found each item, in the document's order per kind; empty when unknown.
public struct ItemOrigins: Hashable, Sendable {
    public var recipes: [SourcePosition?]
    public var events: [SourcePosition?]

    public init(recipes: [SourcePosition?] = [], events: [SourcePosition?] = []) {
        self.recipes = recipes
        self.events = events
    }
}
