import AlmanacCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacLibXML

/// Reading typed field values (strings, numbers, times, durations) from elements.
extension XMLModelReader {
    // MARK: Fields

    /// Which fields an element has had, to refuse one given twice.
    struct Fields {
        var seen = XMLElementSet()

        /// Notes `tag`, the field `name`; throws when `owner` (such as `event events[2]`) had it already.
        mutating func once(_ tag: XMLPushTag, _ name: XMLElementName, _ cursor: XMLPushReader, owner: @autoclosure () -> String) throws {
            guard seen.insert(name) else {
                throw XMLDecodingError.duplicateElement(cursor.qualifiedName(of: tag), in: owner(), at: cursor.position(tag))
            }
        }
    }

    /// The children of an element that keeps no extras (a yield, group or section): known
    /// ones once each, unknown ones dropped with a warning.
    func plainChildren(of tag: XMLPushTag, path: String, known: XMLElementSet, _ body: (XMLPushTag, XMLElementName, String) throws -> Void) throws {
        for attribute in cursor.attributes(of: tag) { warnDropped(attribute, of: tag) }
        var fields = Fields()
        try cursor.children(of: tag) { child in
            guard let name = self.name(of: child), known.contains(name) else {
                warn("unknown element <\(cursor.qualifiedName(of: child))> in \(path) is dropped", at: child)
                return try cursor.skip(child)
            }
            try fields.once(child, name, cursor, owner: path)
            try body(child, name, "\(path).\(cursor.localName(of: child))")
        }
    }

    /// The `<child>` elements of a wrapper such as `<ingredients>`, each read by `read`
    /// with its path (`….ingredients[2]`), put together only when asked for; other
    /// elements dropped with a warning.
    func list<Element>(_ tag: XMLPushTag, of child: XMLElementName, path: @autoclosure () -> String, _ read: (XMLPushTag, () -> String) throws -> Element) throws -> [Element] {
        for attribute in cursor.attributes(of: tag) { warnDropped(attribute, of: tag) }
        var elements: [Element] = []
        try withoutActuallyEscaping(path) { path in
            while let element = try cursor.nextChild(of: tag) {
                guard name(of: element) == child else {
                    try drop(element, in: path(), expected: child)
                    continue
                }
                let index = elements.count
                // Room for a few at the first: a checklist of three grew through three arrays.
                if index == 0 { elements.reserveCapacity(4) }
                elements.append(try read(element, { "\(path())[\(index)]" }))
            }
        }
        return elements
    }

    /// The text of each `<child>` of a wrapper such as `<tags>`; other elements dropped
    /// with a warning naming `path`, which is put together only then.
    func strings(_ tag: XMLPushTag, of child: XMLElementName, path: @autoclosure () -> String) throws -> [String] {
        for attribute in cursor.attributes(of: tag) { warnDropped(attribute, of: tag) }
        var strings: [String] = []
        while let element = try cursor.nextChild(of: tag) {
            guard name(of: element) == child else {
                try drop(element, in: path(), expected: child)
                continue
            }
            if strings.isEmpty { strings.reserveCapacity(4) }
            strings.append(try string(element))
        }
        return strings
    }

    /// Skips an element a list does not hold, with a warning.
    private func drop(_ element: XMLPushTag, in path: String, expected child: XMLElementName) throws {
        warn("unknown element <\(cursor.qualifiedName(of: element))> in \(path) is dropped (expected <\(child.text)>)", at: element)
        try cursor.skip(element)
    }

    /// The text of a field, exactly as written (white space kept).
    func string(_ tag: XMLPushTag) throws -> String {
        warnDroppedAttributes(of: tag)
        return try cursor.text(of: tag)
    }

    /// Warns of the attributes of a field that has none (`<color>`, `<bag>` and `<member>`
    /// read theirs themselves).
    func warnDroppedAttributes(of tag: XMLPushTag) {
        guard tag.attributeCount > 0 else { return }
        let name = cursor.localName(of: tag)
        guard !(name == "color" || name == "bag" || name == "member") else { return }
        for attribute in cursor.attributes(of: tag) { warnDropped(attribute, of: tag) }
    }

