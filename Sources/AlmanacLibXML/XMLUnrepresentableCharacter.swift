/// A character ``XMLMarkupWriter`` was asked to write that XML 1.0 cannot hold.
package struct XMLUnrepresentableCharacter: Error, Hashable, Sendable {
    /// The character's code point.
    package var codePoint: UInt32
    /// Where: the element (`notes`), the attribute (`recipe/@id`) or the kept element (`<name>`).
    package var field: String
    /// The elements open around it, outermost first (as ``XMLMarkupWriter/openElements``).
    package var openElements: [String]

    package init(codePoint: UInt32, field: String, openElements: [String]) {
        self.codePoint = codePoint
        self.field = field
        self.openElements = openElements
    }

    /// The message of a codec's encoding error for `codePoint` in `field` (the codec's own
    /// description of where, such as `events[0] <notes>`).
    package static func message(codePoint: UInt32, field: String) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "\(field) holds U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), which XML 1.0 cannot hold; remove it or convert to a format that can (json)"
    }
}
