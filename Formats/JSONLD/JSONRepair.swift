/// One change the `html` reader made to a JSON-LD block so that it reads as JSON, where
/// it made it: every repair becomes a warning at its place in the page.
struct JSONRepair: Hashable {
    /// What was repaired.
    enum Kind: Hashable, CaseIterable {
        /// An HTML comment or CDATA marker (`<!--`, `-->`, `<![CDATA[`, `]]>`) or a
        /// JavaScript comment (`//`, `/* */`) outside strings, left out.
        case comment
        /// A raw line break, tab or other control character inside a string, read as its escape.
        case controlCharacter
        /// A backslash before a character JSON does not escape (`\'`), left out.
        case invalidEscape
        /// A comma before `]` or `}`, left out.
        case trailingComma
        /// An HTML character reference (`&amp;`, `&#39;`) inside a string, read as its character.
        case htmlEntity
    }

    var kind: Kind
    /// Offset in the block's original text of what was repaired.
    var offset: Int
    /// What was there, for the message (`\'`, `&amp;`, `<!--`).
    var original: String
    /// What it was read as (`'`, `&`), empty when it was left out.
    var replacement: String

    /// The warning's text.
    var message: String {
        switch kind {
        case .comment: return "the comment or marker '\(original)' around or in the JSON-LD was left out"
        case .controlCharacter: return "a raw \(original) in a JSON string was read as '\(replacement)'"
        case .invalidEscape: return "'\(original)' is not a JSON escape; read as '\(replacement)'"
        case .trailingComma: return "a trailing comma before '\(replacement)' was left out"
        case .htmlEntity: return "the HTML entity '\(original)' in a JSON string was read as '\(replacement)'"
        }
    }
}
