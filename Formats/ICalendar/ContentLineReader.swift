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
    private var lineNumber = 1
    /// Bytes of the current logical line when it had to be joined from several.
    private var scratch: [UInt8] = []
    /// Parses each logical line once it is unfolded.
    private var parser = ContentLineParser()
    /// Lines whose bytes were not valid UTF-8 (decoded with replacement characters).
    var invalidUTF8Lines: [(line: Int, offset: Int)] { parser.invalidUTF8Lines }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The end of the physical line starting at `start` (the index of its `\n`,
    /// or the end of input) and the end of its content (before `\r\n`).
    private func physicalLine(from start: Int) -> (contentEnd: Int, next: Int) {
        var cursor = start
        let count = bytes.count
        while cursor < count && bytes[cursor] != Self.lf { cursor += 1 }
        var contentEnd = cursor
        if contentEnd > start && bytes[contentEnd - 1] == Self.cr { contentEnd -= 1 }
        return (contentEnd, cursor < count ? cursor + 1 : count)
    }

    /// The next logical line, or `nil` at the end of the input. Blank lines are skipped.
    mutating func next() -> Entry? {
        while index < bytes.count {
            let startLine = lineNumber
            let startOffset = index
            var (contentEnd, next) = physicalLine(from: index)
            lineNumber += 1
            // A folded line: gather the continuations.
            var joined = false
            if next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[startOffset..<contentEnd]))
                while next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
                    let (end, after) = physicalLine(from: next)
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(next + 1)..<max(end, next + 1)]))
                    lineNumber += 1
                    next = after
                }
                joined = true
            }
            index = next
            if joined {
                if scratch.isEmpty { continue }
                let entry = scratch.withUnsafeBufferPointer { parser.parse($0, line: startLine, offset: startOffset) }
                return entry
            }
            if contentEnd == startOffset { continue }
            return parser.parse(UnsafeBufferPointer(rebasing: bytes[startOffset..<contentEnd]), line: startLine, offset: startOffset)
        }
        return nil
    }
}
