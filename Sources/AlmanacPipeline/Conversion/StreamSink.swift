import AlmanacCore

/// Where a streamed conversion's items go: straight out, item by item, for a writer with
/// nothing around its items (ndjson), or into a ``DocumentAssembler`` for a whole-document
/// writer (json, xml, markdown, ics), whose document comes out once the last item is in.
struct StreamSink {
    private let options: EncodingOptions
    /// The item by item writer, when the format has one.
    private let itemEncoder: (any ItemStreamEncoding)?
    /// Otherwise the document writer and what keeps its items until the end.
    private var documentWriter: (any DocumentStreamWriter)?
    private var assembler = DocumentAssembler()
    /// Bytes waiting to go out (item by item writing).
    private var pending: [UInt8] = []

    /// A sink for `codec`, or `nil` when it can write neither way.
    init?(_ codec: any FormatCodec, options: EncodingOptions) throws {
        self.options = options
        if let items = codec.itemStreamEncoder {
            itemEncoder = items
            pending.reserveCapacity(1 << 17)
        } else if let document = codec.documentStreamEncoder {
            itemEncoder = nil
            documentWriter = try document.documentWriter(options: options)
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
            try assembler.add(item, with: &documentWriter!)
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
        try assembler.assemble(with: &documentWriter!, output: output)
        return documentWriter!.takeDiagnostics()
    }

    private mutating func flush(_ output: ([UInt8]) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        try output(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
