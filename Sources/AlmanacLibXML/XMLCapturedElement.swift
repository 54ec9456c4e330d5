/// An element read whole by ``XMLTextReader/capture(_:)``: its name, namespace,
/// attributes, and its text and child elements in document order (comments and
/// processing instructions left out). Codecs use it to keep XML they do not know.
package struct XMLCapturedElement: Hashable, Sendable {
    /// One piece of an element's content.
    package enum Node: Hashable, Sendable {
        /// Character data; adjacent text, CDATA and white space are joined into one.
        case text(String)
        /// A child element, whole.
        case element(XMLCapturedElement)
    }

    /// The name without its prefix.
    package var name: String
    /// The namespace URI, `""` for none.
    package var namespace: String
    /// Its attributes in document order, namespace declarations left out.
    package var attributes: [XMLAttribute]
    /// Its text and child elements in document order.
    package var content: [Node]

    /// An element with the given parts.
    package init(name: String, namespace: String, attributes: [XMLAttribute], content: [Node]) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.content = content
    }
}
