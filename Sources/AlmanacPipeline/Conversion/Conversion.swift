import AlmanacCore

/// `almanac convert` as a value: the inputs, the steps, validation and the writer, run whole
/// or streamed item by item.
///
/// ```swift
/// let conversion = Conversion(
///     inputs: [try ConversionInput(path: "Samples/events.json")],
///     to: BuiltinFormats.registry.codec(named: "md")!,
///     pipeline: Pipeline([FilterStep(.kind(.event)), SortStep(by: .date)])
/// )
/// let markdown = try conversion.bytes()
/// ```
///
/// Everything that stops a run is an ``AlmanacError``; what the run finds and goes on
/// with (readers' and writers' warnings, validation warnings) goes to the handler given.
public struct Conversion {
    /// What is read, in order.
    public var inputs: [ConversionInput]
    /// The writer.
    public var codec: any FormatCodec
    /// The writer's options (a `group` step adds the day its periods count from).
    public var options: EncodingOptions
    /// The steps run over the items read whole (none: the conversion may stream).
    public var pipeline: Pipeline
    /// The validation run before writing (every item on its own when streaming); `nil`
    /// writes without.
    public var validator: Validator?
    /// The limits the inputs are read within.
    public var limits: InputLimits
    /// How one long file streamed into a file is read on several cores.
    public var concurrency = Concurrency()

    public init(inputs: [ConversionInput], to codec: any FormatCodec, options: EncodingOptions = EncodingOptions(), pipeline: Pipeline = Pipeline(), validator: Validator? = Validator(), limits: InputLimits = InputLimits()) {
        self.inputs = inputs
        self.codec = codec
        self.options = options
        self.pipeline = pipeline
        self.validator = validator
        self.limits = limits
    }

    /// The document to write and the writer's options, once read, run and validated.
    public struct Prepared {
        /// The document, after the steps.
        public var document: AlmanacDocument
        /// The writer's options, with what the steps ask of it.
        public var options: EncodingOptions
    }

