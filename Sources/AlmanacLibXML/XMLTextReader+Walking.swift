import AlmanacCore
import CLibXML2

/// Walking elements: the operations a codec's model reader calls for each element.
extension XMLTextReader {
    // MARK: Walking elements

    /// The first element of the document (the root), past the prolog.
    package func rootElement() throws -> XMLStartTag {
        while try read() {
            switch kind {
            case .element: return try startTag()
            case .entityReference: throw XMLReadError.entityReference(qualifiedName, at: position(mark))
            default: continue
            }
        }
        throw XMLReadError.malformed("the document has no root element", at: sourceMap.position(line: 1, column: 1))
    }

    /// Reads to the end of the input after the root element, so that libxml2 checks it.
    package func finish() throws {
        while try read() {}
    }

    /// Calls `body` for each child element of `tag`; `body` must consume the child
    /// (``text(of:)``, ``capture(_:)``, ``skip(_:)`` or ``children(of:_:)``). Text other
    /// than white space is an error; comments and processing instructions are skipped.
    package func children(of tag: XMLStartTag, _ body: (XMLStartTag) throws -> Void) throws {
        guard !tag.isEmpty else { return }
        while try read() {
            switch kind {
            case .element:
                try body(try startTag())
            case .endElement where depth == tag.depth:
                return
            case .text, .cdata:
                let text = value
                if !text.trimmingXMLWhitespace().isEmpty {
                    throw XMLReadError.unexpectedText(text, in: "<\(tag.qualifiedName)>", at: sourceMap.position(line: currentLine, column: 1))
                }
            case .entityReference:
                throw XMLReadError.entityReference(qualifiedName, at: sourceMap.position(line: currentLine, column: 1))
            default:
                continue
            }
        }
        throw XMLReadError.malformed("the input ends inside <\(tag.qualifiedName)>", at: sourceMap.position(line: Int(xmlTextReaderGetParserLineNumber(reader)), column: 1))
    }

    /// The text content of `tag`, which must hold no element: text, CDATA and white
    /// space joined, references resolved, nothing trimmed.
    package func text(of tag: XMLStartTag) throws -> String {
        guard !tag.isEmpty else { return "" }
        var text = ""
        while try read() {
            switch kind {
            case .text, .cdata, .whitespace:
                if text.isEmpty { text = value } else { text += value }
            case .endElement where depth == tag.depth:
                return text
            case .element:
                throw XMLReadError.unexpectedElement(qualifiedName, in: "<\(tag.qualifiedName)>", at: position(mark))
            case .entityReference:
                throw XMLReadError.entityReference(qualifiedName, at: position(tag.mark))
            default:
                continue
            }
        }
        throw XMLReadError.malformed("the input ends inside <\(tag.qualifiedName)>", at: position(tag.mark))
    }

    /// Consumes `tag` and everything inside it.
    package func skip(_ tag: XMLStartTag) throws {
        guard !tag.isEmpty else { return }
        while try read() {
            if kind == .endElement, depth == tag.depth { return }
            if kind == .entityReference { throw XMLReadError.entityReference(qualifiedName, at: position(tag.mark)) }
        }
    }

    /// `tag` and everything inside it as an element tree (see ``XMLCapturedElement``):
    /// name, namespace, attributes, and text and child elements in order. Comments and
    /// processing instructions are dropped.
    package func capture(_ tag: XMLStartTag) throws -> XMLCapturedElement {
        var element = XMLCapturedElement(name: tag.localName, namespace: tag.namespace, attributes: tag.attributes, content: [])
        guard !tag.isEmpty else { return element }
        while try read() {
            switch kind {
            case .element:
                element.content.append(.element(try capture(try startTag())))
            case .text, .cdata, .whitespace:
                let text = value
                if case .text(let previous)? = element.content.last {
                    element.content[element.content.count - 1] = .text(previous + text)
                } else {
                    element.content.append(.text(text))
                }
            case .endElement where depth == tag.depth:
                return element
            case .entityReference:
                throw XMLReadError.entityReference(qualifiedName, at: position(tag.mark))
            default:
                continue
            }
        }
        throw XMLReadError.malformed("the input ends inside <\(tag.qualifiedName)>", at: position(tag.mark))
    }
}
