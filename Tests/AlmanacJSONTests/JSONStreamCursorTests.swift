import AlmanacCore
@testable import AlmanacJSON
import Testing

/// The cursor under the streamed `json` read: values cut out across chunks, positions
/// counted as bytes pass.
@Suite struct JSONStreamCursorTests {
    typealias Chunked = JSONStreamReaderTests.ChunkedSource

    /// The values of a top-level array as the cursor cuts them out, with their positions.
    private func values(_ text: String, chunk: Int) throws -> [(text: String, position: SourcePosition)] {
        var cursor = JSONStreamCursor(Chunked(bytes: Array(text.utf8), chunk: chunk), chunkSize: chunk)
        try cursor.skipByteOrderMark()
        var found: [(String, SourcePosition)] = []
        while try cursor.peek() != nil {
            try cursor.skipWhitespace()
            guard try cursor.peek() != nil else { break }
            found.append(try cursor.value { bytes, line, column, offset in
                (String(decoding: bytes, as: UTF8.self), SourcePosition(offset: offset, line: line, column: column))
            })
            try cursor.skipWhitespace()
            if try cursor.peek() == UInt8(ascii: ",") { cursor.advance() }
        }
        return found
    }

    @Test(arguments: [1, 2, 7, 4096])
    func cutsOutStringsContainersAndScalarsAcrossChunks(_ chunk: Int) throws {
        let text = "\u{FEFF}\"a\\\"]}\" , {\"k\": [1, \"}\"], \"é\": {}}\n, -12.5e3,\ntrue ,[[]]"
        let found = try values(text, chunk: chunk)
        #expect(found.map(\.text) == ["\"a\\\"]}\"", "{\"k\": [1, \"}\"], \"é\": {}}", "-12.5e3", "true", "[[]]"])
        let bytes = Array(text.utf8)
        #expect(found.map(\.position) == found.map { value in
            SourcePosition(offset: value.position.offset, in: bytes)
        })
        #expect(found[0].position == SourcePosition(offset: 3, line: 1, column: 1))
        #expect(found[3].position.line == 3 && found[3].position.column == 1)
    }

    @Test func aValueCutShortByTheEndIsHandedOverAsItIs() throws {
        #expect(try values("{\"a\": [1, 2", chunk: 3).map(\.text) == ["{\"a\": [1, 2"])
        #expect(try values("\"open \\\"", chunk: 1).map(\.text) == ["\"open \\\""])
    }

    @Test func aStrayDelimiterIsAValueOfOneByte() throws {
        var cursor = JSONStreamCursor(Chunked(bytes: Array("]".utf8), chunk: 1))
        let text = try cursor.value { bytes, _, _, _ in String(decoding: bytes, as: UTF8.self) }
        #expect(text == "]")
        #expect(try cursor.peek() == nil)
    }
}
