import AlmanacICalendarModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The streaming reader's first pass without libxml2 reading every byte: a scan of the
/// bytes that follows the elements (names, namespace declarations, comments, CDATA,
/// processing instructions, character and predefined entity references) as far as the
/// outline needs them, and gathers what ``XCalTreeReader/outline()`` gathers of the items
/// (the links of each VEVENT and VTODO, see ``XCalLinkGatherer``).
///
/// The time zones and the calendars' `X-WR-TIMEZONE`s are left to libxml2 and the tree
/// reader, over a short document the scan cuts out (``Scan/zoneDocument``): the input up
/// to the end of the last VTIMEZONE or `X-WR-TIMEZONE` element, without its items, with
/// the elements still open there closed. Its positions are not the input's, but the
/// outline keeps none of them.
///
/// Whenever it cannot be sure to find what libxml2 would (a DOCTYPE, an encoding other
/// than UTF-8, an entity it does not know, a name, text or value the tree reader would
/// refuse, input that ends early or is not well-formed where it looks), it gives up and
/// returns `nil`: the caller then runs the libxml2 first pass instead, which is always right.
struct XCalOutlineScanner {
    /// What the scan found.
    struct Scan {
        /// The links of every item, in input order.
        var items: [ItemLinks]
        /// A document holding the input's VTIMEZONEs and `X-WR-TIMEZONE`s and none of its
        /// items, for the tree reader's outline; `nil` when the input has neither.
        var zoneDocument: [UInt8]?
    }

    /// What an open element is to the outline.
    enum Role {
        /// `<icalendar>`, the root.
        case root
        case calendar
        case calendarProperties
        case components
        case item
        case itemProperties
        /// A UID, RELATED-TO or RECURRENCE-ID of an item: gathered.
        case link
        case parameters
        case parameter
        /// A value-type element of a link or of a parameter: its text is gathered.
        case value
        /// A VTIMEZONE or an `X-WR-TIMEZONE`: left to the zone document.
        case zone
        /// Anything else, passed over.
        case skipped

        /// Whether text other than white space in it would be an error to the tree reader.
        var refusesText: Bool {
            switch self {
            case .root, .calendar, .calendarProperties, .components, .item, .link, .parameters, .parameter: return true
            case .itemProperties, .value, .zone, .skipped: return false
            }
        }

        /// Whether the names of its children are looked at (and so namespaces are followed).
        var readsChildren: Bool {
            switch self {
            case .zone, .skipped: return false
            default: return true
            }
        }
    }

    /// An open element: where its qualified name is, and how many namespace bindings were in force before it.
    struct Frame {
        var name: Range<Int>
        var role: Role
        var bindings: Int
    }

    /// A namespace an element or a prefix can be in, as the outline tells them apart.
    enum Namespace {
        case none, xCal, other
    }

    /// A namespace declaration in force: its prefix (empty for the default namespace).
    struct Binding {
        var prefix: Range<Int>
        var namespace: Namespace
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let maximumDepth: Int
    var index = 0
    var frames: [Frame] = []
    var bindings: [Binding] = []
    /// The namespace of the root, which every xCal element shares.
    var documentNamespace = Namespace.none
    var links = XCalLinkGatherer()
    /// The byte ranges of the items, to leave out of the zone document.
    var itemRanges: [Range<Int>] = []
    var itemStart = 0
    /// The end of the last zone element, and the names of the elements open there.
    var zoneEnd: Int?
    var zoneOpen: [Range<Int>] = []

    /// The scan of `bytes`, or `nil` when it cannot be sure of it.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) -> Scan? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var scanner = XCalOutlineScanner(bytes: bytes, base: base, maximumDepth: maximumDepth)
        guard scanner.run() else { return nil }
        return Scan(items: scanner.links.items, zoneDocument: scanner.zoneDocument())
    }

    // MARK: The document

