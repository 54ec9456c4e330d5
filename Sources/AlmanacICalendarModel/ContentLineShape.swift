/// Where the parts of one unfolded content line, `NAME[;PARAM=value]:value`, lie in
/// its bytes, found without making a string: the name is `0..<nameEnd`, the
/// parameters (each after its `;`) `nameEnd..<valueStart - 1`, the value
/// `valueStart...`. ``ContentLineParser`` and the RFC 5545 reader's item path both
/// read lines through it, so they agree on what is broken.
package struct ContentLineShape: Sendable {
    /// The end of the property name.
    package var nameEnd: Int
    /// Just after the `:` that starts the value.
    package var valueStart: Int

    /// The shape of a line whose name ends at `nameEnd` and whose value starts at `valueStart`.
    package init(nameEnd: Int, valueStart: Int) {
        self.nameEnd = nameEnd
        self.valueStart = valueStart
    }

    /// Whether the line has parameters.
    package var hasParameters: Bool { valueStart > nameEnd + 1 }

    /// Why a line is not a content line.
    package enum Malformed: Error {
        /// No name byte at the start.
        case noName
        /// A parameter is not `NAME=value`.
        case parameterNotNameValue
        /// The parameter named by the bytes `parameter` has an opening quote and no closing one.
        case unclosedQuote(parameter: Range<Int>)
        /// No `:` after the name and parameters.
        case noColon
    }

    /// Whether `byte` may be in a name: a letter, a digit, `-`, `_`, `.` or `/`. Told by
    /// one bit of a 128-bit set (bytes 0 to 63, then 64 to 127), not a chain of ranges.
    @inline(__always)
    package static func isNameByte(_ byte: UInt8) -> Bool {
        // `-` `.` `/` and the digits: bytes 45 to 57.
        let low: UInt64 = ((1 << 13) - 1) << 45
        // `A`...`Z` (65 to 90), `_` (95), `a`...`z` (97 to 122).
        let high: UInt64 = ((1 << 26) - 1) << 1 | 1 << 31 | ((1 << 26) - 1) << 33
        let set = byte < 64 ? low : high
        return byte < 128 && (set >> UInt64(byte & 63)) & 1 != 0
    }

    /// The end of the run of name bytes (``isNameByte(_:)``) of `line` from `start`: eight
    /// bytes a step while eight are left.
    @inline(__always)
    package static func nameBytesEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        while cursor + 8 <= line.count {
            let others = nonNameBytes(ByteWords.load(line, at: cursor))
            if others != 0 { return cursor + others.trailingZeroBitCount >> 3 }
            cursor += 8
        }
        while cursor < line.count && isNameByte(line[cursor]) { cursor += 1 }
        return cursor
    }

    /// The high bit of each byte of `word` that is not a name byte, and of no other: exact
    /// for each byte (each test adds to bytes below 0x80, so no carry crosses into the next).
    @inline(__always)
    static func nonNameBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let ascii = word & ~highs
        /// The high bit of each byte of `x` (each below 0x80) from `low` to `high`.
        func within(_ x: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
            (x &+ ones &* UInt64(0x80 - low)) & ~(x &+ ones &* UInt64(0x7F - high)) & highs
        }
        let letters = within(ascii | ones &* 0x20, 0x61, 0x7A)
        let digitsAndMarks = within(ascii, 0x2D, 0x39)
        let fromUnderscore = ascii ^ ones &* 0x5F
        let underscores = ~((fromUnderscore &+ ones &* 0x7F) | fromUnderscore) & highs
        // A byte of 0x80 or more (its high bit set in `word`) is never a name byte.
        let names = (letters | digitsAndMarks | underscores) & ~word
        return ~names & highs
    }

    /// The shape of `line`, or why it is broken.
    package static func scan(_ line: UnsafeBufferPointer<UInt8>) -> Result<ContentLineShape, Malformed> {
        if let shape = shape(of: line) { return .success(shape) }
        let nameEnd = nameBytesEnd(line, from: 0)
        guard nameEnd > 0 else { return .failure(.noName) }
        switch walkParameters(line, from: nameEnd, { _, _, _ in }) {
        case .success: preconditionFailure("a line with a shape has one")
        case .failure(let reason): return .failure(reason)
        }
    }

    /// The shape of `line`, `nil` when it is broken (``scan(_:)`` says why): for a reader
    /// that takes only well-formed lines this way, a smaller answer than a `Result`.
    package static func shape(of line: UnsafeBufferPointer<UInt8>) -> ContentLineShape? {
        let nameEnd = nameBytesEnd(line, from: 0)
        guard nameEnd > 0 else { return nil }
        if nameEnd < line.count && line[nameEnd] == UInt8(ascii: ":") {
            return ContentLineShape(nameEnd: nameEnd, valueStart: nameEnd + 1)
        }
        guard case .success(let colon) = walkParameters(line, from: nameEnd, { _, _, _ in }) else { return nil }
        return ContentLineShape(nameEnd: nameEnd, valueStart: colon + 1)
    }

    /// Walks the parameters of `line` from `start` (a `;` or the `:`), calling `body`
    /// with each value's bytes (unquoted, carets still in place), its parameter's name
    /// bytes, and whether it is that parameter's first value. Gives the index of the `:`
    /// that starts the line's value, or why the line is broken.
    @discardableResult
    package static func walkParameters(_ line: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (_ name: Range<Int>, _ value: Range<Int>, _ first: Bool) throws -> Void) rethrows -> Result<Int, Malformed> {
        var cursor = start
        while cursor < line.count && line[cursor] == UInt8(ascii: ";") {
            cursor += 1
            let nameStart = cursor
            cursor = nameBytesEnd(line, from: cursor)
            guard cursor > nameStart, cursor < line.count, line[cursor] == UInt8(ascii: "=") else {
                return .failure(.parameterNotNameValue)
            }
            let name = nameStart..<cursor
            cursor += 1
            var first = true
            while true {
                let value: Range<Int>
                if cursor < line.count && line[cursor] == UInt8(ascii: "\"") {
                    let valueStart = cursor + 1
                    var end = valueStart
                    while end < line.count && line[end] != UInt8(ascii: "\"") { end += 1 }
                    guard end < line.count else { return .failure(.unclosedQuote(parameter: name)) }
                    value = valueStart..<end
                    cursor = end + 1
                } else {
                    let valueStart = cursor
                    while cursor < line.count, line[cursor] != UInt8(ascii: ","), line[cursor] != UInt8(ascii: ";"), line[cursor] != UInt8(ascii: ":") {
                        cursor += 1
                    }
                    value = valueStart..<cursor
                }
                try body(name, value, first)
                first = false
                if cursor < line.count && line[cursor] == UInt8(ascii: ",") {
                    cursor += 1
                    continue
                }
                break
            }
        }
        guard cursor < line.count, line[cursor] == UInt8(ascii: ":") else { return .failure(.noColon) }
        return .success(cursor)
    }

    /// Whether the name bytes `name` of `line` upper-case to `wanted` (upper-case ASCII).
    package static func nameIs(_ line: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ wanted: StaticString) -> Bool {
        guard name.count == wanted.utf8CodeUnitCount else { return false }
        let expected = wanted.utf8Start
        var index = 0
        for position in name {
            let byte = line[position]
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
            guard upper == expected[index] else { return false }
            index += 1
        }
        return true
    }
}
