/// Amounts as cooks write them, for codecs that read free text such as `1 ½ cups flour`:
/// a leading number and where it ends, and numbers written back the same way.
///
/// Numbers read: integers (`4`), decimals (`1.5`, `.5`), fractions (`3/4`, also with the
/// fraction slash `3⁄4`), mixed numbers (`1 1/2`), and the Unicode vulgar fractions
/// (`½`, `1½`, `1 ½`, `⅓`, `⅞`, …).
package enum AmountParser {
    /// The number at the start of `scalars` (after white space) and the index just past it;
    /// `nil` when the text does not start with a number, or divides by zero.
    package static func leadingNumber(_ scalars: [Unicode.Scalar]) -> (value: Double, end: Int)? {
        var cursor = Cursor(scalars: scalars)
        cursor.skipSpace()
        guard let whole = cursor.digits() else {
            // A vulgar fraction alone, or a decimal without its leading zero.
            if let vulgar = cursor.peek.flatMap(vulgarFractionValue) {
                cursor.index += 1
                return (vulgar, cursor.index)
            }
            if cursor.peek == ".", let fraction = cursor.digits(after: 1) {
                return Double("0." + fraction).map { ($0, cursor.index) }
            }
            return nil
        }
        let afterWhole = cursor.index
        // 3/4
        if let fraction = slashFraction(numerator: whole, &cursor) {
            return fraction.isFinite ? (fraction, cursor.index) : nil
        }
        // 1½ or 1 ½
        cursor.skipSpace()
        if let vulgar = cursor.peek.flatMap(vulgarFractionValue) {
            cursor.index += 1
            return (Double(whole)! + vulgar, cursor.index)
        }
        // 1 1/2
        cursor.index = afterWhole
        if cursor.skipSpace(), let numerator = cursor.digits() {
            if let fraction = slashFraction(numerator: numerator, &cursor), fraction.isFinite, fraction < 1 {
                return (Double(whole)! + fraction, cursor.index)
            }
        }
        // 1.5
        cursor.index = afterWhole
        if cursor.peek == ".", let fraction = cursor.digits(after: 1) {
            return Double(whole + "." + fraction).map { ($0, cursor.index) }
        }
        cursor.index = afterWhole
        return Double(whole).map { ($0, cursor.index) }
    }

    /// The value of a vulgar fraction character such as `½`, or `nil`.
    package static func vulgarFractionValue(_ scalar: Unicode.Scalar) -> Double? {
        switch scalar {
        case "½": return 1.0 / 2
        case "⅓": return 1.0 / 3
        case "⅔": return 2.0 / 3
        case "¼": return 1.0 / 4
        case "¾": return 3.0 / 4
        case "⅕": return 1.0 / 5
        case "⅖": return 2.0 / 5
        case "⅗": return 3.0 / 5
        case "⅘": return 4.0 / 5
        case "⅙": return 1.0 / 6
        case "⅚": return 5.0 / 6
        case "⅐": return 1.0 / 7
        case "⅛": return 1.0 / 8
        case "⅜": return 3.0 / 8
        case "⅝": return 5.0 / 8
        case "⅞": return 7.0 / 8
        case "⅑": return 1.0 / 9
        case "⅒": return 1.0 / 10
        default: return nil
        }
    }

    /// A number as a cook writes it: `2`, `1 1/2`, `3/4`, `1/3`, else a short decimal
    /// (`0.3`, `2.25`); such text reads back as the same number.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value < 0 { return "-" + format(-value) }
        if value == value.rounded(), value < 1e15 { return String(Int(value)) }
        if value >= 1e15 { return "\(value)" }
        let whole = value.rounded(.down)
        let fraction = value - whole
        for denominator in [2, 3, 4, 8] {
            let numerator = (fraction * Double(denominator)).rounded()
            guard numerator > 0, numerator < Double(denominator), whole + numerator / Double(denominator) == value else { continue }
            var (top, bottom) = (Int(numerator), denominator)
            while top % 2 == 0, bottom % 2 == 0 {
                top /= 2
                bottom /= 2
            }
            return whole > 0 ? "\(Int(whole)) \(top)/\(bottom)" : "\(top)/\(bottom)"
        }
        let text = "\(value)"
        guard text.contains("e") else { return text }
        // Too small or large for a plain "\(value)": twelve decimal places at most.
        var digits = String(Int((value * 1e12).rounded()))
        while digits.count < 13 { digits = "0" + digits }
        var decimals = String(digits.suffix(12))
        while decimals.hasSuffix("0") { decimals.removeLast() }
        let integer = String(digits.dropLast(12))
        return decimals.isEmpty ? integer : integer + "." + decimals
    }

    /// `/ denominator` after `numerator`, or `nil` (the cursor is then where it was).
    private static func slashFraction(numerator: String, _ cursor: inout Cursor) -> Double? {
        let start = cursor.index
        cursor.skipSpace()
        guard cursor.peek == "/" || cursor.peek == "\u{2044}" else {
            cursor.index = start
            return nil
        }
        cursor.index += 1
        cursor.skipSpace()
        guard let denominator = cursor.digits() else {
            cursor.index = start
            return nil
        }
        return Double(numerator)! / Double(denominator)!
    }

    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\u{A0}" || scalar == "\u{202F}" || scalar == "\u{2009}" { index += 1 }
            return index > start
        }

        /// ASCII digits at the cursor, which moves past them.
        mutating func digits() -> String? {
            var text = ""
            while let scalar = peek, ("0"..."9").contains(scalar) {
                text.unicodeScalars.append(scalar)
                index += 1
            }
            return text.isEmpty ? nil : text
        }

        /// Digits `skip` scalars ahead; moves past them when there are some.
        mutating func digits(after skip: Int) -> String? {
            let start = index
            index += skip
            if let text = digits() { return text }
            index = start
            return nil
        }
    }
}
