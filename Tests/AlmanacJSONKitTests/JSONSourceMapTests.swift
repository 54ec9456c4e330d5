import AlmanacCore
import AlmanacJSONKit
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

    @Test func longInputCountsLinesOnceAndGivesTheSamePositions() {
        let text = String(repeating: "[\"é\",\n", count: 1_000) + "1" + String(repeating: "]", count: 1_000)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let map = JSONSourceMap(bytes: buffer)
            for offset in [0, 7, 4_321, bytes.count - 1] {
                #expect(map.position(offset) == SourcePosition(offset: offset, in: buffer), "\(offset)")
            }
        }
    }
}
