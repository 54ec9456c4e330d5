import Foundation

/// RecipeMD amounts: a number and an optional unit, such as `1 1/2 cups`.
///
/// Numbers read: integers (`4`), decimals with `.` or `,` (`1.5`, `1,5`, `.5`),
/// fractions (`3/7`, also with the fraction slash `3⁄7`), mixed numbers (`1 1/5`),
/// unicode vulgar fractions (`½`, `1 ½`, `1½`), each optionally negative.
enum AmountText {
    /// The number and unit of `text`; `nil` when it is blank. Throws when it does not
    /// start with a number (`reason` says why).
    static func parse(_ text: [Unicode.Scalar]) -> Result<(amount: Double, unit: String?)?, AmountError> {
        var cursor = Cursor(scalars: text)
        cursor.skipSpace()
        if cursor.atEnd { return .success(nil) }
        var negative = false
        if cursor.peek == "-" {
            negative = true
            cursor.index += 1
            cursor.skipSpace()
        }
        guard let value = number(&cursor) else { return .failure(.noNumber) }
        guard value.isFinite else { return .failure(.divisionByZero) }
        var unitStart = cursor.index
        var unitEnd = text.count
        while unitStart < unitEnd && InlineEmphasis.isWhitespace(text[unitStart]) { unitStart += 1 }
        while unitEnd > unitStart && InlineEmphasis.isWhitespace(text[unitEnd - 1]) { unitEnd -= 1 }
        let unit = unitStart < unitEnd ? String(scalars: text[unitStart..<unitEnd]) : nil
        return .success((negative ? -value : value, unit))
    }

    enum AmountError: Error {
        case noNumber
        case divisionByZero
    }

    /// The number at the cursor in the first form that matches, in RecipeMD's order.
    private static func number(_ cursor: inout Cursor) -> Double? {
        let start = cursor.index
        // Mixed: 1 1/2, or 1 ½ (also 1½).
        if let whole = cursor.digits() {
            let afterWhole = cursor.index
            let spaced = cursor.skipSpace()
            if spaced, let numerator = cursor.digits(), let fraction = slashFraction(numerator: numerator, &cursor) {
                return cursor.value(whole) + fraction
            }
            cursor.index = afterWhole
            cursor.skipSpace()
            if let vulgar = cursor.peek.flatMap(vulgarValue) {
                cursor.index += 1
                return cursor.value(whole) + vulgar
            }
        }
        // Fraction: 3/7.
        cursor.index = start
        if let numerator = cursor.digits(), let fraction = slashFraction(numerator: numerator, &cursor) {
            return fraction
        }
        // Vulgar fraction alone.
        cursor.index = start
        if let vulgar = cursor.peek.flatMap(vulgarValue) {
            cursor.index += 1
            return vulgar
        }
        // Decimal: 1.5, 1,5, .5.
        cursor.index = start
        let wholeDigits = cursor.digits()
        if let separator = cursor.peek, separator == "." || separator == "," {
            cursor.index += 1
            if let fraction = cursor.digits() {
                return Double((wholeDigits.map { cursor.text($0) } ?? "0") + "." + cursor.text(fraction))
            }
        }
        // Integer.
        cursor.index = start
        if let integer = cursor.digits() { return cursor.value(integer) }
        return nil
    }

    /// `/ denominator` after `numerator`; restores the cursor when there is none.
    private static func slashFraction(numerator: Range<Int>, _ cursor: inout Cursor) -> Double? {
        let start = cursor.index
        cursor.skipSpace()
        guard let slash = cursor.peek, slash == "/" || slash == "\u{2044}" else { cursor.index = start; return nil }
        cursor.index += 1
        cursor.skipSpace()
        guard let denominator = cursor.digits() else { cursor.index = start; return nil }
        return cursor.value(numerator) / cursor.value(denominator)
    }

    /// The value of a vulgar fraction character such as `½`.
    static func vulgarValue(_ scalar: Unicode.Scalar) -> Double? {
        switch scalar {
        case "¼": return 0.25
        case "½": return 0.5
        case "¾": return 0.75
        case "⅐": return 1.0 / 7
        case "⅑": return 1.0 / 9
        case "⅒": return 0.1
        case "⅓": return 1.0 / 3
        case "⅔": return 2.0 / 3
        case "⅕": return 0.2
        case "⅖": return 0.4
        case "⅗": return 0.6
        case "⅘": return 0.8
        case "⅙": return 1.0 / 6
        case "⅚": return 5.0 / 6
        case "⅛": return 0.125
        case "⅜": return 0.375
        case "⅝": return 0.625
        case "⅞": return 0.875
        default: return nil
        }
    }

    /// A number as a cook writes it: `2`, `1 1/2`, `3/4`, `1/3`, else a decimal (`0.3`).
    static func format(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``format(_:)`` of `value` as UTF-8, with no `String` for whole numbers and fractions.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(-value, to: &bytes)
            return
        }
        if value == value.rounded(), value < 1e15 {
            ByteText.append(Int(value), to: &bytes)
            return
        }
        let whole = value.rounded(.down)
        let fraction = value - whole
        for denominator in [2.0, 3, 4, 8] {
            let numerator = (fraction * denominator).rounded()
            if numerator > 0, numerator < denominator, whole + numerator / denominator == value {
                var (top, bottom) = (Int(numerator), Int(denominator))
                while top % 2 == 0 && bottom % 2 == 0 { top /= 2; bottom /= 2 }
                if whole > 0 {
                    ByteText.append(Int(whole), to: &bytes)
                    bytes.append(UInt8(ascii: " "))
                }
                ByteText.append(top, to: &bytes)
                bytes.append(UInt8(ascii: "/"))
                ByteText.append(bottom, to: &bytes)
                return
            }
        }
        let text = "\(value)"
        bytes.append(contentsOf: (text.contains("e") ? decimalExpansion(value) : text).utf8)
    }

    /// A decimal without exponent, for very small or large values (RecipeMD has no exponents).
    /// Large values are whole numbers and get all their digits; small ones up to 12 decimals.
    private static func decimalExpansion(_ value: Double) -> String {
        if value >= 1e15 { return String(format: "%.0f", value) }
        var digits = String(Int((value * 1e12).rounded()))
        while digits.count < 13 { digits = "0" + digits }
        let integerPart = digits.dropLast(12)
        var fractionPart = String(digits.suffix(12))
        while fractionPart.hasSuffix("0") { fractionPart.removeLast() }
        return fractionPart.isEmpty ? String(integerPart) : "\(integerPart).\(fractionPart)"
    }

    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while let scalar = peek, InlineEmphasis.isWhitespace(scalar) { index += 1 }
            return index > start
        }

        /// Where the ASCII digits at the cursor are (moving past them), or `nil` when there are none.
        mutating func digits() -> Range<Int>? {
            let start = index
            while let scalar = peek, MarkdownText.isDigit(scalar) { index += 1 }
            return index > start ? start..<index : nil
        }

        /// The digits in `range` as text.
        func text(_ range: Range<Int>) -> String {
            String(scalars: scalars[range])
        }

        /// The value of the digits in `range`, as `Double(text(range))!` reads it.
        func value(_ range: Range<Int>) -> Double {
            // Up to 15 digits the number is an integer a Double holds exactly.
            guard range.count <= 15 else { return Double(text(range))! }
            var number = 0
            for scalar in scalars[range] { number = number * 10 + Int(scalar.value - 0x30) }
            return Double(number)
        }
    }
}
