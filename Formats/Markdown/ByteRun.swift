/// Runs of bytes that need nothing, passed over on their way to the next byte that does:
/// the scans for markup (``MarkdownPlainText``) and for what to escape (``MarkdownEscaper``).
enum ByteRun {
    /// The index of the first byte at or after `start` whose entry in `stops` (a table of all
    /// 256 bytes) is not 0, or `bytes.count`. Eight bytes are looked up at a time, with one
    /// test for all of them, then the rest one by one.
    @inline(__always)
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, stops: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var cursor = start
        while cursor + 8 <= count {
            let any = stops[Int(bytes[cursor])] | stops[Int(bytes[cursor + 1])] | stops[Int(bytes[cursor + 2])]
                | stops[Int(bytes[cursor + 3])] | stops[Int(bytes[cursor + 4])] | stops[Int(bytes[cursor + 5])]
                | stops[Int(bytes[cursor + 6])] | stops[Int(bytes[cursor + 7])]
            if any != 0 { break }
            cursor += 8
        }
        while cursor < count && stops[Int(bytes[cursor])] == 0 { cursor += 1 }
        return cursor
    }
}
