import AlmanacCore
import CLibXML2

/// What libxml2 reported while reading: filled in by the structured error handlers,
/// which receive it as their context pointer.
final class XMLErrorCollector {
    struct Report {
        var message: String
        /// libxml2's error code (`xmlParserErrors`).
        var code: Int32 = 0
        var line: Int
        var column: Int
        /// Whether libxml2 was reading an entity's replacement text, where it counts lines
        /// from the entity's start: the reader's position says where the document is.
        var insideEntity = false
        /// Where libxml2 was when the document ended: before the root element, inside it, or after it.
        var documentState: DocumentState = .unknown
    }

    enum DocumentState {
        case unknown, beforeRoot, insideRoot, afterRoot
    }

    /// The first error (level error or fatal); reading stops there.
    var firstError: Report?
    /// Warnings, in order.
    var warnings: [Report] = []

    func record(_ error: UnsafePointer<xmlError>) {
        let entry = error.pointee
        let message = entry.message.map { String(cString: $0) }?.trimmingXMLWhitespace() ?? "error \(entry.code)"
        var report = Report(message: message, code: entry.code, line: Int(entry.line), column: Int(entry.int2))
        if let context = entry.ctxt {
            // An entity is read on a stack of inputs, or (to check it) by a nested context.
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee
            report.insideEntity = parser.inputNr > 1 || parser.depth > 0
            switch parser.instate.rawValue {
            case XML_PARSER_START.rawValue, XML_PARSER_MISC.rawValue, XML_PARSER_PROLOG.rawValue: report.documentState = .beforeRoot
            case XML_PARSER_EPILOG.rawValue, XML_PARSER_EOF.rawValue: report.documentState = .afterRoot
            default: report.documentState = .insideRoot
            }
        }
        if entry.level.rawValue >= XML_ERR_ERROR.rawValue {
            if firstError == nil { firstError = report }
        } else if warnings.count < 100 {
            warnings.append(report)
        }
    }
}

/// The structured error handler handed to libxml2: files each report with the collector.
private let collectError: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    Unmanaged<XMLErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error)
}

/// The kind of node libxml2's reader is on.
enum XMLNodeKind {
    case element, endElement, text, cdata, whitespace, entityReference, comment, processingInstruction, other
}

/// Where an element was, kept cheaply while reading and turned into a
/// ``SourcePosition`` only when needed.
struct XMLNodeMark: Hashable {
    var line: Int
    var qualifiedName: String
    var occurrence: Int
}

/// One attribute of a start tag (namespace declarations left out).
struct XMLAttribute: Hashable {
    var localName: String
    /// The namespace URI, `""` for none.
    var namespace: String
    var value: String
}

/// The element the reader is on.
struct XMLStartTag {
    var localName: String
    /// The namespace URI, `""` for none.
    var namespace: String
    var qualifiedName: String
    var isEmpty: Bool
    /// The root is at depth 0.
    var depth: Int
    var attributes: [XMLAttribute]
    var mark: XMLNodeMark
}

/// libxml2's streaming `xmlTextReader` over bytes in memory, as a forward-only cursor
/// with the few operations the model reader needs. The only type that talks to libxml2.
///
/// Security settings: `XML_PARSE_NONET` (no network), no `XML_PARSE_NOENT` (entities are
/// not substituted), no `XML_PARSE_DTDLOAD`/`DTDATTR`/`DTDVALID` (no external DTD or
/// entity is ever loaded), never `XML_PARSE_HUGE` (libxml2's depth, text-size and
/// entity-expansion limits stay on). Every libxml2 report goes to a structured handler,
/// so libxml2 prints nothing itself.
final class XMLTextReader {
    private let reader: OpaquePointer
    private let collector: XMLErrorCollector
    let sourceMap: XMLSourceMap
    let options: XMLDecodingOptions
    /// For element marks: the line of the last element seen and how often each name started on it.
    private var markLine = 0
    private var markCounts: [String: Int] = [:]

