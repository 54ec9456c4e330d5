/// One attribute of a start tag (namespace declarations are never reported as attributes).
package struct XMLAttribute: Hashable, Sendable {
    /// The name without its prefix.
    package var localName: String
    /// The namespace URI, `""` for none.
    package var namespace: String
    /// The value, references resolved and white space normalized as XML says.
    package var value: String

    /// An attribute `localName` in `namespace` (`""` for none) with `value`.
    package init(localName: String, namespace: String, value: String) {
        self.localName = localName
        self.namespace = namespace
        self.value = value
    }
}
