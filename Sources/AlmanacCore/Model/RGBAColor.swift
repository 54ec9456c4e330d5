/// A color as red, green, blue and alpha components, each nominally 0 to 1.
///
/// Components outside that range are kept as read, so the `color-range` rule can report them.
public struct RGBAColor: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a color; alpha defaults to opaque.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `value.description` when `value` is k/255 for k from 1 to 254 (a component of an
    /// eight-bit color, the model's most common fraction), from a table made once
    /// (`0.27450980392156865` takes `description` a while); `nil` for any other value.
    package static func byteFractionDescription(_ value: Double) -> String? {
        guard value > 0, value < 1 else { return nil }
        let numerator = Int(value * 255 + 0.5)
        guard Double(numerator) / 255 == value else { return nil }
        return byteFractionDescriptions[numerator]
    }

    /// The `description` of k/255 for k from 0 to 255.
    private static let byteFractionDescriptions: [String] = (0...255).map { (Double($0) / 255).description }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    public init?(hex text: String) {
        var digits = Array(text.utf8)
        if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
        var values: [Int] = []
        for digit in digits {
            guard let value = Self.hexValue(digit) else { return nil }
            values.append(value)
        }
        switch values.count {
        case 3:
            self.init(red: Double(values[0] * 17) / 255, green: Double(values[1] * 17) / 255, blue: Double(values[2] * 17) / 255)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
        default:
            return nil
        }
    }

    /// `#RRGGBBAA` with each component clamped to 0...1 and rounded to 8 bits.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue, alpha] {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            bytes.append(digits[value / 16])
            bytes.append(digits[value % 16])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether every component lies in 0...1.
    public var isInRange: Bool {
        [red, green, blue, alpha].allSatisfy { (0...1).contains($0) }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