    /// Scans up to the end of the root element; `false` when unsure.
    private mutating func run() -> Bool {
        guard prolog() else { return false }
        let count = bytes.count
        while index < count {
            guard let open = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { return false }
            let tag = UnsafeRawPointer(open) - UnsafeRawPointer(base)
            if tag > index, !text(index..<tag) { return false }
            index = tag
            guard index + 1 < count else { return false }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"):
                guard endTag() else { return false }
                if frames.isEmpty { return true }
            case UInt8(ascii: "!"):
                guard markup() else { return false }
            case UInt8(ascii: "?"):
                guard let end = find("?>", from: index + 2) else { return false }
                index = end + 2
            default:
                guard startTag() else { return false }
                if frames.isEmpty { return true }
            }
        }
        return false
    }

    /// Passes a UTF-8 byte order mark and an XML declaration that names no other encoding.
    private mutating func prolog() -> Bool {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return false }
        guard starts(with: "<?xml", at: index) else { return true }
        guard let end = find("?>", from: index + 5) else { return false }
        if let encoding = find("encoding", from: index + 5), encoding < end {
            var at = encoding + 8
            while at < end, bytes[at] == UInt8(ascii: "=") || Self.isSpace(bytes[at]) { at += 1 }
            guard at < end, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return false }
            let value = at + 1
            guard value + 5 < end, equalsIgnoringCase(value..<(value + 5), "utf-8"), bytes[value + 5] == bytes[at] else { return false }
        }
        index = end + 2
        return true
    }

    /// `<!--` comments and `<![CDATA[` sections; anything else (a DOCTYPE) is refused.
    private mutating func markup() -> Bool {
        if starts(with: "<!--", at: index) {
            guard let end = find("-->", from: index + 4) else { return false }
            index = end + 3
            return true
        }
        guard starts(with: "<![CDATA[", at: index), let end = find("]]>", from: index + 9), let role = frames.last?.role else { return false }
        let content = (index + 9)..<end
        index = end + 3
        if role == .value { return links.append(raw: UnsafeBufferPointer(rebasing: bytes[content])) }
        return !role.refusesText || content.allSatisfy { Self.isSpace(bytes[$0]) }
    }

    /// Text between markup: gathered in a value, white space only where the tree reader wants it.
    private mutating func text(_ range: Range<Int>) -> Bool {
        guard let role = frames.last?.role else { return range.allSatisfy { Self.isSpace(bytes[$0]) } }
        if role == .value { return links.append(text: UnsafeBufferPointer(rebasing: bytes[range])) }
        return !role.refusesText || range.allSatisfy { Self.isSpace(bytes[$0]) }
    }

    // MARK: Elements

    /// A start tag at `index`, its attributes, and the element's role; an empty one ends at once.
    private mutating func startTag() -> Bool {
        let nameStart = index + 1
        var at = nameStart
        var colon: Int?
        while at < bytes.count, !Self.endsName(bytes[at]) {
            switch bytes[at] {
            case UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"): return false
            case UInt8(ascii: ":"):
                guard colon == nil else { return false }
                colon = at
            default: break
            }
            at += 1
        }
        let name = nameStart..<at
        guard !name.isEmpty, colon.map({ $0 > nameStart && $0 < at - 1 }) ?? true, frames.count < maximumDepth else { return false }
        let parent = frames.last?.role
        let follows = parent?.readsChildren ?? true
        let bindingCount = bindings.count
        guard let isEmpty = attributes(from: at, following: follows) else { return false }
        var role = Role.skipped
        if follows {
            let prefix = colon.map { nameStart..<$0 } ?? nameStart..<nameStart
            guard let namespace = resolve(prefix) else { return false }
            let local = (colon.map { $0 + 1 } ?? nameStart)..<name.upperBound
            guard let found = self.role(of: local, in: namespace, under: parent) else { return false }
            role = found
        }
        if role == .item { itemStart = nameStart - 1 }
        frames.append(Frame(name: name, role: role, bindings: bindingCount))
        return isEmpty ? endElement() : true
    }

    /// The attributes of a start tag from `at` to its `>` or `/>`, which `index` is moved
    /// past: whether the element is empty, or `nil` when unsure. Namespace declarations
    /// are followed when `following`.
    private mutating func attributes(from start: Int, following: Bool) -> Bool? {
        var at = start
        let count = bytes.count
        while true {
            while at < count, Self.isSpace(bytes[at]) { at += 1 }
            guard at < count else { return nil }
            if bytes[at] == UInt8(ascii: ">") {
                index = at + 1
                return false
            }
            if bytes[at] == UInt8(ascii: "/") {
                guard at + 1 < count, bytes[at + 1] == UInt8(ascii: ">") else { return nil }
                index = at + 2
                return true
            }
            let nameStart = at
            while at < count, !Self.endsName(bytes[at]), bytes[at] != UInt8(ascii: "=") { at += 1 }
            let name = nameStart..<at
            while at < count, Self.isSpace(bytes[at]) { at += 1 }
            guard !name.isEmpty, at + 1 < count, bytes[at] == UInt8(ascii: "=") else { return nil }
            at += 1
            while at < count, Self.isSpace(bytes[at]) { at += 1 }
            guard at < count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[at]
            guard let close = memchr(base + at + 1, Int32(quote), count - at - 1) else { return nil }
            let value = (at + 1)..<(UnsafeRawPointer(close) - UnsafeRawPointer(base))
            guard memchr(base + value.lowerBound, Int32(UInt8(ascii: "<")), value.count) == nil else { return nil }
            at = value.upperBound + 1
            if following, starts(with: "xmlns", at: nameStart), name.count == 5 || bytes[nameStart + 5] == UInt8(ascii: ":") {
                guard name.count != 6, declare(name.count == 5 ? nameStart..<nameStart : (nameStart + 6)..<name.upperBound, value) else { return nil }
            }
        }
    }

    /// A namespace declaration of `prefix` (empty for the default namespace) as `value`.
    private mutating func declare(_ prefix: Range<Int>, _ value: Range<Int>) -> Bool {
        guard memchr(base + value.lowerBound, Int32(UInt8(ascii: "&")), value.count) == nil else { return false }
        let namespace: Namespace = value.isEmpty ? .none : equals(value, XCalVocabulary.namespace) ? .xCal : .other
        guard prefix.isEmpty || (namespace != .none && !equals(prefix, "xml") && !equals(prefix, "xmlns")) else { return false }
        bindings.append(Binding(prefix: prefix, namespace: namespace))
        return true
    }

    /// The namespace of an element written with `prefix`, or `nil` for a prefix not declared.
    private func resolve(_ prefix: Range<Int>) -> Namespace? {
        for binding in bindings.reversed() where binding.prefix.count == prefix.count {
            if prefix.isEmpty || memcmp(base + binding.prefix.lowerBound, base + prefix.lowerBound, prefix.count) == 0 { return binding.namespace }
        }
        return prefix.isEmpty ? Namespace.none : nil
    }

    /// An end tag at `index`, which must close the innermost open element.
    private mutating func endTag() -> Bool {
        guard let open = frames.last else { return false }
        let nameStart = index + 2
        let nameEnd = nameStart + open.name.count
        guard nameEnd < bytes.count, memcmp(base + nameStart, base + open.name.lowerBound, open.name.count) == 0 else { return false }
        var at = nameEnd
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { return false }
        index = at + 1
        return endElement()
    }

    /// Closes the innermost open element, `index` just past its end.
    private mutating func endElement() -> Bool {
        let frame = frames.removeLast()
        if bindings.count > frame.bindings { bindings.removeSubrange(frame.bindings...) }
        switch frame.role {
        case .item:
            itemRanges.append(itemStart..<index)
            return true
        case .link: return links.endProperty()
        case .parameter: return links.endParameter()
        case .value: return links.endValue()
        case .zone:
            zoneEnd = index
            zoneOpen = frames.map(\.name)
            return true
        default: return true
        }
    }

    /// The zone document: the input to the end of its last zone element without its
    /// items, the elements open there closed.
    private func zoneDocument() -> [UInt8]? {
        guard let zoneEnd else { return nil }
        var document: [UInt8] = []
        document.reserveCapacity(zoneEnd + 64)
        var from = 0
        for item in itemRanges where item.upperBound <= zoneEnd {
            document += bytes[from..<item.lowerBound]
            from = item.upperBound
        }
        document += bytes[from..<zoneEnd]
        for name in zoneOpen.reversed() {
            document += Array("</".utf8) + bytes[name] + [UInt8(ascii: ">")]
        }
        return document
    }
}
