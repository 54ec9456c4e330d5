import AlmanacCore

/// Cooklang quantities: which texts are numbers, and numbers written back.
///
/// A number is an integer (`3`, `010`), a decimal (`1.5`, `.5`), a fraction whose numerator
/// does not start with `0` (`1/2`, `1 / 2`) or a mixed number (`1 1/2`); anything else is text
/// (`01/2`, `1.`, `7 k`, `1-2`, `few`), as cooklang-rs reads it.
enum CooklangQuantityText {
    /// The quantity `text` (already trimmed, not empty) means.
    static func quantity(_ text: String) -> CooklangQuantity {
        number(Array(text.utf8)).map(CooklangQuantity.number) ?? .text(text)
    }

    /// The number `bytes` spell, or `nil`.
    static func number(_ bytes: [UInt8]) -> Double? {
        var parts: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 {
                if !current.isEmpty { parts.append(current); current = [] }
            } else if byte == UInt8(ascii: "/") {
                if !current.isEmpty { parts.append(current) }
                parts.append([byte])
                current = []
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { parts.append(current) }
        switch parts.count {
        case 1: return decimal(parts[0])
        case 3 where parts[1] == [UInt8(ascii: "/")]: return fraction(parts[0], parts[2])
        case 4 where parts[2] == [UInt8(ascii: "/")]:
            guard let whole = integer(parts[0]), let part = fraction(parts[1], parts[3]), part < 1 else { return nil }
            return whole + part
        default: return nil
        }
    }

    private static func isDigits(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func integer(_ bytes: [UInt8]) -> Double? {
        isDigits(bytes) ? Double(String(decoding: bytes, as: UTF8.self)) : nil
    }

    private static func decimal(_ bytes: [UInt8]) -> Double? {
        if let value = integer(bytes) { return value }
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let whole = Array(bytes[..<dot])
        let fraction = Array(bytes[(dot + 1)...])
        guard (whole.isEmpty || isDigits(whole)), isDigits(fraction) else { return nil }
        return Double((whole.isEmpty ? "0" : String(decoding: whole, as: UTF8.self)) + "." + String(decoding: fraction, as: UTF8.self))
    }

    private static func fraction(_ top: [UInt8], _ bottom: [UInt8]) -> Double? {
        guard isDigits(top), isDigits(bottom), top.first != UInt8(ascii: "0"),
              let numerator = Double(String(decoding: top, as: UTF8.self)),
              let denominator = Double(String(decoding: bottom, as: UTF8.self)), denominator != 0 else { return nil }
        return numerator / denominator
    }

    /// `value` as a quantity that reads back as the same number: `2`, `1 1/2`, `3/4`, `1/3`,
    /// else a decimal.
    static func format(_ value: Double) -> String {
        let text = AmountParser.format(value)
        if let back = number(Array(text.utf8)), back == value { return text }
        return "\(value)"
    }
}
