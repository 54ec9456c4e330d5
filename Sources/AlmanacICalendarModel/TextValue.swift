import AlmanacCore

/// iCalendar TEXT values: backslash escapes for `\`, `;`, `,` and line breaks.
///
/// TEXT has a single line-break escape (`\n`). So that `\r\n` and a lone `\r` in
/// a title survive a round trip exactly, the writer adds the parameter
/// `X-ALMANAC-BREAKS` (one letter per break, in order: `c` for CR LF, `r` for a lone
/// CR, `n` for LF) whenever a text holds a carriage return; other programs simply
/// see line breaks.
public enum TextValue {
    /// The parameter that records which line breaks were CR LF or CR.
    public static let breaksParameter = "X-ALMANAC-BREAKS"

    /// The escaped value, the `X-ALMANAC-BREAKS` letters when needed, and whether
    /// control characters TEXT cannot hold were left out.
    public static func escape(_ text: String) -> (value: String, breaks: String?, droppedControls: Bool) {
        var contiguous = text
        return contiguous.withUTF8 { source in
            // Most texts hold nothing to escape: they are their own value.
            guard source.contains(where: needsEscape) else { return (text, nil, false) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(source.count + 16)
            let dropped = appendEscaped(source, to: &bytes)
            return (String(decoding: bytes, as: UTF8.self), breakLetters(of: text), dropped)
        }
    }

    /// A TEXT property: the value escaped, with `X-ALMANAC-BREAKS` when it holds CRs,
    /// and whether control characters TEXT cannot hold were left out.
    public static func property(_ name: String, _ text: String) -> (property: ICalProperty, droppedControls: Bool) {
        let escaped = escape(text)
        let parameters = escaped.breaks.map { [(breaksParameter, $0)] } ?? []
        return (ICalProperty(name, parameters, escaped.value), escaped.droppedControls)
    }

    /// Undoes TEXT escapes; `breaks` (from `X-ALMANAC-BREAKS`) restores CR LF and CR.
    /// An unknown escape keeps its backslash, except `\:` which some programs write.
    ///
    /// Works on the UTF-8 bytes: the text between escapes is copied in whole runs, and
    /// a value without a backslash (most values) is returned as it is.
    public static func unescape(_ value: String, breaks: String? = nil) -> String {
        guard ByteSearch.firstOffset(of: UInt8(ascii: "\\"), in: value) != nil else { return value }
        var value = value
        return value.withUTF8 { unescape($0, breaks: breaks) }
    }

    /// ``unescape(_:breaks:)`` on the UTF-8 bytes of a value (invalid UTF-8 is repaired
    /// as `String(decoding:as:)` does). Escapes are ASCII and never make the text longer,
    /// so the result is written in place into a string of the value's length.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, breaks: String?) -> String {
        let backslash = UInt8(ascii: "\\")
        // No escape, as in most values: the string of the bytes, made the usual way.
        guard ByteSearch.firstIndex(of: backslash, in: bytes) != nil else { return String(decoding: bytes, as: UTF8.self) }
        // The letters as characters only when there are some (counting a string's
        // characters to make an array costs more than most values' unescaping).
        var breakKinds = (breaks.map { Array($0) } ?? [])[...]
        return String(unsafeUninitializedCapacity: bytes.count) { output in
            var written = 0
            func put(_ byte: UInt8) {
                output[written] = byte
                written += 1
            }
            func copy(_ range: Range<Int>) {
                guard !range.isEmpty else { return }
                UnsafeMutableRawPointer(output.baseAddress! + written).copyMemory(from: bytes.baseAddress! + range.lowerBound, byteCount: range.count)
                written += range.count
            }
            // The first byte not yet copied: always just after an ASCII byte, so on a
            // character boundary.
            var copied = 0
            while let escape = ByteSearch.firstIndex(of: backslash, in: bytes, from: copied) {
                copy(copied..<escape)
                let escaped = escape + 1
                guard escaped < bytes.count else {
                    put(backslash)
                    return written
                }
                copied = escaped + 1
                switch bytes[escaped] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    switch breakKinds.popFirst() {
                    case "c":
                        put(UInt8(ascii: "\r"))
                        put(UInt8(ascii: "\n"))
                    case "r": put(UInt8(ascii: "\r"))
                    default: put(UInt8(ascii: "\n"))
                    }
                case backslash, UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ":"):
                    put(bytes[escaped])
                default:
                    // Not an escape: the backslash stays, and what follows is copied as text.
                    put(backslash)
                    copied = escaped
                }
            }
            copy(copied..<bytes.count)
            return written
        }
    }

    /// Splits a multi-valued TEXT (CATEGORIES) on commas that are not escaped,
    /// unescaping each part; `breaks` (from `X-ALMANAC-BREAKS`) runs across the parts.
    public static func splitList(_ value: String, breaks: String? = nil) -> [String] {
        // The parts as written (escapes still in place), cut at commas no backslash escapes.
        var rawParts: [String] = []
        let utf8 = value.utf8
        var partStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "\\"):
                index = utf8.index(after: index)
                if index != utf8.endIndex { index = utf8.index(after: index) }
            case UInt8(ascii: ","):
                rawParts.append(String(value[partStart..<index]))
                index = utf8.index(after: index)
                partStart = index
            default:
                index = utf8.index(after: index)
            }
        }
        rawParts.append(String(value[partStart...]))
        var remaining = Substring(breaks ?? "")
        return rawParts.map { part in
            let count = lineBreakEscapes(in: part)
            let mine = remaining.prefix(count)
            remaining = remaining.dropFirst(count)
            return unescape(part, breaks: breaks == nil ? nil : String(mine))
        }
    }

    /// How many `\n` (or `\N`) escapes `value` holds.
    private static func lineBreakEscapes(in value: String) -> Int {
        var count = 0
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\\", let escaped = iterator.next(), escaped == "n" || escaped == "N" { count += 1 }
        }
        return count
    }
}
