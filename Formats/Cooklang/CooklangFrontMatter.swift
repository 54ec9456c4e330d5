import AlmanacCore
import Foundation

/// Cooklang metadata: YAML front matter between `---` lines at the start of the file, and the
/// older `>> key: value` lines.
///
/// The YAML read is what recipe files use: `key: value` (a key may hold spaces, and the colon
/// need not be followed by one: `cooking time    :30 mins`), plain, single- and double-quoted
/// scalars, flow lists `[a, "b"]`, block lists (`- item`), one level of nested keys (read as
/// `source.name`), block scalars (`|`, `>`) and `#` comments.
enum CooklangFrontMatter {
    /// The entries of front matter at `start` and where the body starts after it, or `nil`
    /// when the file has none (no `---` line first, or none closing it).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(CooklangDecodingError) -> ([CooklangMetadataEntry], Int)? {
        var lines: [(Int, Int)] = []
        var lineStart = start
        var closed: Int?
        while lineStart < bytes.count {
            var lineEnd = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: lineStart) ?? bytes.count
            let next = lineEnd + 1
            if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let isFence = isDashes(bytes, lineStart, lineEnd)
            if lines.isEmpty && closed == nil && lineStart == start {
                guard isFence else { return nil }
                lines.append((lineStart, lineStart))
            } else if isFence {
                closed = min(next, bytes.count)
                break
            } else {
                lines.append((lineStart, lineEnd))
            }
            lineStart = next
        }
        guard let body = closed else { return nil }
        return (try entries(bytes, Array(lines.dropFirst())), body)
    }

    /// A `---` line (trailing blanks allowed).
    private static func isDashes(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var high = end
        while high > start, UTF8Text.isBlank(bytes[high - 1]) { high -= 1 }
        return high - start == 3 && (start..<high).allSatisfy { bytes[$0] == UInt8(ascii: "-") }
    }

    /// The `key: value` after `>>` in `start..<end`, or `nil` when there is no colon.
    static func metadataLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> CooklangMetadataEntry? {
        guard let colon = (start..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }) else { return nil }
        let key = CooklangText.trimmedString(bytes, start, colon)
        guard !key.isEmpty else { return nil }
        return CooklangMetadataEntry(key: key, value: .text(CooklangText.trimmedString(bytes, colon + 1, end)), offset: start)
    }

    private static func entries(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [(Int, Int)]) throws(CooklangDecodingError) -> [CooklangMetadataEntry] {
        var entries: [CooklangMetadataEntry] = []
        var index = 0
        while index < lines.count {
            let (start, end) = lines[index]
            index += 1
            let (low, high) = CooklangText.trimmedRange(bytes, start, end)
            if low == high || bytes[low] == UInt8(ascii: "#") { continue }
            guard low == start, let colon = (low..<high).first(where: { bytes[$0] == UInt8(ascii: ":") }), colon > low else {
                throw .invalidFrontMatter(low == start ? "expected 'key: value'" : "an indented line belongs under a key that holds a list or nested keys",
                                          at: SourcePosition(offset: low, in: bytes))
            }
            let key = CooklangText.trimmedString(bytes, low, colon)
            let value = scalarText(bytes, colon + 1, high)
            // Indented lines under the key: a block list, nested keys, or block text.
            var children: [(Int, Int)] = []
            while index < lines.count {
                let (childStart, childEnd) = lines[index]
                let (childLow, childHigh) = CooklangText.trimmedRange(bytes, childStart, childEnd)
                if childLow == childHigh {
                    index += 1
                    continue
                }
                let isItem = bytes[childLow] == UInt8(ascii: "-") && (childLow + 1 == childHigh || UTF8Text.isBlank(bytes[childLow + 1]))
                guard childLow > childStart || (value == nil && isItem) else { break }
                children.append((childLow, childHigh))
                index += 1
            }
            if let value, value == "|" || value == ">" {
                let texts = children.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.0..<$0.1]), as: UTF8.self) }
                entries.append(CooklangMetadataEntry(key: key, value: .text(texts.joined(separator: value == "|" ? "\n" : " ")), offset: low))
            } else if let value {
                guard children.isEmpty else {
                    throw .invalidFrontMatter("'\(key)' has a value and indented lines under it", at: SourcePosition(offset: children[0].0, in: bytes))
                }
                entries.append(CooklangMetadataEntry(key: key, value: parse(value), offset: low))
            } else if let first = children.first, bytes[first.0] == UInt8(ascii: "-") {
                var items: [String] = []
                for (childLow, childHigh) in children {
                    guard bytes[childLow] == UInt8(ascii: "-") else {
                        throw .invalidFrontMatter("expected '- item' in the list '\(key)'", at: SourcePosition(offset: childLow, in: bytes))
                    }
                    items.append(unquoted(scalarText(bytes, childLow + 1, childHigh) ?? ""))
                }
                entries.append(CooklangMetadataEntry(key: key, value: .list(items), offset: low))
            } else if !children.isEmpty {
                let nested = try self.entries(bytes, children.map { ($0.0, $0.1) })
                entries += nested.map { CooklangMetadataEntry(key: key + "." + $0.key, value: $0.value, offset: $0.offset) }
            } else {
                entries.append(CooklangMetadataEntry(key: key, value: .text(""), offset: low))
            }
        }
        return entries
    }

    /// The value text after a colon, without blanks and a trailing ` # comment`; `nil` when empty.
    private static func scalarText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        var (low, high) = CooklangText.trimmedRange(bytes, start, end)
        if low < high, bytes[low] != UInt8(ascii: "\""), bytes[low] != UInt8(ascii: "'") {
            var index = low
            while index + 1 < high {
                if UTF8Text.isBlank(bytes[index]), bytes[index + 1] == UInt8(ascii: "#") {
                    high = index
                    break
                }
                index += 1
            }
            (low, high) = CooklangText.trimmedRange(bytes, low, high)
        }
        return low < high ? String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self) : nil
    }

    /// A scalar or a flow list `[a, b]`.
    private static func parse(_ text: String) -> CooklangMetadataValue {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return .text(unquoted(text)) }
        var items: [String] = []
        var current = ""
        var quote: Character?
        for character in text.dropFirst().dropLast() {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == "," {
                items.append(unquoted(CooklangText.trimmed(current)))
                current = ""
            } else {
                current.append(character)
            }
        }
        let last = CooklangText.trimmed(current)
        if !last.isEmpty || !items.isEmpty { items.append(unquoted(last)) }
        return .list(items)
    }

    /// A quoted scalar's text (`"a\"b"`, `'it''s'`), or the text as it is.
    static func unquoted(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
