import AlmanacCore
import Testing

@Suite struct SourcePositionTests {
    private func position(_ offset: Int, in text: String) -> SourcePosition {
        SourcePosition(offset: offset, in: Array(text.utf8))
    }

    @Test func firstByteIsLineOneColumnOne() {
        #expect(position(0, in: "abc") == SourcePosition(offset: 0, line: 1, column: 1))
        #expect(position(0, in: "") == SourcePosition(offset: 0, line: 1, column: 1))
    }

    @Test func countsLinesAfterEachNewline() {
        let text = "ab\ncd\n\nef"
        #expect(position(2, in: text) == SourcePosition(offset: 2, line: 1, column: 3), "the newline itself ends line 1")
        #expect(position(3, in: text) == SourcePosition(offset: 3, line: 2, column: 1))
        #expect(position(4, in: text) == SourcePosition(offset: 4, line: 2, column: 2))
        #expect(position(6, in: text) == SourcePosition(offset: 6, line: 3, column: 1))
        #expect(position(8, in: text) == SourcePosition(offset: 8, line: 4, column: 2))
    }

    @Test func multiByteCharactersCountAsOneColumn() {
        // "é" is 2 bytes, "日" 3 and "😀" 4: "x" after them is byte 9, column 4.
        let text = "é日😀x"
        #expect(position(9, in: text) == SourcePosition(offset: 9, line: 1, column: 4))
        #expect(position(2, in: text).column == 2)
        #expect(position(5, in: text).column == 3)
        // On the second line too, after a multi-byte character on the first.
        #expect(position(4, in: "ä\näb") == SourcePosition(offset: 4, line: 2, column: 2))
    }

    @Test func aTabIsOneColumn() {
        #expect(position(2, in: "\t\tx").column == 3)
    }

    @Test func offsetsPastTheEndStopAtTheEnd() {
        #expect(position(99, in: "ab\nc") == SourcePosition(offset: 4, line: 2, column: 2))
        #expect(position(-5, in: "ab") == SourcePosition(offset: 0, line: 1, column: 1))
    }

    @Test("many offsets on one long line get the columns a count from the line's start gives")
    func manyOffsetsOnOneLine() {
        // One line of 20,000 fields with multi-byte characters, then a second line.
        var text = ""
        for index in 0..<20_000 { text += index % 3 == 0 ? "{\"é\":\(index)}," : "{\"日😀\":\(index)}," }
        text += "\n\u{FEFF}x"
        let bytes = Array(text.utf8)
        let offsets = Array(stride(from: 0, through: bytes.count, by: 7))
        let positions = bytes.withUnsafeBufferPointer { SourcePosition.positions(ofOffsets: offsets, in: $0) }
        #expect(positions.count == offsets.count)
        // The naive count, from the start of the input, for a spread of them.
        for rank in stride(from: 0, to: offsets.count, by: 499) + [offsets.count - 1] {
            #expect(positions[rank] == SourcePosition(offset: offsets[rank], in: bytes), "offset \(offsets[rank])")
        }
        #expect(positions.last?.line == 2)
        #expect(positions[1000].line == 1 && positions[1000].column > 1000)
    }

    @Test("offsets out of order and a byte-order mark give what the naive count gives")
    func offsetsOutOfOrder() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(("ab\n" + String(repeating: "ä-", count: 5_000) + "\ncd").utf8)
        let offsets = [9_000, 2, 0, 4, 10_004, 5_000, 3, bytes.count, 9_001, 1]
        let positions = bytes.withUnsafeBufferPointer { SourcePosition.positions(ofOffsets: offsets, in: $0) }
        #expect(positions == offsets.map { SourcePosition(offset: $0, in: bytes) })
        #expect(positions[1] == SourcePosition(offset: 2, line: 1, column: 1), "the mark is not a column")
        #expect(positions[3] == SourcePosition(offset: 4, line: 1, column: 2))
    }

    @Test func comparesByLineThenColumn() {
        #expect(SourcePosition(offset: 10, line: 1, column: 9) < SourcePosition(offset: 2, line: 2, column: 1))
        #expect(SourcePosition(offset: 0, line: 2, column: 1) < SourcePosition(offset: 0, line: 2, column: 2))
    }
}
