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
        // White space (or the end) is next: straight to the run, past the check that found it.
        skipWhitespaceRun()
        return try peek(expected: expected())
    }
}

extension JSONScanner {
    /// The value of `number` (the bytes of a JSON number the scanner has checked) when it
    /// has no exponent and at most 15 digits: its digits and the power of ten of its
    /// fraction are both exact doubles, so their one correctly rounded quotient is the
    /// double `Double(String)` reads (Clinger's fast path). `nil` for any other number.
    static func shortDecimal(_ number: UnsafeBufferPointer<UInt8>) -> Double? {
        let negative = number.first == UInt8(ascii: "-")
        var digits: UInt64 = 0
        var count = 0
        var fraction = 0
        var inFraction = false
        for byte in UnsafeBufferPointer(rebasing: number[(negative ? 1 : 0)...]) {
            if byte == UInt8(ascii: ".") {
                inFraction = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            digits = digits &* 10 &+ UInt64(digit)
            count &+= 1
            if inFraction { fraction &+= 1 }
        }
        guard count <= 15 else { return nil }
        let value = Double(digits) / powersOfTen[fraction]
        return negative ? -value : value
    }

    /// The value of `number` (checked JSON number bytes) when it is an integer of at most 18
    /// digits, as `Int(String)` reads it; `nil` for any other number.
    static func shortInteger(_ number: UnsafeBufferPointer<UInt8>) -> Int? {
        let negative = number.first == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: number[(negative ? 1 : 0)...])
        guard digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return negative ? -value : value
    }

    /// 10⁰ to 10¹⁵, each exact.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }
}
