import AlmanacCore

/// Reads a Cooklang file into the model: ``CooklangBlockReader`` for the syntax, its steps
/// mapped as they are read (``CooklangRecipeBuilder``, the mapping of ``CooklangRecipeMapper``).
enum CooklangReader {
    /// The file as the Cooklang spec sees it.
    static func parse(_ bytes: [UInt8]) throws(CooklangDecodingError) -> CooklangParsedRecipe {
        try bytes.withUnsafeBufferPointer { buffer throws(CooklangDecodingError) in
            var reader = CooklangBlockReader(buffer, sink: CooklangParseCollector())
            let metadata = try reader.read()
            var parsed = reader.sink.recipe
            parsed.metadata = metadata
            return parsed
        }
    }

    /// The recipe `bytes` hold, titled `title` and with id `id` when its metadata says neither.
    static func recipe(_ bytes: [UInt8], title: String, id: String) throws(CooklangDecodingError) -> Recipe {
        let mapper = CooklangRecipeMapper(fallbackTitle: title, fallbackID: id)
        return try bytes.withUnsafeBufferPointer { buffer throws(CooklangDecodingError) in
            var reader = CooklangBlockReader(buffer, sink: CooklangRecipeBuilder(mapper: mapper))
            let metadata = try reader.read()
            var builder = reader.sink
            let body = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? UnsafeBufferPointer(rebasing: buffer[3...]) : buffer
            return builder.recipe(metadata: metadata, source: String(decoding: body, as: UTF8.self))
        }
    }
}
