import AlmanacCore

/// Reads inputs whole and merges them into one ``PipelineState``: the located items, the
/// document extras (the first input's win) and the recipe book. Consecutive inputs of a codec
/// that reads several as one (``InputGroupDecoding``: the files of a calendar folder) are
/// read together. An input that cannot be read, or
/// one past a limit, throws an ``AlmanacError`` (``ExitStatus/dataError``, or
/// ``ExitStatus/noInput`` for a missing file).
public struct InputReader: Sendable {
    /// The limits every input is read within.
    public let limits: InputLimits

    public init(limits: InputLimits = InputLimits()) {
        self.limits = limits
    }

    /// Reads every input, in order; the readers' warnings go to `report`. Without
    /// `keepsRecipeBook` the state's ``PipelineState/recipeBook`` stays empty (no step will
    /// look a recipe up there, and a large input is not held twice).
    ///
    /// Small files (a folder of recipes) are read and decoded several at a time, one per core
    /// (``ConcurrentLoads``); their items, warnings and any error come out in input order, as
    /// when they are read one after another.
    public func read(_ inputs: [ConversionInput], keepsRecipeBook: Bool = true, report: DiagnosticHandler = { _, _ in }) throws(AlmanacError) -> PipelineState {
        var state = PipelineState(items: [], documentExtras: Extras())
        do {
            var groups = Self.groups(of: inputs)[...]
            while !groups.isEmpty {
                let batch = ConcurrentLoads.batch(groups, of: inputs)
                groups = groups.dropFirst(batch.count)
                let together = batch.count > 1
                let loaded = ConcurrentLoads.run(batch.map { Array(inputs[$0]) }) { try load($0, besideOthers: together) }
                for (group, result) in zip(batch, loaded) {
                    // A file too large to be read beside others is read now, alone.
                    let done = try result.get() ?? load(Array(inputs[group]), besideOthers: false)!
                    try merge(done, into: &state, report: report)
                }
            }
        } catch {
            throw AlmanacError(error)
        }
        guard keepsRecipeBook else { return state }
        state.recipeBook = state.items.compactMap { if case .recipe(let recipe) = $0.item { recipe } else { nil } }
        return state
    }

    /// The inputs read together: one each, but consecutive inputs of a codec that reads
    /// several as one (``InputGroupDecoding``).
    private static func groups(of inputs: [ConversionInput]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        while start < inputs.count {
            var end = start + 1
            if inputs[start].codec.inputGroupDecoder != nil {
                while end < inputs.count, inputs[end].codec.format.name == inputs[start].codec.format.name { end += 1 }
            }
            groups.append(start..<end)
            start = end
        }
        return groups
    }

    /// One input or group, read and decoded, not yet merged.
    struct Loaded: Sendable {
        var group: [ConversionInput]
        var contents: [[UInt8]]
        var results: [DecodeResult]
    }

    /// Reads and decodes one input, or a group of inputs of one ``InputGroupDecoding`` codec
    /// together. Touches nothing shared: several run at once. `nil` when read `besideOthers`
    /// and a file is no regular file of at most ``ConcurrentLoads/smallFileLimit`` bytes: it is
    /// to be read alone. A file is opened, sized, read and closed: four system calls.
    private func load(_ group: [ConversionInput], besideOthers: Bool) throws -> Loaded? {
        var contents: [[UInt8]] = []
        for input in group {
            if let path = input.path {
                var (source, size) = try FileIO.openSized(path)
                defer { source.close() }
                if besideOthers && (size ?? Int.max) > ConcurrentLoads.smallFileLimit { return nil }
                contents.append(try limits.readAll(from: &source, size: size, name: path, lines: input.codec.format.lines))
            } else {
                var stdin = FileIO.standardInput
                contents.append(try limits.readAll(from: &stdin, name: input.name, lines: input.codec.format.lines))
            }
        }
        let results: [DecodeResult]
        do {
            if group.count > 1, let codec = group[0].codec.inputGroupDecoder {
                do {
                    results = try codec.decode(inputs: zip(group, contents).map { DecodeInput(bytes: $1, source: $0.name) }, limits: limits.reader)
                } catch let failed as InputGroupError {
                    throw AlmanacError(failed.error, source: group[failed.input].name, bytes: contents[failed.input])
                }
            } else {
                results = [try group[0].codec.decode(contents[0], source: group[0].name, limits: limits.reader)]
            }
        } catch let error as any CodecError {
            throw AlmanacError(error, source: group[0].name, bytes: contents[0])
        }
        return Loaded(group: group, contents: contents, results: results)
    }

    /// Adds what `loaded` read to `state`, its warnings to `report`.
    private func merge(_ loaded: Loaded, into state: inout PipelineState, report: DiagnosticHandler) throws {
        let (group, contents) = (loaded.group, loaded.contents)
        for (index, result) in loaded.results.enumerated() {
            let input = group[index]
            for diagnostic in result.diagnostics { report(diagnostic, .quoting(contents[index])) }
            state.items += LocatedItem.items(of: result, source: input.name)
            if state.items.count > limits.maximumItems {
                throw limits.exceeded(input.name, "brings the items to more than \(limits.maximumItems)", option: "--max-items")
            }
            state.documentExtras.entries.merge(result.document.extras.entries) { mine, _ in mine }
        }
    }
}
