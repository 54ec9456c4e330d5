/// Well-formed UTF-8 (Unicode's table 3-7), one sequence at a time: the readers that check
/// their input on bytes (json, cooklang) share this one rule.
package enum UTF8Sequence {
    /// The length of the well-formed multi-byte sequence that starts at `index` of `bytes`,
    /// or `nil` for a lead byte that starts none, a sequence cut short, an overlong form, a
    /// surrogate or a scalar past U+10FFFF. Not generic, so that a reader in another module
    /// calls code compiled for bytes (a generic body is not specialized across modules).
    package static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let count: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: count = 3
        case 0xED: count = 3; upper = 0x9F
        case 0xF0: count = 4; lower = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; upper = 0x8F
        default: return nil
        }
        guard index &+ count <= bytes.count else { return nil }
        let second = bytes[index &+ 1]
        guard second >= lower, second <= upper else { return nil }
        if count > 2, bytes[index &+ 2] & 0xC0 != 0x80 { return nil }
        if count > 3, bytes[index &+ 3] & 0xC0 != 0x80 { return nil }
        return count
    }
}
