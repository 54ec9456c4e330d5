import CLibXML2

/// The kind of node ``XMLTextReader`` is on.
package enum XMLNodeKind: Sendable, Hashable {
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

extension XMLNodeKind {
    /// The kind of a node of libxml2's reader type `readerType` (`xmlReaderTypes`).
    init(readerType: Int32) {
        switch UInt32(readerType) {
        case XML_READER_TYPE_ELEMENT.rawValue: self = .element
        case XML_READER_TYPE_END_ELEMENT.rawValue: self = .endElement
        case XML_READER_TYPE_TEXT.rawValue: self = .text
        case XML_READER_TYPE_CDATA.rawValue: self = .cdata
        case XML_READER_TYPE_WHITESPACE.rawValue, XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue: self = .whitespace
        case XML_READER_TYPE_ENTITY_REFERENCE.rawValue: self = .entityReference
        case XML_READER_TYPE_COMMENT.rawValue: self = .comment
        case XML_READER_TYPE_PROCESSING_INSTRUCTION.rawValue: self = .processingInstruction
        default: self = .other
        }
    }
}
