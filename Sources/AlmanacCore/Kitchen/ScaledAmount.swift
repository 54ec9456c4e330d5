import Foundation

/// How a scaled amount is rounded, so that it stays what a cook would write:
/// `1.5 × 1/3` is `1/2`, not `0.49999999999999994`, and `0.1 × 3` is `0.3`.
///
/// The rule, applied to every amount ``RecipeScaler`` multiplies:
/// 1. The product is rounded to ``significantDigits`` (10) significant digits, which is far
///    finer than any kitchen measure and far coarser than a `Double`'s float noise.
/// 2. When a whole number, or a whole number and a half, third, quarter or eighth
///    (`2`, `1 1/2`, `2/3`, `3/4`, `5/8`), rounds to those same digits (for amounts under
///    ``snapLimit``, a million), the amount is that
///    number exactly, as `whole + numerator / denominator` computes it; the writers that
///    print fractions (Markdown's `1 1/2 cups`, JSON-LD's `recipeIngredient` text) then
///    print it as a fraction, and RecipeMD readers read it back to the same value.
/// 3. Anything else keeps its ten digits (`1/6` is `0.1666666667`), which every writer
///    prints as a plain decimal (the JSON and XML writers print numbers in their shortest form).
public enum ScaledAmount {
    /// The significant digits a scaled amount keeps.
    public static let significantDigits = 10

    /// The denominators of the fractions a scaled amount snaps to.
    public static let denominators: [Double] = [2, 3, 4, 8]

    /// Amounts from this magnitude on are not snapped to fractions (ten digits no longer tell them apart).
    public static let snapLimit = 1e6

    /// `value` rounded by the rule above; zero, infinities and NaN come back as they are, and so
    /// do amounts from 10^15 on (where a `Double` holds few more digits than ten anyway).
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let magnitude = abs(value)
        let digits = significant(magnitude)
        // Below a million ten digits keep at least four decimals, finer than the 1/24 between any
        // two of the fractions, so at most one of them matches.
        if magnitude < snapLimit {
            let whole = magnitude.rounded(.down)
            for denominator in denominators {
                let numerator = ((magnitude - whole) * denominator).rounded()
                let candidate = whole + numerator / denominator
                if candidate > 0, significant(candidate) == digits { return value < 0 ? -candidate : candidate }
            }
        }
        return value < 0 ? -digits : digits
    }

    /// A positive finite `value` rounded to ``significantDigits`` significant digits,
    /// by multiplying or dividing by an exact power of ten.
    private static func significant(_ value: Double) -> Double {
        guard value < 1e15 else { return value }
        let exponent = Int(log10(value).rounded(.down))
        // Near the smallest Doubles there are fewer digits than that to keep.
        guard exponent > -290 else { return value }
        let shift = significantDigits - 1 - exponent
        if shift >= 0 {
            let scale = power(shift)
            let scaled = value * scale
            guard scaled.isFinite else { return value }
            return scaled.rounded() / scale
        }
        // 10^10 ≤ value < 10^15: divided by at most 10^5, exactly.
        let scale = power(-shift)
        return (value / scale).rounded() * scale
    }

    /// 10 to the `exponent` (exact up to 10^22).
    private static func power(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(exponent, 308) { result *= 10 }
        return result
    }
}
