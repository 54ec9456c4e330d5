import AlmanacCore
import CLibXML2

/// Reads a web page with libxml2's HTML parser, in one pass, and reports its elements
/// and text as ``HTMLEvent``s: no tree is built, so memory stays at the page and the
/// caller's own state, and every start tag comes with its exact place in the page.
///
/// libxml2 repairs what real pages get wrong (unclosed and misnested tags, `<br>`,
/// unknown entities, stray `</p>`, a `<meta charset>` other than UTF-8) with
/// `HTML_PARSE_RECOVER`. Safety settings as ``XMLTextReader``'s: `HTML_PARSE_NONET`
/// (nothing is ever fetched); errors and warnings are off
/// (`HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING`) and whatever libxml2 still reports goes
/// to an ``XMLErrorCollector``, so libxml2 prints nothing.
///
/// ```swift
/// try bytes.withUnsafeBufferPointer { page in
///     try HTMLEventParser.parse(page) { event in
///         if case .start(let tag) = event, tag.name == "img" { print(tag.attribute("src") ?? "") }
///     }
/// }
/// ```
package enum HTMLEventParser {
    /// The parser options almanac uses, and no others.
    /// `XML_PARSE_HUGE` lifts libxml2's 10 MB cap on one text run, so a page whose JSON-LD
    /// block is larger still reads: HTML declares no entities, so there is no entity
    /// expansion for the cap to guard against, and the page's size is bounded by
    /// `--max-input-size`.
    package static let parserOptions = Int32(HTML_PARSE_RECOVER.rawValue) | Int32(HTML_PARSE_NONET.rawValue)
        | Int32(HTML_PARSE_NOERROR.rawValue) | Int32(HTML_PARSE_NOWARNING.rawValue) | Int32(XML_PARSE_HUGE.rawValue)

    /// `xmlInitParser` once per process, before any thread parses.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Reads `page` (which must stay alive meanwhile) and calls `body` with each event,
    /// in document order. The page's encoding comes from its BOM or `<meta charset>`
    /// (UTF-8 by default); text always arrives as UTF-8, offsets are in `page`'s bytes.
    ///
    /// - Throws: ``XMLReadError/inputTooLarge(byteCount:)`` for a page of 2 GiB or more,
    ///   or the first error `body` throws (reading stops there).
    package static func parse(_ page: UnsafeBufferPointer<UInt8>, _ body: (HTMLEvent) throws -> Void) throws {
        guard page.count < Int(Int32.max) else { throw XMLReadError.inputTooLarge(byteCount: page.count) }
        _ = initialized
        let collector = XMLErrorCollector.install()
        defer { XMLErrorCollector.uninstall() }
        guard page.count > 0, let base = page.baseAddress else { return }
        let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        // As htmlReadMemory sets up its parse (a memory context that takes the page as
        // UTF-8 unless its BOM or <meta charset> says otherwise; htmlNewParserCtxt's
        // would take it as Latin-1), with almanac's handlers instead of the tree builder.
        guard let context = xmlCreateMemoryParserCtxt(start, Int32(page.count)) else { return }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            htmlFreeParserCtxt(context)
        }
        try withoutActuallyEscaping(body) { body in
            let session = HTMLParseSession(page: page, context: context, body: body)
            try withExtendedLifetime((session, collector)) {
                installHandlers(on: context, session: session)
                htmlCtxtUseOptions(context, parserOptions)
                context.pointee.html = 1
                htmlParseDocument(context)
                if let failure = session.failure { throw failure }
            }
        }
    }

    /// Replaces the context's SAX handler with one that only reports to `session`: no
    /// document, no comments, no DTD; libxml2's errors go to the structured handler.
    private static func installHandlers(on context: htmlParserCtxtPtr, session: HTMLParseSession) {
        guard let sax = context.pointee.sax else { return }
        sax.pointee = xmlSAXHandler()
        sax.pointee.initialized = XML_SAX2_MAGIC
        sax.pointee.startElement = startElement
        sax.pointee.endElement = endElement
        sax.pointee.characters = characters
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.cdataBlock = characters
        context.pointee._private = Unmanaged.passUnretained(session).toOpaque()
    }
}

/// The state of one parse, reached from libxml2's callbacks through the context's
/// `_private` (the callbacks receive the context as their `userData`).
private final class HTMLParseSession {
    let page: UnsafeBufferPointer<UInt8>
    let context: htmlParserCtxtPtr
    let body: (HTMLEvent) throws -> Void
    /// The first error `body` threw; the parser is stopped then.
    var failure: (any Error)?

    init(page: UnsafeBufferPointer<UInt8>, context: htmlParserCtxtPtr, body: @escaping (HTMLEvent) throws -> Void) {
        self.page = page
        self.context = context
        self.body = body
    }

    func deliver(_ event: HTMLEvent) {
        guard failure == nil else { return }
        do {
            try body(event)
        } catch {
            failure = error
            xmlStopParser(context)
        }
    }

    /// The tag's start and the offset after its `>`: libxml2 reports a start tag when
    /// it stands on the tag's `>` (or `/>`), so the `<` is the last one before.
    func tagBounds() -> (offset: Int, contentOffset: Int) {
        let consumed = min(max(Int(xmlByteConsumed(context)), 0), page.count)
        var end = consumed
        if end < page.count, page[end] == UInt8(ascii: "/") { end += 1 }
        if end < page.count, page[end] == UInt8(ascii: ">") { end += 1 }
        var open = min(consumed, page.count - 1)
        while open > 0, page[open] != UInt8(ascii: "<") { open -= 1 }
        return (max(open, 0), end)
    }
}

private func session(_ userData: UnsafeMutableRawPointer?) -> HTMLParseSession? {
    guard let context = userData?.assumingMemoryBound(to: htmlParserCtxt.self), let session = context.pointee._private else { return nil }
    return Unmanaged<HTMLParseSession>.fromOpaque(session).takeUnretainedValue()
}

private func string(_ text: UnsafePointer<xmlChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}

private let startElement: startElementSAXFunc = { userData, name, attributes in
    guard let session = session(userData) else { return }
    var list: [XMLAttribute] = []
    if var cursor = attributes {
        while let attributeName = cursor.pointee {
            list.append(XMLAttribute(localName: string(attributeName), namespace: "", value: string(cursor.successor().pointee)))
            cursor += 2
        }
    }
    let bounds = session.tagBounds()
    session.deliver(.start(HTMLStartTag(name: string(name), attributes: list, offset: bounds.offset, contentOffset: bounds.contentOffset)))
}

private let endElement: endElementSAXFunc = { userData, name in
    session(userData)?.deliver(.end(name: string(name)))
}

private let characters: charactersSAXFunc = { userData, text, length in
    guard let session = session(userData), let text, length > 0 else { return }
    session.deliver(.text(UnsafeBufferPointer(start: text, count: Int(length))))
}
