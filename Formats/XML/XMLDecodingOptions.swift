import AlmanacCore

/// Limits of the almanac XML reader.
///
/// libxml2's own limits always apply as well, because almanac never passes
/// `XML_PARSE_HUGE`: elements nest at most 256 deep, one text node holds at most
/// 10,000,000 bytes, and entity expansion is bounded.
public struct XMLDecodingOptions: Sendable, Hashable {
    /// The deepest nesting of elements accepted (the root is level 1); deeper input
    /// is an error. Values above 256 have no effect: libxml2 stops there first.
    public var maximumDepth: Int

    public init(maximumDepth: Int = 256) {
        self.maximumDepth = maximumDepth
    }

    /// These options with the depth `limits` sets, if it sets one.
    public func applying(_ limits: ReaderLimits) -> XMLDecodingOptions {
        XMLDecodingOptions(maximumDepth: limits.depth(default: maximumDepth))
    }
}
