import AlmanacCore

/// Limits and leniencies of the JSON readers.
public struct JSONDecodingOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error,
    /// not a stack overflow.
    public var maximumDepth: Int

    public init(maximumDepth: Int = 256) {
        self.maximumDepth = maximumDepth
    }

    /// These options with the depth `limits` sets, if it sets one.
    public func applying(_ limits: ReaderLimits) -> JSONDecodingOptions {
        JSONDecodingOptions(maximumDepth: limits.depth(default: maximumDepth))
    }
}
