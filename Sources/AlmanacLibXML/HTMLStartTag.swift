/// An element's start as ``HTMLEventParser`` reports it: its lowercase name, its
/// attributes in source order, and where its tag is in the page.
public struct HTMLStartTag: Sendable {
    /// The element's name, lowercase (`div`, `script`).
    public var name: String
    /// The attributes in source order; names lowercase, values with entities resolved.
    /// Their `namespace` is always `""`.
    public var attributes: [XMLAttribute]
    /// Offset in the page of the tag's `<` (for an element the parser implied, such as
    /// a missing `<body>`, the nearest `<` before where it was implied).
    public var offset: Int
    /// Offset in the page just after the tag's `>`: where the element's content starts.
    public var contentOffset: Int

    public init(name: String, attributes: [XMLAttribute], offset: Int, contentOffset: Int) {
        self.name = name
        self.attributes = attributes
        self.offset = offset
        self.contentOffset = contentOffset
    }

    /// The value of the first attribute named `name` (lowercase), if there is one.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.localName == name }?.value
    }
}
