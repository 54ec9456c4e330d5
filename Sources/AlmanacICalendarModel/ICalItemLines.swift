import AlmanacCore

/// One VEVENT or VTODO of RFC 5545 text as the reader found it, with no tree: the
/// unfolded bytes of its own property lines, where each line's name, parameters and
/// value lie in them (``ContentLineShape``), and its sub-components (VALARMs) as the
/// unfolded text the model keeps of them. ``ItemSequenceMapper`` maps it straight to
/// the model, making strings only of what the model holds.
package struct ICalItemLines: Sendable {
    /// One property line: where it lies in ``bytes`` and in the source.
    struct Line: Sendable {
        var start: Int
        var end: Int
        /// The end of the name, from `start`.
        var nameEnd: Int
        /// Just after the `:`, from `start`.
        var valueStart: Int
        var kind: ItemPropertyKind
        var number: Int
        var offset: Int
    }

    /// One sub-component: its text, and whether it is an alarm derived from a recipe.
    struct Child: Sendable {
        var text: String
        var isDerivedAlarm: Bool
    }

    /// Whether it is a VTODO (otherwise a VEVENT).
    package private(set) var isTodo: Bool
    /// Where its `BEGIN` line starts.
    package private(set) var line: Int
    /// The byte offset of its `BEGIN` line in the input.
    package private(set) var offset: Int
    /// The lines' bytes are `bytes[0..<byteCount]`; the rest is room for more, written in
    /// place (an append through `Array` costs several times the copy of a short line).
    private(set) var bytes: [UInt8] = []
    private var byteCount = 0
    private(set) var lines: [Line] = []
    private(set) var children: [Child] = []
    /// Its links, taken from its lines as they are appended, but for its parent: the
    /// parent's UID is not made a string (see ``parentLine``).
    private(set) var links: ItemLinks
    /// For a VTODO, the index in ``lines`` of the RELATED-TO that names its parent
    /// (``ItemLinks/parentUID``), or `nil`.
    private(set) var parentLine: Int?
    /// Whether it has a RELATED-TO line: without one, its event keeps none that could order
    /// its tasks (``TaskOrder``).
    private(set) var hasRelation = false

    package init(isTodo: Bool, line: Int, offset: Int) {
        self.isTodo = isTodo
        links = ItemLinks(isTodo: isTodo)
        self.line = line
        self.offset = offset
        bytes = [UInt8](repeating: 0, count: 1024)
        lines.reserveCapacity(16)
    }

    /// Starts over as a new item with no lines, keeping the storage of its bytes and lines.
    package mutating func reset(isTodo: Bool, line: Int, offset: Int) {
        self.isTodo = isTodo
        self.line = line
        self.offset = offset
        links = ItemLinks(isTodo: isTodo)
        parentLine = nil
        hasRelation = false
        byteCount = 0
        lines.removeAll(keepingCapacity: true)
        // Most items have no sub-component; an item with some keeps the room for the next.
        if !children.isEmpty { children.removeAll(keepingCapacity: true) }
    }

    /// How many bytes of lines it has room for.
    package var capacity: Int { bytes.count }

    /// Adds the item's next property line, of shape `shape`.
    package mutating func append(_ line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape, number: Int, offset: Int) {
        append(line, shape: shape, kind: ItemPropertyKind(line, name: 0..<shape.nameEnd), number: number, offset: offset)
    }

    /// ``append(_:shape:number:offset:)`` for a line whose ``ItemPropertyKind`` is known.
    package mutating func append(_ line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape, kind: ItemPropertyKind, number: Int, offset: Int) {
        let start = byteCount
        appendBytes(line)
        if kind != .relatedTo {
            links.take(line: line, shape: shape, kind: kind)
        } else {
            hasRelation = true
            if isTodo && parentLine == nil {
                let view = LineView(bytes: line, line: Line(start: 0, end: line.count, nameEnd: shape.nameEnd, valueStart: shape.valueStart, kind: kind, number: 0, offset: 0))
                if ItemLinks.namesParent(view) && ItemLinks.hasIdentifier(view) { parentLine = lines.count }
            }
        }
        lines.append(Line(start: start, end: byteCount, nameEnd: shape.nameEnd, valueStart: shape.valueStart, kind: kind, number: number, offset: offset))
    }

    /// Copies `line` after the bytes held, making room first when there is too little.
    @inline(__always)
    private mutating func appendBytes(_ line: UnsafeBufferPointer<UInt8>) {
        guard let source = line.baseAddress, !line.isEmpty else { return }
        if bytes.count - byteCount < line.count {
            bytes.append(contentsOf: repeatElement(0, count: max(byteCount + line.count, 2 * bytes.count) - bytes.count))
        }
        let start = byteCount
        bytes.withUnsafeMutableBufferPointer { room in
            (room.baseAddress! + start).update(from: source, count: line.count)
        }
        byteCount += line.count
    }

    /// Adds a sub-component, given as ``ICalComponent/rawText`` would give it.
    package mutating func appendChild(text: String, isDerivedAlarm: Bool) {
        children.append(Child(text: text, isDerivedAlarm: isDerivedAlarm))
    }

    /// Whether it is a VTODO whose parent (``ItemLinks/parentUID``) is `uid`, compared on
    /// the bytes.
    func parentIs(_ uid: String) -> Bool {
        guard let parentLine else { return false }
        let line = lines[parentLine]
        return bytes.withUnsafeBufferPointer { all in
            ItemLinks.value(of: LineView(bytes: UnsafeBufferPointer(rebasing: all[line.start..<line.end]), line: line), isIdentifier: uid)
        }
    }

    /// Calls `body` with the item as ``ItemMapper`` reads it.
    func withView<Result>(_ body: (View) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { all in
            try body(View(isTodo: isTodo, lines: lines, children: children, position: SourcePosition(offset: offset, line: line, column: 1), bytes: UnsafeBufferPointer(rebasing: all[0..<byteCount])))
        }
    }

    /// The item over its bytes, valid inside ``withView(_:)``: what the mapping reads of
    /// it, not the whole item (whose copy would retain each of its parts).
    struct View: MappedItem {
        let isTodo: Bool
        let lines: [Line]
        let children: [Child]
        let position: SourcePosition
        let bytes: UnsafeBufferPointer<UInt8>

        var propertyCount: Int { lines.count }

        func property(at index: Int) -> LineView {
            let line = lines[index]
            return LineView(bytes: UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), line: line)
        }

        var rawText: String {
            let name = isTodo ? "VTODO" : "VEVENT"
            var text = "BEGIN:" + name
            for line in lines {
                text += "\n"
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), as: UTF8.self)
            }
            for child in children {
                text += "\n"
                text += child.text
            }
            return text + "\nEND:" + name
        }

        func childTexts(droppingDerivedAlarms: Bool) -> [String] {
            children.compactMap { droppingDerivedAlarms && $0.isDerivedAlarm ? nil : $0.text }
        }
    }

    /// One property line over its bytes.
    struct LineView: MappedProperty {
        /// The line's bytes.
        let bytes: UnsafeBufferPointer<UInt8>
        let line: Line

        var kind: ItemPropertyKind { line.kind }
        var name: String { ContentLineParser.upper(UnsafeBufferPointer(rebasing: bytes[0..<line.nameEnd])) }
        private var valueBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[line.valueStart...]) }
        var value: String { String(decoding: valueBytes, as: UTF8.self) }
        var raw: String { String(decoding: bytes, as: UTF8.self) }
        var position: SourcePosition { SourcePosition(offset: line.offset, line: line.number, column: 1) }

        func withValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            try body(valueBytes)
        }

        func parameter(_ name: String) -> String? {
            var wanted = name
            guard let value = wanted.withUTF8({ parameterRange($0) }) else { return nil }
            return ContentLineParser.decodeCarets(String(decoding: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self))
        }

        func withParameterBytes<Result>(_ name: StaticString, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result? {
            let value = parameterRange(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            return body(value.map { UnsafeBufferPointer(rebasing: bytes[$0]) })
        }

        /// Where the first value of the first parameter named `wanted` (upper-case) lies in
        /// ``bytes``, quotes left out and carets still in place, or `nil`.
        private func parameterRange(_ wanted: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            guard line.valueStart > line.nameEnd + 1 else { return nil }
            var found: Range<Int>?
            _ = ContentLineShape.walkParameters(bytes, from: line.nameEnd) { parameter, value, first in
                guard found == nil, first, parameter.count == wanted.count else { return }
                for (index, position) in parameter.enumerated() {
                    let byte = bytes[position]
                    let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
                    guard upper == wanted[index] else { return }
                }
                found = value
            }
            return found
        }

        /// Whether the first RELTYPE is absent or `PARENT` in any case, read on the bytes;
        /// `nil` when its value holds a caret or non-ASCII bytes (the string path decides).
        var namesParentFast: Bool? {
            guard line.valueStart > line.nameEnd + 1 else { return true }
            // `;RELTYPE=PARENT:` (in any case), as nearly every parent link is written.
            if Self.isParentType(bytes, from: line.nameEnd, to: line.valueStart) { return true }
            var answer: Bool?? = .none
            _ = ContentLineShape.walkParameters(bytes, from: line.nameEnd) { parameter, value, first in
                guard answer == nil, first, ContentLineShape.nameIs(bytes, parameter, "RELTYPE") else { return }
                if bytes[value].contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "^") }) {
                    answer = .some(nil)
                } else {
                    answer = .some(ContentLineShape.nameIs(bytes, value, "PARENT"))
                }
            }
            guard let answer else { return true }
            return answer
        }

        /// Whether `bytes[start..<end]` are `;RELTYPE=PARENT:` in any case, compared as two words.
        @inline(__always)
        static func isParentType(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
            guard end - start == 16, let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base + start)
            // Letters' 0x20 bit cleared (upper case); `;` `=` `:` have it set and keep it.
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            // ";RELTYPE" and "=PARENT:", little-endian, with the letters' case bits as masks.
            let firstLetters: UInt64 = 0x2020_2020_2020_2000
            let secondLetters: UInt64 = 0x0020_2020_2020_2000
            return first & ~firstLetters == 0x4550_5954_4C45_523B && second & ~secondLetters == 0x3A54_4E45_5241_503D
        }

        var text: String {
            let breaks = parameter(TextValue.breaksParameter)
            return TextValue.unescape(valueBytes, breaks: breaks)
        }

        var property: ICalProperty {
            var parser = ContentLineParser()
            // The line's shape was read, so it parses; the fallback only keeps the compiler content.
            guard case .line(let property) = parser.parse(bytes, line: line.number, offset: line.offset) else {
                return ICalProperty(name: name, value: value, raw: raw, line: line.number, offset: line.offset)
            }
            return property
        }
    }
}
