import Foundation
import AlmanacCore

/// `filter`: keeps the items that pass every test given (AND); no test keeps them all.
///
/// ```swift
/// FilterStep(.kind(.event), .period(.nextSevenDays, from: PeriodReference()), .incomplete)
/// ```
public struct FilterStep: PipelineStep {
    /// One test an item has to pass.
    public enum Test: Sendable {
        /// Items of this kind.
        case kind(ItemKind)
        /// Events in this period (a recurring event placed by its next occurrence on or
        /// after the reference's day); recipes fail.
        case period(EventPeriod, from: PeriodReference)
        /// Recipes in this collection.
        case collection(String)
        /// Favorite recipes.
        case favorite
        /// Recipes with this tag, events with this category (ignoring case).
        case tag(String)
        /// Events with tasks left to do.
        case incomplete
        /// Titles containing this text (ignoring case and diacritics).
        case title(String)
        /// The item with this id.
        case id(String)
        /// An app's own test.
        case matching(@Sendable (Item) -> Bool)

        func passes(_ item: Item) -> Bool {
            switch (self, item) {
            case (.kind(let kind), _): return item.kind == kind
            case (.period(let period, let reference), .event(let event)): return reference.period(of: event) == period
            case (.collection(let name), .recipe(let recipe)): return recipe.collections.contains(name)
            case (.favorite, .recipe(let recipe)): return recipe.isFavorite
            case (.tag(let tag), .recipe(let recipe)): return recipe.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
            case (.tag(let tag), .event(let event)): return event.categories.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
            case (.incomplete, .event(let event)): return !event.isComplete
            case (.title(let text), _): return item.title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            case (.id(let id), _): return item.id == id
            case (.matching(let test), _): return test(item)
            case (.period, .recipe), (.collection, .event), (.favorite, .event), (.incomplete, .recipe): return false
            }
        }
    }

    /// The tests; an item is kept when it passes all of them.
    public let tests: [Test]

    public init(_ tests: [Test]) {
        self.tests = tests
    }

    public init(_ tests: Test...) {
        self.init(tests)
    }

    public func apply(to state: inout PipelineState) throws {
        state.items = state.items.filter { located in tests.allSatisfy { $0.passes(located.item) } }
    }
}
