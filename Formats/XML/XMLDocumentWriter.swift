import AlmanacCore

/// Writes the almanac XML document in pieces (see ``DocumentStreamWriter``): the root
/// `<almanac>`, the recipes, then the events, each written as it comes one level deep,
/// and the document's extras last.
struct XMLDocumentWriter: DocumentStreamWriter {
    let pretty: Bool
    var extras = Extras()
    /// The frame's writer: the declaration, the root's tags and the document's extras.
    private var frame: XMLWriter
    /// The items' writer, one level deep, its buffers made once for all the items.
    private var items: XMLWriter
    private var headWritten = false
    /// How many recipes and events have been encoded, for error messages (`events[3]`).
    private var recipeCount = 0, eventCount = 0

    init(pretty: Bool) {
        self.pretty = pretty
        frame = XMLWriter(pretty: pretty, reservingCapacity: 512)
        items = XMLWriter(pretty: pretty, depth: 1)
    }

    func place(of item: Item) -> StreamPlace {
        StreamPlace.byKind(item)
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        let index: Int
        switch item {
        case .recipe: index = recipeCount; recipeCount += 1
        case .event: index = eventCount; eventCount += 1
        }
        try XMLWriter.writing("\(item.kind.plural)[\(index)]") {
            try items.append(to: &bytes) { writer throws in try XMLModelWriter.write(item, to: &writer) }
        }
    }

    func separator(in section: Int) -> [UInt8] {
        pretty ? [UInt8(ascii: "\n")] : []
    }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        if !headWritten {
            try writeHead()
            headWritten = true
            frame.noteChildren()
            bytes.append(contentsOf: frame.takeBytes())
        }
        bytes.append(contentsOf: separator(in: place.section))
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        if !headWritten { try writeHead() }
        try XMLWriter.writing("the document") { try XMLModelWriter.writeTail(extras: extras, to: &frame) }
        bytes.append(contentsOf: frame.takeBytes())
    }

    private mutating func writeHead() throws {
        try XMLWriter.writing("the document") { try XMLModelWriter.writeHead(extras: extras, to: &frame) }
    }
}
