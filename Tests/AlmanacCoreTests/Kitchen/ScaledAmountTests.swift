import AlmanacCore
import Testing

@Suite struct ScaledAmountTests {
    @Test("float noise is rounded away", arguments: [
        (0.1 * 3, 0.3), (1.1 * 1.1, 1.21), (0.7 * 0.1, 0.07), (3 * 1.1, 3.3),
    ])
    func noise(product: Double, expected: Double) {
        #expect(product != expected, "the product carries noise, or the test means nothing")
        #expect(ScaledAmount.rounded(product) == expected)
    }

    @Test("halves, thirds, quarters and eighths come out exact, as whole + n/d", arguments: [
        (1.5 * (1.0 / 3), 0.0, 1.0, 2.0), (0.75 * (4.0 / 3), 1.0, 0.0, 1.0), (2.0 / 3 * 3.5, 2.0, 1.0, 3.0),
        (0.125 * 3, 0.0, 3.0, 8.0), (10.0 / 3, 3.0, 1.0, 3.0), (0.6 * (5.0 / 6), 0.0, 1.0, 2.0),
        (400.0 / 3, 133.0, 1.0, 3.0), (1.25 * 6.4, 8.0, 0.0, 1.0),
    ])
    func fractions(product: Double, whole: Double, numerator: Double, denominator: Double) {
        #expect(ScaledAmount.rounded(product) == whole + numerator / denominator)
    }

    @Test func aThirdAndBackIsTheWholeAgain() {
        let third = ScaledAmount.rounded(400 * (1.0 / 3))
        #expect(ScaledAmount.rounded(third * 3) == 400)
    }

    @Test func otherValuesKeepTenSignificantDigits() {
        #expect(ScaledAmount.rounded(1.0 / 6) == 0.1666666667)
        #expect(ScaledAmount.rounded(200.0 / 7) == 28.57142857)
        #expect(ScaledAmount.rounded(123_456_789_012.3) == 123_456_789_000, "past a million, no fraction: ten digits")
        #expect(ScaledAmount.rounded(999_999.5 * 1.000_000_000_01) == 999_999.5)
        #expect(ScaledAmount.rounded(1_234_567.3) == 1_234_567.3)
        #expect(ScaledAmount.rounded(0.000_012_345_678_912_3) == 0.000_012_345_678_91)
        #expect(ScaledAmount.rounded(0.3) == 0.3)
        #expect(ScaledAmount.rounded(0.2) == 0.2, "a fifth is not a fraction the rule snaps to, and stays itself")
    }

    @Test func signsAndSpecialValuesAreKept() {
        #expect(ScaledAmount.rounded(-0.1 * 3) == -0.3)
        #expect(ScaledAmount.rounded(-1.5 / 3) == -0.5)
        #expect(ScaledAmount.rounded(0) == 0)
        #expect(ScaledAmount.rounded(.infinity) == .infinity)
        #expect(ScaledAmount.rounded(.nan).isNaN)
        #expect(ScaledAmount.rounded(.leastNonzeroMagnitude) == .leastNonzeroMagnitude)
        #expect(ScaledAmount.rounded(.greatestFiniteMagnitude) == .greatestFiniteMagnitude)
        #expect(ScaledAmount.rounded(1e300) == 1e300)
        #expect(ScaledAmount.rounded(3e15 + 2) == 3e15 + 2, "from 10^15 on, as it is")
    }
}
