import AlmanacCore

/// One run of `almanac convert` once its arguments are checked: reading, the verbs,
/// validation and writing, whole or streamed item by item.
struct Conversion {
    let plan: ConvertPlan
    let steps: [any PipelineStep]
    /// `nil` with `--no-validate`.
    let validator: Validator?
    let limits: InputLimits
    let context: CommandContext

    /// Reads the inputs, runs the verbs and validates: the document to write with the
    /// writer's options, or `nil` after the problem was printed (`status` says which).
    func prepare() throws -> (document: AlmanacDocument, options: EncodingOptions)? {
        guard let loaded = try InputLoader(context: context, limits: limits).load(plan.inputs) else {
            throw Stop(status: .dataError)
        }
        var state = PipelineState(items: loaded.items, documentExtras: loaded.documentExtras)
        state.recipeBook = loaded.items.compactMap { if case .recipe(let recipe) = $0.item { recipe } else { nil } }
        for step in steps { try step.apply(to: &state) }
        let diagnostics = state.warnings + (validator?.validate(state.items) ?? [])
        diagnostics.forEach { context.diagnostics.print($0, excerpt: false) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            context.console.error(HelpFormatter.errorLine("validation found \(errors) error\(errors == 1 ? "" : "s"); nothing was written (--no-validate writes anyway)"))
            throw Stop(status: .validationFailed)
        }
        let items = state.items.map(\.item)
        let named = Set(items.flatMap { item -> [String] in if case .event(let event) = item { event.recipes } else { [] } })
        if let refusal = Self.unwritable(items, named: named, codec: plan.outputCodec) {
            refusal.forEach { context.console.error($0) }
            throw Stop(status: .dataError)
        }
        var options = plan.encodingOptions
        options.settings.merge(state.writerSettings) { mine, _ in mine }
        return (state.document, options)
    }

    /// Reads everything, then writes the document.
    func convertWhole(to output: AtomicFileWriter?) throws -> ExitStatus {
        let prepared: (document: AlmanacDocument, options: EncodingOptions)
        do {
            guard let ready = try prepare() else { return .dataError }
            prepared = ready
        } catch let stop as Stop {
            return stop.status
        }
        if output == nil, let lines = plan.outputCodec as? any ItemStreamEncoding {
            return try writeItems(prepared.document, with: lines, options: prepared.options)
        }
        let result: EncodeResult
        do {
            result = try plan.outputCodec.encode(prepared.document, options: prepared.options)
        } catch let error as any CodecError {
            context.diagnostics.print(error.diagnostic(source: plan.outputPath ?? "<stdout>"))
            return .dataError
        }
        result.diagnostics.forEach { context.diagnostics.print($0) }
        if let output { try output.write(result.bytes) } else { try context.console.write(result.bytes) }
        return .success
    }

    /// Writes a document read whole to standard output item by item, 64 KiB at a time, so
    /// that the first items are out at once and a reader that goes away (`| head -1`)
    /// ends the run without the rest being encoded.
    private func writeItems(_ document: AlmanacDocument, with lines: any ItemStreamEncoding, options: EncodingOptions) throws -> ExitStatus {
        var bytes: [UInt8] = []
        for item in document.items {
            do {
                try lines.encodeItem(item, options: options, into: &bytes)
            } catch let error as any CodecError {
                context.diagnostics.print(error.diagnostic(source: "<stdout>"))
                return .dataError
            }
            guard bytes.count >= 1 << 16 else { continue }
            try context.console.write(bytes)
            if context.console.outputClosed { return .success }
            bytes.removeAll(keepingCapacity: true)
        }
        try context.console.write(bytes)
        return .success
    }