    /// Whether `bytes` are those of `literal`.
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0)
    }

    /// `bytes` without XML white space at either end: what `trimmingXMLWhitespace()` leaves,
    /// except where white space comes before a combining mark (which that keeps), and no
    /// value read from bytes starts with a combining mark.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var first = 0
        var last = bytes.count
        while first < last, isSpace(bytes[first]) { first += 1 }
        while last > first, isSpace(bytes[last - 1]) { last -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[first..<last])
    }

    /// The text of a typed field, without surrounding white space (as XML Schema reads it).
    func value(_ tag: XMLPushTag) throws -> String {
        try string(tag).trimmingXMLWhitespace()
    }

    func bool(_ tag: XMLPushTag, _ field: @autoclosure () -> String) throws -> Bool {
        warnDroppedAttributes(of: tag)
        var invalid = ""
        let flag: Bool? = try cursor.withText(of: tag) { bytes in
            let value = Self.trimmed(bytes)
            if Self.equals(value, "true") || Self.equals(value, "1") { return true }
            if Self.equals(value, "false") || Self.equals(value, "0") { return false }
            invalid = String(decoding: bytes, as: UTF8.self).trimmingXMLWhitespace()
            return nil
        }
        guard let flag else { throw XMLDecodingError.invalidValue(field: field(), reason: "'\(invalid)' is not true or false", at: cursor.position(tag)) }
        return flag
    }

    func integer(_ tag: XMLPushTag, _ field: @autoclosure () -> String) throws -> Int {
        let text = try value(tag)
        guard let number = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
            throw XMLDecodingError.invalidValue(field: field(), reason: "'\(text)' is not an integer", at: cursor.position(tag))
        }
        return number
    }

    func double(_ tag: XMLPushTag, _ field: @autoclosure () -> String) throws -> Double {
        try double(try value(tag), field: field(), at: tag)
    }

    /// An `xs:double`: a decimal number with an optional exponent, or `INF`, `-INF`, `NaN`.
    func double(_ raw: String, field: @autoclosure () -> String, at tag: XMLPushTag) throws -> Double {
        let text = raw.trimmingXMLWhitespace()
        // A decimal number is none of the words below: it is looked for first.
        if Self.isDecimal(text), let number = Double(text) { return number }
        switch text {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: throw XMLDecodingError.invalidValue(field: field(), reason: "'\(text)' is not a number", at: cursor.position(tag))
        }
    }

    /// Whether `text` has the characters of an `xs:double` other than `INF` and `NaN`: an
    /// optional sign, then only digits, `.`, `e`, `E`, `+`, `-`, with a digit before any exponent.
    static func isDecimal(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isDecimal(_:))
    }

    /// The same check on the text's bytes.
    private static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var isFirst = true
        var hasBody = false
        var inMantissa = true
        var mantissaHasDigit = false
        for byte in bytes {
            defer { isFirst = false }
            if isFirst, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { continue }
            hasBody = true
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): mantissaHasDigit = mantissaHasDigit || inMantissa
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inMantissa = false
            case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"): continue
            default: return false
            }
        }
        return hasBody && mantissaHasDigit
    }

    func duration(_ tag: XMLPushTag, _ field: @autoclosure () -> String) throws -> ISODuration {
        let text = try value(tag)
        guard let duration = ISODuration(text) else {
            throw XMLDecodingError.invalidValue(field: field(), reason: "'\(text)' is not an ISO 8601 duration such as PT1H30M", at: cursor.position(tag))
        }
        return duration
    }

    /// A time as written, with the zone of its `timeZone` attribute, if any.
    struct ReadTime {
        var time: CalendarTime
        var zone: String?

        /// A local time gets its own zone, or else `defaultZone`; dates and UTC times none.
        func resolved(defaultZone: String?) -> CalendarTime {
            guard let zone = zone ?? defaultZone, case .floating(let local) = time else { return time }
            return .zoned(local, timeZone: zone)
        }
    }

    func time(_ tag: XMLPushTag, _ field: @autoclosure () -> String) throws -> ReadTime {
        var zone: String?
        for index in 0..<tag.attributeCount {
            let attribute = cursor.attributeName(index, of: tag)
            guard attribute.namespace == .none, attribute.localName == attributeNames.timeZone else {
                warnDropped(cursor.attribute(index, of: tag), of: tag)
                continue
            }
            // Most times are in a zone seen before: then its String is taken again.
            if let known = knownZones.first(where: { cursor.attributeValue(index, of: tag, is: $0) }) {
                zone = known
                continue
            }
            let name = cursor.attributeValue(index, of: tag).trimmingXMLWhitespace()
            if !knownZones.contains(name) {
                guard TimeZoneNames.isKnown(name) else {
                    throw XMLDecodingError.invalidValue(field: "\(field())/@timeZone", reason: "'\(name)' is not an IANA time zone such as Europe/Berlin", at: cursor.position(tag))
                }
                if knownZones.count < Self.knownZoneLimit { knownZones.append(name) }
            }
            zone = name
        }
        var text = ""
        let parsed: CalendarTime? = try cursor.withText(of: tag) { bytes in
            if let time = ISO8601Text.parseCalendarTime(Self.trimmed(bytes)) { return time }
            text = String(decoding: bytes, as: UTF8.self).trimmingXMLWhitespace()
            return nil
        }
        guard let time = parsed else {
            throw XMLDecodingError.invalidValue(field: field(), reason: "'\(text)' is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS, with Z or an offset for UTC)", at: cursor.position(tag))
        }
        return ReadTime(time: time, zone: zone)
    }

    /// A stable id for an item that has none, from its title, path and place.
    func generatedID(title: String, path: String, position: SourcePosition) -> String {
        StableID.make(from: Array(title.utf8) + Array("@\(position.offset)".utf8), salt: path)
    }
}
