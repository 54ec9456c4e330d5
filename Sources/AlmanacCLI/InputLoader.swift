import AlmanacCore

/// Reads the inputs of a plan whole and merges them into located items, printing the
/// readers' warnings, or the error of an input that cannot be read.
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
        for input in inputs {
            let bytes: [UInt8]
            do {
                if let path = input.path {
                    var source = try FileIO.openForReading(path)
                    defer { source.close() }
                    bytes = try limits.readAll(from: &source, name: path, lines: input.codec.format.lines)
                } else {
                    var stdin = FileIO.standardInput
                    bytes = try limits.readAll(from: &stdin, name: input.name, lines: input.codec.format.lines)
                }
            } catch let exceeded as InputLimits.LimitExceeded {
                context.console.error(exceeded.message)
                return nil
            }
            do {
                let result = try input.codec.decode(bytes, source: input.name, limits: limits.reader)
                for diagnostic in result.diagnostics { context.diagnostics.print(diagnostic, sourceBytes: bytes) }
                loaded.items += LocatedItem.items(of: result, source: input.name)
                if loaded.items.count > limits.maximumItems {
                    context.console.error(limits.exceeded(input.name, "brings the items to more than \(limits.maximumItems)", option: "--max-items").message)
                    return nil
                }
                loaded.documentExtras.entries.merge(result.document.extras.entries) { mine, _ in mine }
            } catch let error as any CodecError {
                context.diagnostics.print(InputLimits.diagnostic(for: error, source: input.name), sourceBytes: bytes)
                return nil
            }
        }
        return loaded
    }
}
