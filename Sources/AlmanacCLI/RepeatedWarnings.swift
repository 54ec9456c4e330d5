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
    /// quotes cannot be paired) and without ASCII digits. Works on the message's UTF-8 bytes:
    /// a long conversion asks this of every warning it makes.
    static func kind(of diagnostic: Diagnostic) -> String {
        var message = diagnostic.message
        return message.withUTF8 { bytes in
            // A quotation mark: ' or " (one byte), or “ ” (E2 80 9C / E2 80 9D); its first byte's offset.
            func quoteLength(at index: Int) -> Int {
                switch bytes[index] {
                case 0x27, 0x22: return 1
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0x9C || bytes[index + 2] == 0x9D): return 3
                default: return 0
                }
            }
            var first = -1, lastEnd = -1
            var index = 0
            while index < bytes.count {
                let length = quoteLength(at: index)
                if length > 0 {
                    if first < 0 { first = index } else { lastEnd = index + length }
                    index += length
                } else {
                    index += 1
                }
            }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            func keep(_ range: Range<Int>) {
                for offset in range where !(0x30...0x39).contains(bytes[offset]) { kept.append(bytes[offset]) }
            }
            if first >= 0, lastEnd > first {
                keep(0..<first)
                kept.append(contentsOf: [0xE2, 0x80, 0xA6])  // …
                keep(lastEnd..<bytes.count)
            } else {
                keep(0..<bytes.count)
            }
            return String(decoding: kept, as: UTF8.self)
        }
    }
}
