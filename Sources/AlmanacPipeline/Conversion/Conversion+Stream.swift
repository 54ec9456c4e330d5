import AlmanacCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streaming: items from item-wise readers to a streaming writer, one at a time.
extension Conversion {
    /// Passes items from item-wise readers to a streaming writer one at a time, validating
    /// each as it comes (``StreamValidator``: `unique-ids` by hashes of the ids). An item-wise
    /// writer (ndjson) writes each item at once; a document writer gets each item encoded and
    /// kept (spilled to a temporary file past a few megabytes) until the document is written
    /// at the end. On an error the run stops.
    func stream(into output: Output, sink: StreamSink, report: DiagnosticHandler) throws {
        var sink = sink
        var itemValidator = validator.map(StreamValidator.init)
        // Recipes a calendar cannot hold are written only as details of the meals that name
        // them, which may come later: whether each is named is known at the end.
        let mealRecipesOnly = !codec.format.writes.contains(.recipe) && codec.format.writes.contains(.event)
        // Whether the writer takes each kind, asked once (not hashed per item).
        let writable = codec.format.writes
        let writesEvents = writable.contains(.event), writesRecipes = writable.contains(.recipe)
        var unnamedRecipes: [String: String] = [:]
        var recipeOrder: [String] = []
        var namedRecipes = Set<String>()
        // The inputs' document-level extras, merged as whole reads merge them (the first wins).
        var extras = Extras()
        for input in inputs {
            guard let decoder = input.codec.itemStreamDecoder else { preconditionFailure("isStreamable checked every input") }
            let file = try input.path.map(FileIO.openForReading) ?? FileIO.standardInput
            defer { file.close() }
            let sized = SizeLimitedSource(file, maximum: limits.maximumStreamedBytes, refusal: limits.tooLarge(input.name))
            var source = LineLimitedSource(sized, maximum: limits.maximumLineLength, structure: decoder.format.lines)
            do {
                let end = try decoder.decodeItems(from: &source, sourceName: input.name, limits: limits.reader) { item, position in
                    // The item is looked into only when recipes go as meals' details: binding
                    // its payload would copy it.
                    if mealRecipesOnly {
                        switch item {
                        case .recipe(let recipe):
                            if unnamedRecipes[recipe.id] == nil, !namedRecipes.contains(recipe.id) {
                                unnamedRecipes[recipe.id] = recipe.title
                                recipeOrder.append(recipe.id)
                            }
                        case .event(let event):
                            namedRecipes.formUnion(event.recipes)
                        }
                    } else if !(item.kind == .event ? writesEvents : writesRecipes), let refusal = Self.unwritableKinds(in: [item.kind], codec: codec) {
                        throw AlmanacError(.dataError, message: refusal)
                    }
                    if itemValidator != nil {
                        let found = itemValidator!.validate(LocatedItem(item, source: input.name, position: position))
                        if found.contains(where: { $0.severity == .error }) {
                            throw AlmanacError(.validationFailed, message: "validation found errors; stopped (--no-validate writes anyway)", diagnostics: found)
                        }
                        found.forEach { report($0, .alone) }
                    }
                    try sink.take(item, output: output.write).forEach { report($0, .quoting()) }
                    if output.isClosed { throw Closed() }
                }
                end.diagnostics.forEach { report($0, .quoting()) }
                extras.entries.merge(end.documentExtras.entries) { mine, _ in mine }
            } catch let error as any CodecError {
                throw AlmanacError(error, source: input.name)
            } catch let long as LineTooLong {
                throw limits.exceeded(long, name: input.name)
            } catch is Closed {
                return
            }
        }
        let unnamed = recipeOrder.filter { !namedRecipes.contains($0) }
        if !unnamed.isEmpty {
            throw Self.mealRecipeRefusal(unnamed.map { unnamedRecipes[$0] ?? $0 }, codec: codec)
        }
        do {
            try sink.finish(extras: extras, output.write).forEach { report($0, .quoting()) }
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
    }

    /// The reader of the output went away: the run ends, successfully.
    struct Closed: Error {}

    /// The sink of a streamed conversion's writer (``isStreamable`` checked it has one).
    func streamSink(direct: Bool, output: Output) throws -> StreamSink {
        guard let sink = try sink(direct: direct, output: output) else { preconditionFailure("isStreamable checked the writer") }
        return sink
    }

    /// The sink of the output's writer, `nil` when it can stream neither way.
    func sink(direct: Bool, output: Output, options: EncodingOptions? = nil) throws -> StreamSink? {
        do {
            return try StreamSink(codec, options: options ?? self.options, direct: direct)
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
    }

    /// Whether `path` names a regular file, which reads the same twice.
    static func isRegularFile(_ path: String?) -> Bool {
        guard let path else { return false }
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
