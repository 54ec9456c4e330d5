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
    ///
    /// Elements are usually asked for in document order: a later occurrence on the line of
    /// the previous answer is searched for from there, so that a document written on one
    /// line does not take quadratic time.
    public func elementPosition(line: Int, qualifiedName: String, occurrence: Int) -> SourcePosition {
        let needle = Array(qualifiedName.utf8)
        guard let range = lineRange(line) else { return position(line: max(line, 1), column: 1) }
        var from = StartTagMatch(line: line, name: qualifiedName, occurrence: 0, offset: range.lowerBound, column: 1)
        if let last = lastMatch, last.line == line, last.name == qualifiedName, last.occurrence <= occurrence {
            from = last
        }
        if let found = startTag(needle, in: from.offset..<range.upperBound, skipping: occurrence - from.occurrence) {
            let match = StartTagMatch(
                line: line, name: qualifiedName, occurrence: occurrence, offset: found,
                column: from.column + characterCount(from.offset..<found)
            )
            lastMatch = match
            return SourcePosition(offset: match.offset, line: line, column: match.column)
        }
        var earlier = line - 1
        while earlier >= max(1, line - 50), let previous = lineRange(earlier) {
            if let last = startTag(needle, in: previous, skipping: .max) {
                return SourcePosition(offset: last, line: earlier, column: 1 + characterCount(previous.lowerBound..<last))
            }
            earlier -= 1
        }
        return position(line: line, column: 1)
    }

    /// A start tag ``elementPosition(line:qualifiedName:occurrence:)`` found.
    private struct StartTagMatch {
        var line: Int
        var name: String
        var occurrence: Int
        var offset: Int
        var column: Int
    }

    /// The last start tag found, to go on from.
    private var lastMatch: StartTagMatch?

    /// The offset of the `skip`-th (from 0) `<name` in `range` followed by white space, `/`,
    /// `>` or the end of the input; the last one when there are fewer; `nil` when none.
    private func startTag(_ name: [UInt8], in range: Range<Int>, skipping skip: Int) -> Int? {
        var found: Int?
        var count = 0
        var index = range.lowerBound
        while index + 1 + name.count <= range.upperBound {
            if bytes[index] == UInt8(ascii: "<"), isName(name, at: index + 1) {
                found = index
                if count == skip { return index }
                count += 1
            }
            index += 1
        }
        return found
    }

    /// Whether `name` stands at `offset`, followed by white space, `/`, `>` or the end of the input.
    private func isName(_ name: [UInt8], at offset: Int) -> Bool {
        guard offset + name.count <= bytes.count else { return false }
        for (index, byte) in name.enumerated() where bytes[offset + index] != byte { return false }
        let after = offset + name.count
        guard after < bytes.count else { return true }
        switch bytes[after] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "/"), UInt8(ascii: ">"): return true
        default: return false
        }
    }

    /// The number of characters (Unicode scalars) in `range`.
    private func characterCount(_ range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
