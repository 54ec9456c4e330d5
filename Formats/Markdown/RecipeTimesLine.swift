import AlmanacCore

/// The line that carries a recipe's times in RecipeMD, which has no field for them:
/// `Prep time: PT15M, cook time: PT1H, total time: PT1H15M` as the description's last
/// paragraph. RecipeMD readers see description text; almanac reads the times back.
/// It is written with front matter too, so that the body after the front matter is the same.
enum RecipeTimesLine {
    private static let labels = [("Prep time", "prep time"), ("Cook time", "cook time"), ("Total time", "total time")]

    /// The line for `recipe`, or `nil` when it has no times.
    static func text(_ recipe: Recipe) -> String? {
        let times = [recipe.prepTime, recipe.cookTime, recipe.totalTime]
        var parts: [String] = []
        for (index, time) in times.enumerated() {
            guard let time else { continue }
            let label = parts.isEmpty ? labels[index].0 : labels[index].1
            parts.append("\(label): \(time)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// When the last paragraph of `description` is such a line, removes it and sets the times.
    static func take(from description: inout String, into recipe: inout Recipe) {
        guard mayHoldTimes(description) else { return }
        let paragraphs = description.components(separatedBy: "\n\n")
        guard let last = paragraphs.last, !last.contains("\n") else { return }
        var found: [Int: ISODuration] = [:]
        for part in last.components(separatedBy: ", ") {
            guard let colon = part.firstIndex(of: ":") else { return }
            let label = part[..<colon].lowercased()
            guard let index = labels.firstIndex(where: { $0.1 == label }), found[index] == nil,
                  part[part.index(after: colon)...].first == " ",
                  let duration = ISODuration(String(part[part.index(colon, offsetBy: 2)...])) else { return }
            found[index] = duration
        }
        guard !found.isEmpty else { return }
        recipe.prepTime = found[0]
        recipe.cookTime = found[1]
        recipe.totalTime = found[2]
        description = paragraphs.dropLast().joined(separator: "\n\n")
    }

    /// Whether `text` holds `time:` in any ASCII case, which every label ends with
    /// (no other character lowercases to those letters); most descriptions do not,
    /// and are passed over without splitting them.
    private static func mayHoldTimes(_ text: String) -> Bool {
        let suffix = Array("time:".utf8)
        return MarkdownText.withBytes(text) { bytes in
            guard bytes.count >= suffix.count else { return false }
            for start in 0...(bytes.count - suffix.count) where bytes[start + 4] == UInt8(ascii: ":") {
                if (0..<4).allSatisfy({ bytes[start + $0] | 0x20 == suffix[$0] }) { return true }
            }
            return false
        }
    }
}
