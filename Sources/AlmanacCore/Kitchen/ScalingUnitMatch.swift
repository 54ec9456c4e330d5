/// Whether two yield units name the same thing for ``RecipeScaler``: the same words ignoring
/// case, each word singular or plural alike by the regular English endings (`serving` and
/// `servings`, `dish` and `dishes`, `cookie` and `cookies`, `berry` and `berries`, `loaf`
/// and `loaves`, `knife` and `knives`). Only for finding the yield to scale to; it converts nothing.
enum ScalingUnitMatch {
    static func same(_ left: String, _ right: String) -> Bool {
        let a = words(left), b = words(right)
        guard a.count == b.count, !a.isEmpty else { return false }
        return zip(a, b).allSatisfy { x, y in x == y || !forms(x).isDisjoint(with: forms(y)) }
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).map(String.init)
    }

    /// The word and what it is when it is a regular English plural.
    private static func forms(_ word: String) -> Set<String> {
        var forms: Set<String> = [word]
        func drop(_ suffix: String, add: String = "") {
            guard word.hasSuffix(suffix), word.count > suffix.count + 1 else { return }
            forms.insert(String(word.dropLast(suffix.count)) + add)
        }
        if !word.hasSuffix("ss") { drop("s") }
        drop("es")
        drop("ies", add: "y")
        drop("ves", add: "f")
        drop("ves", add: "fe")
        return forms
    }
}
