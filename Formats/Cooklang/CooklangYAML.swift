import AlmanacCore

/// YAML front matter as the writer writes it: `key: value` lines, strings quoted when plain
/// YAML would read them otherwise, lists in flow style.
enum CooklangYAML {
    static func frontMatter(_ entries: [(key: String, value: CooklangMetadataValue)]) -> String {
        guard !entries.isEmpty else { return "" }
        var text = "---\n"
        for (key, value) in entries {
            text += scalar(key) + ": "
            switch value {
            case .text(let value): text += key == "favorite" && value == "true" ? value : scalar(value)
            case .list(let items): text += "[" + items.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
            }
            text += "\n"
        }
        return text + "---\n"
    }

    /// `text` plain when YAML reads it back as the same string, else double-quoted.
    static func scalar(_ text: String, inFlow: Bool = false) -> String {
        guard needsQuotes(text, inFlow: inFlow) else { return text }
        // Cooklang's YAML reader takes no `\u` escapes: a space stands for other control characters.
        return YAMLDoubleQuoted.quote(text, controls: .space)
    }

    private static func needsQuotes(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if first == " " || last == " " || "-?:,[]{}#&*!|>'\"%@`=~".unicodeScalars.contains(first) { return true }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return true }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" || $0 == "\"" }) { return true }
        if inFlow, text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return true }
        // Words YAML reads as something else than a string.
        return ["true", "false", "yes", "no", "null", "on", "off", "~"].contains(text.lowercased())
    }
}
