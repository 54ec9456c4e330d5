import AlmanacICalendarModel
import AlmanacJSONKit

/// Writes an iCalendar component tree as jCal (RFC 7265) bytes: one property per line,
/// components indented, or everything on one line when `compact`.
struct JCalWriter {
    /// The shared JSON writer: escaping and numbers as every almanac JSON writer spells them.
    private var output: JSONWriter

    init(compact: Bool) {
        output = JSONWriter(pretty: !compact, reservingCapacity: 16_384)
    }

    /// What has been written.
    var bytes: [UInt8] { output.bytes }

    /// Hands over what has been written and starts again with no bytes.
    mutating func takeBytes() -> [UInt8] {
        output.takeBytes()
    }

    /// Writes `component` and a final newline.
    mutating func write(_ component: ICalComponent) {
        self.component(component, indent: 0)
        output.byte(0x0A)
    }

    /// A line break and `indent` levels when pretty.
    mutating func newline(_ indent: Int) {
        output.newline(indent)
    }

    mutating func ascii(_ text: StaticString) {
        output.ascii(text)
    }

    private mutating func string(_ text: String) {
        output.string(text)
    }

    private mutating func number(_ text: String) {
        output.decimal(text)
    }

    /// `component` nested `indent` levels deep (its first line is not indented).
    mutating func component(_ component: ICalComponent, indent: Int) {
        open(component, indent: indent)
        close(indent: indent, hasChildren: !component.children.isEmpty)
    }

    /// `component` with its sub-components so far, its list of them left open for more
    /// (a streamed calendar's head); ``close(indent:hasChildren:)`` ends it.
    mutating func open(_ component: ICalComponent, indent: Int) {
        ascii("[")
        string(component.name.lowercased())
        ascii(",")
        newline(indent + 1)
        ascii("[")
        lines(component.properties, indent: indent + 2) { $0.property($1) }
        if !component.properties.isEmpty { newline(indent + 1) }
        ascii("],")
        newline(indent + 1)
        ascii("[")
        lines(component.children, indent: indent + 2) { $0.component($1, indent: indent + 2) }
    }

    /// `elements` a line each, `indent` deep, with commas between them.
    private mutating func lines<Element>(_ elements: [Element], indent: Int, _ write: (inout Self, Element) -> Void) {
        for (index, element) in elements.enumerated() {
            if index > 0 { ascii(",") }
            newline(indent)
            write(&self, element)
        }
    }

    /// Ends a component ``open(_:indent:)`` began; `hasChildren` when its list holds any.
    mutating func close(indent: Int, hasChildren: Bool) {
        if hasChildren { newline(indent + 1) }
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
}
