import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// The reader's byte paths agree with the string paths they stand in for: names told
/// apart by their folded keys, UTF-8 checked without decoding, CATEGORIES split on bytes.
@Suite("Byte reading")
struct ByteReadingTests {
    static let names = [
        "UID", "URL", "DUE", "LINK", "RRULE", "COLOR", "DTEND", "STATUS", "SUMMARY", "DTSTAMP",
        "DTSTART", "LOCATION", "PRIORITY", "DURATION", "COMPLETED", "CATEGORIES", "RELATED-TO",
        "DESCRIPTION", "RECURRENCE-ID", "X-ALMANAC-NOTES", "X-ALMANAC-COLOR", "X-ALMANAC-RECIPE",
        "X-ALMANAC-SYMBOL",
    ]

    static func kind(ofLine text: String) -> ItemPropertyKind {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { line in
            let buffer = UnsafeBufferPointer(line)
            guard case .success(let shape) = ContentLineShape.scan(buffer) else { return .other }
            return ItemPropertyKind(buffer, name: 0..<shape.nameEnd)
        }
    }

    @Test("each name the mapping tells apart has its own kind, in any case, on short and long lines")
    func kinds() {
        var seen: [String] = []
        for name in Self.names {
            let kind = Self.kind(ofLine: name + ":x")
            #expect(kind != .other, "\(name)")
            #expect(Self.kind(ofLine: name.lowercased() + ";X-P=1:a long value past sixteen bytes") == kind, "\(name)")
            #expect(ItemPropertyKind(name: name) == kind)
            seen.append("\(kind)")
        }
        #expect(Set(seen).count == Self.names.count)
    }

    @Test("names that differ from a known one by a byte, a length or a folded punctuation are other")
    func others() {
        for name in ["UIDS", "UI", "RELATED_TO", "RELATED.TO", "X-ALMANAC-COLOUR", "DTSTAR", "DTSTARTS", "SUMMARY1", "X-ALMANAC-SYMBOLS"] {
            #expect(Self.kind(ofLine: name + ":x") == .other, "\(name)")
        }
        #expect(ItemPropertyKind(name: "UID\u{0}") == .other)
        #expect(ItemPropertyKind(name: "RELATED\rTO") == .other)
    }

    @Test("BEGIN and END keys")
    func beginEnd() {
        for (text, begin, end) in [("BEGIN:VEVENT", true, false), ("begin:x", true, false), ("END:VTODO", false, true), ("End:x", false, true), ("BEGINS:x", false, false), ("EN:x", false, false)] {
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBufferPointer { line in
                let buffer = UnsafeBufferPointer(line)
                let nameEnd = text.utf8.firstIndex(of: UInt8(ascii: ":")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0
                let key = NameKey(buffer, count: nameEnd)
                #expect((key == NameKey.begin) == begin, "\(text)")
                #expect((key == NameKey.end) == end, "\(text)")
            }
        }
    }

    @Test("UTF-8 is checked as String(decoding:) repairs it")
    func utf8() {
        let samples: [[UInt8]] = [
            Array("plain ASCII text, longer than a word".utf8), Array("Zürich 👟 café".utf8),
            [0xC3], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF0, 0x9F, 0x91], Array("abcdefgh".utf8) + [0xFF] + Array("ijklmnop".utf8), [0xEF, 0xBF, 0xBD],
            [0xF0, 0x90, 0x80, 0x80], [0xE2, 0x82, 0xAC, 0x41],
            // ASCII that ends exactly where a step of 32, 16 or 8 bytes does.
            Array(repeating: 0x61, count: 32), Array(repeating: 0x61, count: 64), Array(repeating: 0x61, count: 48),
            Array(repeating: 0x61, count: 40), Array(repeating: 0x61, count: 56), Array(repeating: 0x61, count: 72),
        ]
        // Each sequence, good or bad, at every place of the words and runs of words the
        // check skips by (32 bytes, then 16, then 8).
        let sequences: [[UInt8]] = [[0xC3, 0xBC], [0xF0, 0x9F, 0x91, 0x9F], [0xC3], [0xFF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80]]
        var placed: [[UInt8]] = []
        for sequence in sequences {
            for place in 0...71 {
                let ascii = Array("0123456789abcdefghijklmnopqrstuvwxyzABCD0123456789abcdefghijklmnopqrstuvwxyzABCD".utf8)
                placed.append(Array(ascii[..<place]) + sequence + Array(ascii[place...]))
                placed.append(Array(ascii[..<place]) + sequence)
                placed.append(Array(ascii[..<place]) + sequence + sequence + Array(ascii[place...]))
            }
        }
        for sample in samples + placed {
            let repaired = Array(String(decoding: sample, as: UTF8.self).utf8) != sample
            #expect(sample.withUnsafeBufferPointer { ContentLineParser.isValidUTF8($0) } == !repaired, "\(sample)")
        }
    }

    @Test("CATEGORIES split on bytes as on the string, breaks running across the parts")
    func splitList() {
        let values = ["Family,Reading", "a\\,b,c", "x\\nline,y\\Nz\\n,", "", ",", "end\\", "Café,Zoë\\;s,\\\\,q"]
        for value in values {
            for breaks in [nil, "cr", "rcn"] as [String?] {
                var bytes = Array(value.utf8)
                let split = bytes.withUnsafeMutableBufferPointer { TextValue.splitList(UnsafeBufferPointer($0), breaks: breaks) }
                #expect(split == TextValue.splitList(value, breaks: breaks), "\(value) \(breaks ?? "-")")
            }
        }
    }

    @Test("a parent's UID is matched on the value's bytes as on its unescaped, trimmed text")
    func parentMatch() {
        for (value, uid, matches) in [("abc", "abc", true), (" abc\t", "abc", true), ("abd", "abc", false), ("", "", true), ("a\\,b", "a,b", true), ("Zoë", "Zoë", true), ("abc", "", false)] {
            let property = ICalProperty(name: "RELATED-TO", value: value, raw: "RELATED-TO:" + value, line: 1, offset: 0)
            #expect(ItemLinks.value(of: property, isIdentifier: uid) == matches, "\(value) \(uid)")
        }
    }
}

/// The name-byte mask says yes to exactly the bytes RFC 5545 names are made of.
@Suite("Name bytes")
struct NameByteTests {
    @Test("letters, digits, -, _, . and / only")
    func mask() {
        let allowed = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./".utf8))
        for byte in UInt8.min...UInt8.max {
            #expect(ContentLineShape.isNameByte(byte) == allowed.contains(byte), "\(byte)")
        }
    }
}
