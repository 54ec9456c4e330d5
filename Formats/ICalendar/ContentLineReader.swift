#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore
import AlmanacICalendarModel

/// Splits iCalendar bytes into unfolded content lines, working on bytes.
///
/// Accepts CRLF and bare LF line ends, a UTF-8 byte order mark, folded lines
/// (a line starting with a space or tab continues the one before), names in any
/// case, quoted parameter values and RFC 6868 caret escapes. Unfolding happens
/// before UTF-8 decoding, so a fold inside a multi-byte character is harmless.
struct ContentLineReader {
    /// What the reader found on one logical line.
    typealias Entry = ContentLineParser.Entry

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    /// The number of the next physical line.
    private(set) var lineNumber: Int
    /// The offset in the whole input of `bytes[0]` (the reader may see one part of it).
    private let offsetBase: Int
    /// Bytes of the current logical line when it had to be joined from several.
    private var scratch: [UInt8] = []
    /// Parses each logical line once it is unfolded.
    private var parser = ContentLineParser()
    /// Whether all of `bytes` are known to be valid UTF-8 (set by whoever checked them at
    /// once), so that none of its lines needs checking again: every logical line is then
    /// valid too, since lines are cut and unfolded only next to ASCII bytes.
    var isValidUTF8 = false
    /// Lines whose bytes were not valid UTF-8 (decoded with replacement characters).
    var invalidUTF8Lines: [(line: Int, offset: Int)] { parser.invalidUTF8Lines }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// A reader of `bytes`, which start the input (a byte order mark is skipped) or, with
    /// `lineNumber` and `offset`, continue it at a line's start.
    init(_ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int = 1, offset: Int = 0) {
        self.bytes = bytes
        self.lineNumber = lineNumber
        offsetBase = offset
        index = 0
        if offset == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The end of the physical line starting at `start` (the index of its `\n`,
    /// or the end of input) and the end of its content (before `\r\n`).
    private func physicalLine(from start: Int) -> (contentEnd: Int, next: Int) {
        let count = bytes.count
        let cursor = Self.lineFeed(in: bytes, from: start)
        var contentEnd = cursor
        if contentEnd > start && bytes[contentEnd - 1] == Self.cr { contentEnd -= 1 }
        return (contentEnd, cursor < count ? cursor + 1 : count)
    }

    /// The index of the first `\n` at or after `start` in `bytes`, or `bytes.count`:
    /// with `memchr`, which takes 32 bytes a step (the bench's ics, about 32 bytes a line,
    /// measured 8M fewer instructions than eight bytes a step in line), called here rather
    /// than through `ByteSearch`, whose call across modules is not inlined (14M more).
    @inline(__always)
    private static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(lf), bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The next logical line, parsed, or `nil` at the end of the input. Blank lines are skipped.
    mutating func next() -> Entry? {
        guard let found = advance() else { return nil }
        let offset = offsetBase + found.start
        if found.joined {
            return scratch.withUnsafeBufferPointer { parser.parse($0, line: found.line, offset: offset) }
        }
        return parser.parse(UnsafeBufferPointer(rebasing: bytes[found.start..<found.end]), line: found.line, offset: offset)
    }

    /// Passes the next logical line's unfolded bytes, its line number and its offset to
    /// `body` (for a reader that parses only some lines); `nil` at the end of the input.
    mutating func nextLine<Result>(_ body: (UnsafeBufferPointer<UInt8>, _ line: Int, _ offset: Int) throws -> Result) rethrows -> Result? {
        guard let found = advance() else { return nil }
        let offset = offsetBase + found.start
        if found.joined {
            return try scratch.withUnsafeBufferPointer { try body($0, found.line, offset) }
        }
        return try body(UnsafeBufferPointer(rebasing: bytes[found.start..<found.end]), found.line, offset)
    }

    /// Passes over the logical lines, with their continuations, whose first byte `skipped`
    /// accepts, neither unfolding nor parsing them (for a reader that looks at a few kinds
    /// of line only, told by their first byte); stops at the first other line or at a
    /// blank one, which ``nextLine(_:)`` then reads as usual.
    @inline(__always)
    mutating func passLines(where skipped: (UInt8) -> Bool) {
        let count = bytes.count
        while index < count {
            let first = bytes[index]
            guard first != Self.cr, first != Self.lf, skipped(first) else { return }
            var end = Self.lineFeed(in: bytes, from: index)
            lineNumber += 1
            while end + 1 < count, bytes[end + 1] == Self.space || bytes[end + 1] == Self.tab {
                end = Self.lineFeed(in: bytes, from: end + 2)
                lineNumber += 1
            }
            index = min(end + 1, count)
        }
    }

    /// Moves past the next logical line: where it starts and ends in `bytes`, or, when it
    /// was `joined` from folded lines, in `scratch`. Blank lines are skipped. Inlined into
    /// its two callers: a line that is not folded, nearly every one, costs no call.
    @inline(__always)
    private mutating func advance() -> (line: Int, start: Int, end: Int, joined: Bool)? {
        while index < bytes.count {
            let startLine = lineNumber
            let startOffset = index
            let (contentEnd, next) = physicalLine(from: index)
            lineNumber += 1
            if next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
                index = join(from: startOffset, firstEnd: contentEnd, continuation: next)
                if scratch.isEmpty { continue }
                return (startLine, startOffset, contentEnd, true)
            }
            index = next
            if contentEnd == startOffset { continue }
            return (startLine, startOffset, contentEnd, false)
        }
        return nil
    }

    /// Gathers a folded line, its first physical line ending at `firstEnd` and its first
    /// continuation at `continuation`, into `scratch`; gives where the next line starts.
    @inline(never)
    private mutating func join(from start: Int, firstEnd: Int, continuation: Int) -> Int {
        var next = continuation
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(unfoldedLength(from: start, firstEnd: firstEnd, continuation: next))
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEnd]))
        while next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
            let (end, after) = physicalLine(from: next)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(next + 1)..<max(end, next + 1)]))
            lineNumber += 1
            next = after
        }
        return next
    }

    /// The length of a folded line once unfolded, its first physical line ending at
    /// `firstEnd` and its first continuation at `continuation`: counted before the line is
    /// gathered, so that a DESCRIPTION folded over a million lines is copied once into a
    /// buffer of its size rather than into one doubled twenty times.
    private func unfoldedLength(from start: Int, firstEnd: Int, continuation: Int) -> Int {
        var length = firstEnd - start
        var next = continuation
        while next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
            let (end, after) = physicalLine(from: next)
            length += max(end, next + 1) - (next + 1)
            next = after
        }
        return length
    }

    /// Where the last complete logical line of `bytes` ends: just after a line end that
    /// is followed by a line that does not continue it. `nil` when there is none yet.
    /// Only cuts after `start` are looked for.
    static func endOfCompleteLines(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var cursor = bytes.count - 1
        while cursor >= max(start, 1) {
            if bytes[cursor - 1] == lf && bytes[cursor] != space && bytes[cursor] != tab { return cursor }
            cursor -= 1
        }
        return nil
    }
}
