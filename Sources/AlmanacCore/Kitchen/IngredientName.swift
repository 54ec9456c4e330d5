import Foundation

/// Ingredient names compared as a shopper compares them: in any case, with or without
/// accents, singular and plural alike (`Egg`, `eggs`; `tomato`, `tomatoes`; `berry`,
/// `berries`; `leaf`, `leaves`; `peach`, `peaches`; `Gruyère`, `gruyere`).
public enum IngredientName {
    /// The key two names share when they name the same ingredient. It is not a word to
    /// show (``key(_:)`` of `berries` is `berri`, as is that of `berry`): each word is
    /// lower-cased and stripped of accents, of a plural ending (`-es`, `-s`, but not the
    /// `-ss` or `-us` of `glass` or `asparagus`), then of a final `e`,
    /// and a final `y` becomes `i`, so singular and plural meet whichever way the word
    /// forms its plural. `leaves`, `loaves`, `halves`, `knives` and `calves` meet their `-f`
    /// singular. White space is collapsed; punctuation stays.
    public static func key(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        return folded.split(whereSeparator: \.isWhitespace).map { wordKey(String($0)) }.joined(separator: " ")
    }

    /// The plural of a name, for a count of more than one that the recipes wrote in the
    /// singular (`1 onion` twice is `2 onions`): the last word gets `-es` after `s`, `x`,
    /// `z`, `ch`, `sh` and in `tomato`, `potato`, `mango`; `-ies` for a `y` after a
    /// consonant; `leaf` and the like become `leaves`; else `-s`. A name whose last word
    /// already ends in `s`, or has no letters, is returned as it is.
    public static func plural(_ name: String) -> String {
        let letters = name.reversed().prefix(while: \.isLetter).count
        guard letters > 0 else { return name }
        let word = name.suffix(letters).lowercased()
        guard !word.hasSuffix("s") else { return name }
        if let irregular = fPlurals.first(where: { $0.singular == word }) {
            return name.dropLast(letters) + irregular.plural
        }
        if ["x", "z", "ch", "sh"].contains(where: word.hasSuffix) || ["tomato", "potato", "mango"].contains(word) {
            return name + "es"
        }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        return name + "s"
    }

    /// Plurals in `-ves` whose singular ends in `f` or `fe`.
    private static let fPlurals: [(singular: String, plural: String)] = [
        ("leaf", "leaves"), ("loaf", "loaves"), ("half", "halves"), ("knife", "knives"), ("calf", "calves"),
    ]

    private static func wordKey(_ word: String) -> String {
        var scalars = Array(word.unicodeScalars)
        if let irregular = fPlurals.first(where: { $0.plural == word }) {
            scalars = Array(irregular.singular.unicodeScalars)
        }
        func ends(_ suffix: String) -> Bool {
            let tail = Array(suffix.unicodeScalars)
            return scalars.count >= tail.count && Array(scalars.suffix(tail.count)) == tail
        }
        // Keep a stem of two letters at least: `as`, `es` and `us` stay.
        if scalars.count > 3, ends("es") {
            scalars.removeLast(2)
        } else if scalars.count > 2, ends("s"), !ends("ss"), !ends("us") {
            scalars.removeLast()
        }
        if scalars.count > 2, ends("e") { scalars.removeLast() }
        if scalars.count > 1, ends("y") { scalars[scalars.count - 1] = "i" }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
