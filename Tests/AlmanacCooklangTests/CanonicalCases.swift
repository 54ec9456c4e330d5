import AlmanacTestSupport
import Foundation

/// The Cooklang spec's canonical tests (`../shared/conformance/cooklang/canonical.yaml`), read
/// by a reader of just the YAML that file uses: each case's `source` block and its `result`
/// (steps as lists of items with `type`, `name`, `value`, `quantity`, `units`; `metadata`).
struct CanonicalCase: Sendable, CustomStringConvertible {
    /// One expected item: its fields as written, and whether each value was quoted.
    struct Item: Sendable {
        var fields: [String: (text: String, quoted: Bool)] = [:]
        subscript(key: String) -> String? { fields[key]?.text }
    }

    var name: String
    var source: String
    var steps: [[Item]] = []
    var metadata: [(key: String, value: String)] = []

    var description: String { name }

    static let file = TestPaths.shared?.appendingPathComponent("conformance/cooklang/canonical.yaml")

    /// Every case, in the file's order; empty when `../shared` is absent.
    static let all: [CanonicalCase] = {
        guard let file, let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return parse(text)
    }()

    static func parse(_ text: String) -> [CanonicalCase] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var cases: [CanonicalCase] = []
        var index = 0
        var inMetadata = false
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            index += 1
            if content.isEmpty || content.hasPrefix("#") { continue }
            switch indent {
            case 2 where content.hasSuffix(":"):
                cases.append(CanonicalCase(name: String(content.dropLast()), source: ""))
                inMetadata = false
            case 4 where content == "source: |":
                var block: [String] = []
                while index < lines.count {
                    let next = lines[index]
                    let nextIndent = next.prefix { $0 == " " }.count
                    if !next.trimmingCharacters(in: .whitespaces).isEmpty && nextIndent < 6 { break }
                    block.append(next.count >= 6 ? String(next.dropFirst(6)) : "")
                    index += 1
                }
                while block.last == "" { block.removeLast() }
                cases[cases.count - 1].source = block.joined(separator: "\n") + "\n"
            case 6:
                inMetadata = content.hasPrefix("metadata:") && content != "metadata: {}"
            case 8 where content == "-":
                cases[cases.count - 1].steps.append([])
            case 8 where inMetadata:
                let (key, value) = pair(content)
                cases[cases.count - 1].metadata.append((key.text, value.text))
            case 10 where content.hasPrefix("- "):
                let (key, value) = pair(String(content.dropFirst(2)))
                var item = Item()
                item.fields[key.text] = value
                let last = cases.count - 1
                cases[last].steps[cases[last].steps.count - 1].append(item)
            case 12:
                let (key, value) = pair(content)
                let last = cases.count - 1
                let step = cases[last].steps.count - 1
                cases[last].steps[step][cases[last].steps[step].count - 1].fields[key.text] = value
            default:
                break
            }
        }
        return cases
    }

    /// `key: value`, each unquoted (`"…"` with JSON escapes).
    private static func pair(_ text: String) -> (key: (text: String, quoted: Bool), value: (text: String, quoted: Bool)) {
        var quoted = false
        var splitAt = text.startIndex
        for position in text.indices {
            let character = text[position]
            if character == "\"" { quoted.toggle() }
            if character == ":", !quoted {
                splitAt = position
                break
            }
        }
        let key = String(text[..<splitAt])
        let value = String(text[text.index(after: splitAt)...]).trimmingCharacters(in: .whitespaces)
        return (scalar(key), scalar(value))
    }

    private static func scalar(_ text: String) -> (text: String, quoted: Bool) {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""),
              let decoded = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String else {
            return (text, false)
        }
        return (decoded, true)
    }
}
