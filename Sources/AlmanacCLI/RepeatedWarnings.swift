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
    /// Counts by kind, but for the kind of the warning admitted last, counted in ``lastCount``.
    private var counts: [String: Int] = [:]
    /// The kinds past the limit, in the order they first went past it, with a sample message.
    private var hidden: [(kind: String, sample: String)] = []
    /// The kind of the warning admitted last, its UTF-8 bytes (the first ``lastLength`` of
    /// ``lastBytes``) and its count: a calendar's thousands of warnings of one kind in a row
    /// are counted by comparing bytes, without a string made or hashed for each.
    private var lastKind: String?
    private var lastBytes: [UInt8] = []
    private var lastLength = 0
    private var lastCount = 0
    /// Where the kind of the warning at hand is written (swapped with ``lastBytes``).
    private var scratch: [UInt8] = []

    init(shown: Int = 5) {
        self.shown = shown
    }

    /// Whether to print `diagnostic`; counts it when not.
    func admits(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.severity == .warning, diagnostic.code == nil else { return true }
        let length = Self.writeKind(of: diagnostic.message, into: &scratch)
        if lastKind != nil, length == lastLength, Self.sameBytes(scratch, lastBytes, count: length) {
            lastCount += 1
        } else {
            if let lastKind { counts[lastKind] = lastCount }
            let kind = String(decoding: scratch[..<length], as: UTF8.self)
            lastCount = counts[kind, default: 0] + 1
            lastKind = kind
            lastLength = length
            swap(&scratch, &lastBytes)
        }
        if lastCount == shown + 1, let lastKind { hidden.append((lastKind, diagnostic.message)) }
        return lastCount <= shown
    }

    /// Whether the first `count` bytes of `one` and `other` are the same.
    private static func sameBytes(_ one: [UInt8], _ other: [UInt8], count: Int) -> Bool {
        one.withUnsafeBufferPointer { first in
            other.withUnsafeBufferPointer { second in
                var index = 0
                while index < count {
                    if first[index] != second[index] { return false }
                    index += 1
                }
                return true
            }
        }
    }

    /// How many warnings of `kind` were admitted.
    private func count(of kind: String) -> Int {
        kind == lastKind ? lastCount : counts[kind, default: 0]
    }

    /// One note per kind of warning that went past the limit:
    /// `N more warnings like "…" were not shown (--all-warnings shows every one)`.
    func summary() -> [Diagnostic] {
        hidden.map { entry in
            let more = count(of: entry.kind) - shown
            let noun = more == 1 ? "warning" : "warnings"
            return Diagnostic(.note, "\(more) more \(noun) like \"\(entry.sample)\" were not shown (--all-warnings shows every one)")
        }
    }

    /// The message without what stands between its first and its last
    /// quotation mark (the names it quotes: `'Farmers' market'` holds an apostrophe, so the
    /// quotes cannot be paired) and without ASCII digits. Works on the message's UTF-8 bytes:
    /// a long conversion asks this of every warning it makes.
    static func kind(of diagnostic: Diagnostic) -> String {
        var bytes: [UInt8] = []
        let length = writeKind(of: diagnostic.message, into: &bytes)
        return String(decoding: bytes[..<length], as: UTF8.self)
    }

    /// Writes ``kind(of:)`` of a warning with `message` as UTF-8 into the start of `kept`
    /// (grown when too short, its bytes past the kind left as they were); returns its length.
    static func writeKind(of message: String, into kept: inout [UInt8]) -> Int {
        var message = message
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
            if kept.count < count + 1 { kept = [UInt8](repeating: 0, count: count + 1) }
            return kept.withUnsafeMutableBufferPointer { kept in
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
