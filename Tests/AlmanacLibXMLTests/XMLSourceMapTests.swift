import AlmanacCore
import AlmanacLibXML
import Testing

/// ``XMLSourceMap/elementPosition(line:qualifiedName:occurrence:)`` on one long line
/// with interleaved names: in document order, out of order, and past the last one.
@Suite struct XMLSourceMapTests {
    /// `<a><bé/><c></c></a>` a hundred times on line 2, then `<a>` on line 3.
    private static let text = "<?xml version=\"1.0\"?>\n<r>" + String(repeating: "<a x=\"<b\"><bé/><c></c></a>", count: 100) + "</r>\n<a/>"

    /// The `occurrence`-th `<name` followed by a delimiter on line 2, found the slow way.
    private static func naive(_ name: String, _ occurrence: Int) -> SourcePosition {
        let bytes = Array(text.utf8)
        let needle = Array(("<" + name).utf8)
        var count = 0
        var index = 0
        while index + needle.count < bytes.count {
            if Array(bytes[index..<(index + needle.count)]) == needle, [UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[index + needle.count]) {
                if count == occurrence { return SourcePosition(offset: index, in: bytes) }
                count += 1
            }
            index += 1
        }
        return SourcePosition(offset: 0, line: 0, column: 0)
    }

    @Test("start tags of several names on one line, in document order and out of it")
    func interleavedNames() {
        let bytes = Array(Self.text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let map = XMLSourceMap(bytes: buffer)
            for occurrence in 0..<100 {
                for name in ["a", "bé", "c"] {
                    #expect(map.elementPosition(line: 2, qualifiedName: name, occurrence: occurrence) == Self.naive(name, occurrence), "\(name) \(occurrence)")
                }
            }
            #expect(map.elementPosition(line: 2, qualifiedName: "c", occurrence: 3) == Self.naive("c", 3), "behind the count")
            #expect(map.elementPosition(line: 2, qualifiedName: "a", occurrence: 500) == Self.naive("a", 99), "fewer than asked: the last one")
            #expect(map.elementPosition(line: 3, qualifiedName: "a", occurrence: 0) == SourcePosition(offset: bytes.count - 4, line: 3, column: 1))
        }
    }
}