    /// Passes items from item-wise readers to a streaming writer one at a time, validating
    /// each as it comes (``StreamValidator``: `unique-ids` by hashes of the ids). An item-wise writer
    /// (ndjson) writes each item at once; a document writer gets each item encoded and kept
    /// (spilled to a temporary file past a few megabytes) until the document is written at the
    /// end. On an error the run stops: a file output is left untouched; on standard output
    /// the items an item-wise writer wrote before it are out.
    func stream(to output: AtomicFileWriter?) throws -> ExitStatus {
        let sinkOrNone: StreamSink?
        do {
            sinkOrNone = try StreamSink(plan.outputCodec, options: plan.encodingOptions)
        } catch let error as any CodecError {
            context.diagnostics.print(error.diagnostic(source: plan.outputPath ?? "<stdout>"))
            return .dataError
        }
        guard var sink = sinkOrNone else { return try convertWhole(to: output) }
        var itemValidator = validator.map(StreamValidator.init)
        // Recipes a calendar cannot hold are written only as details of the meals that name
        // them, which may come later: whether each is named is known at the end.
        let mealRecipesOnly = !plan.outputCodec.format.writes.contains(.recipe) && plan.outputCodec.format.writes.contains(.event)
        var unnamedRecipes: [String: String] = [:]
        var recipeOrder: [String] = []
        var namedRecipes = Set<String>()
        // The inputs' document-level extras, merged as whole reads merge them (the first wins).
        var extras = Extras()
        func send(_ bytes: [UInt8]) throws {
            if let output { try output.write(bytes) } else { try context.console.write(bytes) }
        }
        for input in plan.inputs {
            let decoder = input.codec as! any ItemStreamDecoding
            let file = try input.path.map(FileIO.openForReading) ?? FileIO.standardInput
            defer { file.close() }
            let sized = SizeLimitedSource(file, maximum: limits.maximumStreamedBytes, refusal: limits.tooLarge(input.name))
            var source = LineLimitedSource(sized, maximum: limits.maximumLineLength, structure: decoder.format.lines)
            do {
                let end = try decoder.decodeItems(from: &source, sourceName: input.name, limits: limits.reader) { item, position in
                    switch item {
                    case .recipe(let recipe) where mealRecipesOnly:
                        if unnamedRecipes[recipe.id] == nil, !namedRecipes.contains(recipe.id) {
                            unnamedRecipes[recipe.id] = recipe.title
                            recipeOrder.append(recipe.id)
                        }
                    case .event(let event) where mealRecipesOnly:
                        namedRecipes.formUnion(event.recipes)
                    default:
                        if let refusal = Self.unwritableKinds(in: [item.kind], codec: plan.outputCodec) {
                            context.console.error(HelpFormatter.errorLine(refusal))
                            throw Stop(status: .dataError)
                        }
                    }
                    if itemValidator != nil {
                        let found = itemValidator!.validate(LocatedItem(item, source: input.name, position: position))
                        found.forEach { context.diagnostics.print($0, excerpt: false) }
                        if found.contains(where: { $0.severity == .error }) {
                            context.console.error(HelpFormatter.errorLine("validation found errors; stopped (--no-validate writes anyway)"))
                            throw Stop(status: .validationFailed)
                        }
                    }
                    try sink.take(item, output: send).forEach { context.diagnostics.print($0) }
                    if context.console.outputClosed && output == nil { throw Stop(status: .success) }
                }
                end.diagnostics.forEach { context.diagnostics.print($0) }
                extras.entries.merge(end.documentExtras.entries) { mine, _ in mine }
            } catch let error as any CodecError {
                context.diagnostics.print(InputLimits.diagnostic(for: error, source: input.name))
                return .dataError
            } catch let long as LineTooLong {
                context.console.error(limits.exceeded(long, name: input.name).message)
                return .dataError
            } catch let limit as InputLimits.LimitExceeded {
                context.console.error(limit.message)
                return .dataError
            } catch let stop as Stop {
                return stop.status
            }
        }
        let unnamed = recipeOrder.filter { !namedRecipes.contains($0) }
        if !unnamed.isEmpty {
            Self.mealRecipeRefusal(unnamed.map { unnamedRecipes[$0] ?? $0 }, codec: plan.outputCodec).forEach { context.console.error($0) }
            return .dataError
        }
        let warnings: [Diagnostic]
        do {
            warnings = try sink.finish(extras: extras, send)
        } catch let error as any CodecError {
            context.diagnostics.print(error.diagnostic(source: plan.outputPath ?? "<stdout>"))
            return .dataError
        }
        warnings.forEach { context.diagnostics.print($0) }
        return .success
    }

    /// A message when the output format cannot hold some of these kinds, else `nil`.
    static func unwritableKinds(in kinds: [ItemKind], codec: any FormatCodec) -> String? {
        let missing = Set(kinds).subtracting(codec.format.writes)
        guard !missing.isEmpty else { return nil }
        let names = missing.sorted().map(\.plural).joined(separator: " and ")
        return "the \(codec.format.name) format cannot hold \(names); nothing was written"
    }

    /// The error lines when the output format cannot hold some of `items`, else `nil`. A
    /// format that holds events but not recipes (iCalendar) takes the recipes that meal
    /// events name (`named`), as the meals' details; others are refused.
    static func unwritable(_ items: [Item], named: Set<String>, codec: any FormatCodec) -> [String]? {
        let writes = codec.format.writes
        guard !writes.contains(.recipe), writes.contains(.event) else {
            return unwritableKinds(in: items.map(\.kind), codec: codec).map { [HelpFormatter.errorLine($0)] }
        }
        var seen = Set<String>()
        let unnamed = items.compactMap { item -> String? in
            guard case .recipe(let recipe) = item, !named.contains(recipe.id), seen.insert(recipe.id).inserted else { return nil }
            return recipe.title
        }
        return unnamed.isEmpty ? nil : mealRecipeRefusal(unnamed, codec: codec)
    }

    /// The error and hint for recipes no meal event names, by title, when the output holds events only.
    static func mealRecipeRefusal(_ titles: [String], codec: any FormatCodec) -> [String] {
        let shown = titles.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (titles.count > 3 ? ", …" : "")
        let count = titles.count == 1 ? "1 recipe" : "\(titles.count) recipes"
        return [
            HelpFormatter.errorLine("the \(codec.format.name) format cannot hold recipes, and no event names \(count) (\(shown)); nothing was written"),
            "hint: a meal event names the recipes it serves (then plan --recipe <id> --at <date-time>); 'then filter --kind event' keeps only the events, the meals keeping their recipes' details",
        ]
    }

    /// Ends the run with `status`; what went wrong has been printed.
    struct Stop: Error {
        var status: ExitStatus
    }
}
