import AlmanacCore
import AlmanacJSONKit

/// `recipeYield`: text (`4 servings`, `3 dozen`), a number, or a list of them such as
/// `["4", "4 servings"]`. The unit is kept as written; a bare number that only repeats
/// the amount of a yield with a unit (as Google's guidelines ask for) is not a yield of
/// its own.
enum YieldText {
    /// The yields of a `recipeYield` value.
    static func read(_ value: JSONValue, source: JSONLDSource) throws(JSONLDDecodingError) -> [Yield] {
        let items = value.elements ?? [value]
        var yields: [Yield] = []
        for item in items {
            switch item.kind {
            case .number(let text):
                guard let amount = Double(text), amount.isFinite else { continue }
                yields.append(Yield(amount: amount))
            case .string(let text):
                if let yield = parse(text) { yields.append(yield) }
            case .null:
                continue
            default:
                throw .typeMismatch(field: "recipeYield", expected: "text, a number or a list of them", found: item.typeName, at: source.position(of: item))
            }
        }
        var kept: [Yield] = []
        for yield in yields where !kept.contains(yield) {
            if yield.unit == nil, let amount = yield.amount, yields.contains(where: { $0.amount == amount && $0.unit != nil }) { continue }
            kept.append(yield)
        }
        return kept
    }

    /// One yield from text: a leading amount and the rest as its unit (`3 dozen`); `Serves 4`
    /// is 4 servings; text without a number (or a range such as `4-6 servings`) is a unit
    /// without an amount.
    static func parse(_ text: String) -> Yield? {
        let line = IngredientText.collapsed(text)
        guard !line.isEmpty else { return nil }
        let scalars = Array(line.unicodeScalars)
        if let (amount, end) = AmountParser.leadingNumber(scalars) {
            let rest = String(String.UnicodeScalarView(scalars[end...])).trimmingSpaces()
            if rest.hasPrefix("-") || rest.hasPrefix("–") || rest.hasPrefix("to ") { return Yield(unit: line) }
            return Yield(amount: amount, unit: rest.isEmpty ? nil : rest)
        }
        let lowered = line.lowercased()
        for prefix in ["serves ", "servings: ", "servings ", "yield: ", "yields: ", "makes "] where lowered.hasPrefix(prefix) {
            let rest = String(line.dropFirst(prefix.count))
            guard let parsed = parse(rest), parsed.amount != nil else { break }
            let servings = prefix.hasPrefix("serv")
            return Yield(amount: parsed.amount, unit: parsed.unit ?? (servings ? "servings" : nil))
        }
        return Yield(unit: line)
    }

    /// The `recipeYield` value for `yields`, or `nil` when there are none. A yield of
    /// servings is preceded by its bare number, as Google's guidelines ask.
    static func json(_ yields: [Yield]) -> OpaqueValue? {
        guard !yields.isEmpty else { return nil }
        if yields.count == 1, let amount = yields[0].amount, yields[0].unit == nil {
            return .number(AmountParser.format(amount).contains("/") ? String(amount) : AmountParser.format(amount))
        }
        var texts: [String] = []
        let servings = yields.first { ["serving", "servings"].contains($0.unit?.lowercased() ?? "") && $0.amount != nil }
        if let amount = servings?.amount, !yields.contains(where: { $0.unit == nil && $0.amount == amount }) {
            texts.append(AmountParser.format(amount))
        }
        for yield in yields {
            texts.append([yield.amount.map(AmountParser.format), yield.unit].compactMap { $0 }.joined(separator: " "))
        }
        return texts.count == 1 ? .string(texts[0]) : .array(texts.map(OpaqueValue.string))
    }
}
