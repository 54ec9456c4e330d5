import Testing
@testable import AlmanacMarkdown

/// The attribute line passes over bytes that need nothing eight at a time, by a table of the
/// bytes to encode (``AttributeLine/table(separator:)``): it gives what encoding byte by byte gives.
@Suite("Attribute line encoding, eight bytes at a time")
struct AttributeLineFastPathTests {
    /// Whether `byte` is percent-encoded in a value with `separator` (the rule, byte by byte).
    private static func isEncoded(_ byte: UInt8, separator: UInt8?) -> Bool {
        byte < 0x20 || byte == 0x7F || [0x25, 0x22, 0x3C, 0x3E, 0x26].contains(byte) || (byte == separator && byte < 0x80)
    }

    /// ` key="…"` of `items`, encoded one byte at a time.
    private static func expected(_ key: String, _ items: [String], separator: UInt8?) -> String {
        var out = Array(" \(key)=\"".utf8)
        for (index, item) in items.enumerated() {
            if index > 0, let separator { out.append(separator) }
            for byte in item.utf8 {
                if isEncoded(byte, separator: separator) {
                    out.append(contentsOf: "%".utf8)
                    let hex = Array("0123456789ABCDEF".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0x0F)])
                } else {
                    out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    @Test("the table of bytes to encode marks exactly the bytes the rule encodes, for every separator")
    func tableIsTheRule() {
        let separators: [UInt8?] = [nil, UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "|"), 0xC3]
        for separator in separators {
            let table = AttributeLine.table(separator: separator)
            for byte in UInt8.min...UInt8.max {
                #expect((table[Int(byte)] != 0) == Self.isEncoded(byte, separator: separator), "\(byte) with \(String(describing: separator))")
            }
        }
    }

    @Test("values and lists of tricky text, of every length around a word, match encoding byte by byte")
    func matchesByteByByte() {
        let pieces = ["a", "Z", "0", "-", "%", "\"", "<", ">", "&", "\u{0}", "\u{1}", "\t", "\n", "\r\n", "\u{7F}", ",", " ",
                      "|", "ë", "👟", "“", "=", "?", "$", "'", "~", "\u{80}", "\u{FFFD}", "E51638C9-66A3-0D2B"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for round in 0..<3_000 {
            // Mostly plain text (the fast path), now and then a byte to encode anywhere.
            let plain = round % 3 != 0
            let length = next(40)
            let text = (0..<length).map { _ in
                plain && next(10) > 0 ? ["a", "Z", "0", "-", "ë", "E51638C9-66A3-0D2B", ":", "."][next(8)] : pieces[next(pieces.count)]
            }.joined()
            var out: [UInt8] = []
            AttributeLine.value("id", text, &out)
            #expect(String(decoding: out, as: UTF8.self) == Self.expected("id", [text], separator: nil), "\(Array(text.utf8))")
            for separator in [UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "|")] {
                let items = [text, String(text.reversed()), "", text + text]
                var listed: [UInt8] = []
                AttributeLine.list("tasks", items, separator: separator, &listed)
                #expect(String(decoding: listed, as: UTF8.self) == Self.expected("tasks", items, separator: separator), "\(Array(text.utf8))")
            }
        }
    }
}
