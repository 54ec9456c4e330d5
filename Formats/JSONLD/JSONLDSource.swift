import AlmanacCore
import AlmanacJSONValue

/// Where a JSON-LD text sits in the file that was read: the whole file for `.jsonld`,
/// one `<script>` block of a page for `.html`. Turns offsets in the JSON text into
/// positions in the file, for messages.
struct JSONLDSource {
    /// The whole file as read.
    let fileBytes: [UInt8]
    /// Offset of the JSON text's first byte in the file.
    let base: Int
    /// Counts the file's lines once for every position asked for (one per recipe).
    let locator: SourceLocator

    /// The JSON text at `base` in `fileBytes`; the texts of one file share `locator`.
    init(fileBytes: [UInt8], base: Int, locator: SourceLocator? = nil) {
        self.fileBytes = fileBytes
        self.base = base
        self.locator = locator ?? SourceLocator(fileBytes)
    }

    /// The position in the file of byte `offset` of the JSON text.
    func position(_ offset: Int) -> SourcePosition {
        locator.position(of: base + offset)
    }

    /// The position in the file where `value` starts.
    func position(of value: JSONValue) -> SourcePosition {
        position(value.offset)
    }

    /// The error for a JSON text that is not JSON.
    func error(_ error: JSONSyntaxError) -> JSONLDDecodingError {
        switch error {
        case .malformed(let reason, let offset): return .invalidJSON(reason, at: position(offset))
        case .tooDeep(let limit, let offset): return .tooDeep(limit: limit, at: position(offset))
        }
    }
}
