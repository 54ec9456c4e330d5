/// One thing libxml2's SAX parser reported to ``XMLPushReader``, kept in its event buffer
/// without any Swift allocation: names as the addresses of libxml2's interned strings,
/// text and attribute values as byte ranges of the buffer's text bytes.
struct XMLEvent {
    enum Kind: UInt8 {
        /// A start tag (`<a>` or `<a/>`); `first..<last` are its attributes in the buffer's attribute list.
        case start
        /// An end tag; empty-element tags have none.
        case end
        /// Character data, adjacent runs joined; `first..<last` are its bytes.
        case text
        /// A reference to a DTD-declared entity, left unexpanded; `first..<last` are the bytes of its name.
        case reference
    }

    var kind: Kind
    /// For a start tag: whether it is an empty-element tag (`<a/>`).
    var isEmpty = false
    /// For a text event: whether `first..<last` are offsets in the input (text the fast
    /// scanner did not need to copy) rather than in the buffer's text bytes.
    var inInput = false
    /// How deep: the root element (and its end tag) at 0, what stands directly inside it at 1.
    var depth: Int32
    /// The line libxml2 was on when it reported the event (for a start tag, the line of its
    /// `>`); `0` for the fast path's events.
    var line: Int32
    /// A start tag's interned local name and namespace URI (`0` for none), and its interned
    /// qualified name (`prefix:local`, the local name itself when unprefixed).
    var localName: UInt = 0
    var namespace: UInt = 0
    var qualifiedName: UInt = 0
    var first: Int32
    var last: Int32
    /// For an event ``XMLFastScanner`` read (`-1` for libxml2's), which has no line: for a
    /// start tag the offset of its `<`, for text where its text starts in the input; lines
    /// and columns are counted from it only when a message or a mark needs them.
    var source: Int32 = -1
    /// For a start or end tag the fast scanner read: how many bytes of white space stand
    /// right before its `<` that no event reports, text the tag carries instead (libxml2 reports
    /// them as a text event); `0` for none.
    var space: Int32 = 0
}

/// One attribute of a start tag in ``XMLPushReader``'s event buffer.
struct XMLEventAttribute {
    /// Interned local name and namespace URI (`0` for none).
    var localName: UInt
    var namespace: UInt
    /// The value's bytes in the buffer's text bytes, as libxml2 gave them.
    var first: Int32
    var last: Int32
    /// Whether the value holds `&`: libxml2's SAX interface leaves `&#38;` and references to
    /// DTD entities in it for the application to resolve.
    var hasReference: Bool
    /// Whether `first..<last` are offsets in the input (a value the fast scanner did not need
    /// to change) rather than in the buffer's text bytes.
    var inInput = false
}

/// What ``XMLPushReader``'s SAX callbacks have reported and not yet been handed out, and
/// the state of walking it.
struct XMLEventBuffer {
    var events: [XMLEvent] = []
    var attributes: [XMLEventAttribute] = []
    /// The bytes of text, attribute values and entity names.
    var text: [UInt8] = []
    /// How many elements are open in what libxml2 has reported.
    var openElements: Int32 = 0
    /// Set by a start tag's callback when it is an empty-element tag, whose end tag then comes at once.
    var pendingEmpty = false
    /// Bytes in the text run being reported, for the text-node limit.
    var textRunLength = 0
    /// The next event to hand out.
    var nextEvent = 0
    /// Element marks, as ``XMLTextReader`` counts them: the line of the last element seen,
    /// the first qualified name (interned) on it, how often each name started on it once a
    /// second element did, and which occurrence of its name on its line the last element is.
    var markLine = 0
    var markFirstName: UInt = 0
    var markCounts: [UInt: Int] = [:]
    var markOccurrence = 0
    /// The Strings of the interned names seen so far.
    var names = XMLNameStrings(minimumCapacity: 64)
    /// The last namespace URI a start tag was in, and its String.
    var lastNameAddress: UInt = 0
    var lastName = ""
}

extension XMLEventBuffer {
    /// Ends the text just appended from `first` on: joined to the text event before it when
    /// nothing came between, else a new text event.
    mutating func joinText(from first: Int32, line: Int32 = 0, source: Int = -1) {
        if let last = events.last, last.kind == .text, last.last == first {
            events[events.count - 1].last = Int32(text.count)
        } else {
            events.append(XMLEvent(kind: .text, depth: openElements, line: line, first: first, last: Int32(text.count), source: Int32(truncatingIfNeeded: source)))
        }
    }
}
