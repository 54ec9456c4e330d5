import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// Where a content line's name, parameters and value lie, found on its bytes, and the
/// item lines read through it.
@Suite("Content line shape")
struct ContentLineShapeTests {
    static func shape(_ text: String) -> Result<ContentLineShape, ContentLineShape.Malformed> {
        var bytes = text
        return bytes.withUTF8 { ContentLineShape.scan($0) }
    }

    @Test("name bytes are told eight at a time exactly as one at a time")
    func nameBytesByWord() {
        // Every byte value at every place of a word, after name bytes and before them.
        let filler = Array("aZ09-._/xY".utf8)
        for byte in UInt8.min...UInt8.max {
            for place in 0..<17 {
                var line = Array((0..<20).map { filler[$0 % filler.count] })
                line[place] = byte
                let expected = line.firstIndex { !ContentLineShape.isNameByte($0) } ?? line.count
                line.withUnsafeBufferPointer { buffer in
                    #expect(ContentLineShape.nameBytesEnd(buffer, from: 0) == expected, "\(byte) at \(place)")
                    #expect(ContentLineShape.nameBytesEnd(buffer, from: min(place, 3)) == expected, "\(byte) at \(place)")
                }
            }
        }
        // Words of random bytes, each byte's flag alone.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let word = generator.next() as UInt64
            let flags = ContentLineShape.nonNameBytes(word)
            for index in 0..<8 {
                let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
                #expect((flags >> (8 * UInt64(index) + 7)) & 1 == (ContentLineShape.isNameByte(byte) ? 0 : 1), "\(word)")
            }
        }
    }

    @Test("a plain line and a line with quoted parameters holding ':' and ';'")
    func parts() throws {
        let plain = try Self.shape("SUMMARY:Tea: at five").get()
        #expect(plain.nameEnd == 7)
        #expect(plain.valueStart == 8)
        #expect(!plain.hasParameters)
        let text = "ATTENDEE;CN=\"Doe; J:r\",x;ROLE=CHAIR:mailto:a@b"
        let quoted = try Self.shape(text).get()
        #expect(quoted.nameEnd == 8)
        #expect(quoted.hasParameters)
        #expect(String(decoding: Array(text.utf8).dropFirst(quoted.valueStart), as: UTF8.self) == "mailto:a@b")
    }

    @Test(
        "broken lines say why",
        arguments: [
            (":value", "noName"), ("X;=1:v", "parameterNotNameValue"), ("X;A:v", "parameterNotNameValue"),
            ("X;A=\"open:v", "unclosedQuote"), ("NAME value", "noColon"), ("X;A=1", "noColon"),
        ]
    )
    func malformed(text: String, reason: String) {
        guard case .failure(let found) = Self.shape(text) else {
            Issue.record("\(text) was read as a content line")
            return
        }
        #expect(String(describing: found).hasPrefix(reason))
    }

    @Test("an item line gives its kind, parameters (first value, carets decoded), text and raw line")
    func itemLine() throws {
        var item = ICalItemLines(isTodo: false, line: 3, offset: 40)
        for (number, text) in ["summary;X-ALMANAC-BREAKS=c:a\\nb\\, c", "X-Y;p=1;P=\"two^nlines\",3:v", "DTSTART:20270107"].enumerated() {
            var line = text
            line.withUTF8 { bytes in
                guard case .success(let shape) = ContentLineShape.scan(bytes) else { return }
                item.append(bytes, shape: shape, number: 4 + number, offset: 50 + 10 * number)
            }
        }
        item.withView { view in
            #expect(view.propertyCount == 3)
            let summary = view.property(at: 0)
            #expect(summary.kind == .summary)
            #expect(summary.name == "SUMMARY")
            #expect(summary.text == "a\r\nb, c")
            #expect(summary.raw == "summary;X-ALMANAC-BREAKS=c:a\\nb\\, c")
            #expect(summary.position == SourcePosition(offset: 50, line: 4, column: 1))
            let other = view.property(at: 1)
            #expect(other.kind == .other)
            #expect(other.parameter("P") == "1")
            #expect(other.property.parameters.map(\.values) == [["1"], ["two\nlines", "3"]])
            #expect(view.property(at: 2).withValueBytes { ICalTimeText.parse($0) } == .date(CivilDate(year: 2027, month: 1, day: 7)!))
            #expect(view.rawText.hasPrefix("BEGIN:VEVENT\nsummary;"))
            #expect(view.rawText.hasSuffix("\nDTSTART:20270107\nEND:VEVENT"))
        }
    }

    /// ``ContentLineShape/shape(of:)`` gives the shape ``ContentLineShape/scan(_:)`` gives,
    /// and `nil` exactly where it finds the line broken.
    @Test("the shape alone is the scan's shape, nil where the scan says broken")
    func shapeAlone() {
        let lines = [
            "", ":", "A", "A:", "A:b", "SUMMARY:x", ";X=1:v", "A;", "A;B", "A;B=", "A;B=:v", "A;B=c:v", "A;B=c,d;E=\"f:g\":v",
            "A;B=\"unclosed:v", "A;=x:y", "A B:c", "Ä:x", "DTSTART;TZID=Europe/Berlin:20270107T093000", "A;B=c", "A;B=c;",
            "X-A;b=\"q\",r:s", "A\u{0}:b", "LONG-PROPERTY-NAME-OVER-EIGHT-BYTES;PARAM=\"quoted,with;marks\":value",
        ]
        for text in lines {
            var bytes = text
            bytes.withUTF8 { line in
                let scanned = ContentLineShape.scan(line)
                let alone = ContentLineShape.shape(of: line)
                switch scanned {
                case .success(let shape):
                    #expect(alone?.nameEnd == shape.nameEnd && alone?.valueStart == shape.valueStart, "\(text)")
                case .failure:
                    #expect(alone == nil, "\(text)")
                }
            }
        }
    }
}
