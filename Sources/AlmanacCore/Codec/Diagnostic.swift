/// A message about an input or a document, such as a warning from a reader or a
/// validation finding, rendered as `file:line:column: severity: message`.
public struct Diagnostic: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case note
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    public var severity: Severity
    public var message: String
    /// The input's name (a path or `<stdin>`), when the message is about an input.
    public var source: String?
    /// Where in that input, when known.
    public var position: SourcePosition?
    /// A stable id for the check that produced it (a rule id), when there is one.
    public var code: String?
    /// The item it is about, when it is about one.
    public var item: ItemReference?

    public init(_ severity: Severity, _ message: String, source: String? = nil, position: SourcePosition? = nil, code: String? = nil, item: ItemReference? = nil) {
        self.severity = severity
        self.message = message
        self.source = source
        self.position = position
        self.code = code
        self.item = item
    }

    /// `file:line:column: severity: message [code]`; parts that are unknown are left out.
    public var rendered: String {
        var text = ""
        if let source {
            text += source
            if let position { text += ":\(position.line):\(position.column)" }
            text += ": "
        }
        text += "\(severity.rawValue): \(message)"
        if let code { text += " [\(code)]" }
        return text
    }
}

/// Which item a diagnostic is about: its kind, id and title.
public struct ItemReference: Hashable, Sendable, Codable {
    public var kind: ItemKind
    public var id: String
    public var title: String

    public init(_ item: Item) {
        kind = item.kind
        id = item.id
        title = item.title
    }
}
