/// The hidden line that keeps what an agenda shows only in part or not at all:
/// `<!-- almanac:event id="…" start="…" tasks="…" -->`, an HTML comment that
/// renderers leave out of the page.
///
/// Values are percent-encoded where they hold `%`, `"`, `<`, `>`, `&`, control
/// characters or their list separator, so a value can never end the comment.
enum AttributeLine {
    static let eventPrefix = "<!-- almanac:event"

    /// Writes `<!-- almanac:event key="value" … -->`: ``start(_:)``, a ``value(_:_:)`` per
    /// pair, then ``end(_:)``.
    static func start(_ out: inout [UInt8]) {
        out.append(contentsOf: eventPrefixBytes)
    }

    /// Appends ` key="…"`, the value written by `body` and percent-encoded where it must be.
    static func value(_ key: StaticString, _ out: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        open(key, &out)
        let start = out.count
        body(&out)
        encode(&out, from: start, separator: nil)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends ` key="`.
    private static func open(_ key: StaticString, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: " "))
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "="))
        out.append(UInt8(ascii: "\""))
    }

    /// Appends ` key="…"` with `text` percent-encoded.
    static func value(_ key: StaticString, _ text: String, _ out: inout [UInt8]) {
        value(key, &out) { MarkdownText.append(utf8Of: text, to: &$0) }
    }

    /// Appends ` key="…"` with `items` percent-encoded and joined with `separator`.
    static func list(_ key: StaticString, _ items: [String], separator: UInt8, _ out: inout [UInt8]) {
        list(key, items, separator: separator, &out) { $0 }
    }

    /// Appends ` key="…"` with `text` of each of `items` percent-encoded and joined with
    /// `separator`; `items` are read in place, by index (not copied one by one, as iterating
    /// a lazy map of them would).
    static func list<Items: RandomAccessCollection>(
        _ key: StaticString, _ items: Items, separator: UInt8, _ out: inout [UInt8], text: (Items.Element) -> String
    ) {
        open(key, &out)
        var index = items.startIndex
        while index != items.endIndex {
            if index != items.startIndex { out.append(separator) }
            let start = out.count
            MarkdownText.append(utf8Of: text(items[index]), to: &out)
            encode(&out, from: start, separator: separator)
            index = items.index(after: index)
        }
        out.append(UInt8(ascii: "\""))
    }

    static func end(_ out: inout [UInt8]) {
        out.append(UInt8(ascii: " "))
        out.append(UInt8(ascii: "-"))
        out.append(UInt8(ascii: "-"))
        out.append(UInt8(ascii: ">"))
    }

    private static let eventPrefixBytes = Array(eventPrefix.utf8)

    /// The pairs of an attribute line, or `nil` when `line` is not one.
    static func parse(_ line: String) -> [(key: String, value: String)]? {
        guard line.hasPrefix(eventPrefix), line.hasSuffix("-->") else { return nil }
        let scalars = Array(line.unicodeScalars.dropFirst(eventPrefix.unicodeScalars.count).dropLast(3))
        var pairs: [(key: String, value: String)] = []
        var index = 0
        while true {
            while index < scalars.count && scalars[index] == " " { index += 1 }
            guard index < scalars.count else { return pairs }
            var key = ""
            while index < scalars.count && scalars[index] != "=" && scalars[index] != " " {
                key.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index + 1 < scalars.count, scalars[index] == "=", scalars[index + 1] == "\"" else { return nil }
            index += 2
            var value = ""
            while index < scalars.count && scalars[index] != "\"" {
                value.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { return nil }
            index += 1
            pairs.append((key, value))
        }
    }

    /// `out[start...]` with the bytes an attribute cannot hold percent-encoded: `%`, `"`, `<`,
    /// `>`, `&`, control characters and `separator` (all ASCII: no byte of a longer character).
    private static func encode(_ out: inout [UInt8], from start: Int, separator: UInt8?) {
        switch separator {
        case nil: plainTable.withUnsafeBufferPointer { encode(&out, from: start, table: $0) }
        case UInt8(ascii: ",")?: commaTable.withUnsafeBufferPointer { encode(&out, from: start, table: $0) }
        case UInt8(ascii: " ")?: spaceTable.withUnsafeBufferPointer { encode(&out, from: start, table: $0) }
        case let other?: table(separator: other).withUnsafeBufferPointer { encode(&out, from: start, table: $0) }
        }
    }

    /// `out[start...]` with the bytes `table` (all 256 bytes, 1 for those encoded) marks
    /// percent-encoded. Most values hold none: they are passed over eight bytes at a time
    /// (``ByteRun``); the others grow by two bytes for each byte encoded, filled in place from the back.
    private static func encode(_ out: inout [UInt8], from start: Int, table: UnsafeBufferPointer<UInt8>) {
        let count = out.count
        let encodedCount = out.withUnsafeBufferPointer { bytes -> Int in
            var index = ByteRun.end(of: bytes, from: start, stops: table)
            var found = 0
            while index < count {
                found &+= 1
                index = ByteRun.end(of: bytes, from: index &+ 1, stops: table)
            }
            return found
        }
        guard encodedCount > 0 else { return }
        out.append(contentsOf: repeatElement(0, count: 2 * encodedCount))
        out.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var from = count
            var to = count + 2 * encodedCount
            while from > start {
                from -= 1
                let byte = base[from]
                if table[Int(byte)] != 0 {
                    to -= 3
                    base[to] = UInt8(ascii: "%")
                    base[to + 1] = hexDigit(byte >> 4)
                    base[to + 2] = hexDigit(byte & 0x0F)
                } else {
                    to -= 1
                    base[to] = byte
                }
            }
        }
    }

    /// The bytes a value with `separator` encodes, as a table of all 256 bytes (1: encoded):
    /// control characters, `%`, `"`, `<`, `>`, `&`, DEL and an ASCII separator.
    static func table(separator: UInt8?) -> [UInt8] {
        (0...255).map { (byte: Int) -> UInt8 in
            let encoded = byte < 0x20 || byte == 0x7F || [0x25, 0x22, 0x3C, 0x3E, 0x26].contains(byte)
                || (separator.map { Int($0) == byte && $0 < 0x80 } ?? false)
            return encoded ? 1 : 0
        }
    }

    private static let plainTable = table(separator: nil)
    private static let commaTable = table(separator: UInt8(ascii: ","))
    private static let spaceTable = table(separator: UInt8(ascii: " "))

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }


    /// `value` with `%XX` sequences decoded (invalid ones are kept as written).
    static func decode(_ value: String) -> String {
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                output.append(byte)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The elements of a list written by ``list(_:_:separator:_:)``.
    static func decodeList(_ text: String, separator: Character) -> [String] {
        text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map { decode(String($0)) }
    }
}
