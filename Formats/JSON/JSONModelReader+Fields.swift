import AlmanacCore
import AlmanacJSONKit

/// Reading objects and typed fields straight from the bytes: keys matched on their bytes
/// (``JSONField``), strings decoded only for the fields the model keeps, unknown members
/// read once into ``OpaqueValue``s. A value of the wrong type is still read to its end (its
/// bytes must be JSON) and becomes the field's fault.
extension JSONModelReader {
    /// Reads the object whose brace is next, calling `field` for each member with a known key,
    /// the scanner at its value: `field` reads the value and returns `true`, or returns
    /// `false` and the member is kept as unknown. With `kindMember`, `kind` is read as an
    /// item's kind. Keys that repeat are refused, as ``JSONReader`` refuses them.
    mutating func members(path: JSONPath, kindMember: Bool = false, _ field: (inout JSONModelReader, JSONField, _ object: JSONObjectReader, _ keyOffset: Int) throws -> Bool) throws -> JSONObjectReader {
        var object = JSONObjectReader(path: path, start: scanner.index)
        try scanner.enter()
        scanner.index += 1
        scanner.skipWhitespace()
        if try scanner.peek(expected: "a key or '}'") == UInt8(ascii: "}") {
            scanner.index += 1
            scanner.depth -= 1
            object.end = scanner.index
            return object
        }
        var seen = JSONField.Set()
        var others: [JSONScanner.Key] = []
        repeat {
            let opening = try scanner.nextValueByte(expected: "a key")
            let keyStart = scanner.index
            guard opening == UInt8(ascii: "\"") else {
                throw JSONSyntaxError.unexpectedCharacter(found: JSONScanner.describe(scanner.bytes[keyStart]), expected: "a key in double quotes", offset: keyStart)
            }
            let escapes = try scanner.scanString()
            let keyEnd = scanner.index
            var known: JSONField?
            if escapes {
                known = nil
            } else {
                known = JSONField.find(UnsafeBufferPointer(rebasing: scanner.bytes[(keyStart + 1)..<(scanner.index - 1)]))
            }
            var text = ""
            if escapes || known == nil {
                text = scanner.string(from: keyStart, to: keyEnd, escapes: escapes)
                if escapes { known = JSONField.find(text) }
            }
            if let known {
                if seen.contains(known) { throw JSONSyntaxError.duplicateKey(known.name, offset: keyStart, firstOffset: keyStart) }
                seen.insert(known)
            } else {
                let other = JSONScanner.Key(start: keyStart, end: keyEnd, escapes: escapes, text: text)
                if let error = scanner.duplicate(other, among: others) { throw error }
                others.append(other)
            }
            let first = try scanner.valueAfterKey()
            var read = false
            if let known {
                if first != UInt8(ascii: "n") { object.present.insert(known) }
                if kindMember, known == .kind {
                    object.kind = try self.kind(object)
                    read = true
                } else {
                    read = try field(&self, known, object, keyStart)
                }
            }
            if !read {
                object.unknown.append((known?.name ?? text, keyStart, try scanner.opaqueValue()))
            }
        } while try scanner.afterMember(closing: UInt8(ascii: "}"))
        object.end = scanner.index
        return object
    }

    /// Reads the value that comes next (any JSON) to its end and gives the fault `make`
    /// makes of its first byte.
    private mutating func skip(_ make: (UInt8) -> JSONFault) throws -> any Error {
        let first = scanner.bytes[scanner.index]
        _ = try scanner.opaqueValue()
        return make(first)
    }

    private mutating func mismatch(_ key: JSONField, _ expected: String, _ object: JSONObjectReader) throws -> any Error {
        let start = scanner.index
        return try skip { object.mismatch(key, expected, found: $0, at: start) }
    }

    /// `null`, stepped over: what an absent field reads as.
    private mutating func null() throws -> Bool {
        guard scanner.bytes[scanner.index] == UInt8(ascii: "n") else { return false }
        try scanner.literal("null")
        return true
    }

    // MARK: Typed fields

    mutating func string(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<String?> {
        if scanner.bytes[scanner.index] == UInt8(ascii: "\"") { return .success(try text()) }
        if try null() { return .success(nil) }
        return .failure(try mismatch(key, "a string", object))
    }

    /// The text of the string that comes next; a short one without escapes shared with
    /// the same text read before (``JSONReadMemo/strings``) when the memo is on.
    private mutating func text() throws -> String {
        guard memo.isEnabled else { return try scanner.readString().text }
        let start = scanner.index
        let escapes = try scanner.scanString()
        guard !escapes else { return scanner.string(from: start, to: scanner.index, escapes: true) }
        return memo.strings.text(UnsafeBufferPointer(rebasing: scanner.bytes[(start + 1)..<(scanner.index - 1)]))
    }

    mutating func bool(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<Bool?> {
        switch scanner.bytes[scanner.index] {
        case UInt8(ascii: "t"): try scanner.literal("true"); return .success(true)
        case UInt8(ascii: "f"): try scanner.literal("false"); return .success(false)
        default:
            if try null() { return .success(nil) }
            return .failure(try mismatch(key, "true or false", object))
        }
    }

    /// The bytes of the number that comes next (checked), or `nil` (nothing read) when it is not one.
    private mutating func numberBytes() throws -> UnsafeBufferPointer<UInt8>? {
        let start = scanner.index
        let first = scanner.bytes[start]
        guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else { return nil }
        try scanner.scanNumber()
        return UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index])
    }

