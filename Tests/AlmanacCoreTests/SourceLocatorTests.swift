import AlmanacCore
import Testing

@Suite struct SourceLocatorTests {
    /// A long line of multi-byte text and a few short lines after it.
    private static let bytes = Array((String(repeating: "ab日é😀,", count: 3_000) + "\n\nx\r\nyz").utf8)

    @Test("ascending offsets, and offsets behind the furthest one, as the naive count gives them")
    func anyOrder() {
        let bytes = Self.bytes
        bytes.withUnsafeBufferPointer { buffer in
            let locator = SourceLocator(buffer)
            for offset in [0, 1, 5, 17, 4_096, 4_100, 30_000, bytes.count - 1, bytes.count] {
                #expect(locator.position(of: offset) == SourcePosition(offset: offset, in: bytes), "ascending \(offset)")
            }
            for offset in [20_000, 4_097, 4_095, 3, 0, 12_345, bytes.count - 3] {
                #expect(locator.position(of: offset) == SourcePosition(offset: offset, in: bytes), "behind \(offset)")
            }
        }
    }

    @Test("an array is read as its buffer is")
    func overAnArray() {
        let locator = SourceLocator(Self.bytes)
        let last = locator.position(of: Self.bytes.count - 1)
        #expect(last == SourcePosition(offset: Self.bytes.count - 1, line: 4, column: 2))
        #expect(locator.position(of: 9) == SourcePosition(offset: 9, in: Self.bytes))
    }

    @Test("offsets outside the input stop at its ends; a byte-order mark is not a column")
    func edges() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, UInt8(ascii: "a"), UInt8(ascii: "\n"), UInt8(ascii: "b")]
        let locator = SourceLocator(bytes)
        #expect(locator.position(of: 99) == SourcePosition(offset: 6, line: 2, column: 2))
        #expect(locator.position(of: -1) == SourcePosition(offset: 0, line: 1, column: 1))
        #expect(locator.position(of: 3) == SourcePosition(offset: 3, line: 1, column: 1))
        #expect(locator.position(of: 4) == SourcePosition(offset: 4, line: 1, column: 2))
    }
}
