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
        // One look-up: the count is raised in place.
        let count = Self.raise(&counts[kind, default: 0])
        if count == shown + 1 { hidden.append((kind, diagnostic.message)) }
        return count <= shown
    }

    private static func raise(_ count: inout Int) -> Int {
        count += 1
        return count
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
    /// quotes cannot be paired) and without ASCII digits. Works on the message's UTF-8 bytes:
    /// a long conversion asks this of every warning it makes.
    static func kind(of diagnostic: Diagnostic) -> String {
        var message = diagnostic.message
        return message.withUTF8 { bytes in
            let count = bytes.count
            var first = -1, lastEnd = -1
            var index = 0
            while index < count {
                // A quotation mark: ' or " (one byte), or “ ” (E2 80 9C / E2 80 9D).
                let byte = bytes[index]
                var length = 0
                if byte == 0x27 || byte == 0x22 {
                    length = 1
                } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x9C || bytes[index + 2] == 0x9D {
                    length = 3
                }
                if length == 0 {
                    index += 1
                    continue
                }
                if first < 0 { first = index } else { lastEnd = index + length }
                index += length
            }
            let quoted = first >= 0 && lastEnd > first
            return String(unsafeUninitializedCapacity: count + 1) { kept in
                var written = 0
                /// Copies `bytes[from..<to]` without its ASCII digits.
                func keep(_ from: Int, _ to: Int) {
                    for offset in from..<to where bytes[offset] &- 0x30 > 9 {
                        kept[written] = bytes[offset]
                        written += 1
                    }
                }
                if quoted {
                    keep(0, first)
                    // What was quoted, as a byte no message holds: an ASCII kind is
                    // hashed as it is, where "…" would send each lookup through
                    // Unicode normalization.
                    kept[written] = 0x01
                    written += 1
                    keep(lastEnd, count)
                } else {
                    keep(0, count)
                }
                return written
            }
        }
    }
}
