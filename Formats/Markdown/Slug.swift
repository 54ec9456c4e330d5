import AlmanacCore
import Foundation

/// File names from titles: lowercase ASCII letters and digits joined by `-`, so a
/// title can never name a path outside the output folder (`../../etc/passwd` is `etc-passwd`).
struct SlugMaker {
    private var names: UniqueNames

    /// A maker that never hands out the names in `reserved`.
    init(reserved: Set<String> = []) {
        names = UniqueNames(reserved: reserved)
    }

    /// A slug of `title` not handed out before: `banana-bread`, then `banana-bread-2`.
    mutating func unique(_ title: String, fallback: String) -> String {
        names.claim(Self.slug(title, fallback: fallback))
    }

    /// `title` in lowercase ASCII with accents dropped (`Crème brûlée` is `creme-brulee`),
    /// at most 60 characters; `fallback` when nothing is left.
    static func slug(_ title: String, fallback: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in title.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.isASCII && (scalar.properties.isAlphabetic || MarkdownText.isDigit(scalar)) {
                let dash = pendingDash && !slug.isEmpty
                if slug.utf8.count + (dash ? 2 : 1) > 60 { break }
                if dash { slug += "-" }
                pendingDash = false
                slug += String(scalar).lowercased()
            } else if scalar != "'" && scalar != "’" {
                pendingDash = true
            }
        }
        return slug.isEmpty ? fallback : slug
    }
}
