import AlmanacCore
import AlmanacJSONKit

/// Reads the fields of one JSON object into model values, naming the field's path
/// (`events[2].tasks[0].text`) and position in every error, and remembering which
/// keys it used so the rest can be kept as the item's extras.
struct JSONObjectReader {
    /// The object itself.
    let value: JSONValue
    /// The object's path, such as `recipes[0]`.
    let path: String
    let sourceMap: JSONSourceMap
    /// Which members (by position) a field was read from.
    private var used = MemberSet()
    /// The member after the last one read, where the next search starts.
    private var hint: (position: Int, keyIndex: Int) = (0, -1)

    /// Reads `value` as an object; throws a type mismatch when it is not one.
    init(_ value: JSONValue, path: String, sourceMap: JSONSourceMap) throws {
        guard value.type == .object else {
            throw JSONDecodingError.typeMismatch(field: path.isEmpty ? "the document" : path, expected: "an object", found: value.typeName, at: sourceMap.position(value.start))
        }
        self.value = value
        self.path = path
        self.sourceMap = sourceMap
    }

    /// The path of a field of this object.
    func path(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The position among the members and the value of `key`, when present. Looks from
    /// member `first` on, then wraps around: fields are mostly read in the order written.
    private func member(_ key: String, from first: (position: Int, keyIndex: Int) = (0, -1)) -> (position: Int, value: JSONValue)? {
        let tape = value.tape
        let count = tape.nodes[value.index].count
        var position = first.position
        var keyIndex = first.keyIndex < 0 ? value.index + 1 : first.keyIndex
        for _ in 0..<count {
            if position == count {
                position = 0
                keyIndex = value.index + 1
            }
            if tape.string(at: keyIndex, equals: key) { return (position, JSONValue(tape: tape, index: keyIndex + 1)) }
            keyIndex = tape.nodes[keyIndex + 1].next
            position += 1
        }
        return nil
    }

    /// The value of `key`, `nil` when absent or `null`; marks the key as used.
    mutating func value(_ key: String) -> JSONValue? {
        guard let (position, member) = member(key, from: hint) else { return nil }
        used.insert(position)
        hint = (position + 1, member.tape.nodes[member.index].next)
        return member.isNull ? nil : member
    }

    /// Whether the object has `key` with a value other than `null`; does not mark it as used.
    func has(_ key: String) -> Bool {
        member(key).map { !$0.value.isNull } ?? false
    }

    /// Where `key` starts in the input, when the object has it.
    func keyOffset(_ key: String) -> Int? {
        guard let (position, _) = member(key) else { return nil }
        return value.members![position].keyOffset
    }

    /// The members whose keys were not used, in source order.
    var unusedMembers: [JSONMember] {
        guard used.count < value.tape.nodes[value.index].count else { return [] }
        return value.members!.enumerated().filter { !used.contains($0.offset) }.map(\.element)
    }

    func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> JSONDecodingError {
        .typeMismatch(field: path(key), expected: expected, found: found.typeName, at: sourceMap.position(found.start))
    }

    func invalid(_ key: String, _ reason: String, _ found: JSONValue) -> JSONDecodingError {
        .invalidValue(field: path(key), reason: reason, at: sourceMap.position(found.start))
    }

    // MARK: Typed fields

    mutating func string(_ key: String) throws -> String? {
        guard let found = value(key) else { return nil }
        guard let text = found.string else { throw mismatch(key, "a string", found) }
        return text
    }

    /// A string that must be present, named `what` in the error (`recipe`, `task`).
    mutating func requiredString(_ key: String, in what: String) throws -> String {
        guard let text = try string(key) else {
            throw JSONDecodingError.missingField(key, in: "\(what) \(path)", at: sourceMap.position(value.start))
        }
        return text
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let found = value(key) else { return nil }
        guard let flag = found.bool else { throw mismatch(key, "true or false", found) }
        return flag
    }

    mutating func double(_ key: String) throws -> Double? {
        guard let found = value(key) else { return nil }
        guard let text = found.numberText else { throw mismatch(key, "a number", found) }
        guard let number = Double(text), number.isFinite else { throw invalid(key, "\(text) does not fit a number", found) }
        return number
    }

    mutating func integer(_ key: String) throws -> Int? {
        guard let found = value(key) else { return nil }
        guard let text = found.numberText else { throw mismatch(key, "an integer", found) }
        if let number = Int(text) { return number }
        if let number = Double(text), number.rounded() == number, abs(number) < 1e15 { return Int(number) }
        throw mismatch(key, "an integer", found)
    }

    mutating func array(_ key: String) throws -> [JSONValue] {
        guard let found = value(key) else { return [] }
        guard let elements = found.elements else { throw mismatch(key, "an array", found) }
        return elements
    }

    mutating func strings(_ key: String) throws -> [String] {
        try array(key).enumerated().map { index, element in
            guard let text = element.string else {
                throw JSONDecodingError.typeMismatch(field: "\(path(key))[\(index)]", expected: "a string", found: element.typeName, at: sourceMap.position(element.start))
            }
            return text
        }
    }

    /// The objects of an array field, each as a reader with its own path.
    mutating func objects(_ key: String) throws -> [JSONObjectReader] {
        try array(key).enumerated().map { index, element in
            try JSONObjectReader(element, path: "\(path(key))[\(index)]", sourceMap: sourceMap)
        }
    }

    /// A date, a UTC time (`Z` or an offset), a floating time, or a zoned time written
    /// with its zone in brackets as RFC 9557 does (`2026-12-24T17:00:00[Europe/Berlin]`).
    mutating func calendarTime(_ key: String) throws -> CalendarTime? {
        guard let text = try string(key) else { return nil }
        var bytes = Array(text.utf8)
        var zone: String?
        if bytes.last == UInt8(ascii: "]"), let open = bytes.firstIndex(of: UInt8(ascii: "[")) {
            zone = String(decoding: bytes[(open + 1)..<(bytes.count - 1)], as: UTF8.self)
            bytes.removeSubrange(open...)
        }
        guard let time = ISO8601Text.parseCalendarTime(bytes) else {
            throw invalid(key, "'\(text)' is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS, with Z or an offset for UTC)", value(key)!)
        }
        guard let zone else { return time }
        guard case .floating(let local) = time, TimeZoneNames.isKnown(zone) else {
            throw invalid(key, "'\(text)': a [time zone] follows a local date-time and names an IANA zone such as Europe/Berlin", value(key)!)
        }
        return .zoned(local, timeZone: zone)
    }

    mutating func duration(_ key: String) throws -> ISODuration? {
        guard let text = try string(key) else { return nil }
        guard let duration = ISODuration(text) else {
            throw invalid(key, "'\(text)' is not an ISO 8601 duration such as PT1H30M", value(key)!)
        }
        return duration
    }

    /// The `extras` bags of other codecs, and this object's unused keys as the `json` bag.
    mutating func extras() throws -> Extras {
        var extras = Extras()
        if let found = value("extras") {
            guard case .object(let bags) = found.kind else { throw mismatch("extras", "an object", found) }
            for bag in bags where bag.key != "json" { extras[bag.key] = bag.value.opaque }
        }
        let unused = unusedMembers
        if !unused.isEmpty {
            extras["json"] = .object(unused.map { OpaqueMember($0.key, $0.value.opaque) })
        }
        return extras
    }

    /// Warnings for unused keys where the model keeps no extras.
    func unusedKeyWarnings(source: String) -> [Diagnostic] {
        unusedMembers.map {
            Diagnostic(.warning, "unknown key '\($0.key)' in \(path) is dropped", source: source, position: sourceMap.position($0.keyOffset))
        }
    }

    /// A stable id for an object that has none, from its bytes and its path.
    var generatedID: String {
        StableID.make(from: UnsafeBufferPointer(rebasing: sourceMap.bytes[value.start..<value.end]), salt: path)
    }
}

/// A set of member positions: bits for the first 64, which is every object almanac
/// writes, and a list for the rest.
struct MemberSet {
    private var bits: UInt64 = 0
    private var more: [Int] = []
    private(set) var count = 0

    mutating func insert(_ position: Int) {
        guard !contains(position) else { return }
        count += 1
        if position < 64 { bits |= 1 << UInt64(position) } else { more.append(position) }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 ? bits & (1 << UInt64(position)) != 0 : more.contains(position)
    }
}
