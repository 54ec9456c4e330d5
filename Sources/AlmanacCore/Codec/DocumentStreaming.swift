/// A codec whose writer writes a whole document from items handed over one at a time,
/// so that converting a long stream into it keeps memory flat.
///
/// The writer encodes each item as it comes; a ``DocumentAssembler`` keeps the encoded
/// bytes (spilling to a temporary file past a threshold) and, once the last item is in,
/// puts them in the writer's order with what goes before, between and after them. The
/// codec's whole-document `encode` is the same writer over the document's items, so the
/// two give the same bytes.
public protocol DocumentStreamEncoding: FormatCodec {
    /// A writer of one document with `options`.
    func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter
}

extension DocumentStreamEncoding {
    /// The whole document through ``documentWriter(options:)``.
    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        var writer = try documentWriter(options: options)
        writer.extras = document.extras
        if !document.referencedRecipes.isEmpty { writer.refer(to: document.referencedRecipes) }
        let bytes = try writer.document(document.items)
        return EncodeResult(bytes: bytes, diagnostics: writer.takeDiagnostics())
    }
}

/// Where an item stands in a streamed document: sections in increasing order (such as
/// recipes, then events), within a section by rank (such as the start time), and items
/// with the same place in the order they came.
public struct StreamPlace: Hashable, Comparable, Sendable {
    public var section: Int
    public var rank: Double

    public init(section: Int, rank: Double = 0) {
        self.section = section
        self.rank = rank
    }

    public static func < (left: StreamPlace, right: StreamPlace) -> Bool {
        (left.section, left.rank) < (right.section, right.rank)
    }

    /// Recipes in section 0, then events in section 1, each kind in the order it came:
    /// the order of almanac's own JSON and XML documents.
    public static func byKind(_ item: Item) -> StreamPlace {
        StreamPlace(section: item.kind == .recipe ? 0 : 1)
    }
}

/// Writes one document in pieces.
///
/// Every ``encode(_:into:)`` call comes before the first ``lead(to:after:into:)``, so a
/// writer can gather what its head needs (iCalendar's time zones) from the items.
public protocol DocumentStreamWriter {
    /// The document-level extras. A stream knows them only at its end (iCalendar's
    /// calendar properties), so they are set before the first lead, after every encode.
    var extras: Extras { get set }
    /// Where `item` goes in the document.
    func place(of item: Item) -> StreamPlace
    /// Appends `item`'s bytes as they stand in the document, without separators.
    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws
    /// What stands between two items of `section` (such as `,` and a line break in JSON).
    func separator(in section: Int) -> [UInt8]
    /// Appends what comes before an item at `place` when the item before it was at
    /// `previous` (`nil`: it is the first): the document's head, section headings, and
    /// ``separator(in:)`` when both are in the same section.
    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws
    /// Appends what comes after the last item, at `last` (`nil`: there was none).
    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws
    /// Warnings about what the document could not carry, noticed since the last call
    /// (a streamed conversion prints them as they come rather than holding them).
    mutating func takeDiagnostics() -> [Diagnostic]
    /// Takes the recipes the document's meal events name that are not its items
    /// (``AlmanacDocument/referencedRecipes``), before the first ``encode(_:into:)``:
    /// a writer that gives a meal its recipe's details keeps them, and never writes
    /// them as items.
    mutating func refer(to recipes: [Recipe])
    /// Whether the document can be written as its items come, straight to the output with
    /// no ``DocumentAssembler``, while they come in the writer's order (places that never go
    /// back): the writer's head and headings depend on nothing that later items or the
    /// extras tell, and every item encodes to some bytes. ``lead(to:after:into:)`` is then
    /// called before the first item of each new place, before later items are encoded, and
    /// the extras are set only before ``finish(after:into:)``.
    var writesAsItemsCome: Bool { get }
}

extension DocumentStreamWriter {
    /// One section, in the order the items came (a calendar's events).
    public func place(of item: Item) -> StreamPlace {
        StreamPlace(section: 0)
    }

    /// Meals get no details from their recipes: for formats that write only the ids.
    public mutating func refer(to recipes: [Recipe]) {}

    /// No: the head may need what the items or the extras tell (iCalendar's time zones).
    public var writesAsItemsCome: Bool {
        false
    }

    /// No warnings: for formats that hold everything.
    public mutating func takeDiagnostics() -> [Diagnostic] {
        []
    }

    /// Writes `items` as one document in memory.
    public mutating func document(_ items: some Sequence<Item>) throws -> [UInt8] {
        var assembler = DocumentAssembler(spillThreshold: nil)
        for item in items { try assembler.add(item, with: &self) }
        var output: [UInt8] = []
        try assembler.assemble(with: &self) { output.append(contentsOf: $0) }
        return output
    }
}
