import AlmanacCore
import Testing

@Suite struct KitchenUnitsTests {
    typealias Units = KitchenUnits

    @Test(arguments: [
        ("g", "g"), ("grams", "g"), ("Gram", "g"), ("kg", "kg"), ("Kilograms", "kg"), ("mg", "mg"),
        ("ml", "ml"), ("mL", "ml"), ("millilitres", "ml"), ("milliliter", "ml"), ("cl", "cl"), ("dl", "dl"),
        ("l", "l"), ("L", "l"), ("liters", "l"), ("litre", "l"),
        ("tsp", "tsp"), ("tsp.", "tsp"), ("teaspoons", "tsp"), ("Tbsp", "tbsp"), ("tablespoons", "tbsp"), ("T bsp", nil),
        ("tbs", "tbsp"), ("cup", "cup"), ("cups", "cup"), ("Cups", "cup"), ("fl oz", "fl oz"), ("fl. oz.", "fl oz"),
        ("fluid ounces", "fl oz"), ("oz", "oz"), ("ounces", "oz"), ("lb", "lb"), ("lbs", "lb"), ("pounds", "lb"),
        ("pint", "pint"), ("qt", "quart"), ("gallons", "gallon"),
        ("can", nil), ("cloves", nil), ("pinch", nil), ("", nil),
    ] as [(String, String?)])
    func spellingsAreRead(text: String, symbol: String?) {
        #expect(Units.unit(named: text)?.symbol == symbol)
    }

    @Test func dimensionsAndSystems() throws {
        #expect(Units.gram.dimension == .mass && Units.ounce.dimension == .mass)
        #expect(Units.cup.dimension == .volume && Units.fluidOunce.dimension == .volume && Units.litre.dimension == .volume)
        #expect(Units.tablespoon.system == .us && Units.kilogram.system == .metric)
        #expect(abs(Units.cup.metricAmount(1) - 236.5882365) < 1e-9)
        #expect(abs(Units.pound.metricAmount(1) - 453.59237) < 1e-9)
        #expect(abs(Units.fluidOunce.metricAmount(1) - 29.5735295625) < 1e-9)
        #expect(Units.decilitre.metricAmount(2.5) == 250)
    }

    func sum(_ parts: [(Double, KitchenUnits.Unit)]) -> String? {
        Units.sum(parts.map { (amount: $0.0, unit: $0.1) }).map { Units.text($0.amount, $0.unit) }
    }

    @Test func metricTotalsPickGramsOrKilograms() {
        #expect(sum([(750, Units.gram), (750, Units.gram)]) == "1.5 kg")
        #expect(sum([(250, Units.gram), (200, Units.gram)]) == "450 g")
        #expect(sum([(1, Units.kilogram), (5, Units.gram)]) == "1.005 kg")
        #expect(sum([(0.5, Units.kilogram)]) == "500 g")
        #expect(sum([(1, Units.litre), (250, Units.millilitre), (2, Units.decilitre)]) == "1.45 l")
        #expect(sum([(2.5, Units.gram), (0.25, Units.gram)]) == "2.8 g", "one decimal from 1 to 10")
        #expect(sum([(0.125, Units.gram)]) == "0.13 g", "two decimals below 1")
    }

    @Test func oneUSUnitStaysItself() {
        #expect(sum([(2, Units.tablespoon), (1, Units.tablespoon)]) == "3 tbsp")
        #expect(sum([(1.0 / 3, Units.cup), (1.0 / 3, Units.cup)]) == "2/3 cup")
        #expect(sum([(1, Units.cup), (0.5, Units.cup)]) == "1 1/2 cups")
        #expect(sum([(28, Units.ounce), (28, Units.ounce)]) == "56 oz")
        #expect(sum([(1, Units.fluidOunce), (1, Units.fluidOunce)]) == "2 fl oz")
    }

    @Test func mixedUSVolumesTakeTheLargestEvenUnit() {
        #expect(sum([(1, Units.cup), (4, Units.tablespoon)]) == "1 1/4 cups")
        #expect(sum([(1, Units.cup), (1, Units.tablespoon)]) == "17 tbsp")
        #expect(sum([(1, Units.tablespoon), (1, Units.teaspoon)]) == "4 tsp")
        #expect(sum([(1, Units.tablespoon), (3, Units.teaspoon)]) == "2 tbsp")
        #expect(sum([(2, Units.tablespoon), (1.0 / 3, Units.cup)]) == "22 tsp", "7 1/3 tbsp is no even spoon")
        #expect(sum([(8, Units.tablespoon), (8, Units.teaspoon)]) == "2/3 cup")
        #expect(sum([(1, Units.pint), (1, Units.cup)]) == "3 cups")
        #expect(sum([(4, Units.fluidOunce), (1, Units.cup)]) == "1 1/2 cups")
        #expect(sum([(0.5, Units.teaspoon), (1, Units.tablespoon)]) == "3 1/2 tsp")
    }

    @Test func mixedUSMassesTakePoundsInQuarters() {
        #expect(sum([(1, Units.pound), (28, Units.ounce)]) == "2 3/4 lb")
        #expect(sum([(1, Units.pound), (3, Units.ounce)]) == "19 oz")
        #expect(sum([(8, Units.ounce), (0.25, Units.pound)]) == "12 oz", "under a pound stays in ounces")
    }

    @Test func metricAndUSTogetherAreMetric() {
        #expect(sum([(1, Units.cup), (250, Units.millilitre)]) == "487 ml")
        #expect(sum([(1, Units.pound), (500, Units.gram)]) == "954 g")
        #expect(sum([(2, Units.pound), (100, Units.gram)]) == "1.007 kg")
    }

    @Test func massAndVolumeAreNeverAdded() {
        #expect(Units.sum([(amount: 1, unit: Units.cup), (amount: 100, unit: Units.gram)]) == nil)
        #expect(Units.sum([]) == nil)
    }

    @Test func textSpellsPluralsOnlyAboveOne() {
        #expect(Units.text(1, Units.cup) == "1 cup")
        #expect(Units.text(0.5, Units.cup) == "1/2 cup")
        #expect(Units.text(2, Units.cup) == "2 cups")
        #expect(Units.text(2, Units.pint) == "2 pints")
        #expect(Units.text(3, Units.pound) == "3 lb")
        #expect(Units.text(0.125, Units.teaspoon) == "1/8 tsp")
        #expect(Units.text(1.5, Units.kilogram) == "1.5 kg")
    }
}
