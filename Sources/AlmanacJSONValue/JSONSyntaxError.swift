import AlmanacCore

/// Why bytes are not JSON (RFC 8259), and where: a byte offset, turned into a line and
/// column with ``position(in:)`` when reporting. Codecs wrap it in their own
/// ``CodecError``.
public enum JSONSyntaxError: Error, Hashable, Sendable {
    /// The bytes break the grammar or are not UTF-8 (`reason` says what was expected).
    case malformed(String, offset: Int)
    /// Arrays and objects nest deeper than the reader allows.
    case tooDeep(limit: Int, offset: Int)

    /// What went wrong, without the position.
    public var reason: String {
        switch self {
        case .malformed(let reason, _): return reason
        case .tooDeep(let limit, _): return "arrays and objects nest deeper than \(limit) levels"
        }
    }

    /// The offset of the byte where reading stopped.
    public var offset: Int {
        switch self {
        case .malformed(_, let offset), .tooDeep(_, let offset): return offset
        }
    }

    /// The line and column of ``offset`` in the input that was read.
    public func position(in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        SourcePosition(offset: offset, in: bytes)
    }
}

/// A key that appears twice in one object: reported by ``JSONReader``, which keeps both.
public struct JSONDuplicateKey: Hashable, Sendable {
    public var key: String
    /// Offset of the repeated key's opening quote.
    public var offset: Int
    /// Offset of the first occurrence's opening quote.
    public var firstOffset: Int

    public init(key: String, offset: Int, firstOffset: Int) {
        self.key = key
        self.offset = offset
        self.firstOffset = firstOffset
    }
}
