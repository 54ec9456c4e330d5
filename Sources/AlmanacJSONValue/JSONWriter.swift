/// A deterministic JSON writer on bytes: members in the order given, strings escaped
/// the same way every time (`"`, `\` and control characters; everything else as UTF-8),
/// numbers in JSON's spelling. Writes whole ``JSONValue`` trees (pretty, two spaces an
/// indent, or compact on one line), or piece by piece for writers with a layout of their own.
public struct JSONWriter: Sendable {
    /// What has been written.
    public private(set) var bytes: [UInt8] = []
    /// Whether ``write(_:)`` puts each member and element on its own line.
    public let pretty: Bool

    /// A writer; `pretty` indents by two spaces, otherwise everything is on one line.
    public init(pretty: Bool = true, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// Hands over what has been written and starts again with no bytes.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    // MARK: Whole values

    /// Writes `value` at indent level 0.
    public mutating func write(_ value: JSONValue) {
        write(value, indent: 0)
    }

    /// Writes `value` as it would be nested `indent` levels deep (its first line is not indented).
    public mutating func write(_ value: JSONValue, indent: Int) {
        switch value.kind {
        case .null: appendASCII("null")
        case .bool(let flag): if flag { appendASCII("true") } else { appendASCII("false") }
        case .number(let text): appendNumber(text)
        case .string(let text): appendString(text)
        case .array(let elements):
            guard !elements.isEmpty else { return appendASCII("[]") }
            appendASCII("[")
            for (position, element) in elements.enumerated() {
                if position > 0 { appendASCII(",") }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            appendASCII("]")
        case .object(let members):
            guard !members.isEmpty else { return appendASCII("{}") }
            appendASCII("{")
            for (position, member) in members.enumerated() {
                if position > 0 { appendASCII(",") }
                newline(indent + 1)
                appendString(member.key)
                if pretty { appendASCII(": ") } else { appendASCII(":") }
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            appendASCII("}")
        }
    }

    /// A line break and `level` indents when pretty; nothing when compact.
    public mutating func newline(_ level: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    // MARK: Pieces

    /// Appends ASCII text as it is, such as punctuation.
    public mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte as it is.
    public mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends a number as JSON spells it: no `+`, no leading zeros, digits on both sides
    /// of a point, no trailing zeros after it (`+007.50` is written `7.5`, `-0` as `0`).
    /// `text` must be a decimal number, optionally signed, without an exponent.
    public mutating func appendNumber(_ text: String) {
        var digits = Substring(text)
        var negative = false
        if digits.hasPrefix("+") {
            digits = digits.dropFirst()
        } else if digits.hasPrefix("-") {
            negative = true
            digits = digits.dropFirst()
        }
        if digits.contains(where: { $0 == "e" || $0 == "E" }) {
            // Already JSON's exponent form (as the reader keeps it): write it unchanged.
            if negative { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: digits.utf8)
            return
        }
        var integer = digits.prefix { $0 != "." }
        var fraction = digits.dropFirst(integer.count + 1)
        while integer.count > 1, integer.first == "0" { integer = integer.dropFirst() }
        while fraction.last == "0" { fraction = fraction.dropLast() }
        if integer.isEmpty { integer = "0" }
        if negative && !(integer == "0" && fraction.isEmpty) { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: integer.utf8)
        if digits.contains(".") {
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: (fraction.isEmpty ? "0" : fraction).utf8)
        }
    }

    /// Appends a JSON string: `"` and `\` escaped, control characters and DEL as escapes,
    /// the rest as UTF-8.
    public mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendASCII("\\\"")
            case UInt8(ascii: "\\"): appendASCII("\\\\")
            case 0x0A: appendASCII("\\n")
            case 0x0D: appendASCII("\\r")
            case 0x09: appendASCII("\\t")
            case 0x08: appendASCII("\\b")
            case 0x0C: appendASCII("\\f")
            case 0..<0x20, 0x7F:
                appendASCII("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
