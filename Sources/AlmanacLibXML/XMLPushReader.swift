import AlmanacCore
import CLibXML2

/// libxml2's SAX2 push parser over bytes in memory, behind the same walking operations as
/// ``XMLTextReader`` (``rootElement()``, ``children(of:_:)``, ``text(of:)``, ``skip(_:)``,
/// ``capture(_:)``, ``finish()``), for a codec that reads elements in document order and
/// needs no more. It costs about half of `XMLTextReader`: libxml2 builds no tree.
///
/// The input is pushed to libxml2 a chunk at a time; its callbacks fill a compact event
/// buffer (``XMLEvent``: names as interned addresses, text as byte ranges), which the
/// walking operations consume before the next chunk is pushed, so memory stays flat
/// however long the input.
///
/// Security settings are ``XMLTextReader``'s (``XMLTextReader/parserOptions``: no network,
/// no DTD or external entity loaded, entities never substituted, libxml2's limits on),
/// and the limits libxml2's tree builder adds are kept too: at most 256 levels and text
/// nodes of at most 10,000,000 bytes. A reference to a DTD-declared entity, in text or in
/// an attribute, is ``XMLReadError/entityReference(_:at:)``.
package final class XMLPushReader {
    /// libxml2's parser context.
    let context: xmlParserCtxtPtr
    let collector: XMLErrorCollector
    /// Positions over the input being read.
    package let sourceMap: XMLSourceMap
    /// The deepest nesting accepted (the root is level 1).
    package let maximumDepth: Int
    /// The input, and how much of it has been pushed to libxml2.
    let bytes: UnsafeBufferPointer<UInt8>
    private var pushed = 0
    private var terminated = false
    /// The scanner that reads the input instead of libxml2 while it stays in the subset
    /// ``XMLFastScanner`` reads; behind a pointer, like the buffer, so that reading it costs
    /// no exclusivity check. Kept when it gives up, for the places of the tags it read.
    let fast: UnsafeMutablePointer<XMLFastScanner>?
    /// Whether the input is read by the fast scanner rather than libxml2: so far, until the
    /// input has been read to its end.
    package var usesFastPath: Bool { fast.map { !$0.pointee.isAbandoned } ?? false }
    /// How many tags (start and end) have been handed out, and how many of libxml2's are
    /// still to be passed over: those the fast scanner handed out before it gave up.
    var tagsHandedOut = 0
    var tagsToSkip = 0

    /// The event buffer and the walking state, behind a pointer: the callbacks and the
    /// walking operations touch them for every event, with no exclusivity check.
    let buffer: UnsafeMutablePointer<XMLEventBuffer>

    /// The largest text node libxml2's tree builder accepts without `XML_PARSE_HUGE`.
    static let maximumTextLength = 10_000_000
    /// The deepest nesting libxml2's tree builder accepts without `XML_PARSE_HUGE`.
    static let libxmlMaximumDepth: Int32 = 256
    /// How many bytes are pushed to libxml2 at a time.
    static let chunkSize = 64 * 1024

    private init(context: xmlParserCtxtPtr, collector: XMLErrorCollector, bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, fast scanner: consuming XMLFastScanner?) {
        switch consume scanner {
        case .some(let scanner):
            let pointer = UnsafeMutablePointer<XMLFastScanner>.allocate(capacity: 1)
            pointer.initialize(to: scanner)
            fast = pointer
        case .none:
            fast = nil
        }
        self.context = context
        self.collector = collector
        self.bytes = bytes
        self.sourceMap = XMLSourceMap(bytes: bytes)
        self.maximumDepth = maximumDepth
        buffer = .allocate(capacity: 1)
        buffer.initialize(to: XMLEventBuffer())
    }

    deinit {
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        xmlFreeParserCtxt(context)
        buffer.deinitialize(count: 1)
        buffer.deallocate()
        fast?.deinitialize(count: 1)
        fast?.deallocate()
    }

    /// Runs `body` with a reader over `bytes`, which must stay alive meanwhile; the reader
    /// must not escape `body`. libxml2's thread-local error handlers are silenced for the
    /// calling thread while it runs and put back afterwards.
    ///
    /// - Parameters:
    ///   - bytes: the whole input; its encoding comes from its declaration or BOM (UTF-8 by default).
    ///   - maximumDepth: the deepest nesting of elements accepted (the root is level 1);
    ///     deeper input throws ``XMLReadError/tooDeep(limit:at:)``. Values above 256 have no
    ///     effect: libxml2's limit stops there first.
    ///   - fastPath: whether a document in the common subset is read by ``XMLFastScanner``
    ///     instead of libxml2 (the same events, at a fraction of the cost; libxml2 takes
    ///     over from the start where the document leaves the subset); tests turn it off to
    ///     compare the two.
    /// - Throws: ``XMLReadError``, or whatever `body` throws.
    package static func reading<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 256, fastPath: Bool = true, _ body: (XMLPushReader) throws -> Result
    ) throws -> Result {
        guard bytes.count < Int(Int32.max) else { throw XMLReadError.inputTooLarge(byteCount: bytes.count) }
        XMLTextReader.initializeLibrary()
        let collector = XMLErrorCollector.install()
        defer { XMLErrorCollector.uninstall() }
        var handler = Self.handler()
        // The first bytes go with the context, for libxml2 to detect the encoding.
        let head = min(bytes.count, 4)
        let created = bytes.baseAddress.map { base in
            base.withMemoryRebound(to: CChar.self, capacity: head) { xmlCreatePushParserCtxt(&handler, nil, $0, Int32(head), nil) }
        } ?? xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil)
        guard let context = created else {
            throw XMLReadError.malformed(collector.firstError?.message ?? "libxml2 could not start reading", at: XMLSourceMap(bytes: bytes).position(line: 1, column: 1))
        }
        xmlCtxtUseOptions(context, XMLTextReader.parserOptions)
        let scanner = fastPath ? XMLFastScanner(bytes: bytes, dictionary: context.pointee.dict) : nil
        let reader = XMLPushReader(context: context, collector: collector, bytes: bytes, maximumDepth: maximumDepth, fast: scanner)
        reader.pushed = head
        context.pointee._private = Unmanaged.passUnretained(reader).toOpaque()
        return try withExtendedLifetime(collector) { try withExtendedLifetime(reader) { try body(reader) } }
    }

    /// libxml2's warnings so far (at most 100), as diagnostics about `source`.
    package func warnings(source: String) -> [Diagnostic] {
        collector.warnings.map {
            Diagnostic(.warning, "XML: \($0.message)", source: source, position: sourceMap.position(line: max($0.line, 1), column: max($0.column, 1)))
        }
    }

    // MARK: Events

    /// The next event, pushing more input to libxml2 when the buffer is used up; `nil` at
    /// the end of the input. Throws libxml2's first error as soon as it is seen.
    func next() throws -> XMLEvent? {
        while true {
            while buffer.pointee.nextEvent == buffer.pointee.events.count {
                guard !terminated else { return nil }
                if let fast, !fast.pointee.isAbandoned { fill(fast) } else { try push() }
            }
            let event = buffer.pointee.events[buffer.pointee.nextEvent]
            buffer.pointee.nextEvent += 1
            if event.kind == .start, event.source < 0 { noteElement(event) }
            let isTag = event.kind == .start || event.kind == .end
            guard tagsToSkip == 0 else {
                // libxml2 rereads what the fast scanner handed out.
                if isTag { tagsToSkip -= 1 }
                continue
            }
            if isTag { tagsHandedOut += 1 }
            return event
        }
    }

    /// Empties the event buffer.
    private func empty() {
        buffer.pointee.events.removeAll(keepingCapacity: true)
        buffer.pointee.attributes.removeAll(keepingCapacity: true)
        buffer.pointee.text.removeAll(keepingCapacity: true)
        buffer.pointee.nextEvent = 0
    }

    /// Empties the event buffer and fills it with the fast scanner's next piece; when the
    /// scanner gives up, empties it again for libxml2 to read the input from its start,
    /// passing over the tags handed out so far (a piece ends with a tag, so that what was
    /// handed out ends with one too).
    private func fill(_ fast: UnsafeMutablePointer<XMLFastScanner>) {
        empty()
        fast.pointee.fill(buffer)
        if fast.pointee.isAbandoned {
            empty()
            buffer.pointee.openElements = 0
            tagsToSkip = tagsHandedOut
            return
        }
        terminated = fast.pointee.isFinished
    }

    /// Empties the event buffer and pushes the next chunk of input (the last one with the
    /// end of the input).
    private func push() throws {
        empty()
        let count = min(Self.chunkSize, bytes.count - pushed)
        let isLast = pushed + count == bytes.count
        if count == 0 {
            xmlParseChunk(context, nil, 0, 1)
        } else {
            let start = UnsafeRawPointer(bytes.baseAddress! + pushed).assumingMemoryBound(to: CChar.self)
            xmlParseChunk(context, start, Int32(count), isLast ? 1 : 0)
        }
        pushed += count
        terminated = isLast
        if let error = collector.firstError { throw malformed(error) }
    }

    func malformed(_ report: XMLErrorCollector.Report) -> XMLReadError {
        XMLErrorCollector.readError(report, parserLine: parserLine, parserColumn: Int(xmlSAX2GetColumnNumber(context)), sourceMap: sourceMap)
    }

    /// The line of a text event: libxml2's, or counted now for one the fast scanner read.
    func line(of event: XMLEvent) -> Int {
        guard event.source >= 0, let fast else { return Int(event.line) }
        return fast.pointee.textLine(at: Int(event.source))
    }

    /// The line libxml2's parser is on.
    var parserLine: Int { Int(xmlSAX2GetLineNumber(context)) }

    /// Counts the element just handed out, for ``XMLNodeMark/occurrence``.
    private func noteElement(_ event: XMLEvent) {
        let line = Int(event.line)
        let name = event.qualifiedName
        guard line == buffer.pointee.markLine else {
            buffer.pointee.markLine = line
            buffer.pointee.markFirstName = name
            if !buffer.pointee.markCounts.isEmpty { buffer.pointee.markCounts.removeAll(keepingCapacity: true) }
            buffer.pointee.markOccurrence = 0
            return
        }
        if buffer.pointee.markCounts.isEmpty { buffer.pointee.markCounts[buffer.pointee.markFirstName] = 1 }
        buffer.pointee.markOccurrence = buffer.pointee.markCounts[name, default: 0]
        buffer.pointee.markCounts[name] = buffer.pointee.markOccurrence + 1
    }

    // MARK: Names and places

    /// The String of an interned name (`""` for none), made once per name.
    func name(_ address: UInt) -> String {
        // Most start tags are in the namespace of the one before.
        if address == buffer.pointee.lastNameAddress { return buffer.pointee.lastName }
        let key = XMLNameKey(address: address)
        if let known = buffer.pointee.names[key] { return known }
        guard let pointer = UnsafePointer<xmlChar>(bitPattern: address) else { return "" }
        let string = String(cString: pointer)
        buffer.pointee.names.set(string, for: key)
        return string
    }

    /// The String of an interned namespace URI, kept at hand for the next tag.
    func namespace(_ address: UInt) -> String {
        if address == buffer.pointee.lastNameAddress { return buffer.pointee.lastName }
        let string = name(address)
        buffer.pointee.lastNameAddress = address
        buffer.pointee.lastName = string
        return string
    }

    /// `name` interned in this reader's dictionary, to compare with the keys of start tags.
    package func key(for name: String) -> XMLNameKey {
        guard !name.isEmpty else { return .none }
        return XMLNameKey(xmlDictLookup(context.pointee.dict, name, -1))
    }

    /// The bytes of an event (a text's, or a reference's name): in the input for text the
    /// fast scanner left there, else in the buffer. Valid until the next event is asked for.
    func withBytes<Result>(of event: XMLEvent, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if event.inInput { return body(UnsafeBufferPointer(rebasing: bytes[Int(event.first)..<Int(event.last)])) }
        return buffer.pointee.text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(event.first)..<Int(event.last)])) }
    }

    /// The white space a tag event of the fast scanner carries (``XMLEvent/space``), as a String.
    func foldedSpace(of event: XMLEvent) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(event.source - event.space)..<Int(event.source)]), as: UTF8.self)
    }

    /// The bytes of an event as a String.
    func string(of event: XMLEvent) -> String {
        withBytes(of: event) { String(decoding: $0, as: UTF8.self) }
    }

    /// The text bytes `first..<last` of the buffer as a String.
    func string(_ first: Int32, _ last: Int32) -> String {
        buffer.pointee.text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(first)..<Int(last)]), as: UTF8.self) }
    }

    /// Where the start tag `mark` describes begins: its `<`.
    package func position(_ mark: XMLNodeMark) -> SourcePosition {
        if mark.offset >= 0, let fast { return fast.pointee.position(of: mark.offset) }
        return sourceMap.elementPosition(line: mark.line, qualifiedName: mark.qualifiedName, occurrence: mark.occurrence)
    }
}
