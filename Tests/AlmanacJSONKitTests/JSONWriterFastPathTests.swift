import AlmanacCore
import AlmanacJSONKit
import Testing

/// The writer's fast paths held to what they replace: the one-pass escaper to a byte-by-byte
/// escaping (and to the room it is given), and times written through a pointer to
/// ``ISO8601Text``, over inputs picked to break them.
@Suite struct JSONWriterFastPathTests {
    /// Knuth's 64-bit linear congruential generator, its high half: the same bytes on every run.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 32 | state << 32
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// RFC 8259's escaping, one byte at a time.
    private func reference(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0..<0x20: out += Array(#"\u00"#.utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        return out
    }

    /// `bytes` escaped into room of `room` bytes followed by guard bytes, which must stay as they were.
    private func escaped(_ bytes: [UInt8], room: Int) -> (text: [UInt8], guardKept: Bool) {
        var buffer = [UInt8](repeating: 0xEE, count: room + 32)
        let written = bytes.withUnsafeBufferPointer { source in
            buffer.withUnsafeMutableBufferPointer { JSONStringEscapes.writeEscaped(source, to: $0.baseAddress!) }
        }
        return (Array(buffer[..<written]), buffer[room...].allSatisfy { $0 == 0xEE })
    }

    @Test("the one-pass escaper agrees with byte-by-byte escaping and stays in the measured room")
    func onePassEscaping() {
        // Escaped bytes, their neighbours, and UTF-8 of two to four bytes.
        let alphabet: [UInt8] = [0x00, 0x01, 0x08, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xC3, 0xE2, 0xF0, 0xFF, 0x41, 0x61]
        var generator = Generator(state: 2_026)
        for length in 0...80 {
            for round in 0..<40 {
                // From all specials to one special in a long clean run.
                let density = round % 8
                let bytes = (0..<length).map { _ -> UInt8 in
                    if Int.random(in: 0..<8, using: &generator) < density { return alphabet.randomElement(using: &generator)! }
                    return UInt8(ascii: "a") + UInt8.random(in: 0..<26, using: &generator)
                }
                let expected = reference(bytes)
                let exact = bytes.withUnsafeBufferPointer { JSONStringEscapes.escapedCount($0) }
                #expect(exact == expected.count)
                let measured = escaped(bytes, room: exact)
                #expect(measured.text == expected, "\(bytes)")
                #expect(measured.guardKept, "wrote past the escaped count: \(bytes)")
                #expect(escaped(bytes, room: JSONStringEscapes.escapedRoom(length)).text == expected)
            }
        }
    }

    @Test("long strings, measured first, and strings of one byte repeated")
    func longAndRepeated() {
        for byte: UInt8 in [0x00, 0x0A, 0x22, 0x5C, 0x41, 0xC3] {
            for length in [7, 8, 9, 15, 16, 17, 31, 32, 33, 4_095, 4_096, 4_097, 10_000] {
                let bytes = [UInt8](repeating: byte, count: length)
                var writer = JSONWriter(pretty: false)
                bytes.withUnsafeBufferPointer { writer.string(utf8: $0) }
                #expect(writer.bytes == [UInt8(ascii: "\"")] + reference(bytes) + [UInt8(ascii: "\"")], "\(byte) × \(length)")
            }
        }
    }

    @Test("an array of strings in one write an element, as element() and string() write it")
    func stringElements() {
        let texts = ["", "a", "Café \"quoted\"", "line\nbreak\u{1}", String(repeating: "long ", count: 1_000), "é😀"]
        for pretty in [false, true] {
            for count in 1...texts.count {
                var fused = JSONWriter(pretty: pretty)
                var pieces = JSONWriter(pretty: pretty)
                fused.object { $0.member("list", Array(texts.prefix(count))) }
                pieces.object { writer in
                    writer.fixedKey("list")
                    writer.array { writer in
                        for text in texts.prefix(count) {
                            writer.element()
                            writer.string(text)
                        }
                    }
                }
                #expect(fused.bytes == pieces.bytes)
            }
        }
    }

    @Test("times written through a pointer read as ISO8601Text writes them, and the rest go to it")
    func times() throws {
        let dates = try [(0, 1, 1), (999, 12, 31), (2_026, 2, 28), (9_999, 12, 31), (10_000, 1, 1), (-1, 6, 15)].map {
            try #require(CivilDate(year: $0.0, month: $0.1, day: $0.2))
        }
        var times: [CalendarTime] = []
        for date in dates {
            times.append(.date(date))
            for (hour, minute, second, nanosecond) in [(0, 0, 0, 0), (23, 59, 60, 0), (9, 5, 7, 500_000_000), (12, 30, 0, 1)] {
                let clock = try #require(CivilDateTime(date: date, hour: hour, minute: minute, second: second, nanosecond: nanosecond))
                times += [.utc(clock), .zoned(clock, timeZone: "Europe/Zürich"), .floating(clock)]
            }
        }
        for time in times {
            for pretty in [false, true] {
                var writer = JSONWriter(pretty: pretty)
                writer.event(Event(id: "e", title: "t", start: time, recurrenceID: time), kind: false)
                var text: [UInt8] = []
                ISO8601Text.append(time, to: &text)
                let start = #""start":"# + (pretty ? " " : "") + "\"" + String(decoding: text, as: UTF8.self) + "\""
                let zone = time.timeZoneID.map { "[\($0)]" } ?? ""
                let recurrence = #""recurrenceId":"# + (pretty ? " " : "") + "\"" + String(decoding: text, as: UTF8.self) + zone + "\""
                let written = String(decoding: writer.bytes, as: UTF8.self)
                #expect(written.contains(start), "\(time): \(written)")
                #expect(written.contains(recurrence), "\(time): \(written)")
            }
        }
    }
}
