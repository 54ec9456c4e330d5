import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SAX callbacks: libxml2 calls them while it parses a chunk, and they append to the
/// event buffer. The handler is libxml2's own SAX2 one (which keeps the DTD, so that
/// entities resolve as libxml2 means them to) with the element and text callbacks replaced,
/// so no tree is built. Callbacks libxml2 makes while it checks an entity's replacement
/// text come with another parser context and are ignored.
extension XMLPushReader {
    /// libxml2's SAX2 handler with almanac's callbacks in place of the tree builder's.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        handler.startElementNs = { context, localName, prefix, namespace, _, _, attributeCount, defaultedCount, attributes in
            withReader(context) { $0.start(localName, prefix, namespace, Int(attributeCount - defaultedCount), attributes) }
        }
        handler.endElementNs = { context, _, _, _ in
            withReader(context) { $0.end() }
        }
        handler.characters = { context, characters, length in
            withReader(context) { $0.characters(characters, Int(length)) }
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.reference = { context, name in
            withReader(context) { $0.reference(name) }
        }
        // Comments and processing instructions are not read.
        handler.comment = nil
        handler.processingInstruction = nil
        return handler
    }

    fileprivate func start(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ namespace: UnsafePointer<xmlChar>?, _ count: Int, _ values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        buffer.pointee.textRunLength = 0
        let depth = buffer.pointee.openElements
        guard depth <= Self.libxmlMaximumDepth else {
            stop("Excessive depth in document: \(Self.libxmlMaximumDepth) use XML_PARSE_HUGE option")
            return
        }
        buffer.pointee.openElements += 1
        let local = UInt(bitPattern: localName)
        var qualified = local
        if let prefix, let localName { qualified = UInt(bitPattern: xmlDictQLookup(context.pointee.dict, prefix, localName)) }
        let first = Int32(buffer.pointee.attributes.count)
        if count > 0, let values {
            for index in 0..<count {
                let base = index * 5
                guard let value = values[base + 3], let end = values[base + 4] else { continue }
                let length = end - value
                let start = Int32(buffer.pointee.text.count)
                buffer.pointee.text.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
                buffer.pointee.attributes.append(XMLEventAttribute(
                    localName: UInt(bitPattern: values[base]), namespace: UInt(bitPattern: values[base + 2]),
                    first: start, last: Int32(buffer.pointee.text.count), hasReference: memchr(value, Int32(UInt8(ascii: "&")), length) != nil
                ))
            }
        }
        // libxml2 reports the start tag before it takes its `/>` or `>`.
        let isEmpty = context.pointee.input.pointee.cur.pointee == UInt8(ascii: "/")
        buffer.pointee.pendingEmpty = isEmpty
        buffer.pointee.events.append(XMLEvent(
            kind: .start, isEmpty: isEmpty, depth: depth, line: Int32(truncatingIfNeeded: context.pointee.input.pointee.line),
            localName: local, namespace: UInt(bitPattern: namespace), qualifiedName: qualified, first: first, last: Int32(buffer.pointee.attributes.count)
        ))
    }

    fileprivate func end() {
        buffer.pointee.textRunLength = 0
        buffer.pointee.openElements -= 1
        if buffer.pointee.pendingEmpty {
            buffer.pointee.pendingEmpty = false
            return
        }
        buffer.pointee.events.append(XMLEvent(kind: .end, depth: buffer.pointee.openElements, line: Int32(truncatingIfNeeded: context.pointee.input.pointee.line), first: 0, last: 0))
    }

    fileprivate func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
        guard let characters, length > 0 else { return }
        buffer.pointee.pendingEmpty = false
        buffer.pointee.textRunLength += length
        guard buffer.pointee.textRunLength <= Self.maximumTextLength else {
            stop("xmlSAX2Characters: huge text node")
            return
        }
        let start = Int32(buffer.pointee.text.count)
        buffer.pointee.text.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
        buffer.pointee.joinText(from: start, line: Int32(truncatingIfNeeded: context.pointee.input.pointee.line))
    }

    fileprivate func reference(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return }
        buffer.pointee.textRunLength = 0
        let start = Int32(buffer.pointee.text.count)
        buffer.pointee.text.append(contentsOf: UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
        buffer.pointee.events.append(XMLEvent(kind: .reference, depth: buffer.pointee.openElements, line: Int32(truncatingIfNeeded: context.pointee.input.pointee.line), first: start, last: Int32(buffer.pointee.text.count)))
    }

    /// Records an error of almanac's own where libxml2 is, and stops the parser.
    private func stop(_ message: String) {
        collector.recordError(message, line: parserLine, column: Int(xmlSAX2GetColumnNumber(context)))
        xmlStopParser(context)
    }
}

/// Calls `body` with the reader whose context `context` is, when it is a reader's main
/// context (not one libxml2 made to check an entity), without retaining it: the reader
/// outlives every parse.
@inline(__always)
private func withReader(_ context: UnsafeMutableRawPointer?, _ body: (XMLPushReader) -> Void) {
    guard let context else { return }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let owner = parser.pointee._private else { return }
    Unmanaged<XMLPushReader>.fromOpaque(owner)._withUnsafeGuaranteedRef { reader in
        if reader.context == parser { body(reader) }
    }
}