    mutating func double(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<Double?> {
        let start = scanner.index
        if let bytes = try numberBytes() {
            if let number = JSONScanner.shortDecimal(bytes) ?? JSONNumberText.byteFraction(bytes) { return .success(number) }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let number = Double(text), number.isFinite else { return .failure(object.invalid(key, "\(text) does not fit a number", at: start)) }
            return .success(number)
        }
        if try null() { return .success(nil) }
        return .failure(try mismatch(key, "a number", object))
    }

    mutating func integer(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<Int?> {
        let start = scanner.index
        if let bytes = try numberBytes() {
            if let number = JSONScanner.shortInteger(bytes) { return .success(number) }
            let text = String(decoding: bytes, as: UTF8.self)
            if let number = Int(text) { return .success(number) }
            if let number = Double(text), number.rounded() == number, abs(number) < 1e15 { return .success(Int(number)) }
            return .failure(object.mismatch(key, "an integer", found: UInt8(ascii: "0"), at: start))
        }
        if try null() { return .success(nil) }
        return .failure(try mismatch(key, "an integer", object))
    }

    /// A string checked by `check`, which gives the value or the reason it is wrong.
    private mutating func checked<Value>(_ key: JSONField, _ object: JSONObjectReader, _ check: (String) -> Result<Value, Reason>) throws -> JSONRead<Value?> {
        let start = scanner.index
        return try string(key, object).flatMap { text in
            guard let text else { return .success(nil) }
            switch check(text) {
            case .success(let value): return .success(value)
            case .failure(let reason): return .failure(object.invalid(key, reason.text, at: start))
            }
        }
    }

    /// A date, a UTC time (`Z` or an offset), a floating time, or a zoned time written
    /// with its zone in brackets as RFC 9557 does (`2026-12-24T17:00:00[Europe/Berlin]`).
    mutating func calendarTime(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<CalendarTime?> {
        // The common case, a string without escapes or a [zone], is read from its bytes:
        // no String is made of it.
        let start = scanner.index
        if scanner.bytes[start] == UInt8(ascii: "\"") {
            let escapes = try scanner.scanString()
            let content = UnsafeBufferPointer(rebasing: scanner.bytes[(start + 1)..<(scanner.index - 1)])
            if !escapes, content.last != UInt8(ascii: "]"), let time = ISO8601Text.parseCalendarTime(content) { return .success(time) }
            scanner.index = start
        }
        return try checked(key, object) { text in
            var bytes = Array(text.utf8)
            var zone: String?
            if bytes.last == UInt8(ascii: "]"), let open = bytes.firstIndex(of: UInt8(ascii: "[")) {
                zone = String(decoding: bytes[(open + 1)..<(bytes.count - 1)], as: UTF8.self)
                bytes.removeSubrange(open...)
            }
            guard let time = ISO8601Text.parseCalendarTime(bytes) else {
                return .failure(Reason("'\(text)' is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS, with Z or an offset for UTC)"))
            }
            guard let zone else { return .success(time) }
            guard case .floating(let local) = time, TimeZoneNames.isKnown(zone) else {
                return .failure(Reason("'\(text)': a [time zone] follows a local date-time and names an IANA zone such as Europe/Berlin"))
            }
            return .success(.zoned(local, timeZone: zone))
        }
    }

    mutating func duration(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<ISODuration?> {
        try checked(key, object) { text in
            guard let duration = ISODuration(text) else { return .failure(Reason("'\(text)' is not an ISO 8601 duration such as PT1H30M")) }
            return .success(duration)
        }
    }

    /// An IANA time zone name.
    mutating func timeZone(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<String?> {
        let start = scanner.index
        let read = try string(key, object)
        guard case .success(let zone?) = read, !memo.isKnownZone(zone) else { return read }
        return .failure(object.invalid(key, "'\(zone)' is not an IANA time zone such as Europe/Berlin", at: start))
    }

    /// An item's `kind`: `"recipe"` or `"event"`.
    mutating func kind(_ object: JSONObjectReader) throws -> JSONRead<ItemKind?> {
        let start = scanner.index
        let reason = "must be \"recipe\" or \"event\""
        if scanner.bytes[start] == UInt8(ascii: "\"") {
            let name = try scanner.readString().text
            guard let kind = ItemKind(rawValue: name) else { return .failure(object.invalid(.kind, reason, at: start)) }
            return .success(kind)
        }
        if try null() { return .success(nil) }
        return .failure(try skip { _ in object.invalid(.kind, reason, at: start) })
    }

    /// Other codecs' `extras` bags: an object's members.
    mutating func bags(_ object: JSONObjectReader) throws -> JSONRead<[OpaqueMember]> {
        if try null() { return .success([]) }
        let start = scanner.index
        let first = scanner.bytes[start]
        let value = try scanner.opaqueValue()
        guard case .object(let members) = value else { return .failure(object.mismatch(.extras, "an object", found: first, at: start)) }
        return .success(members)
    }

    /// An event's `extras` bags and the extras they make alone; an object read before
    /// (``JSONReadMemo/extras``) gives the same bags and extras, shared.
    mutating func eventBags(_ object: JSONObjectReader) throws -> JSONRead<(bags: [OpaqueMember], extras: Extras)> {
        guard memo.isEnabled else { return try bags(object).map { ($0, JSONObjectReader.extras(bags: $0)) } }
        if let known = memo.extras.value(at: &scanner) { return .success(known) }
        let start = scanner.index
        let depth = scanner.depth
        let bags: [OpaqueMember]
        switch try self.bags(object) {
        case .success(let read): bags = read
        case .failure(let error): return .failure(error)
        }
        let found = (bags, JSONObjectReader.extras(bags: bags))
        memo.extras.remember(found, from: start, depth: depth, scanner)
        return .success(found)
    }

    // MARK: Arrays

    /// The elements of an array field, each read by `element` (given its index) when the
    /// scanner is at it (`nil`, a fault it keeps, is left out); `null` reads as no elements.
    private mutating func elements<Element>(_ key: JSONField, _ object: JSONObjectReader, _ element: (inout JSONModelReader, Int) throws -> Element?) throws -> JSONRead<[Element]> {
        if try null() { return .success([]) }
        guard scanner.bytes[scanner.index] == UInt8(ascii: "[") else { return .failure(try mismatch(key, "an array", object)) }
        try scanner.enter()
        scanner.index += 1
        scanner.skipWhitespace()
        var found: [Element] = []
        if try scanner.peek(expected: "a value or ']'") == UInt8(ascii: "]") {
            scanner.index += 1
            scanner.depth -= 1
            return .success(found)
        }
        // Room for the few elements most arrays here hold, made once instead of grown.
        found.reserveCapacity(4)
        var index = 0
        repeat {
            _ = try scanner.nextValueByte(expected: "a value")
            if let value = try element(&self, index) { found.append(value) }
            index += 1
        } while try scanner.afterMember(closing: UInt8(ascii: "]"))
        return .success(found)
    }

    mutating func strings(_ key: JSONField, _ object: JSONObjectReader) throws -> JSONRead<[String]> {
        var fault: (any Error)?
        let texts = try elements(key, object) { reader, index -> String? in
            if reader.scanner.bytes[reader.scanner.index] == UInt8(ascii: "\"") { return try reader.text() }
            let start = reader.scanner.index
            let error = try reader.skip { found in
                let field = "\(object.path(key))[\(index)]"
                let name = JSONScanner.typeName(startingWith: found)
                return JSONFault(offset: start) { .typeMismatch(field: field, expected: "a string", found: name, at: $0) }
            }
            if fault == nil { fault = error }
            return nil
        }
        if let fault { return .failure(fault) }
        return texts
    }

    /// The objects of an array field, each read by `read` with its path, and their warnings
    /// in order. An element that is not an object is the field's fault before any fault of
    /// the objects; of those, the first.
    mutating func objects<Value>(_ key: JSONField, _ object: JSONObjectReader, _ read: (inout JSONModelReader, JSONPath) throws -> JSONParsed<Value>) throws -> JSONRead<JSONObjects<Value>> {
        var fault: (any Error)?
        var objectFault: (any Error)?
        var warnings: [JSONWarning] = []
        let values = try elements(key, object) { reader, index -> Value? in
            let path = object.path.element(key, index)
            if reader.scanner.bytes[reader.scanner.index] == UInt8(ascii: "{") {
                switch try read(&reader, path) {
                case .success(let (value, found)):
                    warnings += found
                    return value
                case .failure(let error):
                    if objectFault == nil { objectFault = error }
                    return nil
                }
            }
            let start = reader.scanner.index
            let error = try reader.skip { found in
                let name = JSONScanner.typeName(startingWith: found)
                let path = path.text
                return JSONFault(offset: start) { .typeMismatch(field: path, expected: "an object", found: name, at: $0) }
            }
            if fault == nil { fault = error }
            return nil
        }
        if let error = fault ?? objectFault { return .failure(error) }
        return values.map { JSONObjects(values: $0, warnings: warnings) }
    }
}

/// The objects of an array field as ``JSONModelReader/objects(_:_:_:)`` read them, with
/// their warnings.
struct JSONObjects<Value> {
    var values: [Value] = []
    var warnings: [JSONWarning] = []
}

/// Why a field's text means nothing (the message of its ``JSONDecodingError/invalidValue(field:reason:at:)``).
struct Reason: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

/// The values of objects read by ``JSONModelReader/objects(_:_:_:)``, in order, their
/// warnings added to `warnings`; the fault is thrown.
func unwrap<Value>(_ read: JSONRead<JSONObjects<Value>>, into warnings: inout [JSONWarning]) throws -> [Value] {
    let objects = try read.get()
    warnings += objects.warnings
    return objects.values
}
