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

    /// Appends the UTF-8 of `text` in one copy (`String.UTF8View` is copied a piece at a time).
    static func appendUTF8(_ text: String, _ out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends ` key="…"` with `text` percent-encoded.
    static func value(_ key: StaticString, _ text: String, _ out: inout [UInt8]) {
        value(key, &out) { appendUTF8(text, &$0) }
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
            appendUTF8(text(items[index]), &out)
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
        // The bytes to encode as two masks, of the bytes below 64 and of those from 64 to 127:
        // control characters, `%`, `"`, `<`, `>`, `&`, DEL and the separator (ASCII).
        var low: UInt64 = 0xFFFF_FFFF | 1 << 0x25 | 1 << 0x22 | 1 << 0x3C | 1 << 0x3E | 1 << 0x26
        var high: UInt64 = 1 << (0x7F - 0x40)
        if let separator, separator < 0x80 {
            if separator < 0x40 { low |= 1 << UInt64(separator) } else { high |= 1 << UInt64(separator - 0x40) }
        }
        func isEncoded(_ byte: UInt8) -> Bool {
            byte < 0x40 ? (low &>> UInt64(byte)) & 1 != 0 : byte < 0x80 && (high &>> UInt64(byte &- 0x40)) & 1 != 0
        }
        // Most values hold nothing to encode; the others grow by two bytes for each byte
        // encoded, filled in place from the back.
        let count = out.count
        let separatorWord = separator.map { $0 < 0x80 ? UInt64($0) &* ones : quotes } ?? quotes
        let encodedCount = out.withUnsafeBufferPointer { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var found = 0
            var index = start
            while index < count {
                // Eight bytes at once when none of them may need encoding; bytes one by one
                // otherwise (``mayEncode(_:separator:)`` can be wrong only the safe way).
                if index &+ 8 <= count,
                   !mayEncode(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), separator: separatorWord) {
                    index &+= 8
                    continue
                }
                let end = min(index &+ 8, count)
                while index < end {
                    if isEncoded(base[index]) { found &+= 1 }
                    index &+= 1
                }
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
                if isEncoded(byte) {
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

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let quotes: UInt64 = 0x22 &* ones

    /// Whether one of the eight bytes of `word` may need encoding: `false` only when none
    /// does. Flags bytes below 0x20, `"`, 0x24–0x27 (`$%&'`), 0x3C–0x3F (`<=>?`), DEL and the
    /// bytes of `separator` (a byte repeated eight times); the test for a zero byte flags
    /// every word that has one (and a few that have not).
    @inline(__always)
    static func mayEncode(_ word: UInt64, separator: UInt64) -> Bool {
        func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let control = (word &- 0x20 &* ones) & ~word
        let found = control
            | zeroByte(word ^ quotes)
            | zeroByte((word | 0x03 &* ones) ^ (0x27 &* ones))
            | zeroByte((word | 0x03 &* ones) ^ (0x3F &* ones))
            | zeroByte(word ^ (0x7F &* ones))
            | zeroByte(word ^ separator)
        return found & highBits != 0
    }

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
