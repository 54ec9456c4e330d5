import Almanac

/// Keeps a conversion of thousands of items from printing thousands of copies of one
/// warning: the first ``shown`` warnings of each kind are printed as they come, the rest are
/// counted, and ``summary()`` gives one note per kind with how many were not shown.
/// Two warnings are of one kind when they have the same rule id and the same message once
/// the names they quote and the numbers in them are left out, as the thousands of
/// "event 'Dentist': Markdown cannot carry the extras other formats kept (ics)" of a calendar.
/// Errors, notes and rule findings (a diagnostic with a rule id: what `--warn RULE` asks to
/// see for every item) are always printed. `--all-warnings` turns the limiter off.
final class RepeatedWarnings {
    /// How many warnings of one kind are printed before the rest are only counted.
    let shown: Int
    private var counts: [String: Int] = [:]
    /// The kinds past the limit, in the order they first went past it, with a sample message.
    private var hidden: [(kind: String, sample: String)] = []

    init(shown: Int = 5) {
        self.shown = shown
    }

    /// Whether to print `diagnostic`; counts it when not.
    func admits(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.severity == .warning, diagnostic.code == nil else { return true }
        let kind = Self.kind(of: diagnostic)
        let count = counts[kind, default: 0] + 1
        counts[kind] = count
        if count == shown + 1 { hidden.append((kind, diagnostic.message)) }
        return count <= shown
    }

    /// One note per kind of warning that went past the limit:
    /// `N more warnings like "…" were not shown (--all-warnings shows every one)`.
    func summary() -> [Diagnostic] {
        hidden.map { entry in
            let more = counts[entry.kind, default: 0] - shown
            let noun = more == 1 ? "warning" : "warnings"
            return Diagnostic(.note, "\(more) more \(noun) like \"\(entry.sample)\" were not shown (--all-warnings shows every one)")
        }
    }

    /// The message without what stands between its first and its last
    /// quotation mark (the names it quotes: `'Farmers' market'` holds an apostrophe, so the
    /// quotes cannot be paired) and without digits.
    static func kind(of diagnostic: Diagnostic) -> String {
        let quotes: Set<Character> = ["'", "\"", "“", "”"]
        let message = diagnostic.message
        var kept = Substring(message)
        if let first = message.firstIndex(where: quotes.contains), let last = message.lastIndex(where: quotes.contains), first < last {
            kept = message[..<first] + "…" + message[message.index(after: last)...]
        }
        return kept.filter { !$0.isNumber }
    }
}
