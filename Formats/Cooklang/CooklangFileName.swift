/// File names for recipes written to a folder.
enum CooklangFileName {
    /// A lower-case slug of `title`: letters and digits (any script) kept, runs of anything
    /// else one `-`; `recipe` when nothing is left.
    static func slug(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
            if slug.utf8.count > 80 { break }
        }
        return slug.isEmpty ? "recipe" : slug
    }
}