    /// Reads the inputs, runs the steps and validates. Throws ``ExitStatus/validationFailed``
    /// with the findings when an error remains, ``ExitStatus/dataError`` when the writer cannot
    /// hold some kind of item.
    public func prepare(report: DiagnosticHandler = { _, _ in }) throws(AlmanacError) -> Prepared {
        // Without steps every recipe is in the items: the document names none it lacks.
        var state = try InputReader(limits: limits).read(inputs, keepsRecipeBook: !pipeline.isEmpty, report: report)
        try pipeline.run(&state)
        let diagnostics = state.warnings + (validator?.validate(state.items) ?? [])
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            throw AlmanacError(.validationFailed, message: "validation found \(errors) error\(errors == 1 ? "" : "s"); nothing was written (--no-validate writes anyway)", diagnostics: diagnostics)
        }
        diagnostics.forEach { report($0, .alone) }
        let options = writerOptions(after: state)
        let document = state.document
        state = PipelineState(items: [])
        let named = Set(document.events.flatMap(\.recipes))
        if let refusal = Self.unwritable(document, named: named, codec: codec) {
            throw refusal
        }
        return Prepared(document: document, options: options)
    }

    /// ``options`` with what the steps ask of the writer: the day a `group --by period` step
    /// counted from, as ``EncodingOptions/today`` (unless the options give one).
    private func writerOptions(after state: PipelineState) -> EncodingOptions {
        var options = options
        if case .period(let today?)? = state.grouping, options.today == nil { options.today = today }
        return options
    }

    /// Whether items can flow from every input to the output one at a time. Several
    /// inputs of a codec that reads them as one (ics) are read whole.
    public var isStreamable: Bool {
        pipeline.isEmpty
            && inputs.allSatisfy { $0.codec.itemStreamDecoder != nil }
            && !zip(inputs, inputs.dropFirst()).contains { $0.codec.inputGroupDecoder != nil && $0.codec.format.name == $1.codec.format.name }
            && (codec.itemStreamEncoder != nil || codec.documentStreamEncoder != nil)
    }

    /// Runs the conversion into `destination`, streamed when ``isStreamable``. On an error
    /// a file or folder output is left untouched; on a sink, an item-wise writer's items
    /// before the error are out.
    public func write(to destination: Destination, report: DiagnosticHandler = { _, _ in }) throws(AlmanacError) {
        do {
            switch destination {
            case .folder(let folder):
                guard let splitter = codec.splitEncoder else {
                    throw AlmanacError(.usage, message: "the \(codec.format.name) format cannot write a folder of files")
                }
                try FolderMaker.make(folder)
                let prepared = try prepare(report: report)
                try SplitOutput(folder: folder).write(prepared.document, with: splitter, options: prepared.options, report: report)
            case .file(let path):
                let file = try AtomicFileWriter(path: path)
                do {
                    try run(into: Output(name: path, file: file, sink: nil), report: report)
                    try file.commit()
                } catch {
                    file.abort()
                    throw error
                }
            case .sink(let sink):
                try run(into: Output(name: sink.name, file: nil, sink: sink), report: report)
            }
        } catch {
            throw AlmanacError(error)
        }
    }

    /// The output whole in memory, from the conversion run whole.
    public func bytes(report: DiagnosticHandler = { _, _ in }) throws(AlmanacError) -> [UInt8] {
        let memory = MemoryOutput()
        try write(to: .sink(memory), report: report)
        return memory.bytes
    }

    /// A file or a sink.
    struct Output {
        let name: String
        let file: AtomicFileWriter?
        let sink: (any OutputSink)?

        func write(_ bytes: [UInt8]) throws {
            if let file { try file.write(bytes) } else { try sink?.write(bytes) }
        }

        var isClosed: Bool { sink?.isClosed ?? false }
    }

    private func run(into output: Output, report: DiagnosticHandler) throws {
        guard isStreamable else { return try writeWhole(into: output, report: report) }
        // A file appears only whole, so its document may go out as the items come. An item
        // out of the writer's order (a recipe after events) then starts the run over with
        // the document kept whole, when the inputs can be read again; inputs that read one
        // kind of item only never bring one.
        let restartable = output.file?.canStartOver == true && inputs.allSatisfy { Self.isRegularFile($0.path) }
        let oneKind = Set(inputs.flatMap(\.codec.format.reads)).count <= 1
        let direct = output.file?.canStartOver == true && (oneKind || restartable)
        var reported = 0
        do {
            try stream(into: output, sink: try streamSink(direct: direct, output: output), report: { reported += 1; report($0, $1) })
        } catch is StreamSink.OutOfOrder {
            guard restartable, let file = output.file else {
                throw AlmanacError(.dataError, message: "an item came after items the document holds after it; nothing was written")
            }
            try file.startOver()
            // The same inputs give the same findings: those already reported are not repeated.
            var repeated = reported
            try stream(into: output, sink: try streamSink(direct: false, output: output)) { diagnostic, display in
                if repeated > 0 { repeated -= 1 } else { report(diagnostic, display) }
            }
        }
    }

    /// Reads everything, then writes the document.
    private func writeWhole(into output: Output, report: DiagnosticHandler) throws {
        if let last = pipeline.steps.last, last.streamsItems, let lines = codec.itemStreamEncoder {
            return try streamLastStep(last, with: lines, into: output, report: report)
        }
        let prepared = try prepare(report: report)
        if output.sink != nil, let lines = codec.itemStreamEncoder {
            return try writeItems(prepared.document, with: lines, options: prepared.options, into: output)
        }
        // A document whole in memory has its items in the writer's order: into a file that
        // appears only whole, a writer that writes them as they come (json) sends them out
        // 64 KiB at a time, without the document's bytes held whole.
        if output.file?.canStartOver == true, prepared.document.referencedRecipes.isEmpty,
           var sink = try sink(direct: true, output: output, options: prepared.options), sink.writesAsItemsCome {
            do {
                for recipe in prepared.document.recipes {
                    try sink.take(.recipe(recipe), output: output.write).forEach { report($0, .quoting()) }
                }
                for event in prepared.document.events {
                    try sink.take(.event(event), output: output.write).forEach { report($0, .quoting()) }
                }
                try sink.finish(extras: prepared.document.extras, output.write).forEach { report($0, .quoting()) }
            } catch let error as any CodecError {
                throw AlmanacError(error, source: output.name)
            }
            return
        }
        let result: EncodeResult
        do {
            result = try codec.encode(prepared.document, options: prepared.options)
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
        result.diagnostics.forEach { report($0, .quoting()) }
        try output.write(result.bytes)
    }

    /// Reads everything and runs the steps but the last, which hands its items (a million
    /// occurrences of `expand`) one at a time to the item-wise writer, each validated as it
    /// comes (``StreamValidator``), 64 KiB written at a time: memory holds the input, not
    /// the output. A validation error stops the run (a file output is left untouched).
    ///
    /// The occurrences of a series (``ExpandedItems``) are not made into events: the writer
    /// encodes what they share once (``ItemStreamEncoding/occurrenceEncoder(for:options:)``)
    /// and the validator checks the series once and each occurrence's times, giving the
    /// bytes and diagnostics the events would get.
    private func streamLastStep(_ last: any PipelineStep, with lines: any ItemStreamEncoding, into output: Output, report: DiagnosticHandler) throws {
        var state = try InputReader(limits: limits).read(inputs, report: report)
        try Pipeline(Array(pipeline.steps.dropLast())).run(&state)
        var items = try last.itemsAndOccurrences(after: &state)
        state.warnings.forEach { report($0, .alone) }
        let options = writerOptions(after: state)
        let validates = validator != nil
        var itemValidator = StreamValidator(validator ?? Validator())
        if validates { itemValidator.reserve(items.occurrenceCount) }
        func check(_ found: [Diagnostic]) throws {
            if found.contains(where: { $0.severity == .error }) {
                throw AlmanacError(.validationFailed, message: "validation found errors; stopped (--no-validate writes anyway)", diagnostics: found)
            }
            found.forEach { report($0, .alone) }
        }
        // For each base an occurrence copies, once its first occurrence comes: its writer
        // and what the validator needs to check its occurrences.
        let bases = items.bases
        var encoders = [(any OccurrenceEncoding)?](repeating: nil, count: bases.count)
        var checks = [StreamValidator.OccurrenceCheck?](repeating: nil, count: bases.count)
        var started = [Bool](repeating: false, count: bases.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 17)
        // Each occurrence's times, written in place by the stream.
        var times = OccurrenceStream.Times(start: .date(CivilDate(daysSinceEpoch: 0)), end: nil, recurrenceID: .date(CivilDate(daysSinceEpoch: 0)))
        while let next = items.next(times: &times) {
            switch next {
            case .item(let located):
                if validates { try check(itemValidator.validate(located)) }
                guard try append(located.item, with: lines, options: options, to: &bytes, output: output) else { return }
            case .occurrence(let base, let source, let position):
                if !started[base] {
                    started[base] = true
                    if validates { checks[base] = itemValidator.occurrenceCheck(for: bases[base]) }
                    encoders[base] = lines.occurrenceEncoder(for: bases[base], options: options)
                }
                if let seriesCheck = checks[base] {
                    let found = itemValidator.validate(occurrence: times, of: seriesCheck, source: source, position: position) { times.applied(to: bases[base]) }
                    if !found.isEmpty { try check(found) }
                }
                guard let encoder = encoders[base] else {
                    guard try append(.event(times.applied(to: bases[base])), with: lines, options: options, to: &bytes, output: output) else { return }
                    continue
                }
                do {
                    try encoder.encode(times, into: &bytes)
                } catch let error as any CodecError {
                    throw AlmanacError(error, source: output.name)
                }
                guard try flush(&bytes, to: output) else { return }
            }
        }
        try output.write(bytes)
    }

    /// Writes a document read whole to a stream item by item, 64 KiB at a time, so that the
    /// first items are out at once and a reader that goes away (`| head -1`) ends the run
    /// without the rest being encoded.
    private func writeItems(_ document: AlmanacDocument, with lines: any ItemStreamEncoding, options: EncodingOptions, into output: Output) throws {
        var bytes: [UInt8] = []
        // The recipes, then the events (``AlmanacDocument/items``), without a list of them all.
        for recipe in document.recipes {
            guard try append(.recipe(recipe), with: lines, options: options, to: &bytes, output: output) else { return }
        }
        for event in document.events {
            guard try append(.event(event), with: lines, options: options, to: &bytes, output: output) else { return }
        }
        try output.write(bytes)
    }

    /// Encodes `item` after `bytes`, writing them out once they pass 64 KiB; `false` when the
    /// reader of the output went away.
    private func append(_ item: Item, with lines: any ItemStreamEncoding, options: EncodingOptions, to bytes: inout [UInt8], output: Output) throws -> Bool {
        do {
            try lines.encodeItem(item, options: options, into: &bytes)
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
        return try flush(&bytes, to: output)
    }

    /// Writes `bytes` out once they pass 64 KiB; `false` when the reader of the output went away.
    private func flush(_ bytes: inout [UInt8], to output: Output) throws -> Bool {
        guard bytes.count >= 1 << 16 else { return true }
        try output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
        return !output.isClosed
    }

    /// A message when the output format cannot hold some of these kinds, else `nil`.
    static func unwritableKinds(in kinds: [ItemKind], codec: any FormatCodec) -> String? {
        let missing = Set(kinds).subtracting(codec.format.writes)
        guard !missing.isEmpty else { return nil }
        let names = missing.sorted().map(\.plural).joined(separator: " and ")
        return "the \(codec.format.name) format cannot hold \(names); nothing was written"
    }

    /// The refusal when the output format cannot hold some of the document's items, else `nil`. A format
    /// that holds events but not recipes (iCalendar) takes the recipes that meal events name
    /// (`named`), as the meals' details; others are refused.
    static func unwritable(_ document: AlmanacDocument, named: Set<String>, codec: any FormatCodec) -> AlmanacError? {
        let writes = codec.format.writes
        guard !writes.contains(.recipe), writes.contains(.event) else {
            var kinds: [ItemKind] = []
            if !document.recipes.isEmpty { kinds.append(.recipe) }
            if !document.events.isEmpty { kinds.append(.event) }
            return unwritableKinds(in: kinds, codec: codec).map { AlmanacError(.dataError, message: $0) }
        }
        var seen = Set<String>()
        let unnamed = document.recipes.compactMap { recipe -> String? in
            guard !named.contains(recipe.id), seen.insert(recipe.id).inserted else { return nil }
            return recipe.title
        }
        return unnamed.isEmpty ? nil : mealRecipeRefusal(unnamed, codec: codec)
    }

    /// The error and hint for recipes no meal event names, by title, when the output holds events only.
    static func mealRecipeRefusal(_ titles: [String], codec: any FormatCodec) -> AlmanacError {
        let shown = titles.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (titles.count > 3 ? ", …" : "")
        let count = titles.count == 1 ? "1 recipe" : "\(titles.count) recipes"
        return AlmanacError(
            .dataError,
            message: "the \(codec.format.name) format cannot hold recipes, and no event names \(count) (\(shown)); nothing was written",
            hint: "a meal event names the recipes it serves (then plan --recipe <id> --at <date-time>); 'then filter --kind event' keeps only the events, the meals keeping their recipes' details"
        )
    }
}
