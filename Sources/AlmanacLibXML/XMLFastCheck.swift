/// Decides, in one pass over the bytes, whether a document lies inside the subset of XML
/// that ``XMLFastScanner`` reads instead of libxml2: UTF-8 without a byte-order mark or a
/// carriage return; an optional XML declaration of version 1.0 (encoding UTF-8, standalone
/// yes or no); comments; then one root element and nothing after it but white space and
/// comments. Element and attribute names are ASCII without a colon (so no prefixes); the
/// only namespace declaration is a default one (`xmlns="…"`) to an absolute URI of plain
/// characters; text, CDATA sections and attribute values hold XML `Char`s, the five
/// predefined entities and character references. No DOCTYPE, no processing instruction.
///
/// It is conservative: every document it accepts is one libxml2 reads without an error or
/// a warning and reports as the scanner does. Anything else, well-formed or not, is left
/// to libxml2, so that its messages and its support for the rest of XML stay.
struct XMLFastCheck {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let classes = XMLFastBytes.classes
    private var index = 0

    /// The most attributes one start tag may have here, for the uniqueness check.
    private static let maximumAttributes = 64
    /// The deepest nesting here (libxml2 stops at 256).
    static let maximumDepth = 200
    /// The longest name, and the longest text between two tags (libxml2's tree builder
    /// stops at 10,000,000 bytes of text).
    private static let maximumNameLength = 1_000
    private static let maximumTextLength = 9_000_000

    /// Whether ``XMLFastScanner`` may read `bytes` instead of libxml2.
    static func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var check = XMLFastCheck(bytes: bytes)
        return check.document()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func document() -> Bool {
        if XMLFastBytes.has("<?xml", in: bytes, at: 0) {
            guard declaration() else { return false }
        }
        guard misc(), index < bytes.count, root() else { return false }
        return misc() && index == bytes.count
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, the last two optional.
    private mutating func declaration() -> Bool {
        index = 5
        let pseudoAttributes: [(name: StaticString, allowed: [StaticString])] = [("version", ["1.0"]), ("encoding", ["UTF-8", "utf-8"]), ("standalone", ["yes", "no"])]
        for (place, (name, allowed)) in pseudoAttributes.enumerated() {
            let spaced = XMLFastBytes.spaceEnd(bytes, from: index, classes)
            guard spaced > index, XMLFastBytes.has(name, in: bytes, at: spaced) else {
                // The version is required; the others may be left out.
                if place == 0 { return false }
                continue
            }
            index = spaced + name.utf8CodeUnitCount
            guard equals(), index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return false }
            let quote = bytes[index]
            guard let value = allowed.first(where: { XMLFastBytes.has($0, in: bytes, at: index + 1) }),
                  XMLFastBytes.has(quote == UInt8(ascii: "'") ? "'" : "\"", in: bytes, at: index + 1 + value.utf8CodeUnitCount) else { return false }
            index += value.utf8CodeUnitCount + 2
        }
        index = XMLFastBytes.spaceEnd(bytes, from: index, classes)
        guard XMLFastBytes.has("?>", in: bytes, at: index) else { return false }
        index += 2
        return true
    }

