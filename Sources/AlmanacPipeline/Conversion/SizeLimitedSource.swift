import AlmanacCore

/// A streamed input that may not pass `--max-input-size` when it is given (``InputLimits/maximumStreamedBytes``).
struct SizeLimitedSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private let maximum: Int?
    /// What going past `maximum` throws.
    private let refusal: InputLimits.LimitExceeded
    private var count = 0

    init(_ base: Base, maximum: Int?, refusal: InputLimits.LimitExceeded) {
        self.base = base
        self.maximum = maximum
        self.refusal = refusal
    }

    mutating func read(into buffer: inout [UInt8], maximum wanted: Int) throws -> Int {
        try counted(base.read(into: &buffer, maximum: wanted))
    }

    mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        try counted(base.read(into: destination))
    }

    /// `read`, once the bytes read are counted.
    private mutating func counted(_ read: Int) throws -> Int {
        count += read
        if let maximum, count > maximum {
            throw refusal
        }
        return read
    }

    mutating func remainingByteCount() -> Int? { base.remainingByteCount() }
}

/// A regular file stays one a reader can go back in (the ics reader's two passes read it
/// from disk twice instead of holding it in memory); going back counts the bytes again
/// from there, so each pass is held to the limit and not the passes together.
extension SizeLimitedSource: RereadableByteSource where Base: RereadableByteSource {
    mutating func readPosition() -> Int? { base.readPosition() }

    mutating func setReadPosition(_ position: Int) throws {
        try base.setReadPosition(position)
        count = position
    }
}
