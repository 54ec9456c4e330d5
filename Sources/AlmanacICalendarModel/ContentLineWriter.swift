/// Writes RFC 5545 content lines as bytes, straight from what ``ICalendarTreeBuilder``
/// maps (an ``ICalendarSink``) or from a component tree: each logical line is put
/// together at the end of the output (name, parameters, the value escaped on bytes),
/// then folded in place so that no physical line is longer than 75 octets, never inside
/// a UTF-8 sequence, with CRLF after each. A line of 75 octets or fewer, most of them,
/// is never copied.
public struct ContentLineWriter: ICalendarSink {
    /// The longest physical line in octets, without its CRLF (RFC 5545 section 3.1).
    public static let maximumOctets = 75

    /// What has been written.
    public private(set) var bytes: [UInt8] = []

    /// Where the logical line being put together starts in ``bytes``.
    private var lineStart = 0
    /// A long or unclean logical line, moved out of ``bytes`` to be folded back in.
    private var line: [UInt8] = []

    public init(reservingCapacity capacity: Int = 8_192) {
        bytes.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes`.
    public init(continuing bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Hands over what has been written and starts again with no bytes.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    // MARK: ICalendarSink

    public mutating func begin(_ name: String) {
        boundary("BEGIN:", name)
    }

    public mutating func end(_ name: String) {
        boundary("END:", name)
    }

    public mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        start(name, parameters)
        bytes.append(UInt8(ascii: ":"))
        Self.append(value, to: &bytes)
        writeLine()
    }

    public mutating func text(_ name: String, _ parameters: [(String, String)], _ text: String, marksBreaks: Bool) -> Bool {
        var source = text
        return source.withUTF8 { source in
            start(name, parameters)
            bytes.append(UInt8(ascii: ":"))
            var valueStart = bytes.count
            var report = TextValue.appendReporting(source, to: &bytes)
            if marksBreaks && report.carriageReturn, let breaks = TextValue.breakLetters(of: text) {
                // Rare: X-ALMANAC-BREAKS comes first, so the line is put together again.
                bytes.removeSubrange(lineStart...)
                start(name)
                appendParameter(TextValue.breaksParameter, breaks)
                for (parameterName, value) in parameters { appendParameter(parameterName, value) }
                bytes.append(UInt8(ascii: ":"))
                valueStart = bytes.count
                report = TextValue.appendReporting(source, to: &bytes)
            }
            writeLine(cleanFrom: valueStart)
            return report.dropped
        }
    }

    public mutating func textList(_ name: String, _ texts: [String]) {
        start(name)
        bytes.append(UInt8(ascii: ":"))
        let valueStart = bytes.count
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            _ = TextValue.appendEscaped(text, to: &bytes)
        }
        writeLine(cleanFrom: valueStart)
    }

    public mutating func time(_ name: String, _ parameters: [(String, String)], _ value: ICalTimeText.Value) {
        start(name, parameters)
        bytes.append(UInt8(ascii: ":"))
        let valueStart = bytes.count
        switch value {
        case .date(let date): ICalTimeText.append(date, to: &bytes)
        case .dateTime(let time, let utc): ICalTimeText.append(time, utc: utc, to: &bytes)
        }
        writeLine(cleanFrom: valueStart)
    }

    public mutating func append(_ property: ICalProperty) {
        lineStart = bytes.count
        property.appendRaw(to: &bytes)
        writeLine()
    }

    public mutating func append(_ component: ICalComponent) {
        open(component)
        end(component.name)
    }

    public mutating func appendFlat(_ name: String, lines: [Range<Int>], of text: UnsafeBufferPointer<UInt8>) -> Bool {
        begin(name)
        for range in lines {
            lineStart = bytes.count
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
            writeLine()
        }
        end(name)
        return true
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
        lineStart = bytes.count
        Self.append(text, to: &bytes)
        writeLine()
    }

    // MARK: Lines

    /// A `BEGIN:` or `END:` line. A short, clean one (every one almanac writes) is put
    /// together on the stack with its CRLF and appended at once.
    private mutating func boundary(_ prefix: StaticString, _ name: String) {
        var name = name
        name.withUTF8 { name in
            let count = prefix.utf8CodeUnitCount + name.count
            guard count <= Self.maximumOctets, !Self.holdsLeftOut(name) else {
                lineStart = bytes.count
                prefix.withUTF8Buffer { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: name)
                writeLine()
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 2) { line in
                let base = line.baseAddress!
                base.initialize(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                if let start = name.baseAddress { (base + prefix.utf8CodeUnitCount).initialize(from: start, count: name.count) }
                (base + count).initialize(to: 0x0D)
                (base + count + 1).initialize(to: 0x0A)
                bytes.append(contentsOf: UnsafeBufferPointer(line))
            }
        }
    }

    /// Starts a line with `name` and `parameters` (`NAME;PARAM=value`).
    private mutating func start(_ name: String, _ parameters: [(String, String)] = []) {
        lineStart = bytes.count
        Self.append(name, to: &bytes)
        for (parameterName, value) in parameters { appendParameter(parameterName, value) }
    }

    private mutating func appendParameter(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: ";"))
        Self.append(name, to: &bytes)
        bytes.append(UInt8(ascii: "="))
        ICalParameter.appendQuoted(value, to: &bytes)
    }

    /// Appends the UTF-8 of `text` as one run of bytes (a small string's too).
    @inline(__always)
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Control characters other than tab, which can never reach the output, so that a
    /// value cannot start a line of its own.
    @inline(__always)
    private static func isLeftOut(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// Whether `line` holds a byte ``isLeftOut(_:)``, looked for eight bytes at a time.
    private static func holdsLeftOut(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 8 <= line.count {
            if ByteWords.controls(ByteWords.load(line, at: index)) != 0 {
                for offset in index..<(index + 8) where isLeftOut(line[offset]) { return true }
            }
            index += 8
        }
        while index < line.count {
            if isLeftOut(line[index]) { return true }
            index += 1
        }
        return false
    }

    /// Ends the logical line that starts at ``lineStart``: folded, with CRLF after each
    /// physical line. A short line without left-out bytes only gets its CRLF. The bytes
    /// from `cleanFrom` on are known to hold none (an escaped TEXT value, a time), so only
    /// those before it are looked at.
    private mutating func writeLine(cleanFrom: Int? = nil) {
        let start = lineStart
        let end = cleanFrom ?? bytes.count
        let holdsLeftOut = bytes.withUnsafeBufferPointer { Self.holdsLeftOut(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        guard holdsLeftOut || bytes.count - start > Self.maximumOctets else {
            bytes.append(0x0D)
            bytes.append(0x0A)
            return
        }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: bytes[start...])
        bytes.removeSubrange(start...)
        if holdsLeftOut { line.removeAll(where: Self.isLeftOut) }
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
