import AlmanacICalendarModel

/// Writes content lines as bytes: CRLF after each, folded so that no line is
/// longer than 75 octets, never inside a UTF-8 sequence.
struct ContentLineWriter {
    /// The longest physical line in octets, without its CRLF (RFC 5545 section 3.1).
    static let maximumOctets = 75

    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 8_192) {
        bytes.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes`.
    init(continuing bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Hands over what has been written and starts again with no bytes.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// `NAME;PARAM=value:value` from parts; parameter values are quoted and
    /// caret-escaped as needed, `value` is written as given (already escaped).
    mutating func property(_ name: String, _ value: String) {
        write(name + ":" + value)
    }

    /// `NAME;PARAM=value:value` with parameters.
    mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        var line = name
        for (parameterName, parameterValue) in parameters {
            line += ";" + parameterName + "=" + ICalParameter.quoted(parameterValue)
        }
        line += ":" + value
        write(line)
    }

    /// A component: `BEGIN:`, its properties as their content lines, its
    /// sub-components, `END:`.
    mutating func component(_ component: ICalComponent) {
        begin(component)
        end(component.name)
    }

    /// A component without its `END:` line, for a writer that adds more sub-components later.
    mutating func begin(_ component: ICalComponent) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "BEGIN:".utf8)
        line.append(contentsOf: component.name.utf8)
        writeLine()
        for property in component.properties {
            line.removeAll(keepingCapacity: true)
            property.appendRaw(to: &line)
            writeLine()
        }
        for child in component.children { self.component(child) }
    }

    /// `END:name`.
    mutating func end(_ name: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "END:".utf8)
        line.append(contentsOf: name.utf8)
        writeLine()
    }

    /// Writes one logical line, folding it. Control characters other than tab can
    /// never reach the output, so a value cannot start a line of its own.
    mutating func write(_ text: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: text.utf8)
        writeLine()
    }

    /// The logical line being written, as bytes.
    private var line: [UInt8] = []

    private static func isLeftOut(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// Writes `line`, folded, with CRLF after each physical line.
    private mutating func writeLine() {
        if line.contains(where: Self.isLeftOut) { line.removeAll(where: Self.isLeftOut) }
        var start = 0
        var limit = Self.maximumOctets
        while line.count - start > limit {
            var end = start + limit
            // Step back to the first byte of a UTF-8 sequence.
            while end > start && line[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = start + limit }
            bytes.append(contentsOf: line[start..<end])
            bytes.append(0x0D)
            bytes.append(0x0A)
            bytes.append(0x20)
            start = end
            limit = Self.maximumOctets - 1
        }
        bytes.append(contentsOf: line[start...])
        bytes.append(0x0D)
        bytes.append(0x0A)
    }
}
