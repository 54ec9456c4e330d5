import AlmanacCore
import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a document that ``XMLFastCheck`` accepted into ``XMLPushReader``'s event buffer,
/// a piece at a time, as libxml2's SAX callbacks would have filled it: the same start tags
/// (names interned in the same dictionary, the line of their `>`), end tags, text with
/// references resolved and attribute values normalized. It checks nothing: the document
/// was checked whole before the first event.
///
/// A text event records where its text starts in the input (``XMLEvent/source``) instead of
/// a line, which is counted only when a message needs it (``textLine(at:)``).
struct XMLFastScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let classes = XMLFastBytes.classes
    /// libxml2's dictionary, where names and namespaces are interned.
    private let dictionary: xmlDictPtr?
    private var index = 0
    /// How far positions have been counted, and the line and column there.
    private var counted = SourcePosition(offset: 0, line: 1, column: 1)
    /// Counts the places asked for behind `counted` on an earlier line.
    private var behind: SourceLocator?
    /// The default namespace of each open element (an interned address, `0` for none).
    private var namespaces = [UInt](repeating: 0, count: XMLFastCheck.maximumDepth + 1)
    /// The length of each open element's name, to step over its end tag.
    private var nameLengths = [Int](repeating: 0, count: XMLFastCheck.maximumDepth + 1)
    /// White space just read that the next tag carries (``XMLEvent/space``).
    private var pendingSpace: Int32 = 0
    /// Whether the input has been read to its end.
    private(set) var isFinished = false
    /// Interned names by their first eight bytes and length.
    private var names = [CachedName](repeating: CachedName(), count: Self.cacheSize)

    private struct CachedName {
        var head: UInt64 = 0
        var length = 0
        var address: UInt = 0
    }

    private static let cacheSize = 256
    /// How many events, and text bytes, one fill stops after.
    private static let eventsPerFill = 1_024
    private static let textPerFill = 64 * 1024

    init(bytes: UnsafeBufferPointer<UInt8>, dictionary: xmlDictPtr?) {
        self.bytes = bytes
        self.dictionary = dictionary
    }

    /// Appends the events of the next piece of the input to `buffer` (emptied by the caller).
    mutating func fill(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        while buffer.pointee.events.count < Self.eventsPerFill, buffer.pointee.text.count < Self.textPerFill {
            guard index < bytes.count else {
                isFinished = true
                return
            }
            guard bytes[index] == UInt8(ascii: "<") else {
                if buffer.pointee.openElements == 0 { index = XMLFastBytes.spaceEnd(bytes, from: index, classes) } else { text(buffer) }
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"): endTag(buffer)
            case UInt8(ascii: "?"): index = find("?>", from: index + 2) + 2
            case UInt8(ascii: "!") where bytes[index + 2] == UInt8(ascii: "-"): index = find("-->", from: index + 4) + 3
            case UInt8(ascii: "!"): cdata(buffer)
            default: startTag(buffer)
            }
        }
    }

    // MARK: Markup

    private mutating func startTag(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        let nameStart = index + 1
        let localNameEnd = XMLFastBytes.nameEnd(bytes, from: nameStart, classes)
        var cursor = localNameEnd
        let localName = intern(nameStart, cursor)
        let depth = Int(buffer.pointee.openElements)
        var namespace = depth > 0 ? namespaces[depth - 1] : 0
        let firstAttribute = Int32(buffer.pointee.attributes.count)
        while true {
            cursor = XMLFastBytes.spaceEnd(bytes, from: cursor, classes)
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
            let attributeEnd = XMLFastBytes.nameEnd(bytes, from: cursor, classes)
            let equalsAt = XMLFastBytes.spaceEnd(bytes, from: attributeEnd, classes)
            let quoteAt = XMLFastBytes.spaceEnd(bytes, from: equalsAt + 1, classes)
            let valueStart = quoteAt + 1
            let valueEnd = find(bytes[quoteAt], from: valueStart)
            if attributeEnd - cursor == 5, XMLFastBytes.has("xmlns", in: bytes, at: cursor) {
                namespace = intern(valueStart, valueEnd)
            } else if isPlain(valueStart, valueEnd) {
                // A value as it stands is left in the input.
                buffer.pointee.attributes.append(XMLEventAttribute(
                    localName: intern(cursor, attributeEnd), namespace: 0, first: Int32(truncatingIfNeeded: valueStart),
                    last: Int32(truncatingIfNeeded: valueEnd), hasReference: false, inInput: true
                ))
            } else {
                let first = Int32(buffer.pointee.text.count)
                appendResolved(valueStart, valueEnd, normalizingSpace: true, to: &buffer.pointee.text)
                buffer.pointee.attributes.append(XMLEventAttribute(
                    localName: intern(cursor, attributeEnd), namespace: 0, first: first, last: Int32(buffer.pointee.text.count), hasReference: false
                ))
            }
            cursor = valueEnd + 1
        }
        let isEmpty = bytes[cursor] == UInt8(ascii: "/")
        buffer.pointee.events.append(XMLEvent(
            kind: .start, isEmpty: isEmpty, depth: buffer.pointee.openElements, line: 0, localName: localName, namespace: namespace,
            qualifiedName: localName, first: firstAttribute, last: Int32(buffer.pointee.attributes.count), source: Int32(truncatingIfNeeded: index),
            space: pendingSpace
        ))
        pendingSpace = 0
        if isEmpty {
            index = cursor + 2
        } else {
            namespaces[depth] = namespace
            nameLengths[depth] = localNameEnd - nameStart
            index = cursor + 1
            buffer.pointee.openElements += 1
        }
    }

    @inline(__always)
    private mutating func endTag(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        buffer.pointee.openElements -= 1
        // `</`, the open element's name, white space (rarely), `>`.
        let close = XMLFastBytes.spaceEnd(bytes, from: index + 2 + nameLengths[Int(buffer.pointee.openElements)], classes)
        buffer.pointee.events.append(XMLEvent(kind: .end, depth: buffer.pointee.openElements, line: 0, first: 0, last: 0, source: Int32(truncatingIfNeeded: index), space: pendingSpace))
        pendingSpace = 0
        index = close + 1
    }

    /// Character data up to the next `<`, references resolved.
    private mutating func text(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        // White space alone before a tag (indentation, mostly) goes with the tag, unless it
        // joins text before a comment.
        let spaceEnd = XMLFastBytes.spaceEnd(bytes, from: index, classes)
        if bytes[spaceEnd] == UInt8(ascii: "<"), bytes[spaceEnd + 1] != UInt8(ascii: "!"), buffer.pointee.events.last?.kind != .text {
            pendingSpace = Int32(truncatingIfNeeded: spaceEnd - index)
            index = spaceEnd
            return
        }
        let end = find(UInt8(ascii: "<"), from: index)
        let plain = memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "&")), end - index) == nil
        appendText(index, end, resolving: !plain, to: buffer)
        index = end
    }

    /// `<![CDATA[ … ]]>`: its text as it stands.
    private mutating func cdata(_ buffer: UnsafeMutablePointer<XMLEventBuffer>) {
        let end = find("]]>", from: index + 9)
        appendText(index + 9, end, resolving: false, source: index, to: buffer)
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

    /// Whether an attribute value reads as it stands: no reference, tab or line feed in it.
    private func isPlain(_ start: Int, _ end: Int) -> Bool {
        for byte in UnsafeBufferPointer(rebasing: bytes[start..<end]) where byte == UInt8(ascii: "&") || byte == 0x0A || byte == 0x09 {
            return false
        }
        return true
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

    // MARK: Places

    /// The position of byte `offset`: counted on from the last one asked for when it lies
    /// after it (marks are asked for in document order), else back from there on the same
    /// line, else by a locator with checkpoints (made the first time), so that no position
    /// costs more than the distance from the last one. Columns count Unicode scalars.
    mutating func position(of offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        guard target >= counted.offset else {
            guard XMLFastBytes.lineFeeds(bytes, target, counted.offset) == 0 else {
                if behind == nil { behind = SourceLocator(bytes) }
                return behind!.position(of: target)
            }
            return SourcePosition(offset: target, line: counted.line, column: counted.column - scalars(target, counted.offset))
        }
        let lines = XMLFastBytes.lineFeeds(bytes, counted.offset, target)
        var column = counted.column
        if lines > 0 {
            var lineStart = target
            while bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            column = 1 + scalars(lineStart, target)
        } else {
            column += scalars(counted.offset, target)
        }
        counted = SourcePosition(offset: target, line: counted.line + lines, column: column)
        return counted
    }

    /// The number of Unicode scalars in `first..<last`.
    private func scalars(_ first: Int, _ last: Int) -> Int {
        var count = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[first..<last]) where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The line libxml2 gives for a text event whose text starts at `source`: where it first
    /// reported some of it. That is after a CDATA section, at the first reference or the
    /// first non-ASCII character after ASCII text, and otherwise after 300 bytes or at the
    /// first reference or tag.
    func textLine(at source: Int) -> Int {
        var reported: Int
        if XMLFastBytes.has("<![CDATA[", in: bytes, at: source) {
            reported = find("]]>", from: source + 9)
        } else {
            reported = source
            while reported < bytes.count, bytes[reported] < 0x80, bytes[reported] != UInt8(ascii: "&"), bytes[reported] != UInt8(ascii: "<") { reported += 1 }
            if reported == source, reported < bytes.count, bytes[reported] >= 0x80 {
                var copied = 0
                while reported < bytes.count, bytes[reported] != UInt8(ascii: "&"), bytes[reported] != UInt8(ascii: "<") {
                    var length = 1
                    while reported + length < bytes.count, bytes[reported + length] & 0xC0 == 0x80 { length += 1 }
                    copied += length
                    if copied >= 300 { break }
                    reported += length
                }
            }
        }
        return 1 + XMLFastBytes.lineFeeds(bytes, 0, reported)
    }

    // MARK: Searching

    /// The offset of the next `byte` at or after `start` (the input's end when none).
    private func find(_ byte: UInt8, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The offset of the next `literal` at or after `start` (the input's end when none).
    private func find(_ literal: StaticString, from start: Int) -> Int {
        var cursor = start
        let lead = literal.utf8Start.pointee
        while true {
            cursor = find(lead, from: cursor)
            if cursor >= bytes.count || XMLFastBytes.has(literal, in: bytes, at: cursor) { return cursor }
            cursor += 1
        }
    }

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
        let slot = Int(truncatingIfNeeded: ((head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 56) & (Self.cacheSize - 1)
        let cached = names[slot]
        if cached.address != 0, cached.head == head, cached.length == length,
           length <= 8 || memcmp(UnsafeRawPointer(bitPattern: cached.address)!, base, length) == 0 {
            return cached.address
        }
        let address = UInt(bitPattern: xmlDictLookup(dictionary, base, Int32(length)))
        names[slot] = CachedName(head: head, length: length, address: address)
        return address
    }
}
