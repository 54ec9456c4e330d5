import AlmanacCore

/// Lines and columns of what ``XMLFastScanner`` read, counted only when asked for.
extension XMLFastScanner {
    /// The position of byte `offset`: counted on from the last one asked for when it lies
    /// after it (marks are asked for in document order), else back from there on the same
    /// line, else by a locator with checkpoints (made the first time), so that no position
    /// costs more than the distance from the last one. Columns count Unicode scalars.
    mutating func position(of offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        guard target >= counted.offset else {
            guard XMLFastBytes.lineFeeds(bytes, target, counted.offset) == 0 else {
                if behind == nil { behind = SourceLocator(bytes) }
                return behind!.position(of: target)
            }
            return SourcePosition(offset: target, line: counted.line, column: counted.column - scalars(target, counted.offset))
        }
        let lines = XMLFastBytes.lineFeeds(bytes, counted.offset, target)
        var column = counted.column
        if lines > 0 {
            var lineStart = target
            while bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            column = 1 + scalars(lineStart, target)
        } else {
            column += scalars(counted.offset, target)
        }
        counted = SourcePosition(offset: target, line: counted.line + lines, column: column)
        return counted
    }

    /// The number of Unicode scalars in `first..<last`.
    private func scalars(_ first: Int, _ last: Int) -> Int {
        var count = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[first..<last]) where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The line libxml2 gives for a text event whose text starts at `source`: where it first
    /// reported some of it. That is where a CDATA section starts (its text is reported
    /// before libxml2 steps over it), at the first reference or the first non-ASCII
    /// character after ASCII text, and otherwise after 300 bytes or at the first reference or tag.
    func textLine(at source: Int) -> Int {
        var reported = source
        if !XMLFastBytes.has("<![CDATA[", in: bytes, at: source) {
            while reported < bytes.count, bytes[reported] < 0x80, bytes[reported] != UInt8(ascii: "&"), bytes[reported] != UInt8(ascii: "<") { reported += 1 }
            if reported == source, reported < bytes.count, bytes[reported] >= 0x80 {
                var copied = 0
                while reported < bytes.count, bytes[reported] != UInt8(ascii: "&"), bytes[reported] != UInt8(ascii: "<") {
                    var length = 1
                    while reported + length < bytes.count, bytes[reported + length] & 0xC0 == 0x80 { length += 1 }
                    copied += length
                    if copied >= 300 { break }
                    reported += length
                }
            }
        }
        return 1 + XMLFastBytes.lineFeeds(bytes, 0, reported)
    }
}
