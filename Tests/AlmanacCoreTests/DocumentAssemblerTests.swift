import Foundation
import Testing
import AlmanacCore

/// ``DocumentAssembler``: items come back in the writer's order, with leads and
/// separators where the writer says, whether kept in memory or spilled to a file.
@Suite struct DocumentAssemblerTests {
    /// Writes `[section: title, title | section: …]`: sections are the kinds (recipes
    /// first); events are ranked by their priority.
    struct ListWriter: DocumentStreamWriter {
        var extras = Extras()
        var encoded: [String] = []
        /// Set by the first lead: no item may be encoded after it.
        var leading = false
        func takeDiagnostics() -> [Diagnostic] { [] }

        func place(of item: Item) -> StreamPlace {
            switch item {
            case .recipe: return StreamPlace(section: 0)
            case .event(let event): return StreamPlace(section: 1, rank: Double(event.priority ?? 0))
            }
        }

        mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
            #expect(!leading, "every item is encoded before the first lead")
            encoded.append(item.title)
            bytes.append(contentsOf: item.title.utf8)
        }

        func separator(in section: Int) -> [UInt8] { Array(", ".utf8) }

        mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
            leading = true
            if let previous, previous.section == place.section {
                bytes.append(contentsOf: separator(in: place.section))
            } else {
                bytes.append(contentsOf: ((previous == nil ? "[" : " | ") + "\(place.section): ").utf8)
            }
        }

        mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
            bytes.append(contentsOf: (last == nil ? "[]" : "]").utf8)
        }
    }

    static func recipe(_ title: String) -> Item { .recipe(Recipe(id: title, title: title)) }
    static func event(_ title: String, rank: Int) -> Item {
        var event = Event(id: title, title: title)
        event.priority = rank
        return .event(event)
    }

    static let mixed: [Item] = [
        event("e1", rank: 5), recipe("r1"), event("e2", rank: 1), event("e3", rank: 5),
        recipe("r2"), recipe("r3"), event("e4", rank: 1),
    ]

    private func assemble(_ items: [Item], spillThreshold: Int?) throws -> String {
        var writer = ListWriter()
        var assembler = DocumentAssembler(spillThreshold: spillThreshold)
        for item in items { try assembler.add(item, with: &writer) }
        var output: [UInt8] = []
        try assembler.assemble(with: &writer) { output += $0 }
        #expect(writer.encoded == items.map(\.title), "each item is encoded once, as it comes")
        return String(decoding: output, as: UTF8.self)
    }

    @Test func itemsComeOutBySectionThenRankThenArrival() throws {
        #expect(try assemble(Self.mixed, spillThreshold: nil) == "[0: r1, r2, r3 | 1: e2, e4, e1, e3]")
    }

    @Test func spilledItemsComeOutTheSame() throws {
        // A threshold of one byte spills after every item.
        for threshold in [1, 3, 8, 1 << 20] {
            #expect(try assemble(Self.mixed, spillThreshold: threshold) == "[0: r1, r2, r3 | 1: e2, e4, e1, e3]", "threshold \(threshold)")
        }
    }

    @Test func anEmptyDocumentIsTheWritersEnd() throws {
        #expect(try assemble([], spillThreshold: nil) == "[]")
    }

    @Test func theInMemoryDocumentMatches() throws {
        var writer = ListWriter()
        let bytes = try writer.document(Self.mixed)
        #expect(String(decoding: bytes, as: UTF8.self) == "[0: r1, r2, r3 | 1: e2, e4, e1, e3]")
    }
}
