import AlmanacCore
import AlmanacJSONKit

/// `--diagnostics text|json`: how `almanac validate` prints what it found.
enum DiagnosticsFormat: String {
    case text
    case json

    /// The diagnostics as one JSON document: `{"errors": N, "warnings": N, "diagnostics": [...]}`.
    static func json(_ diagnostics: [Diagnostic]) -> String {
        func quoted(_ text: String) -> String {
            var bytes: [UInt8] = []
            JSONStringEscapes.append(text, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
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
