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

extension JSONStreamCursorTests {
    /// The values of a top-level array as ``JSONStreamCursor/scan(depth:maximumDepth:_:)``
    /// reads them, with their positions and how many times the reading ran.
    private func scanned(_ text: String, chunk: Int) throws -> (values: [OpaqueValue], positions: [SourcePosition], runs: Int) {
        var cursor = JSONStreamCursor(Chunked(bytes: Array(text.utf8), chunk: chunk), chunkSize: chunk)
        try cursor.skipByteOrderMark()
        var values: [OpaqueValue] = []
        var positions: [SourcePosition] = []
        var runs = 0
        _ = try cursor.scan(depth: 0, maximumDepth: 8) { scanner in
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "["), "'['")
        }
        repeat {
            try cursor.scan(depth: 1, maximumDepth: 8) { $0.skipWhitespace() }
            positions.append(cursor.position())
            values.append(try cursor.scan(depth: 1, maximumDepth: 8) { scanner in
                runs += 1
                return try scanner.opaqueValue()
            })
        } while try cursor.scan(depth: 1, maximumDepth: 8, { try $0.nextMember(closing: UInt8(ascii: "]")) })
        return (values, positions, runs)
    }

    @Test(arguments: [1, 2, 7, 4096])
    func scansValuesAcrossChunksInOnePassEach(_ chunk: Int) throws {
        let text = "\u{FEFF}[\"a\\\"]}\" , {\"k\": [1, \"}\"], \"é\": {}}\n, -12.5e3,\ntrue ,[[]]]"
        let found = try scanned(text, chunk: chunk)
        #expect(found.values == [.string("a\"]}"), .object([OpaqueMember("k", .array([.number("1"), .string("}")])), OpaqueMember("é", .object([]))]), .number("-12.5e3"), .bool(true), .array([.array([])])])
        let bytes = Array(text.utf8)
        #expect(found.positions == found.positions.map { SourcePosition(offset: $0.offset, in: bytes) })
        #expect(found.positions[0] == SourcePosition(offset: 4, line: 1, column: 2))
        #expect(found.positions[3].line == 3 && found.positions[3].column == 1)
        #expect(found.runs <= found.values.count * (chunk < 64 ? 8 : 1), "each value is read again only as its bytes at least double")
    }

    @Test func anErrorIsPlacedInTheWholeInput() throws {
        let error = try #require(throws: JSONDecodingError.self) { try scanned("[1,\n  tru]", chunk: 3) }
        #expect(error == .syntax(.unexpectedCharacter(found: "'tru'", expected: "a value", offset: 6), at: SourcePosition(offset: 6, line: 2, column: 3)))
    }
}
