/// The kind of node ``XMLTextReader`` is on.
public enum XMLNodeKind: Sendable, Hashable {
    /// A start tag (or an empty-element tag).
    case element
    /// An end tag.
    case endElement
    /// Character data (entity and character references already resolved).
    case text
    /// A CDATA section (reported as text: the reader parses with `XML_PARSE_NOCDATA`).
    case cdata
    /// White space only, between elements or inside them.
    case whitespace
    /// A reference to a DTD-declared entity, left unexpanded.
    case entityReference
    /// A comment (`<!-- … -->`).
    case comment
    /// A processing instruction (`<?target data?>`).
    case processingInstruction
    /// Anything else: the document type declaration, the end of an entity, …
    case other
}
