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
        var bytes = Array(name.utf8)
        if bytes.contains(where: { $0 >= 0x80 }) {
            // Accents and non-ASCII case and white space go through Foundation; ASCII needs none of it.
            let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            bytes = Array(folded.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8)
        }
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        var word: [UInt8] = []
        func endWord() {
            guard !word.isEmpty else { return }
            if !key.isEmpty { key.append(0x20) }
            appendWordKey(&word, to: &key)
            word.removeAll(keepingCapacity: true)
        }
        for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: endWord()
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 0x20)
            default: word.append(byte)
            }
        }
        endWord()
        return String(decoding: key, as: UTF8.self)
    }

    /// The plural of a name, for a count of more than one that the recipes wrote in the
    /// singular (`1 onion` twice is `2 onions`): the last word gets `-es` after `x`, `z`,
    /// `ch`, `sh` and in `tomato`, `potato`, `mango`; `-ies` for a `y` after a
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

    /// Appends the key of one lower-case word (its UTF-8 bytes) to `key`; `word` is used up.
    private static func appendWordKey(_ word: inout [UInt8], to key: inout [UInt8]) {
        let s = UInt8(ascii: "s"), e = UInt8(ascii: "e")
        if word.count >= 6, word[word.count - 1] == s, word[word.count - 3] == UInt8(ascii: "v"),
           let irregular = fPlurals.first(where: { $0.plural.utf8.elementsEqual(word) }) {
            word = Array(irregular.singular.utf8)
        }
        /// The byte `back` places from the end (1: the last), or 0.
        func last(_ back: Int) -> UInt8 { word.count >= back ? word[word.count - back] : 0 }
        // Keep a stem of two letters at least: `as`, `es` and `us` stay.
        if word.count > 3, last(1) == s, last(2) == e {
            word.removeLast(2)
        } else if word.count > 2, last(1) == s, last(2) != s, last(2) != UInt8(ascii: "u") {
            word.removeLast()
        }
        if word.count > 2, last(1) == e { word.removeLast() }
        if word.count > 1, last(1) == UInt8(ascii: "y") { word[word.count - 1] = UInt8(ascii: "i") }
        key.append(contentsOf: word)
    }
}
