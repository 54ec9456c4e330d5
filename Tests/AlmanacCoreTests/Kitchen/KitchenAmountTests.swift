import AlmanacCore
import Testing

@Suite struct KitchenAmountTests {
    static let thirds: Double = 1.0 / 3 + 1.0 / 3
    static let tenths: Double = 0.1 + 0.2

    @Test(arguments: [
        (2.0, "2"), (1.5, "1 1/2"), (0.75, "3/4"), (0.125, "1/8"), (0.6666666666666666, "2/3"), (thirds, "2/3"),
        (tenths, "0.3"), (0.15, "0.15"), (2.718, "2.72"), (1.4999999, "1 1/2"), (0, "0"), (17, "17"),
    ] as [(Double, String)])
    func fractionsAreWhatCooksWrite(value: Double, text: String) {
        #expect(KitchenAmount.fraction(value) == text)
    }

    @Test func sumsOfThirdsSnapOntoTheFraction() throws {
        var total = 0.0
        for _ in 0..<7 { total += 1.0 / 3 }
        #expect(total != 7.0 / 3, "the float sum is not exact, so the snap is what makes it readable")
        #expect(KitchenAmount.fraction(total) == "2 1/3")
        #expect(try #require(KitchenAmount.snappedFraction(total)) == 2 + 1.0 / 3)
        #expect(KitchenAmount.snappedFraction(0.2) == nil)
    }

    @Test(arguments: [
        (1.5, 3, "1.5"), (1.005, 3, "1.005"), (1.0004, 3, "1"), (336.588, 0, "337"), (0.25, 2, "0.25"),
        (-0.25, 2, "-0.25"), (0.004, 2, "0"), (12.30, 2, "12.3"), (0.05, 2, "0.05"), (tenths, 2, "0.3"),
    ] as [(Double, Int, String)])
    func decimalsDropTrailingZeros(value: Double, places: Int, text: String) {
        #expect(KitchenAmount.decimal(value, places: places) == text)
    }

    @Test func multiples() {
        #expect(KitchenAmount.isMultiple(1.25, of: 4))
        #expect(!KitchenAmount.isMultiple(1.0625, of: 4))
        #expect(KitchenAmount.isMultiple(1.0 / 3 * 2, of: 3))
        #expect(!KitchenAmount.isMultiple(0.5, of: 3))
    }

    @Test func nonFiniteValuesAreWrittenAsZero() {
        #expect(KitchenAmount.decimal(.infinity, places: 2) == "0")
        #expect(KitchenAmount.snappedFraction(.nan) == nil)
    }
}
