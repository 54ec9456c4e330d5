/// Numbers appended as bytes, for writers that would otherwise make a `String` of each.
enum ByteText {
    /// Appends `String(value)`: decimal digits, `-` before a negative number.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        guard rest >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(rest))
            return
        }
        let start = bytes.count
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }
}
