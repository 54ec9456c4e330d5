import AlmanacCore

/// Reads the inputs of a plan whole and merges them into located items, printing the
/// readers' warnings, or the error of an input that cannot be read. Consecutive inputs
/// of a codec that reads several as one (``InputGroupDecoding``: the files of a calendar
/// folder) are read together.
struct InputLoader {
    /// What all the inputs hold.
    struct Loaded {
        var items: [LocatedItem]
        /// Document-level extras of the inputs, merged (first one wins).
        var documentExtras: Extras
    }

    let context: CommandContext
    let limits: InputLimits

    /// Returns `nil` after printing the error when an input is malformed or past a limit.
    func load(_ inputs: [ConvertPlan.Input]) throws -> Loaded? {
        var loaded = Loaded(items: [], documentExtras: Extras())
        var start = 0
        while start < inputs.count {
            var end = start + 1
            if inputs[start].codec is any InputGroupDecoding {
                while end < inputs.count, inputs[end].codec.format.name == inputs[start].codec.format.name { end += 1 }
            }
            guard try load(Array(inputs[start..<end]), into: &loaded) else { return nil }
            start = end
        }
        return loaded
    }

    /// Reads one input, or a group of inputs of one ``InputGroupDecoding`` codec together.
    private func load(_ group: [ConvertPlan.Input], into loaded: inout Loaded) throws -> Bool {
        var contents: [[UInt8]] = []
        for input in group {
            do {
                if let path = input.path {
                    var source = try FileIO.openForReading(path)
                    defer { source.close() }
                    contents.append(try limits.readAll(from: &source, name: path, lines: input.codec.format.lines))
                } else {
                    var stdin = FileIO.standardInput
                    contents.append(try limits.readAll(from: &stdin, name: input.name, lines: input.codec.format.lines))
                }
            } catch let exceeded as InputLimits.LimitExceeded {
                context.console.error(exceeded.message)
                return false
            }
        }
        let results: [DecodeResult]
        do {
            if group.count > 1, let codec = group[0].codec as? any InputGroupDecoding {
                do {
                    results = try codec.decode(inputs: zip(group, contents).map { DecodeInput(bytes: $1, source: $0.name) }, limits: limits.reader)
                } catch let failed as InputGroupError {
                    context.diagnostics.print(InputLimits.diagnostic(for: failed.error, source: group[failed.input].name), sourceBytes: contents[failed.input])
                    return false
                }
            } else {
                results = [try group[0].codec.decode(contents[0], source: group[0].name, limits: limits.reader)]
            }
        } catch let error as any CodecError {
            context.diagnostics.print(InputLimits.diagnostic(for: error, source: group[0].name), sourceBytes: contents[0])
            return false
        }
        for (index, result) in results.enumerated() {
            let input = group[index]
            for diagnostic in result.diagnostics { context.diagnostics.print(diagnostic, sourceBytes: contents[index]) }
            loaded.items += LocatedItem.items(of: result, source: input.name)
            if loaded.items.count > limits.maximumItems {
                context.console.error(limits.exceeded(input.name, "brings the items to more than \(limits.maximumItems)", option: "--max-items").message)
                return false
            }
            loaded.documentExtras.entries.merge(result.document.extras.entries) { mine, _ in mine }
        }
        return true
    }
}
