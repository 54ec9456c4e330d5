import AlmanacICalendarModel

/// The reader's first pass: gathers the ``ICalendarOutline`` (VTIMEZONEs,
/// `X-WR-TIMEZONE`, and each item's UID, parent and RECURRENCE-ID for an
/// ``ICalendarOutlineBuilder``) from the logical lines, parsing only the lines it needs;
/// every other line is looked at by its name's bytes only. When the builder asks for a
/// review, a second scanner with `reviewing` set passes it the items again (and skips
/// the time zones).
///
/// It follows `BEGIN` and `END` as ``ComponentTreeParser`` does but reports nothing:
/// a broken input is reported by the mapping pass, which reads every line.
struct OutlineScanner {
    private(set) var builder: ICalendarOutlineBuilder
    /// Whether this is the review: items go to ``ICalendarOutlineBuilder/reviewItem(_:)``.
    private let reviewing: Bool
    private var parser = ContentLineParser()
    /// How many components are open (1 inside a VCALENDAR).
    private var depth = 0
    /// Whether an item is being read (its links are in `item` when reviewing, else in `links`).
    private var inItem = false
    /// The links of the item being read, in the review.
    private var item: ItemLinks?
    /// The links of the item being read, in the first look: bytes, no strings.
    private var links = ItemLinkBytes()
    /// In the first look, the first byte (lower case) of the lines of the item being read
    /// that may still be its link (``ItemLinkBytes/wantsLink``): `u` in a VEVENT, `r` in a
    /// VTODO, 0 once the link is taken.
    private var linkByte: UInt8 = 0
    /// The VTIMEZONE being read and its open sub-components, outermost first.
    private var zones: [ICalComponent] = []
    /// Where the input may be cut into parts read apart (``ICalendarParts``), when asked.
    private(set) var cuts: PartCuts?

    /// A scanner for the first look, or for the review of what `builder` gathered.
    init(builder: ICalendarOutlineBuilder = ICalendarOutlineBuilder(), reviewing: Bool = false) {
        self.builder = builder
        self.reviewing = reviewing
    }

    /// A scanner for the first look that also finds where to cut the input into parts of
    /// about `partSize` bytes (``PartCuts``).
    init(cuttingInto partSize: Int) {
        self.init()
        cuts = PartCuts(partSize: partSize)
    }

    /// Starts the next input of a group read as one: what the last one left open is closed.
    mutating func startInput() {
        depth = 0
        inItem = false
        item = nil
        zones = []
    }

    /// Takes every line of `lines` it may need; the others, told by their first byte
    /// (``wants(firstByte:)``), are passed over without being unfolded.
    mutating func scan(_ lines: inout ContentLineReader) {
        while true {
            lines.passLines { !wants(firstByte: $0) }
            guard lines.nextLine({ take($0, number: $1, offset: $2) }) != nil else { return }
        }
    }

    /// Whether a line starting with `byte` may be one ``take(_:number:offset:)`` looks at:
    /// a `BEGIN` or `END`, a link of an item, any line of a time zone or (in the first
    /// look) of the calendar itself. Most lines are an item's properties other than its
    /// links, which their first byte rules out; in the first look, a VEVENT's lines that
    /// start with `u` only until its UID is taken, a VTODO's that start with `r` only
    /// until its parent is (``linkByte``), since the first look keeps no more of them.
    @inline(__always)
    func wants(firstByte byte: UInt8) -> Bool {
        let first = byte | 0x20
        if !zones.isEmpty || (depth == 1 && !reviewing) || first == UInt8(ascii: "b") || first == UInt8(ascii: "e") { return true }
        guard depth == 2 && inItem else { return false }
        return reviewing ? first == UInt8(ascii: "u") || first == UInt8(ascii: "r") : first == linkByte
    }

    mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) {
        guard wants(firstByte: line[0]) else { return }
        let first = line[0] | 0x20
        if zones.isEmpty && (depth != 1 || reviewing) && first != UInt8(ascii: "b") && first != UInt8(ascii: "e") {
            // An item's UID or RELATED-TO (``wants(firstByte:)`` let no other line through).
            return takeLink(line)
        }
        if line.count >= 8 {
            // `BEGIN:` and `END:` as nearly every one is written, told by one word each.
            let word = ByteWords.load(line, at: 0)
            if word & 0xFFFF_FFFF_FFFF == Self.beginWord {
                // An item's `BEGIN:VEVENT` or `BEGIN:VTODO`, told by one more word.
                if depth == 1 && zones.isEmpty {
                    let isEvent = line.count == 12 && ByteWords.load(line, at: 4) == Self.eventWord
                    if isEvent || line.count == 11 && ByteWords.load(line, at: 3) == Self.todoWord {
                        depth = 2
                        if isEvent, cuts != nil { cuts!.event(at: offset, line: number) }
                        return startItem(isTodo: !isEvent)
                    }
                }
                return begin(UnsafeBufferPointer(rebasing: line[6...]), line: number, offset: offset)
            }
            if word & 0xFFFF_FFFF == Self.endWord { return end() }
        }
        // `BEGIN:NAME` and `END:NAME` as nearly every one is written (upper case, no
        // parameters): told by their bytes as they are.
        if Self.starts(line, with: "BEGIN:") { return begin(UnsafeBufferPointer(rebasing: line[6...]), line: number, offset: offset) }
        if Self.starts(line, with: "END:") { return end() }
        if Self.hasName(line, "BEGIN") || Self.hasName(line, "END") {
            let isBegin = line[0] | 0x20 == UInt8(ascii: "b")
            let nameEnd = isBegin ? 5 : 3
            if line[nameEnd] == UInt8(ascii: ":") {
                // `BEGIN:NAME` or `END:NAME`, nearly every one: no need to parse the line.
                guard isBegin else { return end() }
                return begin(UnsafeBufferPointer(rebasing: line[(nameEnd + 1)...]), line: number, offset: offset)
            }
            guard case .line(let property) = parser.parse(line, line: number, offset: offset) else { return }
            if property.name == "BEGIN" {
                var name = property.value
                name.withUTF8 { begin($0, line: number, offset: offset) }
            } else {
                end()
            }
            return
        }
        let wanted: Bool
        if !zones.isEmpty {
            wanted = true
        } else if depth == 1 {
            wanted = !reviewing && Self.hasName(line, "X-WR-TIMEZONE")
        } else if depth == 2 && inItem {
            return takeLink(line)
        } else {
            wanted = false
        }
        guard wanted, case .line(let property) = parser.parse(line, line: number, offset: offset) else { return }
        if !zones.isEmpty {
            zones[zones.count - 1].properties.append(property)
        } else if depth == 1 {
            builder.addCalendarProperty(property)
        } else {
            item?.take(property)
        }
    }

    /// Takes an item's line when it may be one of its links.
    private mutating func takeLink(_ line: UnsafeBufferPointer<UInt8>) {
        if reviewing {
            guard Self.hasName(line, "UID") || Self.hasName(line, "RELATED-TO") || Self.hasName(line, "RECURRENCE-ID"),
                  let shape = ContentLineShape.shape(of: line) else { return }
            item?.take(line: line, shape: shape)
        } else {
            // The first look needs no RECURRENCE-ID, and of a VEVENT only the UID, of a
            // VTODO only the RELATED-TO (``wants(firstByte:)`` let no other line through).
            let kind: ItemPropertyKind = links.isTodo ? .relatedTo : .uid
            let nameEnd = links.isTodo ? 10 : 3
            guard links.isTodo ? Self.hasName(line, "RELATED-TO") : Self.hasName(line, "UID") else { return }
            // With no parameters (``hasName(_:_:)`` saw a `:` or `;` after the name), or a
            // task's usual `RELATED-TO;RELTYPE=PARENT:`, the shape needs no scan.
            let shape: ContentLineShape?
            if line[nameEnd] == UInt8(ascii: ":") {
                shape = ContentLineShape(nameEnd: nameEnd, valueStart: nameEnd + 1)
            } else if links.isTodo && line.count >= 26 && ByteWords.load(line, at: 10) == Self.relationWords.0 && ByteWords.load(line, at: 18) == Self.relationWords.1 {
                shape = ContentLineShape(nameEnd: 10, valueStart: 26)
            } else {
                shape = ContentLineShape.shape(of: line)
            }
            guard let shape else { return }
            links.take(line: line, shape: shape, kind: kind)
            if !links.wantsLink { linkByte = 0 }
        }
    }

    /// Opens the component named by the bytes `name` (in any case). Only items, time
    /// zones and what is inside time zones are kept, so only their names become strings.
    private mutating func begin(_ name: UnsafeBufferPointer<UInt8>, line: Int, offset: Int) {
        depth += 1
        if depth == 1, cuts != nil { cuts!.calendar(isCalendar: Self.isName(name, "VCALENDAR"), at: offset, line: line) }
        if !zones.isEmpty {
            zones.append(ICalComponent(name: String(decoding: name, as: UTF8.self).uppercased(), line: line, offset: offset))
        } else if depth == 2 {
            if Self.isName(name, "VEVENT") {
                startItem(isTodo: false)
            } else if Self.isName(name, "VTODO") {
                startItem(isTodo: true)
            } else if Self.isName(name, "VTIMEZONE") && !reviewing {
                zones.append(ICalComponent(name: "VTIMEZONE", line: line, offset: offset))
            }
        }
    }

    private mutating func startItem(isTodo: Bool) {
        inItem = true
        if reviewing {
            item = ItemLinks(isTodo: isTodo)
        } else {
            links.reset(isTodo: isTodo)
            linkByte = isTodo ? UInt8(ascii: "r") : UInt8(ascii: "u")
        }
    }

    /// Whether the component name `bytes` upper-cases to `name`, as `String.uppercased()`
    /// would have it (a name with non-ASCII bytes is compared that way).
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        // The name as it is, nearly always.
        if bytes.count == name.utf8CodeUnitCount && starts(bytes, with: name) { return true }
        if bytes.contains(where: { $0 >= 0x80 }) {
            return String(decoding: bytes, as: UTF8.self).uppercased() == name.description
        }
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
            guard upper == expected[index] else { return false }
        }
        return true
    }

    private mutating func end() {
        guard depth > 0 else { return }
        depth -= 1
        if let finished = zones.popLast() {
            if zones.isEmpty {
                builder.addTimeZone(finished)
            } else {
                zones[zones.count - 1].children.append(finished)
            }
        } else if depth == 1 && inItem {
            inItem = false
            if reviewing, let finished = item { builder.reviewItem(finished) } else if !reviewing { builder.addItem(bytes: links) }
            item = nil
        }
    }

    /// `BEGIN:` and `END:` as the first six and four bytes of a little-endian word.
    private static let beginWord: UInt64 = 0x3A_4E_49_47_45_42
    private static let endWord: UInt64 = 0x3A_44_4E_45
    /// The last eight bytes of `BEGIN:VEVENT` and of `BEGIN:VTODO`, as little-endian words.
    private static let eventWord: UInt64 = 0x544E_4556_4556_3A4E
    private static let todoWord: UInt64 = 0x4F44_4F54_563A_4E49
    /// `;RELTYPE=PARENT:` as two little-endian words.
    private static let relationWords: (UInt64, UInt64) = (0x4550_5954_4C45_523B, 0x3A54_4E45_5241_503D)

    /// Whether the bytes of `line` start with those of `prefix`, as they are.
    @inline(__always)
    static func starts(_ line: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let expected = prefix.utf8Start
        for index in 0..<count where line[index] != expected[index] { return false }
        return true
    }

    /// Whether `line` starts with the property name `name` (upper-case; the line's may be
    /// in any case): the name's
    /// bytes, then a byte that cannot continue a name.
    static func hasName(_ line: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard line.count > count else { return false }
        let expected = name.utf8Start
        for index in 0..<count {
            let wanted = expected[index]
            let isLetter = wanted >= UInt8(ascii: "A") && wanted <= UInt8(ascii: "Z")
            guard line[index] == wanted || isLetter && line[index] == wanted | 0x20 else { return false }
        }
        switch line[count] {
        case UInt8(ascii: ":"), UInt8(ascii: ";"): return true
        default: return false
        }
    }
}
