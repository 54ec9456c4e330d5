/// The checks of the fast path (``XMLFastScanner``), made as it reads: the XML
/// declaration, comments, text, CDATA sections and attribute values of the subset, and
/// the characters in them. Each takes the input and the byte classes, so that the scanner
/// calls them without handing itself over.
extension XMLFastBytes {
    /// Where the XML declaration at the start of `bytes` ends:
    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, the last two
    /// pseudo-attributes optional; `nil` for any other.
    static func declarationEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ classes: UnsafePointer<ByteClass>) -> Int? {
        guard has("<?xml", in: bytes, at: 0) else { return nil }
        var index = 5
        let pseudoAttributes: [(name: StaticString, allowed: [StaticString])] = [("version", ["1.0"]), ("encoding", ["UTF-8", "utf-8"]), ("standalone", ["yes", "no"])]
        for (place, (name, allowed)) in pseudoAttributes.enumerated() {
            let spaced = spaceEnd(bytes, from: index, classes)
            guard spaced > index, has(name, in: bytes, at: spaced) else {
                // The version is required; the others may be left out.
                if place == 0 { return nil }
                continue
            }
            let equalsAt = spaceEnd(bytes, from: spaced + name.utf8CodeUnitCount, classes)
            guard equalsAt < bytes.count, bytes[equalsAt] == UInt8(ascii: "=") else { return nil }
            index = spaceEnd(bytes, from: equalsAt + 1, classes)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            guard let value = allowed.first(where: { has($0, in: bytes, at: index + 1) }),
                  has(quote == UInt8(ascii: "'") ? "'" : "\"", in: bytes, at: index + 1 + value.utf8CodeUnitCount) else { return nil }
            index += value.utf8CodeUnitCount + 2
        }
        index = spaceEnd(bytes, from: index, classes)
        return has("?>", in: bytes, at: index) ? index + 2 : nil
    }

    /// Where the comment `<!-- … -->` at `start` ends (after its `>`); `nil` when it holds
    /// `--` or what is not an XML `Char`, or does not end.
    static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ classes: UnsafePointer<ByteClass>) -> Int? {
        var cursor = start + 4
        while true {
            cursor = skip(bytes, from: cursor, until: [.other, .hyphen], classes)
            guard cursor < bytes.count else { return nil }
            if bytes[cursor] == UInt8(ascii: "-") {
                guard cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "-") else {
                    cursor += 1
                    continue
                }
                guard cursor + 2 < bytes.count, bytes[cursor + 2] == UInt8(ascii: ">") else { return nil }
                return cursor + 3
            }
            guard let next = characterEnd(bytes, at: cursor) else { return nil }
            cursor = next
        }
    }

    /// Where character data starting at `start` ends (at the next `<`), and whether it holds
    /// no reference; `nil` when it leaves the subset: not an XML `Char`, a reference other
    /// than the predefined ones and characters, `]]>`, or no `<` before the end.
    static func textEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ classes: UnsafePointer<ByteClass>) -> (end: Int, isPlain: Bool)? {
        var cursor = start
        var isPlain = true
        while true {
            cursor = skip(bytes, from: cursor, until: .textStop, classes)
            guard cursor < bytes.count else { return nil }
            switch bytes[cursor] {
            case UInt8(ascii: "<"):
                return (cursor, isPlain)
            case UInt8(ascii: "&"):
                guard let reference = reference(bytes, at: cursor) else { return nil }
                cursor = reference.end
                isPlain = false
            case UInt8(ascii: "]"):
                guard !has("]]>", in: bytes, at: cursor) else { return nil }
                cursor += 1
            default:
                guard let next = characterEnd(bytes, at: cursor) else { return nil }
                cursor = next
            }
        }
    }

    /// Where the `]]>` of a CDATA section whose text starts at `start` is; `nil` when there
    /// is none or the text holds what is not an XML `Char`.
    static func cdataEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ classes: UnsafePointer<ByteClass>) -> Int? {
        var cursor = start
        while true {
            cursor = skip(bytes, from: cursor, until: [.other, .closingBracket], classes)
            guard cursor < bytes.count else { return nil }
            if bytes[cursor] == UInt8(ascii: "]") {
                if has("]]>", in: bytes, at: cursor) { return cursor }
                cursor += 1
                continue
            }
            guard let next = characterEnd(bytes, at: cursor) else { return nil }
            cursor = next
        }
    }

    /// The quoted attribute value at `quoteAt`: the offset of its closing quote, and whether
    /// it reads as it stands (no reference, tab or line feed in it); `nil` when it is not
    /// one of the subset.
    static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>, at quoteAt: Int, _ classes: UnsafePointer<ByteClass>) -> (end: Int, isPlain: Bool)? {
        guard quoteAt < bytes.count, bytes[quoteAt] == UInt8(ascii: "\"") || bytes[quoteAt] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[quoteAt]
        let stops: ByteClass = [.other, .lessThan, .ampersand, .space, quote == UInt8(ascii: "'") ? .singleQuote : .doubleQuote]
        var cursor = quoteAt + 1
        var isPlain = true
        while true {
            cursor = skip(bytes, from: cursor, until: stops, classes)
            guard cursor < bytes.count else { return nil }
            switch bytes[cursor] {
            case quote:
                return (cursor, isPlain)
            case UInt8(ascii: "<"):
                return nil
            case UInt8(ascii: "&"):
                guard let reference = reference(bytes, at: cursor) else { return nil }
                cursor = reference.end
                isPlain = false
            case UInt8(ascii: " "):
                cursor += 1
            case 0x09, 0x0A:
                cursor += 1
                isPlain = false
            default:
                guard let next = characterEnd(bytes, at: cursor) else { return nil }
                cursor = next
            }
        }
    }

    /// Steps over plain characters from `start` up to the next byte of a class in `stops` (or the end).
    @inline(__always)
    private static func skip(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, until stops: ByteClass, _ classes: UnsafePointer<ByteClass>) -> Int {
        var cursor = start
        while cursor < bytes.count, classes[Int(bytes[cursor])].isDisjoint(with: stops) { cursor += 1 }
        return cursor
    }

    /// Where the character at `start` ends when it is an XML `Char` in valid UTF-8 (a
    /// carriage return excluded), else `nil`.
    @inline(__always)
    private static func characterEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let byte = bytes[start]
        if (byte >= 0x20 && byte < 0x80) || byte == 0x0A || byte == 0x09 { return start + 1 }
        let length = utf8Length(bytes, at: start)
        return length > 0 ? start + length : nil
    }

    /// The length of the UTF-8 sequence of a non-ASCII `Char` at `start`, `0` when it is none.
    private static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            start + offset < bytes.count && bytes[start + offset] >= low && bytes[start + offset] <= high
        }
        switch bytes[start] {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xEF:
            // U+FFFE and U+FFFF are not characters.
            guard continuation(1), continuation(2) else { return 0 }
            return bytes[start + 1] == 0xBF && bytes[start + 2] >= 0xBE ? 0 : 3
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Whether `first..<last` is a namespace URI libxml2 takes without a word: a scheme,
    /// `:`, then either `//` and a host name and a path, or a path, of letters, digits and
    /// `-._~/` (and `:` in a path without a host), and neither of XML's reserved namespaces.
    static func isPlainAbsoluteURI(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int) -> Bool {
        var cursor = first
        guard cursor < last, (bytes[cursor] | 0x20) >= UInt8(ascii: "a"), (bytes[cursor] | 0x20) <= UInt8(ascii: "z") else { return false }
        while cursor < last, classes[Int(bytes[cursor])].contains(.name) || bytes[cursor] == UInt8(ascii: "+"), bytes[cursor] != UInt8(ascii: "_") { cursor += 1 }
        guard cursor < last, bytes[cursor] == UInt8(ascii: ":"), cursor + 1 < last else { return false }
        cursor += 1
        let hasHost = has("//", in: bytes, at: cursor) && cursor + 2 <= last
        var inHost = hasHost
        if hasHost { cursor += 2 }
        let hostStart = cursor
        while cursor < last {
            let byte = bytes[cursor]
            let isPlain = ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if inHost {
                if byte == UInt8(ascii: "/") {
                    guard cursor > hostStart else { return false }
                    inHost = false
                } else if !isPlain {
                    return false
                }
            } else if !(isPlain || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") || (!hasHost && byte == UInt8(ascii: ":"))) {
                return false
            }
            cursor += 1
        }
        guard !hasHost || cursor > hostStart else { return false }
        let uri = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self)
        return uri != "http://www.w3.org/XML/1998/namespace" && uri != "http://www.w3.org/2000/xmlns/"
    }
}