    /// The parser options almanac uses, and no others.
    static let parserOptions = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)

    /// `xmlInitParser` once per process, before any thread parses.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    private init(reader: OpaquePointer, collector: XMLErrorCollector, sourceMap: XMLSourceMap, options: XMLDecodingOptions) {
        self.reader = reader
        self.collector = collector
        self.sourceMap = sourceMap
        self.options = options
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// Runs `body` with a reader over `bytes`. libxml2's thread-local error handlers are
    /// silenced for the calling thread while it runs and put back afterwards.
    static func reading<Result>(_ bytes: UnsafeBufferPointer<UInt8>, options: XMLDecodingOptions, _ body: (XMLTextReader) throws -> Result) throws -> Result {
        guard bytes.count < Int(Int32.max) else { throw XMLDecodingError.inputTooLarge(byteCount: bytes.count) }
        _ = initialized
        let collector = XMLErrorCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        xmlSetStructuredErrorFunc(context, collectError)
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
            throw XMLDecodingError.malformed(collector.firstError?.message ?? "libxml2 could not start reading", at: sourceMap.position(line: 1, column: 1))
        }
        xmlTextReaderSetStructuredErrorHandler(handle, collectError, context)
        let reader = XMLTextReader(reader: handle, collector: collector, sourceMap: sourceMap, options: options)
        return try withExtendedLifetime(collector) { try body(reader) }
    }

    /// libxml2's warnings so far, as diagnostics about `source`.
    func warnings(source: String) -> [Diagnostic] {
        collector.warnings.map {
            Diagnostic(.warning, "XML: \($0.message)", source: source, position: sourceMap.position(line: max($0.line, 1), column: max($0.column, 1)))
        }
    }

    // MARK: Moving

    /// Moves to the next node; `false` at the end of the input. Throws libxml2's first error.
    func read() throws -> Bool {
        let status = xmlTextReaderRead(reader)
        if let error = collector.firstError { throw malformed(error) }
        if status == 1 {
            if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) { noteElement() }
            return true
        }
        if status == 0 { return false }
        throw malformed(XMLErrorCollector.Report(message: "the input cannot be read as XML", line: 0, column: 0))
    }

    private func malformed(_ report: XMLErrorCollector.Report) -> XMLDecodingError {
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

    var kind: XMLNodeKind {
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

    var depth: Int { Int(xmlTextReaderDepth(reader)) }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    var localName: String { Self.string(xmlTextReaderConstLocalName(reader)) }
    var qualifiedName: String { Self.string(xmlTextReaderConstName(reader)) }
    var namespace: String { Self.string(xmlTextReaderConstNamespaceUri(reader)) }
    /// The text of a text, white-space, CDATA, comment or attribute node.
    var value: String { Self.string(xmlTextReaderConstValue(reader)) }

    /// The line of the current node as libxml2 recorded it.
    private var currentLine: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
        let line = Int(xmlGetLineNo(node))
        return line > 0 ? line : Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// Where the current node is, for messages about it.
    var mark: XMLNodeMark {
        let name = qualifiedName
        let line = currentLine
        return XMLNodeMark(line: line, qualifiedName: name, occurrence: kind == .element && line == markLine ? max(0, (markCounts[name] ?? 1) - 1) : 0)
    }

    func position(_ mark: XMLNodeMark) -> SourcePosition {
        sourceMap.elementPosition(line: mark.line, qualifiedName: mark.qualifiedName, occurrence: mark.occurrence)
    }

    /// The element the reader is on, with its attributes.
    func startTag() throws -> XMLStartTag {
        let tag = XMLStartTag(
            localName: localName, namespace: namespace, qualifiedName: qualifiedName,
            isEmpty: xmlTextReaderIsEmptyElement(reader) == 1, depth: depth, attributes: [], mark: mark
        )
        guard tag.depth < options.maximumDepth else { throw XMLDecodingError.tooDeep(limit: options.maximumDepth, at: position(tag.mark)) }
        var result = tag
        if xmlTextReaderHasAttributes(reader) == 1, xmlTextReaderMoveToFirstAttribute(reader) == 1 {
            repeat {
                let uri = namespace
                if uri == XMLVocabulary.xmlnsNamespace { continue }
                result.attributes.append(XMLAttribute(localName: localName, namespace: uri, value: value))
            } while xmlTextReaderMoveToNextAttribute(reader) == 1
            xmlTextReaderMoveToElement(reader)
        }
        if let error = collector.firstError { throw malformed(error) }
        return result
    }

    // MARK: Walking elements

    /// The first element of the document (the root), past the prolog.
    func rootElement() throws -> XMLStartTag {
        while try read() {
            switch kind {
            case .element: return try startTag()
            case .entityReference: throw XMLDecodingError.entityReference(qualifiedName, at: position(mark))
            default: continue
            }
        }
        throw XMLDecodingError.malformed("the document has no root element", at: sourceMap.position(line: 1, column: 1))
    }

    /// Reads to the end of the input after the root element, so that libxml2 checks it.
    func finish() throws {
        while try read() {}
    }

    /// Calls `body` for each child element of `tag`; `body` must consume the child
    /// (``text(of:)``, ``capture(_:)``, ``skip(_:)`` or ``children(of:_:)``). Text other
    /// than white space is an error; comments and processing instructions are skipped.
    func children(of tag: XMLStartTag, _ body: (XMLStartTag) throws -> Void) throws {
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
                    throw XMLDecodingError.unexpectedText(text, in: "<\(tag.qualifiedName)>", at: sourceMap.position(line: currentLine, column: 1))
                }
            case .entityReference:
                throw XMLDecodingError.entityReference(qualifiedName, at: sourceMap.position(line: currentLine, column: 1))
            default:
                continue
            }
        }
        throw XMLDecodingError.malformed("the input ends inside <\(tag.qualifiedName)>", at: sourceMap.position(line: Int(xmlTextReaderGetParserLineNumber(reader)), column: 1))
    }

    /// The text content of `tag`, which must hold no element.
    func text(of tag: XMLStartTag) throws -> String {
        guard !tag.isEmpty else { return "" }
        var text = ""
        while try read() {
            switch kind {
            case .text, .cdata, .whitespace:
                text += value
            case .endElement where depth == tag.depth:
                return text
            case .element:
                throw XMLDecodingError.unexpectedElement(qualifiedName, in: "<\(tag.qualifiedName)>", at: position(mark))
            case .entityReference:
                throw XMLDecodingError.entityReference(qualifiedName, at: position(tag.mark))
            default:
                continue
            }
        }
        throw XMLDecodingError.malformed("the input ends inside <\(tag.qualifiedName)>", at: position(tag.mark))
    }

    /// Consumes `tag` and everything inside it.
    func skip(_ tag: XMLStartTag) throws {
        guard !tag.isEmpty else { return }
        while try read() {
            if kind == .endElement, depth == tag.depth { return }
            if kind == .entityReference { throw XMLDecodingError.entityReference(qualifiedName, at: position(tag.mark)) }
        }
    }

    /// `tag` and everything inside it as an element tree (see ``XMLUnknownElement``):
    /// name, namespace, attributes, and text and child elements in order. Comments and
    /// processing instructions are dropped.
    func capture(_ tag: XMLStartTag) throws -> XMLUnknownElement {
        var element = XMLUnknownElement(name: tag.localName, namespace: tag.namespace, attributes: tag.attributes, content: [])
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
                throw XMLDecodingError.entityReference(qualifiedName, at: position(tag.mark))
            default:
                continue
            }
        }
        throw XMLDecodingError.malformed("the input ends inside <\(tag.qualifiedName)>", at: position(tag.mark))
    }
}
