import AlmanacCore
import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a document in the common subset of XML into ``XMLPushReader``'s event buffer, a
/// piece at a time, as libxml2's SAX callbacks would have filled it: the same start tags
/// (names interned in the same dictionary), end tags, text with references resolved and
/// attribute values normalized. It checks, in the same pass, that the document stays in
/// the subset: UTF-8 without a byte-order mark or a carriage return; an optional XML
/// declaration of version 1.0 (encoding UTF-8, standalone yes or no); comments; one root
/// element and nothing after it but white space and comments. Element and attribute names
/// are ASCII without a colon (so no prefixes); the only namespace declaration is a default
/// one (`xmlns="…"`) to an absolute URI of plain characters; text, CDATA sections and
/// attribute values hold XML `Char`s, the five predefined entities and character
/// references. No DOCTYPE, no processing instruction.
///
/// Every document it reads to its end is one libxml2 reads without an error or a warning,
/// into the same events. The moment it meets anything else, well-formed or not, it stops
/// (``isAbandoned``): the events of the piece in progress are dropped, and libxml2 reads
/// the document from its start, its events up to the last tag handed out passed over (a
/// piece always ends with a tag), so that libxml2's messages and its support for the rest
/// of XML stay.
///
/// A text event records where its text starts in the input (``XMLEvent/source``) instead of
/// a line, which is counted only when a message needs it (``textLine(at:)``).
struct XMLFastScanner: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    let classes = XMLFastBytes.classes
    /// libxml2's dictionary, where names and namespaces are interned.
    private let dictionary: xmlDictPtr?
    private var index = 0
    /// How far positions have been counted, and the line and column there.
    var counted = SourcePosition(offset: 0, line: 1, column: 1)
    /// Counts the places asked for behind `counted` on an earlier line.
    var behind: SourceLocator?
    /// Each open element, by depth. This and the two tables below are memory of the
    /// scanner's own (written for every tag with no copy-on-write check), freed when the
    /// scanner ends (it cannot be copied, so they have one owner).
    private let open: UnsafeMutablePointer<OpenElement>
    /// The attribute names of the start tag being read, for the uniqueness check.
    private let attributeNames: UnsafeMutablePointer<(start: Int, end: Int)>
    /// White space just read that the next tag carries (``XMLEvent/space``).
    private var pendingSpace: Int32 = 0
    /// Where the last tag ended, for the limit on text between two tags.
    private var lastTag = 0
    /// Whether the root element has ended.
    private var rootEnded = false
    /// Whether the input has been read to its end.
    private(set) var isFinished = false
    /// Whether the document left the subset; libxml2 reads it instead (see above).
    private(set) var isAbandoned = false
    /// Interned names by their first eight bytes and length.
    private let names: UnsafeMutablePointer<CachedName>

    /// An open element: its default namespace (an interned address, `0` for none), and
    /// where its name starts and how long it is, to match its end tag.
    private struct OpenElement {
        var namespace: UInt = 0
        var nameStart = 0
        var nameLength = 0
    }

    private struct CachedName {
        var head: UInt64 = 0
        /// The last eight bytes of a name of nine to sixteen.
        var tail: UInt64 = 0
        var length = 0
        var address: UInt = 0
    }

    private static let cacheBits = 10
    private static let cacheSize = 1 << cacheBits
    /// How many events, and text bytes, one fill stops after.
    private static let eventsPerFill = 1_024
    private static let textPerFill = 64 * 1024
    /// The most attributes one start tag may have here, for the uniqueness check.
    private static let maximumAttributes = 64
    /// The deepest nesting here (libxml2 stops at 256).
    static let maximumDepth = 200
    /// The longest name, and the longest text between two tags (libxml2's tree builder
    /// stops at 10,000,000 bytes of text).
    private static let maximumNameLength = 1_000
    private static let maximumTextLength = 9_000_000

    init(bytes: UnsafeBufferPointer<UInt8>, dictionary: xmlDictPtr?) {
        self.bytes = bytes
        self.dictionary = dictionary
        open = .allocate(capacity: Self.maximumDepth + 1)
        open.initialize(repeating: OpenElement(), count: Self.maximumDepth + 1)
        attributeNames = .allocate(capacity: Self.maximumAttributes)
        attributeNames.initialize(repeating: (0, 0), count: Self.maximumAttributes)
        names = .allocate(capacity: Self.cacheSize)
        names.initialize(repeating: CachedName(), count: Self.cacheSize)
    }

    deinit {
        open.deallocate()
        attributeNames.deallocate()
        names.deallocate()
    }

    /// Appends the events of the next piece of the input to `buffer` (emptied by the
    /// caller); a piece ends after a tag, or at the end of the input. When the document
    /// leaves the subset, ``isAbandoned`` is set and what the piece appended means nothing.
    mutating func fill(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        while !isAbandoned {
            guard index < bytes.count else {
                if rootEnded { isFinished = true } else { abandon() }
                return
            }
            guard bytes[index] == UInt8(ascii: "<") else {
                if buffer.pointee.openElements == 0 { outside() } else { text(buffer) }
                continue
            }
            guard index + 1 < bytes.count else { return abandon() }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"):
                endTag(buffer)
            case UInt8(ascii: "?"):
                // Only the XML declaration, at the very start.
                if index == 0, let end = XMLFastBytes.declarationEnd(bytes, classes) { index = end } else { abandon() }
                continue
            case UInt8(ascii: "!"):
                if XMLFastBytes.has("<!--", in: bytes, at: index) {
                    if let end = XMLFastBytes.commentEnd(bytes, from: index, classes) { index = end } else { abandon() }
                } else if buffer.pointee.openElements > 0, XMLFastBytes.has("<![CDATA[", in: bytes, at: index) {
                    cdata(buffer)
                } else {
                    abandon()
                }
                continue
            default:
                startTag(buffer)
            }
            if buffer.pointee.events.count >= Self.eventsPerFill || buffer.pointee.text.count >= Self.textPerFill { return }
        }
    }

    /// Gives the document up to libxml2.
    private mutating func abandon() {
        isAbandoned = true
    }

    // MARK: Markup

    /// White space outside the root element (anything else there is left to libxml2).
    private mutating func outside() {
        let end = XMLFastBytes.spaceEnd(bytes, from: index, classes)
        guard end == bytes.count || bytes[end] == UInt8(ascii: "<") else { return abandon() }
        index = end
    }

    private mutating func startTag(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        let nameStart = index + 1
        let nameEnd = XMLFastBytes.nameEnd(bytes, from: nameStart, classes)
        guard !rootEnded, nameEnd > nameStart, nameEnd - nameStart <= Self.maximumNameLength, index - lastTag <= Self.maximumTextLength else { return abandon() }
        let localName = intern(nameStart, nameEnd)
        let depth = Int(buffer.pointee.openElements)
        var namespace = depth > 0 ? open[depth - 1].namespace : 0
        let firstAttribute = Int32(buffer.pointee.attributes.count)
        var cursor = nameEnd
        var count = 0
        var isEmpty = false
        while true {
            let spaced = XMLFastBytes.spaceEnd(bytes, from: cursor, classes)
            guard spaced < bytes.count else { return abandon() }
            if bytes[spaced] == UInt8(ascii: ">") {
                cursor = spaced + 1
                break
            }
            if bytes[spaced] == UInt8(ascii: "/") {
                guard spaced + 1 < bytes.count, bytes[spaced + 1] == UInt8(ascii: ">") else { return abandon() }
                cursor = spaced + 2
                isEmpty = true
                break
            }
            // An attribute, after white space, named once in the tag: `name S? = S? "value"`.
            let attributeEnd = XMLFastBytes.nameEnd(bytes, from: spaced, classes)
            guard spaced > cursor, attributeEnd > spaced, attributeEnd - spaced <= Self.maximumNameLength, count < Self.maximumAttributes,
                  Self.isNew(spaced, attributeEnd, among: UnsafeBufferPointer(start: attributeNames, count: count), in: bytes) else { return abandon() }
            attributeNames[count] = (spaced, attributeEnd)
            count += 1
            let equalsAt = XMLFastBytes.spaceEnd(bytes, from: attributeEnd, classes)
            guard equalsAt < bytes.count, bytes[equalsAt] == UInt8(ascii: "=") else { return abandon() }
            let quoteAt = XMLFastBytes.spaceEnd(bytes, from: equalsAt + 1, classes)
            guard let value = XMLFastBytes.attributeValue(bytes, at: quoteAt, classes) else { return abandon() }
            let valueStart = quoteAt + 1
            let valueEnd = value.end
            if attributeEnd - spaced == 5, XMLFastBytes.has("xmlns", in: bytes, at: spaced) {
                guard XMLFastBytes.isPlainAbsoluteURI(bytes, valueStart, valueEnd) else { return abandon() }
                namespace = intern(valueStart, valueEnd)
            } else if value.isPlain {
                // A value as it stands is left in the input.
                buffer.pointee.attributes.append(XMLEventAttribute(
                    localName: intern(spaced, attributeEnd), namespace: 0, first: Int32(truncatingIfNeeded: valueStart),
                    last: Int32(truncatingIfNeeded: valueEnd), hasReference: false, inInput: true
                ))
            } else {
                let first = Int32(buffer.pointee.text.count)
                appendResolved(valueStart, valueEnd, normalizingSpace: true, to: &buffer.pointee.text)
                buffer.pointee.attributes.append(XMLEventAttribute(
                    localName: intern(spaced, attributeEnd), namespace: 0, first: first, last: Int32(buffer.pointee.text.count), hasReference: false
                ))
            }
            cursor = valueEnd + 1
        }
        guard isEmpty || depth < Self.maximumDepth else { return abandon() }
        buffer.pointee.events.append(XMLEvent(
            kind: .start, isEmpty: isEmpty, depth: buffer.pointee.openElements, line: 0, localName: localName, namespace: namespace,
            qualifiedName: localName, first: firstAttribute, last: Int32(buffer.pointee.attributes.count), source: Int32(truncatingIfNeeded: index),
            space: pendingSpace
        ))
        pendingSpace = 0
        if isEmpty {
            rootEnded = depth == 0
        } else {
            open[depth] = OpenElement(namespace: namespace, nameStart: nameStart, nameLength: nameEnd - nameStart)
            buffer.pointee.openElements += 1
        }
        index = cursor
        lastTag = cursor
    }

    /// Whether the attribute name `start..<end` differs from those before it in the tag.
    private static func isNew(_ start: Int, _ end: Int, among names: UnsafeBufferPointer<(start: Int, end: Int)>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for other in names where other.end - other.start == end - start && XMLFastBytes.same(bytes, start, end, as: other.start) {
            return false
        }
        return true
    }

    /// `</name S?>`, the name the open element's.
    private mutating func endTag(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        let depth = Int(buffer.pointee.openElements)
        guard depth > 0, index - lastTag <= Self.maximumTextLength else { return abandon() }
        let nameStart = index + 2
        let nameEnd = nameStart + open[depth - 1].nameLength
        guard nameEnd < bytes.count, XMLFastBytes.same(bytes, nameStart, nameEnd, as: open[depth - 1].nameStart),
              !classes[Int(bytes[nameEnd])].contains(.name) else { return abandon() }
        let close = XMLFastBytes.spaceEnd(bytes, from: nameEnd, classes)
        guard close < bytes.count, bytes[close] == UInt8(ascii: ">") else { return abandon() }
        buffer.pointee.openElements -= 1
        buffer.pointee.events.append(XMLEvent(kind: .end, depth: buffer.pointee.openElements, line: 0, first: 0, last: 0, source: Int32(truncatingIfNeeded: index), space: pendingSpace))
        pendingSpace = 0
        rootEnded = depth == 1
        index = close + 1
        lastTag = index
    }

    /// Character data up to the next `<`, references resolved.
    private mutating func text(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        // White space alone before a tag (indentation, mostly) goes with the tag, unless it
        // joins text before a comment.
        let spaceEnd = XMLFastBytes.spaceEnd(bytes, from: index, classes)
        if spaceEnd + 1 < bytes.count, bytes[spaceEnd] == UInt8(ascii: "<"), bytes[spaceEnd + 1] != UInt8(ascii: "!"), buffer.pointee.events.last?.kind != .text {
            pendingSpace = Int32(truncatingIfNeeded: spaceEnd - index)
            index = spaceEnd
            return
        }
        guard let found = XMLFastBytes.textEnd(bytes, from: spaceEnd, classes) else { return abandon() }
        appendText(index, found.end, resolving: !found.isPlain, to: buffer)
        index = found.end
    }

    /// `<![CDATA[ … ]]>`: its text as it stands (libxml2 reports none for an empty one).
    private mutating func cdata(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        guard let end = XMLFastBytes.cdataEnd(bytes, from: index + 9, classes) else { return abandon() }
        if end > index + 9 { appendText(index + 9, end, resolving: false, source: index, to: buffer) }
        index = end + 3
    }

    /// Appends the text `start..<end` (read from `source`): joined to the text event before
    /// it when only comments came between, as libxml2's are; else a new text event, which
    /// leaves text needing no change in the input.
    private func appendText(_ start: Int, _ end: Int, resolving: Bool, source: Int? = nil, to buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        let last = buffer.pointee.events.count - 1
        guard last >= 0, buffer.pointee.events[last].kind == .text else {
            if resolving {
                let first = Int32(buffer.pointee.text.count)
                appendResolved(start, end, normalizingSpace: false, to: &buffer.pointee.text)
                buffer.pointee.joinText(from: first, source: source ?? start)
            } else {
                buffer.pointee.events.append(XMLEvent(
                    kind: .text, inInput: true, depth: buffer.pointee.openElements, line: 0,
                    first: Int32(truncatingIfNeeded: start), last: Int32(truncatingIfNeeded: end), source: Int32(truncatingIfNeeded: source ?? start)
                ))
            }
            return
        }
        if buffer.pointee.events[last].inInput {
            // The text before moves to the buffer, to be joined there.
            let first = Int(buffer.pointee.events[last].first)
            let moved = Int32(buffer.pointee.text.count)
            buffer.pointee.text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<Int(buffer.pointee.events[last].last)]))
            buffer.pointee.events[last].first = moved
            buffer.pointee.events[last].inInput = false
        }
        if resolving {
            appendResolved(start, end, normalizingSpace: false, to: &buffer.pointee.text)
        } else {
            buffer.pointee.text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        buffer.pointee.events[last].last = Int32(buffer.pointee.text.count)
    }

    /// The bytes `start..<end` with references resolved (and, in an attribute value, tabs
    /// and line feeds as spaces).
    private func appendResolved(_ start: Int, _ end: Int, normalizingSpace: Bool, to output: inout [UInt8]) {
        var cursor = start
        while cursor < end {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "&"), let reference = XMLFastBytes.reference(bytes, at: cursor) {
                XMLFastBytes.appendUTF8(reference.scalar, to: &output)
                cursor = reference.end
                continue
            }
            output.append(normalizingSpace && (byte == 0x0A || byte == 0x09) ? 0x20 : byte)
            cursor += 1
        }
    }

    // MARK: Names

    /// The name `start..<end` interned in libxml2's dictionary.
    private mutating func intern(_ start: Int, _ end: Int) -> UInt {
        let length = end - start
        let base = bytes.baseAddress! + start
        var head: UInt64 = 0
        if start + 8 <= bytes.count {
            head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            if length < 8 { head &= (1 << UInt64(length * 8)) &- 1 }
        } else {
            for offset in 0..<min(length, 8) { head |= UInt64(base[offset]) << UInt64(offset * 8) }
        }
        let tail = length > 8 && length <= 16 ? XMLFastBytes.word(bytes.baseAddress!, end - 8) : 0
        let slot = Int(truncatingIfNeeded: ((head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.cacheBits))
        let cached = names[slot]
        if cached.address != 0, cached.head == head, cached.length == length, cached.tail == tail,
           length <= 16 || memcmp(UnsafeRawPointer(bitPattern: cached.address)!, base, length) == 0 {
            return cached.address
        }
        let address = UInt(bitPattern: xmlDictLookup(dictionary, base, Int32(length)))
        names[slot] = CachedName(head: head, tail: tail, length: length, address: address)
        return address
    }
}
