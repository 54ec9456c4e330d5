import AlmanacCore
import AlmanacJSONKit

/// Writes the almanac JSON document in pieces (see ``DocumentStreamWriter``):
/// `{"almanac": 1, "recipes": [...], "events": [...]}` with the document's extras last.
/// Each item is written as it comes, two containers deep; the frame around the items
/// (the object, its keys and arrays) is written as the sections open and close.
struct JSONDocumentWriter: DocumentStreamWriter {
    let pretty: Bool
    var extras = Extras()
    /// The frame's writer: it stays inside the open object and array between calls.
    private var frame: JSONWriter
    /// The items' writer, two containers deep, reused from item to item with its room.
    private var items: JSONWriter
    /// The section whose array is open (0 recipes, 1 events), `nil` before the head.
    private var openSection: Int?

    private static let sectionKeys = ["recipes", "events"]

    init(pretty: Bool) {
        self.pretty = pretty
        frame = JSONWriter(pretty: pretty, reservingCapacity: 256)
        items = JSONWriter(pretty: pretty, depth: 2, continuing: [])
    }

    func place(of item: Item) -> StreamPlace {
        StreamPlace.byKind(item)
    }

    /// Yes: the head names nothing but the version, and the extras come last.
    var writesAsItemsCome: Bool {
        true
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        JSONModelWriter.write(item, kind: false, to: &items)
        items.moveBytes(to: &bytes)
    }

    private static let separators = (pretty: Array(",\n    ".utf8), compact: [UInt8(ascii: ",")])

    func separator(in section: Int) -> [UInt8] {
        pretty ? Self.separators.pretty : Self.separators.compact
    }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        open(through: place.section)
        frame.element()
        bytes.append(contentsOf: frame.takeBytes())
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        open(through: Self.sectionKeys.count - 1)
        frame.close(UInt8(ascii: "]"))
        frame.extras(extras)
        frame.close(UInt8(ascii: "}"))
        bytes.append(contentsOf: frame.takeBytes())
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes the head when it is not out yet, then closes and opens arrays up to `section`'s.
    private mutating func open(through section: Int) {
        if openSection == nil {
            frame.open(UInt8(ascii: "{"))
            frame.key("almanac")
            frame.integer(1)
            frame.key(Self.sectionKeys[0])
            frame.open(UInt8(ascii: "["))
            openSection = 0
        }
        while let current = openSection, current < section {
            frame.close(UInt8(ascii: "]"))
            frame.key(Self.sectionKeys[current + 1])
            frame.open(UInt8(ascii: "["))
            openSection = current + 1
        }
    }
}
