/// Writes RFC 5545 content lines as bytes, straight from what ``ICalendarTreeBuilder``
/// maps (an ``ICalendarSink``) or from a component tree: each logical line is put
/// together at the end of the output (name, parameters, the value escaped on bytes),
/// then folded in place so that no physical line is longer than 75 octets, never inside
/// a UTF-8 sequence, with CRLF after each. A line of 75 octets or fewer, most of them,
/// is never copied. The output is a buffer of the writer's own, written through a pointer
/// and grown by doubling, so that the many short pieces of a line cost no more than a copy.
public struct ContentLineWriter: ICalendarSink {
    /// The longest physical line in octets, without its CRLF (RFC 5545 section 3.1).
    public static let maximumOctets = 75

    /// What has been written (a copy).
    public var bytes: [UInt8] { out.array() }

    /// The output (shared by copies of the writer until one of them writes, see ``unique()``).
    private var out: ContentLineOutput
    /// Where the logical line being put together starts in ``out``.
    private var lineStart = 0
    /// A long or unclean logical line, moved out of ``out`` to be folded back in.
    private var line: [UInt8] = []
    /// Room for the pieces that are written to an array (a parameter, a kept line) before
    /// they are copied to ``out``.
    private var scratch: [UInt8] = []
    /// `BEGIN:` and `END:` lines written so far with their CRLF, at most eight (a calendar
    /// has few component names), each copied whole when it comes again.
    private var boundaryLines: [(begin: Bool, name: String, line: [UInt8])] = []
    /// `;NAME=value` pieces written so far, at most eight, likewise (a calendar repeats a
    /// few: its zones' TZID, RELTYPE=PARENT, VALUE=DATE).
    private var parameterPieces: [(name: String, value: String, piece: [UInt8])] = []

    public init(reservingCapacity capacity: Int = 8_192) {
        out = ContentLineOutput(capacity: capacity)
    }

    /// A writer that appends to `bytes`.
    public init(continuing bytes: [UInt8]) {
        out = ContentLineOutput(capacity: max(2 * bytes.count, 8_192))
        bytes.withUnsafeBufferPointer { out.append($0) }
    }

    /// Hands over what has been written and starts again with no bytes.
    public mutating func takeBytes() -> [UInt8] {
        unique()
        defer { out.count = 0 }
        return out.array()
    }

    /// Appends what has been written to `bytes` and starts again with no bytes, keeping
    /// the room (for a writer that writes a document item by item).
    public mutating func moveBytes(to bytes: inout [UInt8]) {
        unique()
        out.move(to: &bytes)
    }

    /// Makes ``out`` this writer's alone before it is written to.
    @inline(__always)
    private mutating func unique() {
        if !isKnownUniquelyReferenced(&out) { out = out.copy() }
    }

    // MARK: ICalendarSink

    public mutating func begin(_ name: String) {
        unique()
        boundary(begin: true, name)
    }

    public mutating func end(_ name: String) {
        unique()
        boundary(begin: false, name)
    }

