import AlmanacJSONKit

/// A schema.org Microdata item (an element with `itemscope`) while ``MicrodataReader``
/// reads it: its types, `itemid`, and properties in document order, each slot filled
/// when its element ends. It becomes a JSON-LD-shaped node (``Value``), appended to a
/// ``JSONTape`` with each value at its place in the page, so that the Microdata of a
/// page is read as its JSON-LD is.
struct MicrodataItem {
    /// The `itemtype`s, as schema.org names (`https://schema.org/Recipe` → `Recipe`).
    var types: [String]
    /// The `itemid`, read as `@id`.
    var id: String?
    /// Offset of the item's element in the page.
    var offset: Int
    /// The properties in document order; a value is `nil` until its element ends.
    var members: [(key: String, value: Value?)] = []
    /// Where the item goes when it ends: the slots of the item it is a property of; `nil` for a top-level item.
    var parent: (item: Int, slots: [Int])?

    /// A property's value, with the offset in the page where it is.
    indirect enum Value {
        case text(String, offset: Int)
        /// An item as a JSON-LD node: its members in order, each with its values.
        case node([(key: String, values: [Value])], offset: Int)

        var offset: Int {
            switch self {
            case .text(_, let offset), .node(_, let offset): return offset
            }
        }

        /// Appends the value to `tape`: a node as an object, a member with several values
        /// as a list of them.
        func append(to tape: inout JSONTape) {
            switch self {
            case .text(let text, let offset):
                tape.appendString(text, at: offset)
            case .node(let members, let offset):
                let object = tape.open(.object, at: offset)
                for member in members {
                    tape.appendString(member.key, at: member.values.first?.offset ?? offset)
                    guard member.values.count != 1 else {
                        member.values[0].append(to: &tape)
                        continue
                    }
                    let list = tape.open(.array, at: member.values.first?.offset ?? offset)
                    for value in member.values { value.append(to: &tape) }
                    tape.close(list, count: member.values.count)
                }
                tape.close(object, count: members.count)
            }
        }

        /// A tape of `values` as one list: the JSON-LD of a page's top-level items.
        static func tape(of values: [Value]) -> JSONTape {
            var tape = JSONTape()
            let list = tape.open(.array, at: values.first?.offset ?? 0)
            for value in values { value.append(to: &tape) }
            tape.close(list, count: values.count)
            return tape
        }
    }

    /// The item as a JSON-LD node: `@type`, `@id`, then each property, its values a list
    /// when there are several (in document order, grouped by name).
    var json: Value {
        var order: [String] = []
        var values: [String: [Value]] = [:]
        for member in members {
            guard let value = member.value else { continue }
            if values[member.key] == nil { order.append(member.key) }
            values[member.key, default: []].append(value)
        }
        var object: [(key: String, values: [Value])] = []
        if !types.isEmpty { object.append(("@type", types.map { .text($0, offset: offset) })) }
        if let id { object.append(("@id", [.text(id, offset: offset)])) }
        for key in order { object.append((key, values[key] ?? [])) }
        return .node(object, offset: offset)
    }

    /// The schema.org names of a space-separated attribute (`itemtype`, `itemprop`): of
    /// each token, the last part of a URL (`https://schema.org/Recipe` → `Recipe`), else
    /// the token. Read on the UTF-8 bytes: this runs for every property of a page.
    static func names(_ attribute: String?) -> [String] {
        guard var text = attribute else { return [] }
        var names: [String] = []
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                while start < bytes.count, isSpace(bytes[start]) { start += 1 }
                var end = start
                var cut = start
                while end < bytes.count, !isSpace(bytes[end]) {
                    let byte = bytes[end]
                    end += 1
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ":") { cut = end }
                }
                guard end > start else { break }
                let first = cut < end ? cut : start
                names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self))
                start = end
            }
        }
        return names
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
