import AlmanacCore
@testable import AlmanacJSON
import AlmanacJSONKit
import Testing

/// The JSON codecs' parse: the kit's reader within the options' limits, errors placed in the whole input.
@Suite struct JSONDecodingOptionsTests {
    @Test func aReaderAtADepthCountsTheLevelsAroundIt() {
        let piece = Array("[[1]]".utf8)
        piece.withUnsafeBufferPointer { bytes in
            let map = JSONSourceMap(bytes: bytes, offsetBase: 10, columnBase: 11)
            let options = JSONDecodingOptions(maximumDepth: 4)
            #expect(throws: Never.self) { _ = try options.parse(map, depth: 2) }
            #expect(throws: JSONDecodingError.syntax(.tooDeep(limit: 4, offset: 11), at: SourcePosition(offset: 11, line: 1, column: 12))) { _ = try options.parse(map, depth: 3) }
        }
    }

    @Test func aDocumentRefusesARepeatedKeyWhereItRepeats() {
        let text = Array("{\"a\": 1,\n \"a\": 2}".utf8)
        text.withUnsafeBufferPointer { bytes in
            let map = JSONSourceMap(bytes: bytes, lineBase: 3)
            #expect(throws: JSONDecodingError.syntax(.duplicateKey("a", offset: 10, firstOffset: 1), at: SourcePosition(offset: 10, line: 4, column: 2))) { _ = try JSONDecodingOptions().parse(map) }
        }
    }
}
