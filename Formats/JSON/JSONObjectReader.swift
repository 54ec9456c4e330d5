import AlmanacCore
import AlmanacJSONKit

/// A model error found while an item is read (a wrong type, a bad date, a missing title),
/// kept until the item has been read to its end, so that bytes further on that are not JSON
/// are the error as in a whole read, and thrown then in the order the model reads its
/// fields. Placed by its offset in the bytes read, once thrown.
struct JSONFault: Error {
    let offset: Int
    let error: @Sendable (SourcePosition) -> JSONDecodingError
}

/// A warning about an item, placed by its offset once the item is read.
struct JSONWarning {
    let message: String
    let offset: Int
}

/// A field as read: its value, or the fault it holds.
typealias JSONRead<Value> = Result<Value, any Error>

/// A model object as read, with the warnings about it, or its fault.
typealias JSONParsed<Value> = JSONRead<(value: Value, warnings: [JSONWarning])>

/// One JSON object as ``JSONModelReader/members(path:kindMember:_:)`` has read it: its path
/// (`events[2].tasks[0]`) and place for errors, the members whose keys mean nothing to it
/// (kept as the item's extras or dropped with a warning), and which known fields it has.
struct JSONObjectReader {
    /// The object's path, such as `recipes[0]`.
    let path: JSONPath
    /// Offset of the opening brace.
    let start: Int
    /// Offset past the closing brace.
    var end = 0
    /// The members no field was read from, in source order.
    var unknown: [(key: String, keyOffset: Int, value: OpaqueValue)] = []
    /// The known fields the object has with a value other than `null`.
    var present = JSONField.Set()
    /// The item's `kind` (read only when the object is an item on its own).
    var kind: JSONRead<ItemKind?> = .success(nil)

    init(path: JSONPath, start: Int) {
        self.path = path
        self.start = start
    }

    /// The path of a field of this object.
    func path(_ key: JSONField) -> String {
        path.text(of: key)
    }

    func mismatch(_ key: JSONField, _ expected: String, found: UInt8, at offset: Int) -> JSONFault {
        let field = path(key)
        let found = JSONScanner.typeName(startingWith: found)
        return JSONFault(offset: offset) { .typeMismatch(field: field, expected: expected, found: found, at: $0) }
    }

    func invalid(_ key: JSONField, _ reason: String, at offset: Int) -> JSONFault {
        let field = path(key)
        return JSONFault(offset: offset) { .invalidValue(field: field, reason: reason, at: $0) }
    }

    /// The error when the required `key` is absent, naming the object as `what` (`recipe`).
    func missing(_ key: JSONField, in what: String) -> JSONFault {
        let item = "\(what) \(path.text)"
        return JSONFault(offset: start) { .missingField(key.name, in: item, at: $0) }
    }

    /// A string that must be present.
    func required(_ text: JSONRead<String?>, _ key: JSONField, in what: String) throws -> String {
        guard let text = try text.get() else { throw missing(key, in: what) }
        return text
    }

    /// The `extras` bags of other codecs, and the unknown members as the `json` bag.
    func extras(_ bags: JSONRead<[OpaqueMember]>) throws -> Extras {
        var extras = Self.extras(bags: try bags.get())
        if !unknown.isEmpty {
            extras["json"] = .object(unknown.map { OpaqueMember($0.key, $0.value) })
        }
        return extras
    }

    /// The extras the `extras` bags make alone (those of an object with no unknown members).
    static func extras(bags: [OpaqueMember]) -> Extras {
        var extras = Extras()
        for bag in bags where bag.key != "json" { extras[bag.key] = bag.value }
        return extras
    }

    /// Warnings for the unknown members, where the model keeps no extras.
    var unusedKeyWarnings: [JSONWarning] {
        unknown.map { JSONWarning(message: "unknown key '\($0.key)' in \(path.text) is dropped", offset: $0.keyOffset) }
    }

    /// A stable id for an object that has none, from its bytes (in `bytes`) and its path.
    func generatedID(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        StableID.make(from: UnsafeBufferPointer(rebasing: bytes[start..<end]), salt: path.text)
    }
}

/// The faults of an object's fields as its members are read, kept until the whole object
/// is read and then thrown in the order its reader checks the fields. Most objects have
/// none, and then nothing is allocated and each check is one compare.
struct JSONFaults {
    private var found: [(field: JSONField, error: any Error)] = []

    /// Whether any field has a fault.
    var any: Bool { !found.isEmpty }

    /// The value of `read`, or `nil` with its fault kept for `field`.
    mutating func value<Value>(_ read: JSONRead<Value>, _ field: JSONField) -> Value? {
        switch read {
        case .success(let value): return value
        case .failure(let error):
            found.append((field, error))
            return nil
        }
    }

    /// Throws the fault of `field`, if it has one.
    @inline(__always)
    func check(_ field: JSONField) throws {
        if found.isEmpty { return }
        if let fault = found.first(where: { $0.field == field }) { throw fault.error }
    }
}
