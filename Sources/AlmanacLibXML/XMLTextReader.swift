import AlmanacCore
import CLibXML2

/// libxml2's streaming `xmlTextReader` over bytes in memory, as a forward-only cursor
/// with the few operations a codec's model reader needs: walk the children of an
/// element, read an element's text, skip or capture an element whole, and say where
/// an element is. The only type in almanac that talks to libxml2's parser.
///
/// Security settings: `XML_PARSE_NONET` (no network), no `XML_PARSE_NOENT` (entities are
/// not substituted), no `XML_PARSE_DTDLOAD`/`DTDATTR`/`DTDVALID` (no external DTD or
/// entity is ever loaded), never `XML_PARSE_HUGE` (libxml2's depth, text-size and
/// entity-expansion limits stay on). A reference to an entity a DTD declares is an
/// error (``XMLReadError/entityReference(_:at:)``), so no entity's text ever reaches a
/// document. Every libxml2 report goes to a structured handler, so libxml2 prints
/// nothing itself; its errors become ``XMLReadError``s with line and column.
///
/// ```swift
/// try bytes.withUnsafeBufferPointer { buffer in
///     try XMLTextReader.reading(buffer) { cursor in
///         let root = try cursor.rootElement()
///         try cursor.children(of: root) { child in print(try cursor.text(of: child)) }
///         try cursor.finish()
///     }
/// }
/// ```
public final class XMLTextReader {
    private let reader: OpaquePointer
    private let collector: XMLErrorCollector
    /// Positions over the input being read.
    public let sourceMap: XMLSourceMap
    /// The deepest nesting accepted (the root is level 1); see ``reading(_:maximumDepth:_:)``.
    public let maximumDepth: Int
    /// For element marks: the line of the last element seen and how often each name started on it.
    private var markLine = 0
    private var markCounts: [String: Int] = [:]

