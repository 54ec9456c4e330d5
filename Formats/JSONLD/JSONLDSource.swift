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
    /// For a block the `html` reader repaired: the way from offsets in the repaired text
    /// back to the block as the page has it; `exact` is false when the block's text is not
    /// the page's bytes (a page in another encoding), and every offset is then the block's start.
    var repaired: RepairedJSON? = nil
    var exact = true

    /// The position in the file of byte `offset` of the JSON text (with `original`, of
    /// the block's text as the page has it, before any repair).
    func position(_ offset: Int, original: Bool = false) -> SourcePosition {
        guard exact else { return SourcePosition(offset: base, in: fileBytes) }
        let inBlock = original ? offset : (repaired?.originalOffset(offset) ?? offset)
        return SourcePosition(offset: base + inBlock, in: fileBytes)
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
