import AlmanacICalendarModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension XCalOutlineScanner {
    // MARK: Roles

    /// The role of an element named `local` in `namespace` under an element of role
    /// `parent` (`nil` for the root), as the tree reader's outline treats it; `nil` where
    /// the tree reader would stop (a name it refuses, an element inside a value, a value
    /// type it would not take, or that the scan leaves to libxml2: a period or recurrence
    /// rule in a link), or a root that is not xCal's.
    mutating func role(of local: Range<Int>, in namespace: Namespace, under parent: Role?) -> Role? {
        guard let parent else {
            guard namespace != .other else { return nil }
            documentNamespace = namespace
            return equals(local, "icalendar") ? .root : equals(local, "vcalendar") ? .calendar : nil
        }
        // The text of a value holds no element, of any namespace.
        guard parent != .value else { return nil }
        // The tree reader skips (with a warning) an element in another namespace.
        guard namespace == documentNamespace else { return .skipped }
        switch parent {
        case .root:
            return equals(local, "vcalendar") ? .calendar : .skipped
        case .calendar:
            return equals(local, "properties") ? .calendarProperties : equals(local, "components") ? .components : .skipped
        case .calendarProperties:
            guard isName(local) else { return nil }
            return equalsIgnoringCase(local, "x-wr-timezone") ? .zone : .skipped
        case .components:
            guard isName(local) else { return nil }
            if equalsIgnoringCase(local, "vevent") || equalsIgnoringCase(local, "vtodo") {
                links.startItem(isTodo: local.count == 5)
                return .item
            }
            return equalsIgnoringCase(local, "vtimezone") ? .zone : .skipped
        case .item:
            return equals(local, "properties") ? .itemProperties : .skipped
        case .itemProperties:
            // The tree reader looks at names of the lengths of UID, RELATED-TO and RECURRENCE-ID only.
            switch local.count {
            case 3, 10, 13: break
            default: return .skipped
            }
            guard isName(local) else { return nil }
            // ICalendarOutline.isItemLink(_:) of the upper-cased name, without making it.
            let name: String
            if equalsIgnoringCase(local, "uid") {
                name = "UID"
            } else if equalsIgnoringCase(local, "related-to") {
                name = "RELATED-TO"
            } else if equalsIgnoringCase(local, "recurrence-id") {
                name = "RECURRENCE-ID"
            } else {
                return .skipped
            }
            links.startProperty(name)
            return .link
        case .link:
            if equals(local, "parameters") { return .parameters }
            return links.startValue(type: equals(local, "text") ? "text" : string(local)) ? .value : nil
        case .parameters:
            guard isName(local) else { return nil }
            links.startParameter(string(local).uppercased())
            return .parameter
        case .parameter:
            return links.startParameterValue(type: string(local)) ? .value : nil
        case .value, .zone, .skipped:
            return .skipped
        }
    }

    // MARK: Bytes

    /// Space, tab, carriage return or line feed: XML's white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether `byte` ends a name in a tag: white space, `/` or `>`.
    static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    /// ``XCalVocabulary/isName(_:)`` of the bytes in `range`.
    func isName(_ range: Range<Int>) -> Bool {
        guard let first = range.first, Self.isLetter(bytes[first]) else { return false }
        for at in range.dropFirst() {
            let byte = bytes[at]
            guard Self.isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") else { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && memcmp(base + range.lowerBound, literal.utf8Start, range.count) == 0
    }

    func equals(_ range: Range<Int>, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            range.count == utf8.count && memcmp(base + range.lowerBound, utf8.baseAddress!, range.count) == 0
        }
    }

    /// Whether the bytes in `range` are `lowercase` (ASCII letters, digits and hyphens)
    /// with any of its letters upper-cased.
    func equalsIgnoringCase(_ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        for offset in 0..<range.count {
            let byte = bytes[range.lowerBound + offset]
            let wanted = literal[offset]
            guard byte == wanted || (Self.isLetter(wanted) && byte | 0x20 == wanted) else { return false }
        }
        return true
    }

    func starts(with literal: StaticString, at offset: Int) -> Bool {
        offset + literal.utf8CodeUnitCount <= bytes.count && memcmp(base + offset, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// The offset of the first `literal` at or after `start`.
    func find(_ literal: StaticString, from start: Int) -> Int? {
        let length = literal.utf8CodeUnitCount
        var at = start
        while at + length <= bytes.count {
            guard let hit = memchr(base + at, Int32(literal.utf8Start[0]), bytes.count - at) else { return nil }
            let found = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if found + length <= bytes.count, memcmp(base + found, literal.utf8Start, length) == 0 { return found }
            at = found + 1
        }
        return nil
    }
}
