import AlmanacCore

/// Sorts what a group of inputs read as one calendar gives (see `InputGroupDecoding`)
/// into one result per input: each event goes to the input it was read from (with its
/// tasks, wherever they were), each diagnostic to the input it names, and the document
/// extras of the whole group to the first.
package struct InputGroupCollector {
    private var events: [[Event]]
    /// Where each event starts in its input, beside ``events``.
    private var positions: [[SourcePosition?]]
    private var diagnostics: [[Diagnostic]]
    /// The index of each input name (the first, if a name is given twice).
    private var inputIndex: [String: Int] = [:]

    /// A collector for the inputs named `sources`, in order.
    package init(sources: [String]) {
        events = Array(repeating: [], count: sources.count)
        positions = Array(repeating: [], count: sources.count)
        diagnostics = Array(repeating: [], count: sources.count)
        for (index, source) in sources.enumerated() where inputIndex[source] == nil {
            inputIndex[source] = index
        }
    }

    private func index(of source: String?) -> Int {
        source.flatMap { inputIndex[$0] } ?? 0
    }

    /// Takes an event that was read from the input named `source`, starting at `position` there.
    package mutating func add(_ event: Event, from source: String, at position: SourcePosition? = nil) {
        let input = index(of: source)
        events[input].append(event)
        positions[input].append(position)
    }

    /// Takes diagnostics, each for the input it names.
    package mutating func add(_ found: [Diagnostic]) {
        for diagnostic in found { diagnostics[index(of: diagnostic.source)].append(diagnostic) }
    }

    /// One result per input, its diagnostics in the order of their offsets; the first
    /// carries `extras`.
    package func results(extras: Extras) -> [DecodeResult] {
        events.indices.map { index in
            var document = AlmanacDocument(events: events[index])
            if index == 0 { document.extras = extras }
            let sorted = diagnostics[index].sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
            return DecodeResult(document: document, diagnostics: sorted, origins: ItemOrigins(events: positions[index]))
        }
    }
}
