import AlmanacCore
import AlmanacJSONKit

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
    let repaired: RepairedJSON?
    let exact: Bool
    /// Counts the file's lines once for every position asked for (one per recipe).
    let locator: SourceLocator

    /// The JSON text at `base` in `fileBytes`; the texts of one file share `locator`.
    init(fileBytes: [UInt8], base: Int, repaired: RepairedJSON? = nil, exact: Bool = true, locator: SourceLocator? = nil) {
        self.fileBytes = fileBytes
        self.base = base
        self.repaired = repaired
        self.exact = exact
        self.locator = locator ?? SourceLocator(fileBytes)
    }

    /// The position in the file of byte `offset` of the JSON text (with `original`, of
    /// the block's text as the page has it, before any repair).
    func position(_ offset: Int, original: Bool = false) -> SourcePosition {
        guard exact else { return locator.position(of: base) }
        let inBlock = original ? offset : (repaired?.originalOffset(offset) ?? offset)
        return locator.position(of: base + inBlock)
    }

    /// The position in the file where `value` starts.
    func position(of value: JSONValue) -> SourcePosition {
        position(value.start)
    }

    /// The error for a JSON text that is not JSON.
    func error(_ error: JSONSyntaxError) -> JSONLDDecodingError {
        switch error {
        case .tooDeep(let limit, let offset): return .tooDeep(limit: limit, at: position(offset))
        default: return .invalidJSON(error.message, at: position(error.offset))
        }
    }
}
