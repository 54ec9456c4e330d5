import AlmanacCore
import AlmanacLibXML

/// Reads a saved web page once with libxml2's HTML parser (``HTMLEventParser``: nothing is
/// fetched, libxml2 prints nothing) and finds both kinds of schema.org data in it: the
/// `<script type="application/ld+json">` blocks and the Microdata items.
struct HTMLPageScanner {
    /// One JSON-LD block: its text (UTF-8) and where that text starts in the page.
    struct Block {
        var text: [UInt8]
        /// Offset of the text's first byte in the page.
        var offset: Int
        /// Whether the text is the page's bytes from ``offset`` on (false for a page in
        /// another encoding, whose text libxml2 converted: positions are then the block's start).
        var exact: Bool
    }

    /// The JSON-LD blocks, in document order (empty ones left out).
    private(set) var blocks: [Block] = []
    private var reader: MicrodataReader
    /// The block being read: its text so far and where it starts.
    private var script: (text: [UInt8], offset: Int)?

    private init(page: [UInt8], maximumDepth: Int) {
        reader = MicrodataReader(page: page, maximumDepth: maximumDepth)
    }

    /// The JSON-LD blocks and the top-level Microdata items of `page`, whose items may
    /// nest `maximumDepth` deep.
    static func scan(_ page: [UInt8], maximumDepth: Int) throws(JSONLDDecodingError) -> (blocks: [Block], microdata: MicrodataReader) {
        var scanner = HTMLPageScanner(page: page, maximumDepth: maximumDepth)
        do {
            try page.withUnsafeBufferPointer { buffer in
                try HTMLEventParser.parse(buffer) { event throws(JSONLDDecodingError) in
                    try scanner.handle(event, page: buffer)
                }
            }
            try scanner.reader.finish()
        } catch let error as JSONLDDecodingError {
            throw error
        } catch {
            // HTMLEventParser's own error: a page of 2 GiB or more.
            throw .inputTooLarge(byteCount: page.count)
        }
        return (scanner.blocks, scanner.reader)
    }

    private mutating func handle(_ event: HTMLEvent, page: UnsafeBufferPointer<UInt8>) throws(JSONLDDecodingError) {
        switch event {
        case .start(let tag):
            if tag.name == "script", Self.isJSONLD(tag.attribute("type")) { script = ([], tag.contentOffset) }
            try reader.start(tag)
        case .text(let bytes):
            if script != nil { script?.text.append(contentsOf: bytes) }
            reader.characters(bytes)
        case .end(let name):
            if name == "script", let block = script {
                script = nil
                if block.text.contains(where: { !Self.isSpace($0) }) {
                    let end = block.offset + block.text.count
                    let exact = end <= page.count && page[block.offset..<end].elementsEqual(block.text)
                    blocks.append(Block(text: block.text, offset: block.offset, exact: exact))
                }
            }
            try reader.end()
        }
    }

    /// Whether a `<script>`'s type is `application/ld+json` (case and parameters such as
    /// `; charset=utf-8` aside).
    static func isJSONLD(_ type: String?) -> Bool {
        guard let type else { return false }
        let mediaType = type.lowercased().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingSpaces() == "application/ld+json"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
