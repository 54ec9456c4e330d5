/// One attribute of a start tag (namespace declarations are never reported as attributes).
public struct XMLAttribute: Hashable, Sendable {
    /// The name without its prefix.
    public var localName: String
    /// The namespace URI, `""` for none.
    public var namespace: String
    /// The value, references resolved and white space normalized as XML says.
    public var value: String

    /// An attribute `localName` in `namespace` (`""` for none) with `value`.
    public init(localName: String, namespace: String, value: String) {
        self.localName = localName
        self.namespace = namespace
        self.value = value
    }
}
