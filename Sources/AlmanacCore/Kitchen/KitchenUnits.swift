/// The measures recipes use, how their spellings are read, and how amounts in
/// convertible measures are added up and written back in a readable one.
///
/// Two dimensions, never converted into each other: mass (g, kg, mg; oz, lb) and volume
/// (ml, cl, dl, l; tsp, tbsp, fl oz, cup, pint, quart, gallon in US customary measures:
/// 1 tsp = 4.92892159375 ml, 1 oz = 28.349523125 g). `oz` is always the ounce of mass;
/// the fluid ounce is `fl oz`.
public enum KitchenUnits {
    /// What a unit measures.
    public enum Dimension: String, Hashable, Sendable {
        case mass
        case volume
    }

    /// The family of measures a unit belongs to.
    public enum System: String, Hashable, Sendable {
        case metric
        /// US customary measures.
        case us
    }

    /// A unit of measure: `g`, `cup`, `fl oz`, …
    public struct Unit: Hashable, Sendable {
        /// How almanac writes it with one or less: `g`, `cup`, `tbsp`.
        public let symbol: String
        /// How almanac writes it with more than one: `cups` (the symbol for abbreviations).
        public let plural: String
        public let dimension: Dimension
        public let system: System
        /// How many of the system's base unit one of this is: grams or millilitres
        /// (metric), ounces or teaspoons (US).
        public let size: Double

        /// The symbol or plural that goes with `amount`.
        public func spelling(for amount: Double) -> String {
            amount > 1 ? plural : symbol
        }

        /// The amount in the metric base unit (grams or millilitres).
        public func metricAmount(_ amount: Double) -> Double {
            let base = amount * size
            guard system == .us else { return base }
            return base * (dimension == .mass ? KitchenUnits.gramsPerOunce : KitchenUnits.millilitresPerTeaspoon)
        }
    }

    /// Grams in one avoirdupois ounce.
    public static let gramsPerOunce = 28.349523125
    /// Millilitres in one US teaspoon (1/96 of a US cup of 236.5882365 ml).
    public static let millilitresPerTeaspoon = 4.92892159375

    public static let milligram = Unit(symbol: "mg", plural: "mg", dimension: .mass, system: .metric, size: 0.001)
    public static let gram = Unit(symbol: "g", plural: "g", dimension: .mass, system: .metric, size: 1)
    public static let kilogram = Unit(symbol: "kg", plural: "kg", dimension: .mass, system: .metric, size: 1000)
    public static let millilitre = Unit(symbol: "ml", plural: "ml", dimension: .volume, system: .metric, size: 1)
    public static let centilitre = Unit(symbol: "cl", plural: "cl", dimension: .volume, system: .metric, size: 10)
    public static let decilitre = Unit(symbol: "dl", plural: "dl", dimension: .volume, system: .metric, size: 100)
    public static let litre = Unit(symbol: "l", plural: "l", dimension: .volume, system: .metric, size: 1000)
    public static let ounce = Unit(symbol: "oz", plural: "oz", dimension: .mass, system: .us, size: 1)
    public static let pound = Unit(symbol: "lb", plural: "lb", dimension: .mass, system: .us, size: 16)
    public static let teaspoon = Unit(symbol: "tsp", plural: "tsp", dimension: .volume, system: .us, size: 1)
    public static let tablespoon = Unit(symbol: "tbsp", plural: "tbsp", dimension: .volume, system: .us, size: 3)
    public static let fluidOunce = Unit(symbol: "fl oz", plural: "fl oz", dimension: .volume, system: .us, size: 6)
    public static let cup = Unit(symbol: "cup", plural: "cups", dimension: .volume, system: .us, size: 48)
    public static let pint = Unit(symbol: "pint", plural: "pints", dimension: .volume, system: .us, size: 96)
    public static let quart = Unit(symbol: "quart", plural: "quarts", dimension: .volume, system: .us, size: 192)
    public static let gallon = Unit(symbol: "gallon", plural: "gallons", dimension: .volume, system: .us, size: 768)

