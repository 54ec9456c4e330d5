import AlmanacCore

/// Where a streamed conversion's items go: straight out, item by item, for a writer with
/// nothing around its items (ndjson); straight out with the document's frame around them,
/// for a whole-document writer whose items come in its order (json: see
/// ``DocumentStreamWriter/writesAsItemsCome``), when the caller allows it; otherwise into a
/// ``DocumentAssembler`` (json, xml, markdown, ics), whose document comes out once the last
/// item is in.
struct StreamSink {
    private let options: EncodingOptions
    /// The item by item writer, when the format has one.
    private let itemEncoder: (any ItemStreamEncoding)?
    /// Otherwise the document writer.
    private var documentWriter: (any DocumentStreamWriter)?
    /// Whether the document writer writes each item as it comes; if not, the assembler
    /// keeps them until the end.
    let writesAsItemsCome: Bool
    private var assembler = DocumentAssembler()
    /// Bytes waiting to go out (item by item, or a document written as its items come).
    private var pending: [UInt8] = []
    /// Where the last item written as it came stands, `nil` before the first.
    private var previous: StreamPlace?
    /// Whether this sink writes one part of an input read in parts (``Part``), keeping all
    /// its bytes until ``takePart()``.
    private let isPart: Bool
    /// In a part, where its first item stands.
    private var firstPlace: StreamPlace?

    /// A sink for `codec`, or `nil` when it can write neither way.
    ///
    /// - Parameter direct: whether a document may go out as its items come (the output is a
    ///   file that appears only when whole); `false` keeps a document until its last item is
    ///   in, so that a stream sees all of it or nothing. An item that comes out of the
    ///   writer's order then throws ``OutOfOrder``.
    /// - Parameter part: whether the sink writes one part of an input read in parts, which
    ///   another sink joins (``takePart()``, ``join(_:output:)``); its writer must write as
    ///   items come, or be item by item; it writes into `buffer` (emptied, its room kept).
    init?(_ codec: any FormatCodec, options: EncodingOptions, direct: Bool = false, part: Bool = false, buffer: [UInt8] = []) throws {
        self.options = options
        isPart = part
        if part {
            pending = buffer
            pending.removeAll(keepingCapacity: true)
        }
        if let items = codec.itemStreamEncoder {
            itemEncoder = items
            writesAsItemsCome = false
            if !part { pending.reserveCapacity(1 << 17) }
        } else if let document = codec.documentStreamEncoder {
            itemEncoder = nil
            let writer = try document.documentWriter(options: options)
            documentWriter = writer
            writesAsItemsCome = (direct || part) && writer.writesAsItemsCome
            if writesAsItemsCome && !part { pending.reserveCapacity(1 << 17) }
        } else {
            return nil
        }
    }

    /// Whether the input's parts can be written apart and joined (``join(_:output:)``): the
    /// writer is item by item, or writes a document as its items come (its head and headings
    /// depend on nothing later items tell, and its end on nothing its items do, since each
    /// part's items are encoded by a writer of their own).
    var takesParts: Bool {
        itemEncoder != nil || writesAsItemsCome
    }

    /// Takes one item; `output` receives bytes whenever enough are ready. Returns the
    /// writer's warnings about the item.
    mutating func take(_ item: Item, output: ([UInt8]) throws -> Void) throws -> [Diagnostic] {
        if let itemEncoder {
            try itemEncoder.encodeItem(item, options: options, into: &pending)
            if pending.count >= 1 << 16 && !isPart { try flush(output) }
        } else if documentWriter != nil {
            if writesAsItemsCome {
                try write(item, output: output)
            } else {
                try assembler.add(item, with: &documentWriter!)
            }
            return documentWriter!.takeDiagnostics()
        }
        return []
    }

    /// Sends what is left (for a document, all of it, with the inputs' `extras`) to
    /// `output`; returns the writer's warnings.
    mutating func finish(extras: Extras, _ output: ([UInt8]) throws -> Void) throws -> [Diagnostic] {
        guard documentWriter != nil else {
            try flush(output)
            return []
        }
        documentWriter!.extras = extras
        if writesAsItemsCome {
            try documentWriter!.finish(after: previous, into: &pending)
            try flush(output)
        } else {
            try assembler.assemble(with: &documentWriter!, output: output)
        }
        return documentWriter!.takeDiagnostics()
    }

    /// Writes one item of a document written as its items come: its lead when its place
    /// is new (the head before the first), else the separator, as the assembler joins them.
    private mutating func write(_ item: Item, output: ([UInt8]) throws -> Void) throws {
        let place = documentWriter!.place(of: item)
        if let previous, place < previous { throw OutOfOrder() }
        // A part's writer writes no heading: a part whose items change place (recipes, then
        // events) is not joined; the run starts over with the document kept whole.
        if isPart, let previous, place != previous { throw OutOfOrder() }
        if let previous, previous == place {
            pending.append(contentsOf: documentWriter!.separator(in: place.section))
        } else if previous != nil || !isPart {
            try documentWriter!.lead(to: place, after: previous, into: &pending)
        } else {
            // A part's first item: what comes before it is written where the part is joined.
            firstPlace = place
        }
        previous = place
        try documentWriter!.encode(item, into: &pending)
        if pending.count >= 1 << 16 && !isPart { try flush(output) }
    }

    /// The bytes of one part of an input read in parts, kept whole by a sink made with
    /// `part`, and where its first and last items stand.
    struct Part {
        var bytes: [UInt8]
        var first: StreamPlace?
        var last: StreamPlace?
    }

    /// The part this sink wrote (its items' bytes, the separators between them).
    mutating func takePart() -> Part {
        defer { pending = [] }
        return Part(bytes: pending, first: firstPlace, last: previous)
    }

    /// Writes `part`, the next part of the input, as if its items came here one by one:
    /// first what goes before its first item (the document's head, a heading, a separator).
    mutating func join(_ part: Part, output: ([UInt8]) throws -> Void) throws {
        if documentWriter != nil, writesAsItemsCome, let first = part.first {
            if let previous, first < previous { throw OutOfOrder() }
            if let previous, previous == first {
                pending.append(contentsOf: documentWriter!.separator(in: first.section))
            } else {
                try documentWriter!.lead(to: first, after: previous, into: &pending)
            }
            previous = part.last
        }
        try flush(output)
        if !part.bytes.isEmpty { try output(part.bytes) }
    }

    /// An item came that the document holds before items already written: the document
    /// must be kept whole (``DocumentAssembler``) to be put in order.
    struct OutOfOrder: Error {}

    private mutating func flush(_ output: ([UInt8]) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        try output(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
