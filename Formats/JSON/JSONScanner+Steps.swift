import AlmanacJSONKit

/// The steps between the members of an object (or the elements of an array) as the model
/// reader takes them, written here so that they are inlined into its loops: the common
/// spellings (`"key": value,` pretty, `"key":value,` compact) take a few compares and no
/// call; anything else goes the scanner's general way, with its errors.
extension JSONScanner {
    /// After a key: white space, the colon and white space; returns the first byte of the value.
    @inline(__always)
    mutating func valueAfterKey() throws(JSONSyntaxError) -> UInt8 {
        if index &+ 2 < bytes.count, bytes[index] == UInt8(ascii: ":") {
            let next = bytes[index &+ 1]
            if next > UInt8(ascii: " ") {
                index &+= 1
                return next
            }
            let after = bytes[index &+ 2]
            if next == UInt8(ascii: " "), after > UInt8(ascii: " ") {
                index &+= 2
                return after
            }
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after the key")
        skipWhitespace()
        return try peek(expected: "a value")
    }

    /// After a member or element: `true` past a `,`, `false` past the closing `bracket`
    /// (``nextMember(closing:)``), without a call when one of them comes right away.
    @inline(__always)
    mutating func afterMember(closing bracket: UInt8) throws(JSONSyntaxError) -> Bool {
        if index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index &+= 1
                return true
            }
            if byte == bracket {
                index &+= 1
                depth -= 1
                return false
            }
        }
        return try nextMember(closing: bracket)
    }

    /// The next byte when it is not white space, else ``skipWhitespace()`` and ``peek(expected:)``.
    @inline(__always)
    mutating func nextValueByte(expected: @autoclosure () -> String) throws(JSONSyntaxError) -> UInt8 {
        if index < bytes.count, bytes[index] > UInt8(ascii: " ") { return bytes[index] }
        skipWhitespace()
        return try peek(expected: expected())
    }
}
