import AlmanacCore
import Foundation

/// The lines and components kept in the `ics` extras, put back into what is written.
extension ICalendarTreeBuilder {
    /// The upper-cased name of a raw content line.
    static func name(of raw: String) -> String {
        String(raw.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// The first value of a parameter of a raw content line.
    static func lineParameter(_ raw: String, _ parameter: String) -> String? {
        guard case .line(let line)? = ContentLineParser.parse(raw) else { return nil }
        return line.parameter(parameter)
    }

    /// Adds a kept property line unless the builder wrote that property from the
    /// model already, or it is not a content line (then with a warning).
    mutating func keep<Sink: ICalendarSink>(property raw: String, skipping written: [String], in owner: @autoclosure () -> String, to sink: inout Sink) {
        guard let line = keptLine(raw, in: owner()) else { return }
        if written.contains(line.name) { return }
        sink.append(line)
    }

    /// ``keep(property:skipping:in:to:)`` skipping the properties of kinds `written`.
    mutating func keep<Sink: ICalendarSink>(property raw: String, skipping written: WrittenKinds, in owner: @autoclosure () -> String, to sink: inout Sink) {
        guard let line = keptLine(raw, in: owner()) else { return }
        if written.contains(ItemPropertyKind(name: line.name)) { return }
        sink.append(line)
    }

    /// The kept line `raw` parsed, or `nil` (with a warning) when it is not a property.
    private mutating func keptLine(_ raw: String, in owner: @autoclosure () -> String) -> ICalProperty? {
        guard case .line(let line)? = ContentLineParser.parse(raw), line.name != "BEGIN", line.name != "END" else {
            warn("\(owner()): kept iCalendar line '\(raw.prefix(40))' is not a property and is not written")
            return nil
        }
        return line
    }

    /// The non-empty lines of a kept component's text, split at each `\n` that is a
    /// character of its own (a `\r\n` is one character, and does not split).
    static func lines(of raw: String) -> [String] {
        guard !raw.utf8.contains(UInt8(ascii: "\r")) else {
            return raw.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        // Without a CR every LF is a character of its own: split the bytes.
        return raw.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { String(Substring($0)) }
    }

    /// The upper-cased name and property lines of a kept component's text `raw` when it
    /// may go to ``ICalendarSink/appendFlat(_:lines:of:)``: a valid component with no
    /// sub-components, of ASCII names and no CR; `nil` when it must be read into a component.
    private static func flatLines(_ raw: UnsafeBufferPointer<UInt8>, isCalendar: Bool) -> (name: String, lines: [Range<Int>])? {
        guard !raw.isEmpty, ByteSearch.firstIndex(of: UInt8(ascii: "\r"), in: raw) == nil else { return nil }
        var lines: [Range<Int>] = []
        var start = 0
        while start < raw.count {
            let end = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: raw, from: start) ?? raw.count
            if end > start { lines.append(start..<end) }
            start = end + 1
        }
        guard lines.count >= 2, let name = componentName(raw, lines[0], "BEGIN"),
              let closing = componentName(raw, lines[lines.count - 1], "END"), closing == name,
              !isForbidden(name, isCalendar: isCalendar) else { return nil }
        lines.removeFirst()
        lines.removeLast()
        for range in lines {
            let line = UnsafeBufferPointer(rebasing: raw[range])
            guard case .success(let shape) = ContentLineShape.scan(line) else { return nil }
            let key = NameKey(line, count: shape.nameEnd)
            guard key != NameKey.begin, key != NameKey.end else { return nil }
        }
        return (name, lines)
    }

    /// The upper-cased value of the line `range` of `raw` when it is a content line named
    /// `wanted` (`BEGIN` or `END`) whose value is ASCII; otherwise `nil`.
    private static func componentName(_ raw: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: StaticString) -> String? {
        let line = UnsafeBufferPointer(rebasing: raw[range])
        guard case .success(let shape) = ContentLineShape.scan(line), ContentLineShape.nameIs(line, 0..<shape.nameEnd, wanted) else { return nil }
        let value = UnsafeBufferPointer(rebasing: line[shape.valueStart...])
        guard !value.contains(where: { $0 >= 0x80 }) else { return nil }
        return ContentLineParser.upper(value)
    }

    /// Whether a kept component named `name` may not be carried: a VCALENDAR anywhere, and
    /// an item or a time zone inside an item.
    private static func isForbidden(_ name: String, isCalendar: Bool) -> Bool {
        name == "VCALENDAR" || (!isCalendar && (name == "VEVENT" || name == "VTODO" || name == "VTIMEZONE"))
    }

    /// Adds a kept component when its lines nest properly, else warns.
    /// `owner` names the event or task for a warning; `isCalendar` when it is the calendar.
    mutating func keep<Sink: ICalendarSink>(component raw: String, in owner: @autoclosure () -> String, isCalendar: Bool = false, to sink: inout Sink) {
        // Nearly every kept component (an alarm) is flat: its lines go to the sink as bytes.
        var text = raw
        // Events often keep the same few alarms: their lines, read once, are handed over
        // again. Compared byte for byte: the remembered line ranges are of those bytes.
        let known = text.withUTF8 { current in
            flatKept.firstIndex { kept in
                kept.isCalendar == isCalendar && kept.raw.count == current.count
                    && kept.raw.withUnsafeBufferPointer { memcmp(current.baseAddress!, $0.baseAddress!, $0.count) == 0 }
            }
        }
        if let known, text.withUTF8({ sink.appendFlat(flatKept[known].name, lines: flatKept[known].lines, of: $0) }) { return }
        if let flat = text.withUTF8({ Self.flatLines($0, isCalendar: isCalendar) }),
           text.withUTF8({ sink.appendFlat(flat.name, lines: flat.lines, of: $0) }) {
            let entry = (raw: Array(raw.utf8), isCalendar: isCalendar, name: flat.name, lines: flat.lines)
            if flatKept.count < 8 { flatKept.append(entry) } else { flatKept[raw.utf8.count % 8] = entry }
            return
        }
        var stack: [ICalComponent] = []
        var finished: ICalComponent?
        var valid = true
        let pieces = Self.lines(of: raw)
        for (index, piece) in pieces.enumerated() {
            guard case .line(let line)? = ContentLineParser.parse(piece) else {
                valid = false
                break
            }
            if line.name == "BEGIN" {
                let name = line.value.uppercased()
                if Self.isForbidden(name, isCalendar: isCalendar) { valid = false }
                stack.append(ICalComponent(name: name))
            } else if line.name == "END" {
                guard let open = stack.popLast(), open.name == line.value.uppercased() else {
                    valid = false
                    break
                }
                if stack.isEmpty {
                    finished = open
                    // Nothing may follow the component's own END.
                    if index + 1 < pieces.count { valid = false }
                } else {
                    stack[stack.count - 1].children.append(open)
                }
            } else if stack.isEmpty {
                valid = false
            } else {
                stack[stack.count - 1].properties.append(line)
            }
            if !valid { break }
        }
        guard valid, stack.isEmpty, let finished else {
            warn("\(owner()): kept iCalendar component '\(raw.prefix(40))' does not nest properly and is not written")
            return
        }
        sink.append(finished)
    }
}
