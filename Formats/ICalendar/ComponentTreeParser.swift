import AlmanacCore
import AlmanacICalendarModel

/// Builds the component tree from content lines; reports broken lines as
/// warnings and throws ``ICalendarDecodingError`` for a broken structure.
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

    private var stack: [ICalComponent] = []
    private var calendars: [ICalComponent] = []
    private var ignoredAfterEnd = 0

    /// The top-level VCALENDAR components of `bytes` (a stream may hold several).
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [ICalComponent] {
        var reader = ContentLineReader(bytes)
        while let entry = reader.next() { try take(entry) }
        return try finish(invalidUTF8Lines: reader.invalidUTF8Lines)
    }

    /// Builds the tree from one logical line. A VEVENT or VTODO directly inside a
    /// VCALENDAR goes, once complete, to `item` when it is given (and is then left out
    /// of the tree), so that items can be mapped while the input is read.
    mutating func take(_ entry: consuming ContentLineReader.Entry, item: (ICalComponent) throws -> Void) throws {
        try take(entry, handsOverItems: true, item: item)
    }

    /// Builds the tree from one logical line, items included.
    mutating func take(_ entry: consuming ContentLineReader.Entry) throws {
        try take(entry, handsOverItems: false) { _ in }
    }

    /// The entry is consumed, so that its property moves into the tree instead of being copied.
    private mutating func take(_ entry: consuming ContentLineReader.Entry, handsOverItems: Bool, item: (ICalComponent) throws -> Void) throws {
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
                let name = Self.upperCased(content.value)
                guard !name.isEmpty, name.utf8.allSatisfy({ Self.isComponentNameByte($0) }) else {
                    throw ICalendarDecodingError.invalidComponentName(String(content.value.prefix(40)), at: at)
                }
                if stack.isEmpty && name != "VCALENDAR" {
                    throw ICalendarDecodingError.noCalendar(found: String(content.raw.prefix(40)), at: at)
                }
                guard stack.count < options.maximumDepth else {
                    throw ICalendarDecodingError.tooDeep(limit: options.maximumDepth, at: at)
                }
                var component = ICalComponent(name: name, line: content.line, offset: content.offset)
                // An item has a dozen or two properties: one allocation instead of five.
                if stack.count == 1 { component.properties.reserveCapacity(24) }
                stack.append(component)
            case (3, "END"):
                let name = Self.upperCased(content.value)
                guard let open = stack.last else {
                    throw ICalendarDecodingError.unexpectedEnd(content.value, at: at)
                }
                guard open.name == name else {
                    throw ICalendarDecodingError.mismatchedEnd(found: content.value, open: open.name, openedOnLine: open.line, at: at)
                }
                let finished = stack.removeLast()
                if stack.isEmpty {
                    calendars.append(finished)
                } else if handsOverItems, stack.count == 1, ICalendarOutline.isItem(finished.name) {
                    try item(finished)
                } else {
                    stack[stack.count - 1].children.append(finished)
                }
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
    mutating func finish(invalidUTF8Lines: [(line: Int, offset: Int)]) throws -> [ICalComponent] {
        if let open = stack.last {
            throw ICalendarDecodingError.unterminatedComponent(open.name, at: Self.position(line: open.line, offset: open.offset))
        }
        guard !calendars.isEmpty else {
            throw ICalendarDecodingError.noCalendar(found: nil, at: SourcePosition(offset: 0, line: 1, column: 1))
        }
        for (line, offset) in invalidUTF8Lines {
            warn("invalid UTF-8 bytes, read as U+FFFD", line: line, offset: offset)
        }
        return calendars
    }

    /// `name.uppercased()`, without making a new string when it has no lower-case letter
    /// (as nearly every component name is written).
    private static func upperCased(_ name: String) -> String {
        name.utf8.contains { $0 >= UInt8(ascii: "a") } ? name.uppercased() : name
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
