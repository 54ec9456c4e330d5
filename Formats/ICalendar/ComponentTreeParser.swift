import AlmanacCore
import AlmanacICalendarModel

/// Builds the component tree from content lines; reports broken lines as
/// warnings and throws ``ICalendarDecodingError`` for a broken structure.
///
/// When it hands over items (``take(_:number:offset:validUTF8:item:)``), each VEVENT and VTODO
/// directly inside a VCALENDAR is read with no tree: its property lines go on as bytes
/// into an ``ICalItemLines`` (their parts found by ``ContentLineShape``, no strings made)
/// and its sub-components become their text (``SubcomponentText``). Only the
/// calendars' own lines and components (VTIMEZONEs, …) become ``ICalProperty``s.
struct ComponentTreeParser {
    let options: ICalendarDecodingOptions
    let source: String
    private(set) var diagnostics: [Diagnostic] = []

    init(options: ICalendarDecodingOptions, source: String) {
        self.options = options
        self.source = source
    }

    private static func position(line: Int, offset: Int) -> SourcePosition {
        SourcePosition(offset: offset, line: line, column: 1)
    }

    private mutating func warn(_ message: String, line: Int, offset: Int) {
        diagnostics.append(Diagnostic(.warning, message, source: source, position: Self.position(line: line, offset: offset)))
    }

    /// The open components, outermost first (inside an item, with no properties: the
    /// item's lines are in `item`).
    private var stack: [ICalComponent] = []
    private var calendars: [ICalComponent] = []
    private var ignoredAfterEnd = 0
    /// Parses the lines that become properties, and notes lines of invalid UTF-8.
    private var lines = ContentLineParser()
    /// The item being read, when items are handed over.
    private var item: ICalItemLines?
    /// The last item handed over, whose storage the next one reuses.
    private var spare: ICalItemLines?
    /// The components open inside `item`, outermost first.
    private var subcomponents: [SubcomponentText] = []

    /// The top-level VCALENDAR components of `bytes` (a stream may hold several).
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [ICalComponent] {
        var reader = ContentLineReader(bytes)
        while try reader.nextLine({ (line, number, offset) throws -> Void in
            let entry = lines.parse(line, line: number, offset: offset)
            try take(entry, handsOverItems: false, item: { _ in })
        }) != nil {}
        return try finish(invalidUTF8Lines: reader.invalidUTF8Lines)
    }

