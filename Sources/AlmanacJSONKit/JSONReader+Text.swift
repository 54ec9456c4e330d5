import AlmanacCore

extension JSONReader {
    /// Reads `bytes` as one JSON document, as an owned value.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = JSONReader.defaultMaximumDepth, duplicates: DuplicateKeys = .refuse) throws(JSONSyntaxError) -> OpaqueValue {
        let result: Result<OpaqueValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maximumDepth: maximumDepth, duplicates: duplicates)
            do throws(JSONSyntaxError) {
                return .success(try reader.parseDocument().opaque)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether `text` is a number as JSON spells it.
    package static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            guard let first = buffer.first, first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else { return false }
            var scanner = JSONScanner(buffer)
            guard (try? scanner.scanNumber()) != nil else { return false }
            return scanner.index == buffer.count
        }
    }
}
