import AlmanacCore
@testable import AlmanacJSON
import Testing

/// Offsets in a piece of the input become positions in the whole input.
@Suite struct JSONSourceMapTests {
    @Test func aPieceStartingInsideALineCountsItsFirstLineFromItsColumn() {
        let piece = Array("{\"a\":\n 1}".utf8)
        piece.withUnsafeBufferPointer { bytes in
            let map = JSONSourceMap(bytes: bytes, lineBase: 4, offsetBase: 100, columnBase: 9)
            #expect(map.position(1) == SourcePosition(offset: 101, line: 4, column: 10))
            #expect(map.position(7) == SourcePosition(offset: 107, line: 5, column: 2))
        }
    }

    @Test func aReaderAtADepthCountsTheLevelsAroundIt() {
        let piece = Array("[[1]]".utf8)
        piece.withUnsafeBufferPointer { bytes in
            let map = JSONSourceMap(bytes: bytes, offsetBase: 10, columnBase: 11)
            var shallow = JSONReader(map, options: JSONDecodingOptions(maximumDepth: 4), depth: 2)
            #expect(throws: Never.self) { _ = try shallow.parseElement() }
            var deep = JSONReader(map, options: JSONDecodingOptions(maximumDepth: 4), depth: 3)
            #expect(throws: JSONDecodingError.tooDeep(limit: 4, at: SourcePosition(offset: 11, line: 1, column: 12))) { _ = try deep.parseElement() }
        }
    }
}
