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

    /// Returns `nil` after printing the error when an input is malformed.
    func load(_ inputs: [ConvertPlan.Input]) throws -> Loaded? {
        var loaded = Loaded(items: [], documentExtras: Extras())
        for input in inputs {
            var bytes: [UInt8]
            if let path = input.path {
                bytes = try FileIO.readAll(path)
            } else {
                var stdin = FileIO.standardInput
                bytes = try FileIO.readAll(from: &stdin)
            }
            do {
                let result = try input.codec.decode(bytes, source: input.name)
                for diagnostic in result.diagnostics { context.diagnostics.print(diagnostic, sourceBytes: bytes) }
                loaded.items += LocatedItem.items(of: result, source: input.name)
                loaded.documentExtras.entries.merge(result.document.extras.entries) { mine, _ in mine }
            } catch let error as any CodecError {
                context.diagnostics.print(error.diagnostic(source: input.name), sourceBytes: bytes)
                return nil
            }
        }
        return loaded
    }
}
