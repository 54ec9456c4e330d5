/// Parameter values written straight into bytes, for the RFC 5545 writer (``ContentLineWriter``).
extension ICalParameter {
    /// Appends a parameter value as a content line must spell it (see ``quoted(_:)``).
    public static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { source in
            var needsQuotes = false
            var plain = true
            for byte in source {
                switch byte {
                case UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ","): needsQuotes = true
                case UInt8(ascii: "^"), UInt8(ascii: "\""): plain = false
                default: if byte < 0x20 && byte != 0x09 { plain = false }
                }
            }
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
            if plain {
                bytes.append(contentsOf: source)
            } else {
                for byte in source {
                    switch byte {
                    case UInt8(ascii: "^"): bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "^")])
                    case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")])
                    case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "'")])
                    default: if byte >= 0x20 || byte == 0x09 { bytes.append(byte) }
                    }
                }
            }
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
        }
    }
}