    public mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        unique()
        start(name, parameters)
        out.append(UInt8(ascii: ":"))
        Self.append(value, to: out)
        writeLine()
    }

    public mutating func text(_ name: String, _ parameters: [(String, String)], _ text: String, marksBreaks: Bool) -> Bool {
        unique()
        var source = text
        return source.withUTF8 { source in
            start(name, parameters)
            out.append(UInt8(ascii: ":"))
            var valueStart = out.count
            var report = appendText(source)
            if marksBreaks && report.carriageReturn, let breaks = TextValue.breakLetters(of: text) {
                // Rare: X-ALMANAC-BREAKS comes first, so the line is put together again.
                out.count = lineStart
                start(name)
                appendParameter(TextValue.breaksParameter, breaks)
                for (parameterName, value) in parameters { appendParameter(parameterName, value) }
                out.append(UInt8(ascii: ":"))
                valueStart = out.count
                report = appendText(source)
            }
            writeLine(cleanFrom: valueStart)
            return report.dropped
        }
    }

    public mutating func textList(_ name: String, _ texts: [String]) {
        unique()
        start(name)
        out.append(UInt8(ascii: ":"))
        let valueStart = out.count
        for (index, text) in texts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            var text = text
            _ = text.withUTF8 { appendText($0) }
        }
        writeLine(cleanFrom: valueStart)
    }

    public mutating func time(_ name: String, _ parameters: [(String, String)], _ value: ICalTimeText.Value) {
        unique()
        start(name, parameters)
        out.append(UInt8(ascii: ":"))
        let valueStart = out.count
        let room = out.room(ICalTimeText.maximumCount)
        out.count += ICalTimeText.put(value, into: UnsafeMutableRawBufferPointer(start: room, count: ICalTimeText.maximumCount))
        writeLine(cleanFrom: valueStart)
    }

    public mutating func append(_ property: ICalProperty) {
        unique()
        lineStart = out.count
        scratch.removeAll(keepingCapacity: true)
        property.appendRaw(to: &scratch)
        scratch.withUnsafeBufferPointer { out.append($0) }
        writeLine()
    }

    public mutating func append(_ component: ICalComponent) {
        open(component)
        end(component.name)
    }

    public mutating func appendFlat(_ name: String, lines: [Range<Int>], of text: UnsafeBufferPointer<UInt8>) -> Bool {
        begin(name)
        for range in lines {
            lineStart = out.count
            out.append(UnsafeBufferPointer(rebasing: text[range]))
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
        unique()
        lineStart = out.count
        Self.append(text, to: out)
        writeLine()
    }

    // MARK: Lines

    /// A `BEGIN:` or `END:` line. A short, clean one (every one almanac writes) is put
    /// together in the output's room with its CRLF at once, and kept for when it comes again.
    private mutating func boundary(begin: Bool, _ name: String) {
        for index in boundaryLines.indices where boundaryLines[index].begin == begin && boundaryLines[index].name == name {
            boundaryLines[index].line.withUnsafeBufferPointer { out.append($0) }
            return
        }
        let prefix: StaticString = begin ? "BEGIN:" : "END:"
        var text = name
        text.withUTF8 { bytes in
            let count = prefix.utf8CodeUnitCount + bytes.count
            guard count <= Self.maximumOctets, !Self.holdsLeftOut(bytes) else {
                lineStart = out.count
                prefix.withUTF8Buffer { out.append($0) }
                out.append(bytes)
                writeLine()
                return
            }
            let base = out.room(count + 2)
            base.initialize(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            if let start = bytes.baseAddress { (base + prefix.utf8CodeUnitCount).initialize(from: start, count: bytes.count) }
            (base + count).initialize(to: 0x0D)
            (base + count + 1).initialize(to: 0x0A)
            out.count += count + 2
            if boundaryLines.count < 8 { boundaryLines.append((begin, name, Array(UnsafeBufferPointer(start: base, count: count + 2)))) }
        }
    }

    /// Starts a line with `name` and `parameters` (`NAME;PARAM=value`).
    private mutating func start(_ name: String, _ parameters: [(String, String)] = []) {
        lineStart = out.count
        Self.append(name, to: out)
        for (parameterName, value) in parameters { appendParameter(parameterName, value) }
    }

    /// Appends `;NAME=value`, the value quoted as it must be (``ICalParameter/appendQuoted(_:to:)``).
    private mutating func appendParameter(_ name: String, _ value: String) {
        for index in parameterPieces.indices where parameterPieces[index].name == name && parameterPieces[index].value == value {
            parameterPieces[index].piece.withUnsafeBufferPointer { out.append($0) }
            return
        }
        let start = out.count
        out.append(UInt8(ascii: ";"))
        Self.append(name, to: out)
        out.append(UInt8(ascii: "="))
        scratch.removeAll(keepingCapacity: true)
        ICalParameter.appendQuoted(value, to: &scratch)
        scratch.withUnsafeBufferPointer { out.append($0) }
        if parameterPieces.count < 8 {
            parameterPieces.append((name, value, Array(UnsafeBufferPointer(start: out.base + start, count: out.count - start))))
        }
    }

    /// Appends the UTF-8 of `text` as one run of bytes (a small string's too).
    @inline(__always)
    private static func append(_ text: String, to out: ContentLineOutput) {
        var text = text
        text.withUTF8 { out.append($0) }
    }

    /// Appends `source` as an escaped TEXT value (``TextValue/appendReporting(_:to:)``). A
    /// value with no byte to escape or leave out (most of them) is copied as it is, found so
    /// eight bytes at a time; the others are escaped straight into ``out``.
    private mutating func appendText(_ source: UnsafeBufferPointer<UInt8>) -> TextValue.EscapeReport {
        if !TextValue.holdsEscapable(source) {
            out.append(source)
            return TextValue.EscapeReport()
        }
        return TextValue.appendReporting(source, to: &out)
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
        let end = cleanFrom ?? out.count
        let holdsLeftOut = Self.holdsLeftOut(UnsafeBufferPointer(start: out.base + start, count: end - start))
        guard holdsLeftOut || out.count - start > Self.maximumOctets else {
            let crlf = out.room(2)
            crlf.initialize(to: 0x0D)
            (crlf + 1).initialize(to: 0x0A)
            out.count += 2
            return
        }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(start: out.base + start, count: out.count - start))
        out.count = start
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
                out.append(UnsafeBufferPointer(rebasing: line[start..<end]))
                out.append(0x0D)
                out.append(0x0A)
                out.append(0x20)
                start = end
                limit = Self.maximumOctets - 1
            }
            out.append(UnsafeBufferPointer(rebasing: line[start...]))
            out.append(0x0D)
            out.append(0x0A)
        }
    }
}