    /// Reads one logical line, `line`, that starts on line `number` at byte `offset`. A
    /// VEVENT or VTODO directly inside a VCALENDAR goes, once complete, to `item` (and
    /// is left out of the tree), so that items can be mapped while the input is read.
    /// With `validUTF8` the line is known to be valid UTF-8 and is not checked again.
    mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int, validUTF8: Bool = false, item handOver: (ICalItemLines) throws -> Void) throws {
        if let shape = ContentLineShape.shape(of: line) {
            // The name's key tells BEGIN and END apart, and then the property's kind; only
            // a name starting with B or E can be either, and the others' kind is told where
            // the line is appended (in the model's module, where the key is made in line).
            let first = line[0] | 0x20
            let key = first == UInt8(ascii: "b") || first == UInt8(ascii: "e") ? NameKey(line, count: shape.nameEnd) : nil
            let isBegin = key?.isBegin ?? false
            let isEnd = !isBegin && key?.isEnd ?? false
            if isBegin || isEnd {
                // `BEGIN:NAME` and `END:NAME`, nearly all of them, need no property.
                if !shape.hasParameters {
                    if !validUTF8 { lines.noteInvalidUTF8(line, line: number, offset: offset) }
                    let valueBytes = UnsafeBufferPointer(rebasing: line[shape.valueStart...])
                    // The usual names are literals: no string is made of them.
                    let known = Self.knownName(valueBytes)
                    let value = known ?? String(decoding: valueBytes, as: UTF8.self)
                    // A name written in upper case of name bytes, as nearly all are, is the name.
                    let isName = known != nil || Self.isUpperComponentName(valueBytes)
                    if isBegin {
                        return try begin(value, isName: isName, raw: String(decoding: line, as: UTF8.self), line: number, offset: offset, handsOverItems: true)
                    }
                    return try end(value, isName: isName, line: number, offset: offset, item: handOver)
                }
            } else if item != nil {
                if !validUTF8 { lines.noteInvalidUTF8(line, line: number, offset: offset) }
                if subcomponents.isEmpty {
                    if let key {
                        item!.append(line, shape: shape, kind: ItemPropertyKind(key: key), number: number, offset: offset)
                    } else {
                        item!.append(line, shape: shape, number: number, offset: offset)
                    }
                } else {
                    subcomponents[subcomponents.count - 1].append(line, nameEnd: shape.nameEnd)
                }
                return
            }
        }
        let entry = lines.parse(line, line: number, offset: offset)
        try take(entry, handsOverItems: true, item: handOver)
    }

    /// Opens the component a `BEGIN` line with value `value` names (`isName` when the
    /// value is known to be an upper-case component name already).
    private mutating func begin(_ value: String, isName: Bool = false, raw: @autoclosure () -> String, line: Int, offset: Int, handsOverItems: Bool) throws {
        let at = Self.position(line: line, offset: offset)
        let name = isName ? value : Self.upperCased(value)
        guard isName || (!name.isEmpty && name.utf8.allSatisfy({ Self.isComponentNameByte($0) })) else {
            throw ICalendarDecodingError.invalidComponentName(String(value.prefix(40)), at: at)
        }
        if stack.isEmpty && name != "VCALENDAR" {
            throw ICalendarDecodingError.noCalendar(found: String(raw().prefix(40)), at: at)
        }
        guard stack.count < options.maximumDepth else {
            throw ICalendarDecodingError.tooDeep(limit: options.maximumDepth, at: at)
        }
        if handsOverItems && stack.count == 1 && ICalendarOutline.isItem(name) {
            if var reused = spare.take() {
                reused.reset(isTodo: name == "VTODO", line: line, offset: offset)
                item = reused
            } else {
                item = ICalItemLines(isTodo: name == "VTODO", line: line, offset: offset)
            }
        } else if item != nil {
            subcomponents.append(SubcomponentText(name: name))
        }
        stack.append(ICalComponent(name: name, line: line, offset: offset))
    }

    /// Closes the open component, which an `END` line with value `value` must name.
    private mutating func end(_ value: String, isName: Bool = false, line: Int, offset: Int, item handOver: (ICalItemLines) throws -> Void) throws {
        let at = Self.position(line: line, offset: offset)
        let name = isName ? value : Self.upperCased(value)
        guard let open = stack.last else {
            throw ICalendarDecodingError.unexpectedEnd(value, at: at)
        }
        guard open.name == name else {
            throw ICalendarDecodingError.mismatchedEnd(found: value, open: open.name, openedOnLine: open.line, at: at)
        }
        let finished = stack.removeLast()
        if stack.isEmpty {
            calendars.append(finished)
        } else if var sub = subcomponents.popLast() {
            let text = sub.finishText()
            if subcomponents.isEmpty {
                item?.appendChild(text: text, isDerivedAlarm: sub.isDerivedAlarm)
            } else {
                subcomponents[subcomponents.count - 1].append(child: text)
            }
        } else if stack.count == 1, let done = item.take() {
            try handOver(done)
            // Its storage serves the next item (unless it grew large).
            if done.capacity <= 1 << 16 { spare = done }
        } else {
            stack[stack.count - 1].children.append(finished)
        }
    }

    /// The entry is consumed, so that its property moves into the tree instead of being copied.
    private mutating func take(_ entry: consuming ContentLineReader.Entry, handsOverItems: Bool, item handOver: (ICalItemLines) throws -> Void) throws {
        switch consume entry {
        case .malformed(let reason, let raw, let line, let offset):
            if stack.isEmpty && calendars.isEmpty {
                throw ICalendarDecodingError.noCalendar(found: String(raw.prefix(40)), at: Self.position(line: line, offset: offset))
            }
            warn("\(reason); line ignored: \(String(raw.prefix(60)))", line: line, offset: offset)
        case .line(let content):
            let at = Self.position(line: content.line, offset: content.offset)
            // The name's length first: nearly every line is neither, and a failed String
            // comparison costs a call.
            switch (content.name.utf8.count, content.name) {
            case (5, "BEGIN"):
                try begin(content.value, raw: content.raw, line: content.line, offset: content.offset, handsOverItems: handsOverItems)
            case (3, "END"):
                try end(content.value, line: content.line, offset: content.offset, item: handOver)
            default:
                if stack.isEmpty {
                    if calendars.isEmpty {
                        throw ICalendarDecodingError.noCalendar(found: String(content.raw.prefix(40)), at: at)
                    }
                    if ignoredAfterEnd == 0 { warn("\(content.name) after END:VCALENDAR is ignored", line: content.line, offset: content.offset) }
                    ignoredAfterEnd += 1
                } else {
                    stack[stack.count - 1].properties.append(content)
                }
            }
        }
    }

    /// The calendars once every line has been taken; throws when one is still open.
    mutating func finish(invalidUTF8Lines: [(line: Int, offset: Int)] = []) throws -> [ICalComponent] {
        if let open = stack.last {
            throw ICalendarDecodingError.unterminatedComponent(open.name, at: Self.position(line: open.line, offset: open.offset))
        }
        guard !calendars.isEmpty else {
            throw ICalendarDecodingError.noCalendar(found: nil, at: SourcePosition(offset: 0, line: 1, column: 1))
        }
        noteInvalidUTF8Lines(invalidUTF8Lines)
        return calendars
    }

    /// Starts a part of the input that begins inside its one VCALENDAR, which begins on
    /// `line` at byte `offset` (``ICalendarParts``): what this parser reads goes into that
    /// calendar, which ``finish(invalidUTF8Lines:)`` or ``suspend()`` gives back with
    /// only this part's properties and components.
    mutating func resume(calendarAt line: Int, offset: Int) {
        stack = [ICalComponent(name: "VCALENDAR", line: line, offset: offset)]
    }

    /// Ends a part of the input that is not its last (``ICalendarParts``): the calendars
    /// closed in it, and the one still open, as the first look found it at the cut. Its
    /// warnings (invalid UTF-8 too) are in ``diagnostics``.
    mutating func suspend() throws -> (closed: [ICalComponent], open: ICalComponent) {
        // The first look cut the input where only the calendar was open.
        guard stack.count == 1, let open = stack.last else {
            let open = stack.last ?? ICalComponent(name: "VCALENDAR")
            throw ICalendarDecodingError.unterminatedComponent(open.name, at: Self.position(line: open.line, offset: open.offset))
        }
        noteInvalidUTF8Lines()
        return (calendars, open)
    }

    private mutating func noteInvalidUTF8Lines(_ more: [(line: Int, offset: Int)] = []) {
        for (line, offset) in lines.invalidUTF8Lines + more {
            warn("invalid UTF-8 bytes, read as U+FFFD", line: line, offset: offset)
        }
    }

    /// `name.uppercased()`, without making a new string when it has no lower-case letter
    /// (as nearly every component name is written).
    private static func upperCased(_ name: String) -> String {
        name.utf8.contains { $0 >= UInt8(ascii: "a") } ? name.uppercased() : name
    }

    /// Whether `bytes` are a non-empty component name in upper case (what
    /// ``upperCased(_:)`` leaves as it is and ``begin(_:isName:raw:line:offset:handsOverItems:)`` accepts).
    private static func isUpperComponentName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isComponentNameByte)
    }

    /// The component name `bytes` are exactly (upper case), when it is one of those every
    /// calendar is made of, as a literal.
    private static func knownName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        switch bytes.count {
        case 5: return isExactly(bytes, "VTODO") ? "VTODO" : nil
        case 6: return isExactly(bytes, "VEVENT") ? "VEVENT" : isExactly(bytes, "VALARM") ? "VALARM" : nil
        case 9: return isExactly(bytes, "VCALENDAR") ? "VCALENDAR" : isExactly(bytes, "VTIMEZONE") ? "VTIMEZONE" : nil
        default: return nil
        }
    }

    /// Whether `bytes` are the bytes of `name`, of the same length.
    private static func isExactly(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }

    private static func isComponentNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
