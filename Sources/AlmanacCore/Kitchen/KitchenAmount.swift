/// Amounts written for cooks and shoppers: fractions for cups and spoons (`1 1/2`,
/// `1/3`), short decimals for metric measures (`1.5`, `337`).
///
/// Sums of amounts such as `1/3 + 1/3` are not exact in binary floating point; both
/// forms first snap a value that lies within a millionth of a simple fraction or of a
/// rounded decimal onto it, so `0.6666666666666666` reads `2/3`, never `0.6666666666666666`.
public enum KitchenAmount {
    /// The denominators a fraction is written with, the ones measuring cups and spoons have.
    public static let denominators = [2, 3, 4, 8]

    /// `value` as a whole number or a fraction with a denominator of
    /// ``denominators`` (`2`, `1 1/2`, `2/3`, `1/8`) when it is one (within a millionth),
    /// else a decimal with at most two places (`0.15`, `2.71`).
    public static func fraction(_ value: Double) -> String {
        guard let snapped = snappedFraction(value) else { return decimal(value, places: 2) }
        return AmountParser.format(snapped)
    }

    /// `value` as a whole number or a simple fraction, when it is one within a millionth
    /// (relative to the value, for large ones), the fraction built exactly; else `nil`.
    public static func snappedFraction(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        let tolerance = 1e-6 * max(1, abs(value))
        let whole = value.rounded(.down)
        if abs(value - value.rounded()) <= tolerance { return value.rounded() }
        for denominator in denominators {
            let numerator = ((value - whole) * Double(denominator)).rounded()
            let candidate = whole + numerator / Double(denominator)
            if abs(candidate - value) <= tolerance { return candidate }
        }
        return nil
    }

    /// Whether `value` is a whole multiple of `1/denominator` (within a millionth).
    public static func isMultiple(_ value: Double, of denominator: Int) -> Bool {
        let scaled = value * Double(denominator)
        return abs(scaled - scaled.rounded()) <= 1e-6 * max(1, abs(scaled))
    }

    /// `value` rounded to `places` decimal places (0 to 6), without trailing zeros:
    /// `1.5`, `1.005`, `337`, `-0.25`. Values too large for that are written as Swift prints them.
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = min(max(places, 0), 6)
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else { return "\(value)" }
        let units = Int(scaled)
        guard units != 0 else { return "0" }
        var text = value < 0 ? "-" : ""
        text += String(units / scale)
        var fraction = units % scale
        guard fraction != 0 else { return text }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var fractionText = String(fraction)
        while fractionText.count < digits { fractionText = "0" + fractionText }
        return text + "." + fractionText
    }
}
