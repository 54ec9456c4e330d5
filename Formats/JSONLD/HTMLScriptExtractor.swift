import AlmanacCore
import CLibXML2

/// Finds the `<script type="application/ld+json">` blocks of a saved web page with
/// libxml2's HTML parser: `HTML_PARSE_NONET` (nothing is ever fetched), errors and
/// warnings off and routed to a handler that drops them, so libxml2 prints nothing.
enum HTMLScriptExtractor {
    /// One block: its text (UTF-8) and where that text starts in the page.
    struct Block {
        var text: [UInt8]
        /// Offset of the text's first byte in the page; where the block's line starts
        /// when the text is not found there byte for byte (a page in another encoding).
        var offset: Int
    }

    /// The parser options almanac uses, and no others.
    static let parserOptions = Int32(HTML_PARSE_NONET.rawValue) | Int32(HTML_PARSE_NOERROR.rawValue) | Int32(HTML_PARSE_NOWARNING.rawValue)

    /// `xmlInitParser` once per process, before any thread parses.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The JSON-LD blocks of `page`, in document order (empty ones left out).
    static func blocks(in page: [UInt8]) throws(JSONLDDecodingError) -> [Block] {
        guard page.count < Int(Int32.max) else { throw .inputTooLarge(byteCount: page.count) }
        _ = initialized
        xmlSetStructuredErrorFunc(nil, dropError)
        almanac_xml_silence_generic_errors()
        defer {
            xmlSetStructuredErrorFunc(nil, nil)
            almanac_xml_restore_generic_errors()
        }
        let document: xmlDocPtr? = page.withUnsafeBufferPointer { buffer in
            let empty: [CChar] = [0]
            return empty.withUnsafeBufferPointer { emptyBuffer in
                let start = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? emptyBuffer.baseAddress!
                return htmlReadMemory(start, Int32(buffer.count), nil, nil, parserOptions)
            }
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        var blocks: [Block] = []
        var searchFrom = 0
        var stack: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { stack.append(root) }
        // Depth first, in document order, without recursion.
        while let node = stack.popLast() {
            if let next = node.pointee.next { stack.append(next) }
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            if isJSONLDScript(node) {
                let text = content(of: node)
                guard text.contains(where: { !isSpace($0) }) else { continue }
                let offset = locate(text, line: Int(xmlGetLineNo(node)), in: page, from: searchFrom)
                if offset.exact { searchFrom = offset.value + text.count }
                blocks.append(Block(text: text, offset: offset.value))
            } else if let child = node.pointee.children {
                stack.append(child)
            }
        }
        return blocks
    }

    /// Whether `node` is a `<script>` whose type is `application/ld+json` (case and
    /// parameters such as `; charset=utf-8` aside).
    private static func isJSONLDScript(_ node: xmlNodePtr) -> Bool {
        guard let name = node.pointee.name, String(cString: name).lowercased() == "script" else { return false }
        guard let type = xmlGetProp(node, "type") else { return false }
        defer { almanac_xml_free(type) }
        let value = String(cString: type).lowercased()
        let mediaType = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingSpaces() == "application/ld+json"
    }

    /// The text inside `node`, as UTF-8.
    private static func content(of node: xmlNodePtr) -> [UInt8] {
        guard let text = xmlNodeGetContent(node) else { return [] }
        defer { almanac_xml_free(text) }
        return Array(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
    }

    /// Where `text` starts in `page`: searched from the start of `line` (libxml2's line of
    /// the element) or after the previous block; else that line's start, not exact.
    private static func locate(_ text: [UInt8], line: Int, in page: [UInt8], from previous: Int) -> (value: Int, exact: Bool) {
        var lineStart = 0
        var current = 1
        while current < line, lineStart < page.count {
            guard let newline = page[lineStart...].firstIndex(of: 0x0A) else { break }
            lineStart = newline + 1
            current += 1
        }
        for start in [max(lineStart, previous), previous, 0] {
            if let found = find(text, in: page, from: start) { return (found, true) }
        }
        return (lineStart, false)
    }

    /// The first offset at or after `start` where `needle` occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}

/// The structured error handler while parsing a page: drops every report (the options
/// already ask libxml2 for none; this keeps anything else off stderr).
private let dropError: xmlStructuredErrorFunc = { _, _ in }
