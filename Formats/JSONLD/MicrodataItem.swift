import AlmanacJSONValue

/// A schema.org Microdata item (an element with `itemscope`) while ``MicrodataReader``
/// reads it: its types, `itemid`, and properties in document order, each slot filled
/// when its element ends. It becomes a JSON-LD-shaped object, so that the Microdata
/// of a page is read as its JSON-LD is.
struct MicrodataItem {
    /// The `itemtype`s, as schema.org names (`https://schema.org/Recipe` → `Recipe`).
    var types: [String]
    /// The `itemid`, read as `@id`.
    var id: String?
    /// Offset of the item's element in the page.
    var offset: Int
    /// The properties in document order; a value is `nil` until its element ends.
    var members: [(key: String, value: JSONValue?)] = []
    /// Where the item goes when it ends: the slots of the item it is a property of; `nil` for a top-level item.
    var parent: (item: Int, slots: [Int])?

    /// The item as a JSON-LD node: `@type`, `@id`, then each property, its values a list
    /// when there are several (in document order, grouped by name).
    var json: JSONValue {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for member in members {
            guard let value = member.value else { continue }
            if values[member.key] == nil { order.append(member.key) }
            values[member.key, default: []].append(value)
        }
        var object: [JSONMember] = []
        if !types.isEmpty {
            let names = types.map { JSONValue(.string($0), offset: offset) }
            object.append(JSONMember("@type", names.count == 1 ? names[0] : JSONValue(.array(names), offset: offset), keyOffset: offset))
        }
        if let id { object.append(JSONMember("@id", JSONValue(.string(id), offset: offset), keyOffset: offset)) }
        for key in order {
            let list = values[key] ?? []
            let value = list.count == 1 ? list[0] : JSONValue(.array(list), offset: list.first?.offset ?? offset)
            object.append(JSONMember(key, value, keyOffset: value.offset))
        }
        return JSONValue(.object(object), offset: offset)
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
