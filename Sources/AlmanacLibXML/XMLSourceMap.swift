import AlmanacCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the line numbers libxml2 reports into `SourcePosition`s over the original
/// bytes: byte offsets, and columns counted in Unicode scalars. Line starts are found
/// on demand, only as far as a position needs them.
///
/// It borrows the bytes: use it only while the buffer it was made over is alive.
public final class XMLSourceMap {
    /// The input, borrowed.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offsets where lines start, as far as they have been found.
    private var lineStarts: [Int] = [0]
    /// Whether `lineStarts` holds every line of the input.
    private var foundAllLines = false

    /// A map over `bytes`, which must outlive it.
    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Finds line starts until there are `count` of them (or the input ends).
    private func findLineStarts(upTo count: Int) {
        guard let base = bytes.baseAddress else {
            foundAllLines = true
            return
        }
        while !foundAllLines, lineStarts.count < count {
            let from = lineStarts.count == 1 ? 0 : lineStarts[lineStarts.count - 1]
            guard from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from) else {
                foundAllLines = true
                return
            }
            lineStarts.append(UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1)
        }
    }

    /// The byte range of line `line` (from 1) without its line break, or `nil` past the end.
    private func lineRange(_ line: Int) -> Range<Int>? {
        findLineStarts(upTo: line + 1)
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The position of `line` and `column` (both from 1, the column in characters);
    /// past the last line, the end of the input.
    public func position(line: Int, column: Int) -> SourcePosition {
        guard let range = lineRange(line) else {
            return SourcePosition(offset: bytes.count, line: max(line, 1), column: max(column, 1))
        }
        var offset = range.lowerBound
        var counted = 1
        while counted < column, offset < range.upperBound {
            offset += 1
            while offset < range.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            counted += 1
        }
        return SourcePosition(offset: offset, line: line, column: max(column, 1))
    }

    /// Where the start tag of an element begins: the `occurrence`-th (from 0) `<qualifiedName`
    /// on `line`, the line libxml2 gives for the element (the one its `>` is on). A start tag
    /// spread over several lines is found on an earlier line; when nothing matches, column 1.
    public func elementPosition(line: Int, qualifiedName: String, occurrence: Int) -> SourcePosition {
        let needle = [UInt8(ascii: "<")] + Array(qualifiedName.utf8)
        func matches(in range: Range<Int>) -> [Int] {
            var found: [Int] = []
            var index = range.lowerBound
            while index + needle.count <= range.upperBound {
                if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    let after = index + needle.count
                    if after >= bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[after]) {
                        found.append(index)
                    }
                }
                index += 1
            }
            return found
        }
        func position(atOffset offset: Int, line: Int, lineStart: Int) -> SourcePosition {
            var column = 1
            for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
            return SourcePosition(offset: offset, line: line, column: column)
        }
        if let range = lineRange(line) {
            let found = matches(in: range)
            if occurrence < found.count { return position(atOffset: found[occurrence], line: line, lineStart: range.lowerBound) }
            if !found.isEmpty { return position(atOffset: found[found.count - 1], line: line, lineStart: range.lowerBound) }
            var earlier = line - 1
            while earlier >= max(1, line - 50), let previous = lineRange(earlier) {
                if let last = matches(in: previous).last { return position(atOffset: last, line: earlier, lineStart: previous.lowerBound) }
                earlier -= 1
            }
        }
        return self.position(line: max(line, 1), column: 1)
    }
}