    /// Every spelling read, in lower case without dots, and its unit.
    private static let spellings: [String: Unit] = {
        let table: [(Unit, [String])] = [
            (milligram, ["mg", "milligram", "milligrams", "milligramme", "milligrammes"]),
            (gram, ["g", "gr", "gram", "grams", "gramme", "grammes"]),
            (kilogram, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
            (millilitre, ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters"]),
            (centilitre, ["cl", "centilitre", "centilitres", "centiliter", "centiliters"]),
            (decilitre, ["dl", "decilitre", "decilitres", "deciliter", "deciliters"]),
            (litre, ["l", "ltr", "litre", "litres", "liter", "liters"]),
            (ounce, ["oz", "ozs", "ounce", "ounces"]),
            (pound, ["lb", "lbs", "pound", "pounds"]),
            (teaspoon, ["tsp", "tsps", "tspn", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls"]),
            (tablespoon, ["tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tablespoon", "tablespoons", "tablespoonful", "tablespoonfuls"]),
            (fluidOunce, ["fl oz", "floz", "fl ounce", "fl ounces", "fluid ounce", "fluid ounces"]),
            (cup, ["cup", "cups", "cupful", "cupfuls"]),
            (pint, ["pt", "pts", "pint", "pints"]),
            (quart, ["qt", "qts", "quart", "quarts"]),
            (gallon, ["gal", "gals", "gallon", "gallons"]),
        ]
        var spellings: [String: Unit] = [:]
        for (unit, names) in table {
            for name in names { spellings[name] = unit }
        }
        return spellings
    }()

    /// The unit `text` spells, in any case, with or without dots (`Tbsp`, `tablespoons`,
    /// `fl. oz.`, `Grams`); `nil` for a unit almanac does not convert (`can`, `clove`, `pinch`).
    public static func unit(named text: String) -> Unit? {
        var name: [UInt8] = []
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, UInt8(ascii: "."):
                pendingSpace = !name.isEmpty
            case 0x80...:
                return nil  // every spelling is ASCII
            default:
                if pendingSpace { name.append(0x20) }
                pendingSpace = false
                name.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
            }
        }
        return spellings[String(decoding: name, as: UTF8.self)]
    }

    /// The sum of `parts` (all of one ``Dimension``), in a readable unit:
    /// - parts all in one US unit stay in it (`2 tbsp` + `1 tbsp` = `3 tbsp`);
    /// - metric totals (and totals of metric and US parts together, converted to metric)
    ///   are in g or ml below 1000 and in kg or l from 1000 on (`750 g` + `750 g` = `1.5 kg`);
    /// - other US volumes are in the largest of cup, tbsp and tsp that states them evenly:
    ///   cups from 1/4 cup in quarters or thirds of a cup, tablespoons from 1 tbsp in halves,
    ///   else teaspoons (`1 cup` + `4 tbsp` = `1 1/4 cups`; `1 cup` + `1 tbsp` = `17 tbsp`);
    /// - other US masses are in lb from 1 lb in quarters of a pound, else in oz.
    ///
    /// `nil` when `parts` is empty or mixes mass and volume.
    public static func sum(_ parts: [(amount: Double, unit: Unit)]) -> (amount: Double, unit: Unit)? {
        guard let first = parts.first, parts.allSatisfy({ $0.unit.dimension == first.unit.dimension }) else { return nil }
        if parts.allSatisfy({ $0.unit == first.unit }), first.unit.system == .us {
            return (parts.reduce(0) { $0 + $1.amount }, first.unit)
        }
        if parts.allSatisfy({ $0.unit.system == .us }) {
            let base = parts.reduce(0) { $0 + $1.amount * $1.unit.size }
            return readableUS(base, first.unit.dimension)
        }
        let metric = parts.reduce(0) { $0 + $1.unit.metricAmount($1.amount) }
        return readableMetric(metric, first.unit.dimension)
    }

    /// `amount` of `unit` as a shopping list writes it: `1 1/2 cups`, `1.5 kg`, `337 ml`
    /// (``number(_:_:)`` and the unit's spelling for the amount).
    public static func text(_ amount: Double, _ unit: Unit) -> String {
        number(amount, unit) + " " + unit.spelling(for: amount)
    }

    /// The number of ``text(_:_:)``. Metric amounts are decimals: whole grams or millilitres
    /// from 10 on, one decimal from 1 to 10, two below 1 (kg and l to the gram or
    /// millilitre); US amounts are fractions (halves, thirds, quarters, eighths) when they
    /// are, else decimals with two places.
    public static func number(_ amount: Double, _ unit: Unit) -> String {
        guard unit.system == .metric else { return KitchenAmount.fraction(amount) }
        let base = roundedMetric(amount * unit.size)
        let places = unit.size >= 1000 ? 3 : unit.size >= 100 ? 2 : unit.size >= 10 ? 1 : 2
        return KitchenAmount.decimal(base / unit.size, places: unit.size < 1 ? 0 : places)
    }

    /// A metric base amount (g or ml) rounded as ``text(_:_:)`` writes it.
    private static func roundedMetric(_ base: Double) -> Double {
        let size = abs(base)
        if size >= 10 { return base.rounded() }
        if size >= 1 { return (base * 10).rounded() / 10 }
        return (base * 100).rounded() / 100
    }

    private static func readableMetric(_ base: Double, _ dimension: Dimension) -> (amount: Double, unit: Unit) {
        let small = dimension == .mass ? gram : millilitre
        let large = dimension == .mass ? kilogram : litre
        let rounded = roundedMetric(base)
        return abs(rounded) >= 1000 ? (rounded / 1000, large) : (rounded, small)
    }

    private static func readableUS(_ base: Double, _ dimension: Dimension) -> (amount: Double, unit: Unit) {
        if dimension == .mass {
            let pounds = base / pound.size
            if pounds >= 1, KitchenAmount.isMultiple(pounds, of: 4) { return (pounds, pound) }
            return (base, ounce)
        }
        let cups = base / cup.size
        if cups >= 0.25, KitchenAmount.isMultiple(cups, of: 4) || KitchenAmount.isMultiple(cups, of: 3) { return (cups, cup) }
        let spoons = base / tablespoon.size
        if spoons >= 1, KitchenAmount.isMultiple(spoons, of: 2) { return (spoons, tablespoon) }
        return (base, teaspoon)
    }
}
