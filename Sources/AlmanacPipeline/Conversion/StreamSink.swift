import AlmanacCore

/// Where a streamed conversion's items go: straight out, item by item, for a writer with
/// nothing around its items (ndjson); straight out with the document's frame around them,
/// for a whole-document writer whose items come in its order (json from a calendar: see
/// ``DocumentStreamWriter/writesAsItemsCome(allOf:)``); otherwise into a
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
    private let writesAsItemsCome: Bool
    private var assembler = DocumentAssembler()
    /// Bytes waiting to go out (item by item, or a document written as its items come).
    private var pending: [UInt8] = []
    /// Where the last item written as it came stands, `nil` before the first.
    private var previous: StreamPlace?

    /// A sink for `codec`, or `nil` when it can write neither way.
    ///
    /// - Parameter kinds: every kind of item that can come, when a document may go out as
    ///   its items come (the output is a file that appears only when whole); `nil` keeps a
    ///   document until its last item is in, so that a stream sees all of it or nothing.
    init?(_ codec: any FormatCodec, options: EncodingOptions, kinds: Set<ItemKind>? = nil) throws {
        self.options = options
        if let items = codec.itemStreamEncoder {
            itemEncoder = items
            writesAsItemsCome = false
            pending.reserveCapacity(1 << 17)
        } else if let document = codec.documentStreamEncoder {
            itemEncoder = nil
            let writer = try document.documentWriter(options: options)
            documentWriter = writer
            writesAsItemsCome = kinds.map { writer.writesAsItemsCome(allOf: $0) } ?? false
            if writesAsItemsCome { pending.reserveCapacity(1 << 17) }
        } else {
            return nil
        }
    }

    /// Takes one item; `output` receives bytes whenever enough are ready. Returns the
    /// writer's warnings about the item.
    mutating func take(_ item: Item, output: ([UInt8]) throws -> Void) throws -> [Diagnostic] {
        if let itemEncoder {
            try itemEncoder.encodeItem(item, options: options, into: &pending)
            if pending.count >= 1 << 16 { try flush(output) }
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
        if let previous, place < previous {
            // The kinds given at the start promised one place for every item.
            throw AlmanacError(.dataError, message: "a \(item.kind.rawValue) came after items the document holds after it; nothing was written")
        }
        if let previous, previous == place {
            pending.append(contentsOf: documentWriter!.separator(in: place.section))
        } else {
            try documentWriter!.lead(to: place, after: previous, into: &pending)
        }
        previous = place
        try documentWriter!.encode(item, into: &pending)
        if pending.count >= 1 << 16 { try flush(output) }
    }

    private mutating func flush(_ output: ([UInt8]) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        try output(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
