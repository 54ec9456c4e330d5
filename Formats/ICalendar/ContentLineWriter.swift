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
        write("BEGIN:" + component.name)
        for property in component.properties { write(property.raw) }
        for child in component.children { self.component(child) }
        write("END:" + component.name)
    }

    /// Writes one logical line, folding it. Control characters other than tab can
    /// never reach the output, so a value cannot start a line of its own.
    mutating func write(_ line: String) {
        var utf8 = Array(line.utf8)
        utf8.removeAll { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
        var start = 0
        var limit = Self.maximumOctets
        while utf8.count - start > limit {
            var end = start + limit
            // Step back to the first byte of a UTF-8 sequence.
            while end > start && utf8[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = start + limit }
            bytes.append(contentsOf: utf8[start..<end])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = Self.maximumOctets - 1
        }
        bytes.append(contentsOf: utf8[start...])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }
}
