import AlmanacCore

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
    mutating func keep<Sink: ICalendarSink>(property raw: String, skipping written: [String], in owner: String, to sink: inout Sink) {
        guard case .line(let line)? = ContentLineParser.parse(raw), line.name != "BEGIN", line.name != "END" else {
            warn("\(owner): kept iCalendar line '\(raw.prefix(40))' is not a property and is not written")
            return
        }
        if written.contains(line.name) { return }
        sink.append(line)
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

    /// Components an item or the calendar may not carry as kept text.
    private static let forbiddenKept: Set<String> = ["VCALENDAR"]

    /// Adds a kept component when its lines nest properly, else warns.
    mutating func keep<Sink: ICalendarSink>(component raw: String, in owner: String, to sink: inout Sink) {
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
                if Self.forbiddenKept.contains(name) || (owner != "the calendar" && ["VEVENT", "VTODO", "VTIMEZONE"].contains(name)) { valid = false }
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
            warn("\(owner): kept iCalendar component '\(raw.prefix(40))' does not nest properly and is not written")
            return
        }
        sink.append(finished)
    }
}
