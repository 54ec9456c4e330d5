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
package final class XMLTextReader {
    /// libxml2's reader; only this type and its extensions use it.
    let reader: OpaquePointer
    private let collector: XMLErrorCollector
    /// Positions over the input being read.
    package let sourceMap: XMLSourceMap
    /// The deepest nesting accepted (the root is level 1); see ``reading(_:maximumDepth:_:)``.
    package let maximumDepth: Int
    /// The kind of the node the reader is on, as of the last ``read()``.
    package private(set) var kind: XMLNodeKind = .other
    /// For element marks: the line of the last element seen, the first name (interned)
    /// that started on it, how often each name started on it once a second element did,
    /// and which occurrence of its name on its line the last element is.
    private var markLine = 0
    private var markFirstName: UInt = 0
    private var markCounts: [UInt: Int] = [:]
    private var markOccurrence = 0
    /// The Strings of the names seen so far, and the dictionary libxml2 interns them in.
    private var names = XMLNameCache()
    private var dictionary: OpaquePointer?
    /// The interned namespace URI of the last element read (see `elementNamespace()`).
    private var lastNamespace: UnsafePointer<xmlChar>?
    /// The interned namespace of namespace declarations.
    private var xmlnsKey = XMLNameKey.none

    /// The parser options almanac uses, and no others: no network, big line numbers,
    /// CDATA reported as text.
    package static let parserOptions = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)

    /// `xmlInitParser` once per process, before any thread parses.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Calls `xmlInitParser` once per process, before any thread parses.
    static func initializeLibrary() {
        _ = initialized
    }

    /// The namespace of namespace declarations, which are not reported as attributes.
    private static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    private init(reader: OpaquePointer, collector: XMLErrorCollector, sourceMap: XMLSourceMap, maximumDepth: Int) {
        self.reader = reader
        self.collector = collector
        self.sourceMap = sourceMap
        self.maximumDepth = maximumDepth
        xmlnsKey = key(for: Self.xmlnsNamespace)
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
    package static func reading<Result>(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 256, _ body: (XMLTextReader) throws -> Result) throws -> Result {
        guard bytes.count < Int(Int32.max) else { throw XMLReadError.inputTooLarge(byteCount: bytes.count) }
        initializeLibrary()
        let collector = XMLErrorCollector.install()
        defer { XMLErrorCollector.uninstall() }
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
        xmlTextReaderSetStructuredErrorHandler(handle, collectXMLError, Unmanaged.passUnretained(collector).toOpaque())
        let reader = XMLTextReader(reader: handle, collector: collector, sourceMap: sourceMap, maximumDepth: maximumDepth)
        return try withExtendedLifetime(collector) { try body(reader) }
    }

    /// libxml2's warnings so far (at most 100), as diagnostics about `source`.
    package func warnings(source: String) -> [Diagnostic] {
        collector.warnings.map {
            Diagnostic(.warning, "XML: \($0.message)", source: source, position: sourceMap.position(line: max($0.line, 1), column: max($0.column, 1)))
        }
    }

    // MARK: Moving

    /// Moves to the next node; `false` at the end of the input. Throws libxml2's first error.
    package func read() throws -> Bool {
        let status = xmlTextReaderRead(reader)
        if let error = collector.firstError { throw malformed(error) }
        if status == 1 {
            kind = XMLNodeKind(readerType: xmlTextReaderNodeType(reader))
            if kind == .element { noteElement() }
            return true
        }
        kind = .other
        if status == 0 { return false }
        throw malformed(XMLErrorCollector.Report(message: "the input cannot be read as XML", line: 0, column: 0))
    }

    private func malformed(_ report: XMLErrorCollector.Report) -> XMLReadError {
        XMLErrorCollector.readError(
            report, parserLine: Int(xmlTextReaderGetParserLineNumber(reader)), parserColumn: Int(xmlTextReaderGetParserColumnNumber(reader)), sourceMap: sourceMap
        )
    }

    /// Counts the element the reader just moved to, for ``XMLNodeMark/occurrence``. Names
    /// are counted by their interned address; the first element of a line, the usual
    /// case, needs no counting until a second one starts on the same line.
    private func noteElement() {
        let line = currentLine
        let name = UInt(bitPattern: xmlTextReaderConstName(reader))
        guard line == markLine else {
            markLine = line
            markFirstName = name
            if !markCounts.isEmpty { markCounts.removeAll(keepingCapacity: true) }
            markOccurrence = 0
            return
        }
        if markCounts.isEmpty { markCounts[markFirstName] = 1 }
        markOccurrence = markCounts[name, default: 0]
        markCounts[name] = markOccurrence + 1
    }

    // MARK: The current node

    /// The depth of the current node: the root element is at 0, its children at 1.
    package var depth: Int { Int(xmlTextReaderDepth(reader)) }

    /// A name libxml2 gave as a String, made once per interned name.
    private func name(_ pointer: UnsafePointer<xmlChar>?) -> String {
        if dictionary == nil, let node = xmlTextReaderCurrentNode(reader) {
            dictionary = node.pointee.doc?.pointee.dict
        }
        return names.string(pointer, dictionary: dictionary)
    }

    /// `name` interned in this reader's dictionary, to compare with the keys of start tags.
    package func key(for name: String) -> XMLNameKey {
        guard !name.isEmpty else { return .none }
        return name.withCString { text in
            XMLNameKey(xmlTextReaderConstString(reader, UnsafeRawPointer(text).assumingMemoryBound(to: xmlChar.self)))
        }
    }

    /// The current node's name without its prefix.
    package var localName: String { name(xmlTextReaderConstLocalName(reader)) }
    /// The current node's name as written, prefix included.
    package var qualifiedName: String { name(xmlTextReaderConstName(reader)) }
    /// The current node's namespace URI, `""` for none.
    package var namespace: String { name(xmlTextReaderConstNamespaceUri(reader)) }
    /// The text of a text, white-space, CDATA, comment or attribute node.
    package var value: String {
        guard let text = xmlTextReaderConstValue(reader) else { return "" }
        return String(cString: text)
    }

    /// The line of the current node as libxml2 recorded it (for an element, the line of
    /// its start tag's `>`).
    package var currentLine: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
        let line = Int(xmlGetLineNo(node))
        return line > 0 ? line : Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// Where the current node is, for messages about it.
    package var mark: XMLNodeMark {
        let line = currentLine
        return XMLNodeMark(line: line, qualifiedName: qualifiedName, occurrence: kind == .element && line == markLine ? markOccurrence : 0)
    }

    /// Where the start tag `mark` describes begins: its `<`.
    package func position(_ mark: XMLNodeMark) -> SourcePosition {
        sourceMap.elementPosition(line: mark.line, qualifiedName: mark.qualifiedName, occurrence: mark.occurrence)
    }

    /// The interned namespace URI of the element the reader is on. Elements mostly share
    /// the namespace of the one before: when the URI has that one's text, its interned
    /// pointer is reused instead of looking the text up in the dictionary again.
    private func elementNamespace() -> UnsafePointer<xmlChar>? {
        guard let href = xmlTextReaderCurrentNode(reader)?.pointee.ns?.pointee.href else {
            return xmlTextReaderConstNamespaceUri(reader)
        }
        if let last = lastNamespace, xmlStrEqual(href, last) == 1 { return last }
        let interned = xmlTextReaderConstNamespaceUri(reader)
        lastNamespace = interned
        return interned
    }

    /// The element the reader is on, with its attributes. Throws
    /// ``XMLReadError/tooDeep(limit:at:)`` past ``maximumDepth``.
    package func startTag() throws -> XMLStartTag {
        let localPointer = xmlTextReaderConstLocalName(reader)
        let qualifiedPointer = xmlTextReaderConstName(reader)
        let namespacePointer = elementNamespace()
        let localName = name(localPointer)
        let qualifiedName = qualifiedPointer == localPointer ? localName : name(qualifiedPointer)
        let line = currentLine
        var tag = XMLStartTag(
            localName: localName, namespace: name(namespacePointer), qualifiedName: qualifiedName,
            isEmpty: xmlTextReaderIsEmptyElement(reader) == 1, depth: depth, attributes: [],
            mark: XMLNodeMark(line: line, qualifiedName: qualifiedName, occurrence: line == markLine ? markOccurrence : 0),
            localNameKey: XMLNameKey(localPointer), namespaceKey: XMLNameKey(namespacePointer)
        )
        guard tag.depth < maximumDepth else { throw XMLReadError.tooDeep(limit: maximumDepth, at: position(tag.mark)) }
        if xmlTextReaderHasAttributes(reader) == 1, xmlTextReaderMoveToFirstAttribute(reader) == 1 {
            repeat {
                let uri = xmlTextReaderConstNamespaceUri(reader)
                if XMLNameKey(uri) == xmlnsKey { continue }
                tag.attributes.append(XMLAttribute(localName: name(xmlTextReaderConstLocalName(reader)), namespace: name(uri), value: value))
            } while xmlTextReaderMoveToNextAttribute(reader) == 1
            xmlTextReaderMoveToElement(reader)
        }
        if let error = collector.firstError { throw malformed(error) }
        return tag
    }
}
