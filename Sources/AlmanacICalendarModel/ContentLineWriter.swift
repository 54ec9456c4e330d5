/// Writes RFC 5545 content lines as bytes, straight from what ``ICalendarTreeBuilder``
/// maps (an ``ICalendarSink``) or from a component tree: each logical line is put
/// together in one reused buffer (name, parameters, the value escaped on bytes), then
/// written folded so that no physical line is longer than 75 octets, never inside a
/// UTF-8 sequence, with CRLF after each.
public struct ContentLineWriter: ICalendarSink {
    /// The longest physical line in octets, without its CRLF (RFC 5545 section 3.1).
    public static let maximumOctets = 75

    /// What has been written.
    public private(set) var bytes: [UInt8] = []
    /// The logical line being put together.
    private var line: [UInt8] = []

    public init(reservingCapacity capacity: Int = 8_192) {
        bytes.reserveCapacity(capacity)
        line.reserveCapacity(256)
    }

    /// A writer that appends to `bytes`.
    public init(continuing bytes: [UInt8]) {
        self.bytes = bytes
        line.reserveCapacity(256)
    }

    /// Hands over what has been written and starts again with no bytes.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    // MARK: ICalendarSink

    public mutating func begin(_ name: String) {
        start("BEGIN")
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: name.utf8)
        writeLine()
    }

    public mutating func end(_ name: String) {
        start("END")
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: name.utf8)
        writeLine()
    }

    public mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        start(name, parameters)
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: value.utf8)
        writeLine()
    }

    public mutating func text(_ name: String, _ parameters: [(String, String)], _ text: String, marksBreaks: Bool) -> Bool {
        start(name)
        if marksBreaks, let breaks = TextValue.breakLetters(of: text) { appendParameter(TextValue.breaksParameter, breaks) }
        for (parameterName, value) in parameters { appendParameter(parameterName, value) }
        line.append(UInt8(ascii: ":"))
        let dropped = TextValue.appendEscaped(text, to: &line)
        writeLine()
        return dropped
    }

    public mutating func textList(_ name: String, _ texts: [String]) {
        start(name)
        line.append(UInt8(ascii: ":"))
        for (index, text) in texts.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            _ = TextValue.appendEscaped(text, to: &line)
        }
        writeLine()
    }

    public mutating func time(_ name: String, _ parameters: [(String, String)], _ value: ICalTimeText.Value) {
        start(name, parameters)
        line.append(UInt8(ascii: ":"))
        switch value {
        case .date(let date): ICalTimeText.append(date, to: &line)
        case .dateTime(let time, let utc): ICalTimeText.append(time, utc: utc, to: &line)
        }
        writeLine()
    }

    public mutating func append(_ property: ICalProperty) {
        line.removeAll(keepingCapacity: true)
        property.appendRaw(to: &line)
        writeLine()
    }

    public mutating func append(_ component: ICalComponent) {
        open(component)
        end(component.name)
    }

    // MARK: Components

    /// A component: `BEGIN:`, its properties as their content lines, its sub-components, `END:`.
    public mutating func component(_ component: ICalComponent) {
        append(component)
    }

    /// A component without its `END:` line, for a writer that adds more sub-components later.
    public mutating func open(_ component: ICalComponent) {
        begin(component.name)
        for property in component.properties { append(property) }
        for child in component.children { append(child) }
    }

    /// Writes one logical line, folding it.
    public mutating func write(_ text: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: text.utf8)
        writeLine()
    }

    // MARK: Lines

    /// Starts a line with `name` and `parameters` (`NAME;PARAM=value`).
    private mutating func start(_ name: String, _ parameters: [(String, String)] = []) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: name.utf8)
        for (parameterName, value) in parameters { appendParameter(parameterName, value) }
    }

    private mutating func appendParameter(_ name: String, _ value: String) {
        line.append(UInt8(ascii: ";"))
        line.append(contentsOf: name.utf8)
        line.append(UInt8(ascii: "="))
        ICalParameter.appendQuoted(value, to: &line)
    }

    /// Control characters other than tab, which can never reach the output, so that a
    /// value cannot start a line of its own.
    @inline(__always)
    private static func isLeftOut(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// Writes `line`, folded, with CRLF after each physical line.
    private mutating func writeLine() {
        if line.contains(where: Self.isLeftOut) { line.removeAll(where: Self.isLeftOut) }
        let logical = line
        logical.withUnsafeBufferPointer { line in
            var start = 0
            var limit = Self.maximumOctets
            while line.count - start > limit {
                var end = start + limit
                // Step back to the first byte of a UTF-8 sequence.
                while end > start && line[end] & 0xC0 == 0x80 { end -= 1 }
                if end == start { end = start + limit }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[start..<end]))
                bytes.append(0x0D)
                bytes.append(0x0A)
                bytes.append(0x20)
                start = end
                limit = Self.maximumOctets - 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[start...]))
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
    }
}
