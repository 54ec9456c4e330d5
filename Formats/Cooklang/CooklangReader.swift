import AlmanacCore

/// Reads a Cooklang file into the model: ``CooklangBlockReader`` for the syntax, then
/// ``CooklangRecipeMapper``.
enum CooklangReader {
    /// The file as the Cooklang spec sees it.
    static func parse(_ bytes: [UInt8]) throws(CooklangDecodingError) -> CooklangParsedRecipe {
        try bytes.withUnsafeBufferPointer { buffer throws(CooklangDecodingError) in
            var reader = CooklangBlockReader(buffer)
            return try reader.read()
        }
    }

    /// The recipe `bytes` hold, titled `title` and with id `id` when its metadata says neither.
    static func recipe(_ bytes: [UInt8], title: String, id: String) throws(CooklangDecodingError) -> Recipe {
        let parsed = try parse(bytes)
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return CooklangRecipeMapper(fallbackTitle: title, fallbackID: id).recipe(parsed, source: String(decoding: body, as: UTF8.self))
    }
}
