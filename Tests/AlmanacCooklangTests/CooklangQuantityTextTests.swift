import Testing
@testable import AlmanacCooklang

/// Which quantities are numbers, and numbers written back.
@Suite struct CooklangQuantityTextTests {
    @Test(arguments: [("3", 3.0), ("010", 10), ("1.5", 1.5), (".5", 0.5), ("1/2", 0.5), ("1 / 2", 0.5), ("1 1/2", 1.5), ("3/4", 0.75)])
    func numbers(_ text: String, _ value: Double) {
        #expect(CooklangQuantityText.quantity(text) == .number(value))
    }

    @Test(arguments: ["01/2", "1.", "7 k", "1-2", "few", "1/0", "2 3"])
    func texts(_ text: String) {
        #expect(CooklangQuantityText.quantity(text) == .text(text))
    }

    @Test(arguments: [0.5, 1.5, 1.0 / 3, 0.3, 250, 2.25, 1e-7])
    func formattedNumbersReadBack(_ value: Double) {
        #expect(CooklangQuantityText.number(Array(CooklangQuantityText.format(value).utf8)) == value)
    }
}
