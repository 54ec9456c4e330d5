#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading escapes: the text a string the reader has checked stands for.
extension JSONStringEscapes {
    /// The text of `content` (the bytes between the quotes, checked by the scanner) with
    /// every escape resolved, written straight into the string's storage: runs without a
    /// backslash are found by `memchr` and copied whole, and the text is never longer than
    /// its escaped form.
    package static func unescapedString(_ content: UnsafeBufferPointer<UInt8>) -> String {
        guard let source = content.baseAddress, !content.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: content.count) { buffer in
            let target = buffer.baseAddress!
            let count = content.count
            var written = 0
            var index = 0
            while index < count {
                // The next backslash, by memchr: a run is most of a string, and often long.
                let end = memchr(source + index, Int32(UInt8(ascii: "\\")), count &- index).map { UnsafeRawPointer($0) - UnsafeRawPointer(source) } ?? count
                if end > index {
                    (target + written).update(from: source + index, count: end &- index)
                    written &+= end &- index
                }
                guard end < count else { break }
                let letter = source[end &+ 1]
                index = end &+ 2
                let byte: UInt8
                switch letter {
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "u"):
                    var scalar = hex4(content, at: index)
                    index &+= 4
                    if (0xD800..<0xDC00).contains(scalar) {
                        let low = hex4(content, at: index &+ 2)
                        index &+= 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    written &+= writeUTF8(scalar, to: target + written)
                    continue
                default: byte = letter
                }
                target[written] = byte
                written &+= 1
            }
            return written
        }
    }

    /// Writes `scalar` (a scalar value, not a surrogate) as UTF-8 at `target`; returns how many bytes.
    private static func writeUTF8(_ scalar: UInt32, to target: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            target[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            target[0] = UInt8(0xC0 | scalar >> 6)
            target[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            target[0] = UInt8(0xE0 | scalar >> 12)
            target[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            target[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            target[0] = UInt8(0xF0 | scalar >> 18)
            target[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            target[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            target[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    private static func hex4(_ content: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in content[start..<(start + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: digit = byte - UInt8(ascii: "A") + 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
