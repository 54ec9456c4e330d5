/// Somewhere bytes are appended to: an array, or a ``ContentLineWriter``'s own output, so
/// that ``TextValue/appendReporting(_:to:)`` writes an escaped TEXT value straight into
/// either (the function is specialized for each).
protocol ByteOutput {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends the bytes of `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ContentLineOutput: ByteOutput {}
