import Foundation

/// Fast conversions between the reader's scalar arrays and strings.
///
/// `String(String.UnicodeScalarView(scalars))` appends scalar by scalar and costs
/// thousands of instructions for a short name; encoding the scalars to UTF-8 bytes
/// first and decoding those once makes the same string far faster.
extension String {
    /// The string made of `scalars`, in order (the same as `String(String.UnicodeScalarView(scalars))`).
    /// The UTF-8 is written straight into the string's storage, sized exactly: a short
    /// string (a unit, an amount) is made without any allocation.
    init(scalars: some Collection<Unicode.Scalar>) {
        var length = 0
        for scalar in scalars { length += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            for scalar in scalars {
                if scalar.isASCII {
                    buffer[written] = UInt8(truncatingIfNeeded: scalar.value)
                    written += 1
                } else {
                    for byte in scalar.utf8 {
                        buffer[written] = byte
                        written += 1
                    }
                }
            }
            return written
        }
    }
}

extension MarkdownText {
    /// Calls `body` with the UTF-8 bytes of `text` in contiguous memory: walking a
    /// buffer is several times faster than iterating `text.utf8`.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// The Unicode scalars of `text`; ASCII text (the usual case) is read from its bytes
    /// in one pass instead of counting the scalars and then copying them.
    ///
    /// Other text is decoded from its bytes in one pass too (a string's bytes are well-formed
    /// UTF-8), rather than counting its scalars and then copying them.
    static func scalars(_ text: String) -> [Unicode.Scalar] {
        withBytes(text) { bytes in
            if bytes.allSatisfy({ $0 < 0x80 }) { return asciiScalars(bytes) }
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let lead = UInt32(bytes[index])
                if lead < 0x80 {
                    scalars.append(Unicode.Scalar(UInt8(lead)))
                    index += 1
                    continue
                }
                let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var value = lead & (0x7F >> UInt32(length))
                for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                index += length
            }
            return scalars
        }
    }

    /// The scalars of ASCII `bytes`, one each, in an array made once at its size.
    static func asciiScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
        [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { scalars, count in
            for index in bytes.indices { (scalars.baseAddress! + index).initialize(to: Unicode.Scalar(bytes[index])) }
            count = bytes.count
        }
    }

    /// Whether the UTF-8 bytes of `text` hold `byte`.
    static func contains(_ text: String, byte: UInt8) -> Bool {
        withBytes(text) { $0.contains(byte) }
    }

    /// Whether the UTF-8 bytes of `text` hold `first` immediately followed by `second`.
    static func containsPair(_ text: String, _ first: UInt8, _ second: UInt8) -> Bool {
        withBytes(text) { containsPair($0, first, second) }
    }

    /// Whether `bytes` hold `first` immediately followed by `second`.
    static func containsPair(_ bytes: UnsafeBufferPointer<UInt8>, _ first: UInt8, _ second: UInt8) -> Bool {
        guard bytes.count >= 2, let base = bytes.baseAddress else { return false }
        // `memchr` finds each `first` far faster than a loop over the bytes.
        var start = 0
        while start < bytes.count - 1, let found = memchr(base + start, Int32(first), bytes.count - 1 - start) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index + 1] == second { return true }
            start = index + 1
        }
        return false
    }
}
