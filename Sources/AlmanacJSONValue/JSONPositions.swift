import AlmanacCore

/// Turns byte offsets into lines and columns, counting the input once (columns count
/// Unicode scalars, as ``SourcePosition`` does; a byte-order mark is not a column): see
/// ``SourceLocator``, which this names for the JSON values of one input.
public struct JSONPositions {
    private let locator: SourceLocator

    /// Positions in `bytes`, which must outlive this value.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        locator = SourceLocator(bytes)
    }

    /// The position of byte `target`.
    public mutating func position(of target: Int) -> SourcePosition {
        locator.position(of: target)
    }

    /// The position where `value` starts.
    public mutating func position(of value: JSONValue) -> SourcePosition {
        position(of: value.offset)
    }
}
