import AlmanacICalendarModel

/// Writes an iCalendar component tree as jCal (RFC 7265) bytes: one property per line,
/// components indented, or everything on one line when `compact`.
struct JCalWriter {
    private(set) var bytes: [UInt8] = []
    let compact: Bool

    init(compact: Bool) {
        self.compact = compact
        bytes.reserveCapacity(16_384)
    }

    /// Writes `component` and a final newline.
    mutating func write(_ component: ICalComponent) {
        self.component(component, indent: 0)
        bytes.append(0x0A)
    }

    private mutating func newline(_ indent: Int) {
        guard !compact else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func ascii(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func component(_ component: ICalComponent, indent: Int) {
        ascii("[")
        string(component.name.lowercased())
        ascii(",")
        newline(indent + 1)
        ascii("[")
        for (index, property) in component.properties.enumerated() {
            if index > 0 { ascii(",") }
            newline(indent + 2)
            self.property(property)
        }
        if !component.properties.isEmpty { newline(indent + 1) }
        ascii("],")
        newline(indent + 1)
        ascii("[")
        for (index, child) in component.children.enumerated() {
            if index > 0 { ascii(",") }
            newline(indent + 2)
            self.component(child, indent: indent + 2)
        }
        if !component.children.isEmpty { newline(indent + 1) }
        ascii("]")
        newline(indent)
        ascii("]")
    }

    private mutating func property(_ property: ICalProperty) {
        let (type, values) = ICalValueConverter.typedValues(of: property)
        ascii("[")
        string(property.name.lowercased())
        ascii(", {")
        var first = true
        for parameter in property.parameters {
            // The type says what VALUE would; binary values are base64 by definition.
            if parameter.name == "VALUE" || (type == "binary" && parameter.name == "ENCODING") { continue }
            if !first { ascii(", ") }
            first = false
            string(parameter.name.lowercased())
            ascii(": ")
            if parameter.values.count == 1 {
                string(parameter.values[0])
            } else {
                ascii("[")
                for (index, value) in parameter.values.enumerated() {
                    if index > 0 { ascii(", ") }
                    string(value)
                }
                ascii("]")
            }
        }
        ascii("}, ")
        string(type)
        for value in values {
            ascii(", ")
            if type == "period", case .parts(let ends) = value {
                // RFC 7265 writes a period as one string, start and end (or duration) joined by "/".
                string(ends.map { if case .string(let text) = $0 { return text } else { return "" } }.joined(separator: "/"))
            } else {
                self.value(value)
            }
        }
        ascii("]")
    }

    private mutating func value(_ value: ICalValue) {
        switch value {
        case .string(let text):
            string(text)
        case .integer(let text), .float(let text):
            number(text)
        case .boolean(let flag):
            if flag { ascii("true") } else { ascii("false") }
        case .parts(let parts):
            ascii("[")
            for (index, part) in parts.enumerated() {
                if index > 0 { ascii(", ") }
                self.value(part)
            }
            ascii("]")
        case .recur(let parts):
            ascii("{")
            for (index, part) in parts.enumerated() {
                if index > 0 { ascii(", ") }
                string(part.name)
                ascii(": ")
                // One value is written as itself, several as an array (as RFC 7265's examples do).
                if let only = part.values.first, part.values.count == 1 {
                    self.value(only)
                } else {
                    self.value(.parts(part.values))
                }
            }
            ascii("}")
        }
    }

    /// A number as JSON spells it: no `+`, no leading zeros, digits around a point.
    private mutating func number(_ text: String) {
        var digits = Substring(text)
        var negative = false
        if digits.hasPrefix("+") { digits = digits.dropFirst() } else if digits.hasPrefix("-") {
            negative = true
            digits = digits.dropFirst()
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

    /// A JSON string: `"` and `\` escaped, control characters as escapes, the rest as UTF-8.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): ascii("\\\"")
            case UInt8(ascii: "\\"): ascii("\\\\")
            case 0x0A: ascii("\\n")
            case 0x0D: ascii("\\r")
            case 0x09: ascii("\\t")
            case 0x08: ascii("\\b")
            case 0x0C: ascii("\\f")
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                ascii("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
