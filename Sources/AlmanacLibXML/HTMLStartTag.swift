/// An element's start as ``HTMLEventParser`` reports it: its lowercase name, its
/// attributes in source order, and where its tag is in the page.
package struct HTMLStartTag: Sendable {
    /// The element's name, lowercase (`div`, `script`).
    package var name: String
    /// The attributes in source order; names lowercase, values with entities resolved.
    /// Their `namespace` is always `""`.
    package var attributes: [XMLAttribute]
    /// Offset in the page of the tag's `<` (for an element the parser implied, such as
    /// a missing `<body>`, the nearest `<` before where it was implied).
    package var offset: Int
    /// Offset in the page just after the tag's `>`: where the element's content starts.
    package var contentOffset: Int

    package init(name: String, attributes: [XMLAttribute], offset: Int, contentOffset: Int) {
        self.name = name
        self.attributes = attributes
        self.offset = offset
        self.contentOffset = contentOffset
    }

    /// The value of the first attribute named `name` (lowercase), if there is one.
    package func attribute(_ name: String) -> String? {
        attributes.first { $0.localName == name }?.value
    }
}