    /// The parser options almanac uses, and no others: no network, big line numbers,
    /// CDATA reported as text.
    public static let parserOptions = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)

    /// `xmlInitParser` once per process, before any thread parses.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The namespace of namespace declarations, which are not reported as attributes.
    private static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    private init(reader: OpaquePointer, collector: XMLErrorCollector, sourceMap: XMLSourceMap, maximumDepth: Int) {
        self.reader = reader
        self.collector = collector
        self.sourceMap = sourceMap
        self.maximumDepth = maximumDepth
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// Runs `body` with a reader over `bytes`, which must stay alive meanwhile; the reader
    /// must not escape `body`. libxml2's thread-local error handlers are silenced for the
    /// calling thread while it runs and put back afterwards.
    ///
    /// - Parameters:
    ///   - bytes: the whole input; its encoding comes from its declaration or BOM (UTF-8 by default).
    ///   - maximumDepth: the deepest nesting of elements accepted (the root is level 1);
    ///     deeper input throws ``XMLReadError/tooDeep(limit:at:)``. Values above 256 have no
    ///     effect: libxml2's own limit stops there first.
    /// - Throws: ``XMLReadError``, or whatever `body` throws.
    public static func reading<Result>(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 256, _ body: (XMLTextReader) throws -> Result) throws -> Result {
        guard bytes.count < Int(Int32.max) else { throw XMLReadError.inputTooLarge(byteCount: bytes.count) }
        _ = initialized
        let collector = XMLErrorCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        xmlSetStructuredErrorFunc(context, collectXMLError)
        almanac_xml_silence_generic_errors()
        defer {
            xmlSetStructuredErrorFunc(nil, nil)
            almanac_xml_restore_generic_errors()
        }
        let sourceMap = XMLSourceMap(bytes: bytes)
        // An empty buffer still needs a valid pointer; libxml2 then reports "Document is empty".
        let empty: [CChar] = [0]
        let handle: OpaquePointer? = empty.withUnsafeBufferPointer { emptyBuffer in
            let start = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? emptyBuffer.baseAddress!
            return xmlReaderForMemory(start, Int32(bytes.count), nil, nil, parserOptions)
        }
        guard let handle else {
            throw XMLReadError.malformed(collector.firstError?.message ?? "libxml2 could not start reading", at: sourceMap.position(line: 1, column: 1))
        }
        xmlTextReaderSetStructuredErrorHandler(handle, collectXMLError, context)
        let reader = XMLTextReader(reader: handle, collector: collector, sourceMap: sourceMap, maximumDepth: maximumDepth)
        return try withExtendedLifetime(collector) { try body(reader) }
    }

    /// libxml2's warnings so far (at most 100), as diagnostics about `source`.
    public func warnings(source: String) -> [Diagnostic] {
        collector.warnings.map {
            Diagnostic(.warning, "XML: \($0.message)", source: source, position: sourceMap.position(line: max($0.line, 1), column: max($0.column, 1)))
        }
    }

    // MARK: Moving

    /// Moves to the next node; `false` at the end of the input. Throws libxml2's first error.
    public func read() throws -> Bool {
        let status = xmlTextReaderRead(reader)
        if let error = collector.firstError { throw malformed(error) }
        if status == 1 {
            if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) { noteElement() }
            return true
        }
        if status == 0 { return false }
        throw malformed(XMLErrorCollector.Report(message: "the input cannot be read as XML", line: 0, column: 0))
    }

    private func malformed(_ report: XMLErrorCollector.Report) -> XMLReadError {
        var message = report.message
        // libxml2's push parser says "Extra content at the end of the document" for an
        // input that ends early, too: say what happened.
        if report.code == Int32(XML_ERR_DOCUMENT_END.rawValue) || report.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
            switch report.documentState {
            case .beforeRoot: message = "the document is empty: it has no root element"
            case .insideRoot: message = "the input ends before every element is closed"
            case .afterRoot, .unknown: break
            }
        }
        var line = report.line
        var column = report.column
        if line <= 0 || report.insideEntity {
            line = Int(xmlTextReaderGetParserLineNumber(reader))
            column = Int(xmlTextReaderGetParserColumnNumber(reader))
        }
        return .malformed(message, at: sourceMap.position(line: max(line, 1), column: max(column, 1)))
    }

    /// Counts the element the reader just moved to, for ``XMLNodeMark/occurrence``.
    private func noteElement() {
        let line = currentLine
        if line != markLine {
            markLine = line
            markCounts.removeAll(keepingCapacity: true)
        }
        markCounts[qualifiedName, default: 0] += 1
    }

    // MARK: The current node

    /// The kind of the current node.
    public var kind: XMLNodeKind {
        switch UInt32(xmlTextReaderNodeType(reader)) {
        case XML_READER_TYPE_ELEMENT.rawValue: return .element
        case XML_READER_TYPE_END_ELEMENT.rawValue: return .endElement
        case XML_READER_TYPE_TEXT.rawValue: return .text
        case XML_READER_TYPE_CDATA.rawValue: return .cdata
        case XML_READER_TYPE_WHITESPACE.rawValue, XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue: return .whitespace
        case XML_READER_TYPE_ENTITY_REFERENCE.rawValue: return .entityReference
        case XML_READER_TYPE_COMMENT.rawValue: return .comment
        case XML_READER_TYPE_PROCESSING_INSTRUCTION.rawValue: return .processingInstruction
        default: return .other
        }
    }

    /// The depth of the current node: the root element is at 0, its children at 1.
    public var depth: Int { Int(xmlTextReaderDepth(reader)) }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// The current node's name without its prefix.
    public var localName: String { Self.string(xmlTextReaderConstLocalName(reader)) }
    /// The current node's name as written, prefix included.
    public var qualifiedName: String { Self.string(xmlTextReaderConstName(reader)) }
    /// The current node's namespace URI, `""` for none.
    public var namespace: String { Self.string(xmlTextReaderConstNamespaceUri(reader)) }
    /// The text of a text, white-space, CDATA, comment or attribute node.
    public var value: String { Self.string(xmlTextReaderConstValue(reader)) }

    /// The line of the current node as libxml2 recorded it (for an element, the line of
    /// its start tag's `>`).
    public var currentLine: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
        let line = Int(xmlGetLineNo(node))
        return line > 0 ? line : Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// Where the current node is, for messages about it.
    public var mark: XMLNodeMark {
        let name = qualifiedName
        let line = currentLine
        return XMLNodeMark(line: line, qualifiedName: name, occurrence: kind == .element && line == markLine ? max(0, (markCounts[name] ?? 1) - 1) : 0)
    }

    /// Where the start tag `mark` describes begins: its `<`.
    public func position(_ mark: XMLNodeMark) -> SourcePosition {
        sourceMap.elementPosition(line: mark.line, qualifiedName: mark.qualifiedName, occurrence: mark.occurrence)
    }

    /// The element the reader is on, with its attributes. Throws
    /// ``XMLReadError/tooDeep(limit:at:)`` past ``maximumDepth``.
    public func startTag() throws -> XMLStartTag {
        let tag = XMLStartTag(
            localName: localName, namespace: namespace, qualifiedName: qualifiedName,
            isEmpty: xmlTextReaderIsEmptyElement(reader) == 1, depth: depth, attributes: [], mark: mark
        )
        guard tag.depth < maximumDepth else { throw XMLReadError.tooDeep(limit: maximumDepth, at: position(tag.mark)) }
        var result = tag
        if xmlTextReaderHasAttributes(reader) == 1, xmlTextReaderMoveToFirstAttribute(reader) == 1 {
            repeat {
                let uri = namespace
                if uri == Self.xmlnsNamespace { continue }
                result.attributes.append(XMLAttribute(localName: localName, namespace: uri, value: value))
            } while xmlTextReaderMoveToNextAttribute(reader) == 1
            xmlTextReaderMoveToElement(reader)
        }
        if let error = collector.firstError { throw malformed(error) }
        return result
    }

    // MARK: Walking elements

    /// The first element of the document (the root), past the prolog.
    public func rootElement() throws -> XMLStartTag {
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
    public func finish() throws {
        while try read() {}
    }

    /// Calls `body` for each child element of `tag`; `body` must consume the child
    /// (``text(of:)``, ``capture(_:)``, ``skip(_:)`` or ``children(of:_:)``). Text other
    /// than white space is an error; comments and processing instructions are skipped.
    public func children(of tag: XMLStartTag, _ body: (XMLStartTag) throws -> Void) throws {
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
    public func text(of tag: XMLStartTag) throws -> String {
        guard !tag.isEmpty else { return "" }
        var text = ""
        while try read() {
            switch kind {
            case .text, .cdata, .whitespace:
                text += value
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
    public func skip(_ tag: XMLStartTag) throws {
        guard !tag.isEmpty else { return }
        while try read() {
            if kind == .endElement, depth == tag.depth { return }
            if kind == .entityReference { throw XMLReadError.entityReference(qualifiedName, at: position(tag.mark)) }
        }
    }

    /// `tag` and everything inside it as an element tree (see ``XMLCapturedElement``):
    /// name, namespace, attributes, and text and child elements in order. Comments and
    /// processing instructions are dropped.
    public func capture(_ tag: XMLStartTag) throws -> XMLCapturedElement {
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
