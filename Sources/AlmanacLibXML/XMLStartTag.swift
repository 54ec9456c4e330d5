/// The element ``XMLTextReader`` is on: its names, attributes and place.
package struct XMLStartTag: Hashable, Sendable {
    /// The name without its prefix.
    package var localName: String
    /// The namespace URI, `""` for none.
    package var namespace: String
    /// The name as written, prefix included.
    package var qualifiedName: String
    /// Whether it is an empty-element tag (`<a/>`), which has no content and no end tag.
    package var isEmpty: Bool
    /// How deep it is: the root element is at depth 0.
    package var depth: Int
    /// Its attributes in document order, namespace declarations left out.
    package var attributes: [XMLAttribute]
    /// Where it is, for messages (``XMLTextReader/position(_:)``).
    package var mark: XMLNodeMark
    /// ``localName`` as the reader interned it, for comparing with ``XMLTextReader/key(for:)``.
    package var localNameKey: XMLNameKey
    /// ``namespace`` as the reader interned it (``XMLNameKey/none`` for none).
    package var namespaceKey: XMLNameKey

    /// A start tag with the given parts (the reader makes them; tests may too).
    package init(
        localName: String, namespace: String, qualifiedName: String, isEmpty: Bool, depth: Int, attributes: [XMLAttribute], mark: XMLNodeMark,
        localNameKey: XMLNameKey = .none, namespaceKey: XMLNameKey = .none
    ) {
        self.localName = localName
        self.namespace = namespace
        self.qualifiedName = qualifiedName
        self.isEmpty = isEmpty
        self.depth = depth
        self.attributes = attributes
        self.mark = mark
        self.localNameKey = localNameKey
        self.namespaceKey = namespaceKey
    }

    /// The value of the attribute `localName` in `namespace` (none by default), or `nil`.
    package func attribute(_ localName: String, namespace: String = "") -> String? {
        attributes.first { $0.localName == localName && $0.namespace == namespace }?.value
    }
}
