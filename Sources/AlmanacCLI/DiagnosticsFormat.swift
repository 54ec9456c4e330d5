import AlmanacCore

/// `--diagnostics text|json`: how `almanac validate` prints what it found.
enum DiagnosticsFormat: String {
    case text
    case json

    /// The diagnostics as one JSON document: `{"errors": N, "warnings": N, "diagnostics": [...]}`.
    static func json(_ diagnostics: [Diagnostic]) -> String {
        func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20: result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
        let rows = diagnostics.map { diagnostic -> String in
            var fields = ["\"severity\": \(quoted(diagnostic.severity.rawValue))"]
            if let code = diagnostic.code { fields.append("\"rule\": \(quoted(code))") }
            fields.append("\"message\": \(quoted(diagnostic.message))")
            if let source = diagnostic.source { fields.append("\"file\": \(quoted(source))") }
            if let position = diagnostic.position {
                fields.append("\"line\": \(position.line)")
                fields.append("\"column\": \(position.column)")
            }
            if let item = diagnostic.item {
                fields.append("\"item\": {\"kind\": \(quoted(item.kind.rawValue)), \"id\": \(quoted(item.id)), \"title\": \(quoted(item.title))}")
            }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let list = rows.isEmpty ? "[]" : "[\n" + rows.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"errors\": \(errors),\n  \"warnings\": \(warnings),\n  \"diagnostics\": \(list)\n}\n"
    }
}
