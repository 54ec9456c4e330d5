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
        // Most texts hold nothing to escape: they are their own value.
        guard let first = firstSpecialOffset(in: text, from: 0) else { return (text, nil, false) }
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        var breaks = ""
        var sawCarriageReturn = false
        var dropped = false
        // Runs of ordinary bytes are copied whole; each special byte (ASCII, so on a
        // character boundary) is written escaped or left out.
        var copied = 0
        var special: Int? = first
        while let at = special {
            result += text[index(copied)..<index(at)]
            copied = at + 1
            switch utf8[index(at)] {
            case UInt8(ascii: "\\"): result += "\\\\"
            case UInt8(ascii: ";"): result += "\\;"
            case UInt8(ascii: ","): result += "\\,"
            case UInt8(ascii: "\n"):
                result += "\\n"
                breaks += "n"
            case UInt8(ascii: "\r"):
                sawCarriageReturn = true
                result += "\\n"
                if copied < utf8.count && utf8[index(copied)] == UInt8(ascii: "\n") {
                    copied += 1
                    breaks += "c"
                } else {
                    breaks += "r"
                }
            default:
                dropped = true
            }
            special = firstSpecialOffset(in: text, from: copied)
        }
        result += text[index(copied)...]
        return (result, sawCarriageReturn ? breaks : nil, dropped)
    }

    /// Whether TEXT must escape or leave out `byte`: `\`, `;`, `,`, line breaks, and the
    /// control characters other than tab.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","), 0x7F: return true
        case UInt8(ascii: "\t"): return false
        default: return byte < 0x20
        }
    }

    /// The UTF-8 offset of the first byte at or after `start` that ``isSpecial(_:)``.
    private static func firstSpecialOffset(in text: String, from start: Int) -> Int? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes[start...].firstIndex(where: isSpecial)
        }) {
            return found
        }
        return Array(text.utf8)[start...].firstIndex(where: isSpecial)
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
        var breakKinds = Array(breaks ?? "")[...]
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
