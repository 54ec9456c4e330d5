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
package final class XMLSourceMap {
    /// The input, borrowed.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offsets where lines start, as far as they have been found.
    private var lineStarts: [Int] = [0]
    /// Whether `lineStarts` holds every line of the input.
    private var foundAllLines = false

    /// A map over `bytes`, which must outlive it.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
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
    package func position(line: Int, column: Int) -> SourcePosition {
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
    /// Elements are usually asked for in document order: the start tags of a line are
    /// counted, every name, in one pass that goes on from the last answer, and columns are
    /// counted on from there too, so that a document written on one line does not take
    /// quadratic time whatever names are asked for.
    package func elementPosition(line: Int, qualifiedName: String, occurrence: Int) -> SourcePosition {
        let needle = Array(qualifiedName.utf8)
        guard let range = lineRange(line) else { return position(line: max(line, 1), column: 1) }
        if let found = nextStartTag(needle, occurrence: occurrence, line: line, in: range) ?? startTag(needle, in: range, skipping: occurrence) {
            // Near the line's start (indented documents) the column is counted from there;
            // far into a long line, on from the last answer.
            let column = found - range.lowerBound <= Self.shortPrefix ? 1 + characterCount(range.lowerBound..<found) : locator.position(of: found).column
            return SourcePosition(offset: found, line: line, column: column)
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

    /// How far into its line a start tag may stand for its column to be counted from the line's start.
    private static let shortPrefix = 256

    /// Counts columns once for every element asked for.
    private lazy var locator = SourceLocator(bytes)

    /// How far the start tags of one line have been counted: up to `offset`, how many of
    /// each name (by ``nameKey(_:)``).
    private struct LineScan {
        var line: Int
        var offset: Int
        var counts: [UInt64: Int] = [:]
    }

    private var scan: LineScan?

    /// The `occurrence`-th `<name` of `line` when it lies at or after where the count of
    /// the line's start tags has got to; `nil` when it lies before, or the line holds fewer.
    private func nextStartTag(_ name: [UInt8], occurrence: Int, line: Int, in range: Range<Int>) -> Int? {
        if scan?.line != line { scan = LineScan(line: line, offset: range.lowerBound) }
        let wanted = Self.nameKey(name[...])
        guard var current = scan, current.counts[wanted, default: 0] <= occurrence else { return nil }
        defer { scan = current }
        while let open = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: current.offset), open < range.upperBound {
            // The name runs to white space, `/`, `>`, the line's end or another `<`.
            var end = open + 1
            while end < range.upperBound, !Self.endsName(bytes[end]), bytes[end] != UInt8(ascii: "<") { end += 1 }
            current.offset = end
            guard end > open + 1, end == bytes.count || Self.endsName(bytes[end]) else { continue }
            let key = Self.nameKey(bytes[(open + 1)..<end])
            let count = current.counts[key, default: 0]
            current.counts[key] = count + 1
            if key == wanted, count == occurrence, end - open - 1 == name.count { return open }
        }
        current.offset = range.upperBound
        return nil
    }

    /// A name's bytes as a 64-bit FNV-1a hash, mixed with its length.
    private static func nameKey(_ name: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash ^ UInt64(name.count) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Whether `byte` ends an element name in a start tag.
    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "/"), UInt8(ascii: ">"): return true
        default: return false
        }
    }

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