    /// `S? = S?`.
    private mutating func equals() -> Bool {
        index = XMLFastBytes.spaceEnd(bytes, from: index, classes)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return false }
        index = XMLFastBytes.spaceEnd(bytes, from: index + 1, classes)
        return true
    }

    /// White space and comments, before or after the root.
    private mutating func misc() -> Bool {
        while true {
            index = XMLFastBytes.spaceEnd(bytes, from: index, classes)
            guard XMLFastBytes.has("<!--", in: bytes, at: index) else { return true }
            guard comment() else { return false }
        }
    }

    /// `<!-- … -->` at `index`, without `--` inside.
    private mutating func comment() -> Bool {
        index += 4
        while index < bytes.count {
            skip(until: [.other, .hyphen])
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">") else { return false }
                index += 3
                return true
            }
            guard character() else { return false }
        }
        return false
    }

    /// Steps over plain characters up to the next byte of a class in `stops` (or the end).
    @inline(__always)
    private mutating func skip(until stops: XMLFastBytes.ByteClass) {
        var cursor = index
        while cursor < bytes.count, classes[Int(bytes[cursor])].isDisjoint(with: stops) { cursor += 1 }
        index = cursor
    }

    /// Steps over the character at `index` when it is an XML `Char` in valid UTF-8 (a
    /// carriage return excluded).
    @inline(__always)
    private mutating func character() -> Bool {
        let byte = bytes[index]
        if byte >= 0x20, byte < 0x80 {
            index += 1
            return true
        }
        if byte == 0x0A || byte == 0x09 {
            index += 1
            return true
        }
        let length = utf8Length()
        index += length
        return length > 0
    }

    /// The length of the UTF-8 sequence of a non-ASCII `Char` at `index`, `0` when it is none.
    private func utf8Length() -> Int {
        let lead = bytes[index]
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            index + offset < bytes.count && bytes[index + offset] >= low && bytes[index + offset] <= high
        }
        switch lead {
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
            return bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE ? 0 : 3
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

    /// The root element and everything in it; `index` is on its `<`.
    private mutating func root() -> Bool {
        // The open elements' names, and the attribute names of a start tag, as (start, end) offsets.
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: Self.maximumDepth) { open in
            withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: Self.maximumAttributes) { names in
                elements(open: open, names: names)
            }
        }
    }

    /// The root element, with room for the names of the open elements and of a start tag's attributes.
    private mutating func elements(open: UnsafeMutableBufferPointer<(Int, Int)>, names: UnsafeMutableBufferPointer<(Int, Int)>) -> Bool {
        var depth = 0
        var lastTag = index
        repeat {
            guard index < bytes.count else { return false }
            if bytes[index] != UInt8(ascii: "<") {
                guard text() else { return false }
                continue
            }
            guard index + 1 < bytes.count else { return false }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "/") {
                let nameStart = index + 2
                let nameEnd = XMLFastBytes.nameEnd(bytes, from: nameStart, classes)
                guard depth > 0 else { return false }
                depth -= 1
                let (first, last) = open[depth]
                guard nameEnd - nameStart == last - first, XMLFastBytes.same(bytes, nameStart, nameEnd, as: first) else { return false }
                index = XMLFastBytes.spaceEnd(bytes, from: nameEnd, classes)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), index - lastTag <= Self.maximumTextLength else { return false }
                index += 1
                lastTag = index
            } else if next == UInt8(ascii: "!") {
                if XMLFastBytes.has("<!--", in: bytes, at: index) {
                    guard comment() else { return false }
                } else {
                    guard XMLFastBytes.has("<![CDATA[", in: bytes, at: index), cdata() else { return false }
                }
            } else {
                guard index - lastTag <= Self.maximumTextLength, let name = startTag(names: names) else { return false }
                if let name {
                    guard depth < Self.maximumDepth else { return false }
                    open[depth] = name
                    depth += 1
                }
                lastTag = index
            }
        } while depth > 0
        return true
    }

    /// A start tag at `index`: `nil` when it is not in the subset, `.some(nil)` for an
    /// empty-element tag, else its name's range.
    /// `names` has room for the names of its attributes.
    private mutating func startTag(names: UnsafeMutableBufferPointer<(Int, Int)>) -> (Int, Int)?? {
        let nameStart = index + 1
        let nameEnd = XMLFastBytes.nameEnd(bytes, from: nameStart, classes)
        guard nameEnd > nameStart, nameEnd - nameStart <= Self.maximumNameLength else { return nil }
        index = nameEnd
        let name = (nameStart, nameEnd)
        var count = 0
        while true {
            let spaced = XMLFastBytes.spaceEnd(bytes, from: index, classes)
            guard spaced < bytes.count else { return nil }
            if bytes[spaced] == UInt8(ascii: ">") {
                index = spaced + 1
                return .some(name)
            }
            if bytes[spaced] == UInt8(ascii: "/") {
                guard spaced + 1 < bytes.count, bytes[spaced + 1] == UInt8(ascii: ">") else { return nil }
                index = spaced + 2
                return .some(nil)
            }
            // An attribute, after white space, named once in the tag.
            let attributeEnd = XMLFastBytes.nameEnd(bytes, from: spaced, classes)
            guard spaced > index, attributeEnd > spaced, attributeEnd - spaced <= Self.maximumNameLength, count < Self.maximumAttributes,
                  !names[..<count].contains(where: { $0.1 - $0.0 == attributeEnd - spaced && XMLFastBytes.same(bytes, $0.0, $0.1, as: spaced) }) else { return nil }
            names[count] = (spaced, attributeEnd)
            count += 1
            index = attributeEnd
            guard equals(), let valueEnd = attributeValue() else { return nil }
            if attributeEnd - spaced == 5, XMLFastBytes.has("xmlns", in: bytes, at: spaced) {
                guard Self.isPlainAbsoluteURI(bytes, index + 1, valueEnd) else { return nil }
            }
            index = valueEnd + 1
        }
    }

    /// The quoted value at `index`: the offset of its closing quote, or `nil`.
    private mutating func attributeValue() -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let start = index
        var cursor = index + 1
        defer { index = start }
        let stops: XMLFastBytes.ByteClass = [.other, .lessThan, .ampersand, quote == UInt8(ascii: "'") ? .singleQuote : .doubleQuote]
        while cursor < bytes.count {
            while cursor < bytes.count, classes[Int(bytes[cursor])].isDisjoint(with: stops) { cursor += 1 }
            guard cursor < bytes.count else { return nil }
            let byte = bytes[cursor]
            if byte == quote { return cursor }
            switch byte {
            case UInt8(ascii: "<"): return nil
            case UInt8(ascii: "&"):
                guard let reference = XMLFastBytes.reference(bytes, at: cursor) else { return nil }
                cursor = reference.end
            default:
                index = cursor
                guard character() else { return nil }
                cursor = index
            }
        }
        return nil
    }

    /// Character data at `index` up to the next `<`: XML `Char`s and references, no `]]>`.
    private mutating func text() -> Bool {
        while index < bytes.count {
            skip(until: .textStop)
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "<"): return true
            case UInt8(ascii: "&"):
                guard let reference = XMLFastBytes.reference(bytes, at: index) else { return false }
                index = reference.end
            case UInt8(ascii: "]"):
                guard !XMLFastBytes.has("]]>", in: bytes, at: index) else { return false }
                index += 1
            default:
                guard character() else { return false }
            }
        }
        return false
    }

    /// `<![CDATA[ … ]]>` at `index`.
    private mutating func cdata() -> Bool {
        index += 9
        while index < bytes.count {
            skip(until: [.other, .closingBracket])
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "]"), XMLFastBytes.has("]]>", in: bytes, at: index) {
                index += 3
                return true
            }
            guard character() else { return false }
        }
        return false
    }

    /// Whether `first..<last` is a namespace URI libxml2 takes without a word: a scheme,
    /// `:`, then either `//` and a host name and a path, or a path, of letters, digits and
    /// `-._~/` (and `:` in a path without a host), and neither of XML's reserved namespaces.
    static func isPlainAbsoluteURI(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int) -> Bool {
        var cursor = first
        guard cursor < last, (bytes[cursor] | 0x20) >= UInt8(ascii: "a"), (bytes[cursor] | 0x20) <= UInt8(ascii: "z") else { return false }
        while cursor < last, XMLFastBytes.classes[Int(bytes[cursor])].contains(.name) || bytes[cursor] == UInt8(ascii: "+"), bytes[cursor] != UInt8(ascii: "_") { cursor += 1 }
        guard cursor < last, bytes[cursor] == UInt8(ascii: ":"), cursor + 1 < last else { return false }
        cursor += 1
        let hasHost = XMLFastBytes.has("//", in: bytes, at: cursor) && cursor + 2 <= last
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
