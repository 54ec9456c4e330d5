/// What `String.trimmingSpaces` keeps of a property value, found on its bytes:
/// the range without its leading and trailing spaces and tabs.
enum SpaceTrim {
    @inline(__always)
    static func range(of value: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = value.count
        while start < end, value[start] == UInt8(ascii: " ") || value[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, value[end - 1] == UInt8(ascii: " ") || value[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return start..<end
    }
}
