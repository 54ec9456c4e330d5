/// Writes well-formed XML by appending bytes, with no tree in between: the one writer of
/// the `xml` and `xcal` codecs. Pretty output puts every start tag on a line of its own,
/// indented two spaces a level, a leaf's text inline and an end tag on its own line when
/// the element holds elements; compact output has no white space between elements.
///
/// Text escapes `&`, `<` and `>`, and a carriage return as `&#13;` (a parser would turn a
/// raw one into a line feed); tab and line feed stay. Attribute values are always in
/// double quotes and escape `"` too, and tab, line feed and carriage return as character
/// references (a parser would turn raw ones into spaces). `'` never needs escaping.
/// Characters XML 1.0 cannot hold even as references (C0 controls other than tab, line
/// feed and carriage return; U+FFFE and U+FFFF) throw ``XMLUnrepresentableCharacter``,
/// which each codec turns into its own encoding error.
///
/// Names come as `String`s or, from a vocabulary known when compiling, as `StaticString`s
/// (`XMLMarkupWriter+Static.swift`), whose bytes are copied with no `String` touched.
package struct XMLMarkupWriter {
    /// What has been written.
    package var bytes: [UInt8] { buffer.bytes }
    var buffer = Buffer([])
    package let pretty: Bool
    /// The names of the open elements, outermost first, each followed by its length in
    /// four bytes: nothing is retained or released per element.
    var openNames = Buffer([])
    /// How many elements are open.
    var depth = 0
    /// Whether the innermost open element holds elements yet (once an element is closed,
    /// its parent does).
    var holdsElements = false
    /// Bytes before this offset were written by someone else (see ``init(pretty:depth:continuing:)``).
    var base = 0
    /// The last byte written before ``takeBytes()`` emptied `bytes`, `nil` at a line's start.
    var lastTaken: UInt8?
    /// Where ``leaf(_:attribute:text:)`` has a text made, kept for the next one.
    var scratch: [UInt8] = []

    /// A writer of a whole document.
    package init(pretty: Bool, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        buffer.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` at the start of a line, as if inside `depth`
    /// elements (a document writer's items: one level deep in almanac XML, three in xCal).
    package init(pretty: Bool, depth: Int, continuing bytes: [UInt8] = []) {
        self.pretty = pretty
        buffer = Buffer(bytes)
        base = bytes.count
        for _ in 0..<depth { push(UnsafeBufferPointer(start: nil, count: 0)) }
        holdsElements = true
    }

    /// Hands over what has been written and goes on with no bytes, as if they were still there.
    package mutating func takeBytes() -> [UInt8] {
        if buffer.count > base { lastTaken = buffer.last }
        var taken: [UInt8] = []
        buffer.exchange(with: &taken)
        base = 0
        return taken
    }

    /// Appends what `body` writes to `bytes`, starting at the start of a line inside the
    /// elements open now (as a writer made by ``init(pretty:depth:continuing:)`` would),
    /// and closes what `body` leaves open. One writer serves a document's items one after
    /// another this way, its buffers made once.
    package mutating func append<Failure: Error>(to bytes: inout [UInt8], _ body: (inout XMLMarkupWriter) throws(Failure) -> Void) throws(Failure) {
        let (depth, names) = (self.depth, openNames.count)
        buffer.exchange(with: &bytes)
        base = buffer.count
        lastTaken = nil
        defer {
            buffer.exchange(with: &bytes)
            base = 0
            self.depth = depth
            openNames.truncate(to: names)
            holdsElements = true
        }
        try body(&self)
    }

    /// The names of the open elements, outermost first (`""` for those of ``init(pretty:depth:continuing:)``).
    package var openElements: [String] {
        openNames.read { names in
            var elements: [String] = []
            var end = openNames.count
            while end > 0 {
                let name = Self.name(endingAt: end, in: names)
                elements.append(String(decoding: name, as: UTF8.self))
                end = name.startIndex
            }
            return elements.reversed()
        }
    }

    /// The name of an open element whose entry in `openNames` ends at `end`.
    @inline(__always)
    static func name(endingAt end: Int, in names: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let length = Int(UnsafeRawPointer(names.baseAddress.unsafelyUnwrapped + (end &- 4)).loadUnaligned(as: UInt32.self))
        return names[(end &- 4 &- length)..<(end &- 4)]
    }

    /// Notes that the innermost open element has children written by someone else.
    package mutating func noteChildren() {
        holdsElements = true
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    package mutating func declaration() {
        buffer.append(Self.bytes(of: #"<?xml version="1.0" encoding="UTF-8"?>"#))
        buffer.append(0x0A)
    }

    /// The final line break.
    package mutating func finish() {
        buffer.append(0x0A)
    }

    // MARK: Elements named by Strings

    /// Opens `<name attributes…>`; close it with ``end()``. `foreign` attributes (kept from
    /// an input) follow, with their namespaces declared.
    package mutating func start(_ name: String, attributes: [(String, String)] = [], foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        if let failure = Self.withBytes(of: name, { name in
            openTag(name)
            if let failure = appendAttributes(attributes, of: name) { return failure }
            if let failure = appendForeignAttributes(foreign, field: { String(decoding: name, as: UTF8.self) }) { return failure }
            buffer.append(UInt8(ascii: ">"))
            push(name)
            return nil
        }) { throw failure }
    }

    /// ``start(_:attributes:foreign:)`` with one attribute, and no array made for it.
    package mutating func start(_ name: String, attribute: (name: String, value: String), foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        try start(name, attributes: [attribute], foreign: foreign)
    }

    /// Closes the innermost open element.
    package mutating func end() {
        // The names are read back from the bytes kept for them: with none open there are none.
        precondition(depth > 0, "end() with no element open")
        depth &-= 1
        // A line of its own when the element holds elements (and the output is pretty).
        let layout = pretty && holdsElements ? Layout(count: 1 &+ 2 &* depth, lineFeed: true) : Layout.none
        let start = openNames.read { names in
            let entry = Self.name(endingAt: openNames.count, in: names)
            let name = UnsafeBufferPointer(rebasing: entry)
            buffer.put(layout.count &+ name.count &+ 3) { Self.storeEndTag(name, at: Buffer.store(layout, at: $0)) }
            return entry.startIndex
        }
        openNames.truncate(to: start)
        holdsElements = true
    }

    /// `<name attributes…>text</name>`, the text escaped.
    package mutating func leaf(_ name: String, _ text: String, attributes: [(String, String)] = []) throws(XMLUnrepresentableCharacter) {
        if let failure = Self.withBytes(of: name, { name in
            Self.withBytes(of: text) { text in
                guard !attributes.isEmpty else { return writeLeaf(name, text) }
                openTag(name)
                if let failure = appendAttributes(attributes, of: name) { return failure }
                return closeLeaf(name, text)
            }
        }) { throw failure }
    }

    /// ``leaf(_:_:attributes:)`` with one attribute.
    package mutating func leaf(_ name: String, _ text: String, attribute: (name: String, value: String)) throws(XMLUnrepresentableCharacter) {
        try leaf(name, text, attributes: [attribute])
    }

    /// `<name attributes…/>`.
    package mutating func empty(_ name: String, attributes: [(String, String)] = []) throws(XMLUnrepresentableCharacter) {
        if let failure = Self.withBytes(of: name, { name in
            openTag(name)
            if let failure = appendAttributes(attributes, of: name) { return failure }
            closeEmptyTag()
            return nil
        }) { throw failure }
    }

    /// ` attribute="value"` for each of `attributes`, the values escaped; the failure, if one cannot be written.
    private mutating func appendAttributes(_ attributes: [(String, String)], of element: UnsafeBufferPointer<UInt8>) -> XMLUnrepresentableCharacter? {
        for (attribute, value) in attributes {
            if let failure = Self.withBytes(of: attribute, { attribute in Self.withBytes(of: value) { appendAttribute(attribute, $0, of: element) } }) { return failure }
        }
        return nil
    }

    /// An element kept from an input (``XMLCapturedElement``), written as it was: no
    /// indentation is added inside it, since its text may matter. Namespaces are declared
    /// where they change from `defaultNamespace`.
    package mutating func captured(_ element: XMLCapturedElement, defaultNamespace: String) throws(XMLUnrepresentableCharacter) {
        noteChildren()
        let layout = layoutBeforeTag()
        buffer.put(layout.count) { _ = Buffer.store(layout, at: $0) }
        if let failure = appendCaptured(element, defaultNamespace: defaultNamespace) { throw failure }
    }

    // MARK: Layout

    /// What goes before a start tag when pretty: a line break, unless at the start of a line,
    /// and the indent of the open elements, two spaces a level.
    @inline(__always)
    func layoutBeforeTag() -> Layout {
        guard pretty else { return .none }
        let last = buffer.count > base ? buffer.last : lastTaken
        let indent = 2 &* depth
        if last == nil || last == 0x0A { return Layout(count: indent, lineFeed: false) }
        return Layout(count: indent &+ 1, lineFeed: true)
    }

    /// Calls `body` with `text`'s UTF-8 bytes, borrowed where they are (nothing retained).
    @inline(__always)
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    /// The UTF-8 bytes of a name known when compiling.
    @inline(__always)
    static func bytes(of name: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    }
}
