/// Numbers as the JSON writer spells them, stored as digits through a pointer: integers in
/// decimal, doubles in the shortest text that reads back the same (the digits of Swift's
/// `description`, whole numbers without `.0`, exponents without padding).
package enum JSONNumberText {
    /// The most bytes ``write(_:to:)-(Int,_)`` stores (`-9223372036854775808`).
    package static let integerRoom = 20
    /// The most bytes ``write(_:to:)-(Double,_)`` stores (`-2.2250738585072014e-308`).
    package static let doubleRoom = 24

    /// Stores `number` in decimal at `target`, `-` first when negative; returns how many bytes.
    package static func write(_ number: Int, to target: UnsafeMutablePointer<UInt8>) -> Int {
        if number >= 0, number < 10 {
            target[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number)
            return 1
        }
        guard number < 0 else { return write(digitsOf: number.magnitude, to: target) }
        target[0] = UInt8(ascii: "-")
        return 1 + write(digitsOf: number.magnitude, to: target + 1)
    }

    /// Stores the decimal digits of `value` at `target`; returns how many.
    private static func write(digitsOf value: UInt, to target: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var bound: UInt = 10
        while length < 20, value >= bound {
            length += 1
            bound &*= 10
        }
        var value = value
        for index in stride(from: length - 1, through: 0, by: -1) {
            target[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        return length
    }

    /// Stores `number` at `target` as the shortest text that reads back as it; whole numbers
    /// up to 2^53 without a fraction (`4`, not `4.0`). NaN and infinity are `null`.
    /// Returns how many bytes.
    package static func write(_ number: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
        if !number.isFinite {
            return write("null", to: target)
        } else if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
            // Up to 2^53, where `description` still writes `1000000000000000.0`.
            return write(Int(number), to: target)
        } else if number > 0, number < 1, let length = writeByteFraction(number, to: target) {
            return length
        } else {
            return writeFraction(number, to: target)
        }
    }

    /// A number that is not whole: its few places, else `description`'s digits.
    private static func writeFraction(_ number: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
        if let length = writeShortFraction(number, to: target) { return length }
        return writeDescription(number, to: target)
    }

    /// The texts of k/255 for k from 1 to 254, ``doubleRoom`` bytes each, and their lengths:
    /// color components of eight bits, the model's most common fractions, made once by
    /// ``writeFraction(_:to:)`` (`0.27450980392156865` would take `description` each time).
    private static let byteFractions: (texts: [UInt8], lengths: [Int]) = {
        var texts = [UInt8](repeating: 0, count: 255 * doubleRoom)
        var lengths = [Int](repeating: 0, count: 255)
        texts.withUnsafeMutableBufferPointer { texts in
            for numerator in 1..<255 {
                lengths[numerator] = writeFraction(Double(numerator) / 255, to: texts.baseAddress! + numerator * doubleRoom)
            }
        }
        return (texts, lengths)
    }()

    /// Copies the text of `number` from ``byteFractions`` when it is k/255 (between 0 and 1);
    /// `nil`, with nothing stored, otherwise.
    private static func writeByteFraction(_ number: Double, to target: UnsafeMutablePointer<UInt8>) -> Int? {
        let numerator = Int(number * 255 + 0.5)
        guard numerator > 0, numerator < 255, Double(numerator) / 255 == number else { return nil }
        let fractions = byteFractions
        let length = fractions.lengths[numerator]
        fractions.texts.withUnsafeBufferPointer { texts in
            target.update(from: texts.baseAddress! + numerator * doubleRoom, count: length)
        }
        return length
    }

    private static func write(_ text: StaticString, to target: UnsafeMutablePointer<UInt8>) -> Int {
        target.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// Powers of ten a double holds exactly.
    private static let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

    /// A number that is not whole with few digits after the point (`2.5`, `0.125`): the
    /// fewest digits after the point that read back as `number` make its shortest text, as
    /// `description` writes it. `nil` (nothing stored) where that may not hold: out of the
    /// range where `description` writes no exponent and one number of that many places is
    /// within the double's precision, or past eight places.
    private static func writeShortFraction(_ number: Double, to target: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = abs(number)
        guard magnitude >= 1e-3, magnitude < 1e9 else { return nil }
        for places in 1..<powers.count {
            let power = powers[places]
            // Rounded by a conversion, not `rounded()` (a call to libm): where a whole number
            // of these places reads back, the product is within a hair of it, far from a
            // half, so both round it alike; elsewhere the check below fails either way.
            let scaled = Double(Int64(magnitude * power + 0.5))
            // Below 2^50, the doubles near `scaled` are less than a quarter apart: no other
            // whole number of these places reads back as `number`.
            guard scaled < 1_125_899_906_842_624 else { return nil }
            // Both exact, so the quotient is the double nearest to the decimal.
            guard scaled / power == magnitude else { continue }
            var length = 0
            if number < 0 {
                target[0] = UInt8(ascii: "-")
                length = 1
            }
            let digits = UInt(scaled)
            let unit = UInt(power)
            length += write(digitsOf: digits / unit, to: target + length)
            target[length] = UInt8(ascii: ".")
            var fraction = digits % unit
            for index in stride(from: length + places, to: length, by: -1) {
                target[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
                fraction /= 10
            }
            return length + 1 + places
        }
        return nil
    }

    /// `description`'s digits, with the exponent unpadded (`1e-07` as `1e-7`, `1e+20` as `1e20`).
    private static func writeDescription(_ number: Double, to target: UnsafeMutablePointer<UInt8>) -> Int {
        var text = number.description
        return text.withUTF8 { text in
            var length = 0
            func put(_ byte: UInt8) {
                target[length] = byte
                length += 1
            }
            guard let e = text.firstIndex(of: UInt8(ascii: "e")) else {
                text.forEach(put)
                return length
            }
            text[...e].forEach(put)
            var exponent = e + 1
            if text[exponent] == UInt8(ascii: "-") { put(UInt8(ascii: "-")) }
            while exponent < text.count, text[exponent] == UInt8(ascii: "-") || text[exponent] == UInt8(ascii: "+") { exponent += 1 }
            while text.count - exponent > 1, text[exponent] == UInt8(ascii: "0") { exponent += 1 }
            text[exponent...].forEach(put)
            return length
        }
    }
}

extension JSONNumberText {
    /// The value of the checked JSON number bytes `number` when they are, byte for byte,
    /// the text ``write(_:to:)-(Double,_)`` gives k/255 (a colour component of eight bits,
    /// `0.27450980392156865`, too long for Clinger's fast path): k/255, which is what
    /// `Double(String)` reads from that text (each text is checked so once, see
    /// ``readableByteFractions``). `nil` for any other number.
    package static func byteFraction(_ number: UnsafeBufferPointer<UInt8>) -> Double? {
        // `0.` and fifteen digits or more: the first fifteen place the number within 1e-15,
        // far closer than the 1/255 between two fractions.
        guard number.count >= 17, number.count <= doubleRoom, number[0] == UInt8(ascii: "0"), number[1] == UInt8(ascii: ".") else { return nil }
        var digits: UInt64 = 0
        for index in 2..<17 {
            let digit = number[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            digits = digits &* 10 &+ UInt64(digit)
        }
        let numerator = Int(Double(digits) / 1e15 * 255 + 0.5)
        guard numerator > 0, numerator < 255, readableByteFractions[numerator] else { return nil }
        let fractions = byteFractions
        guard fractions.lengths[numerator] == number.count else { return nil }
        let start = numerator * doubleRoom
        for index in 0..<number.count where fractions.texts[start + index] != number[index] { return nil }
        return Double(numerator) / 255
    }

    /// Whether ``byteFractions``' text of k/255 reads back as k/255 through `Double(String)`,
    /// for k from 0 to 254: ``byteFraction(_:)`` answers only for those.
    private static let readableByteFractions: [Bool] = {
        let fractions = byteFractions
        return (0..<255).map { numerator in
            guard numerator > 0 else { return false }
            let text = fractions.texts[(numerator * doubleRoom)..<(numerator * doubleRoom + fractions.lengths[numerator])]
            return Double(String(decoding: text, as: UTF8.self)) == Double(numerator) / 255
        }
    }()
}
