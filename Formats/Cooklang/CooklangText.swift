/// Small text helpers the Cooklang reader and writer share.
enum CooklangText {
    /// `text` without spaces, tabs and line breaks at either end.
    static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let (start, end) = trimmedRange(bytes, 0, bytes.count)
        return start == 0 && end == bytes.count ? text : String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `start..<end` of `bytes` without spaces, tabs and line breaks at either end.
    static func trimmedRange<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ start: Int, _ end: Int) -> (Int, Int) where Bytes.Element == UInt8, Bytes.Index == Int {
        var low = start
        var high = end
        while low < high, isSpace(bytes[low]) { low += 1 }
        while high > low, isSpace(bytes[high - 1]) { high -= 1 }
        return (low, high)
    }

    /// The trimmed text of `bytes[start..<end]`.
    static func trimmedString(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let (low, high) = trimmedRange(bytes, start, end)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
