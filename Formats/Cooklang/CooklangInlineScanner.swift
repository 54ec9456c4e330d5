import AlmanacCore

/// Reads one step's text (comments already gone) into text and components, byte by byte.
///
/// `@`, `#` and `~` start an ingredient, cookware or a timer: a name up to `{`, when the text
/// before the `{` holds no other `@ # ~` and does not start with white space, and a `}` closes
/// the braces; else one word (up to white space or punctuation). A quantity is what stands
/// before `%` in the braces, the unit what follows; an ingredient may have a note in
/// parentheses right after it. A backslash before ASCII punctuation makes it plain text.
///
/// Searches for `}` and `)` remember where they ended, so that no byte is looked at more
/// than a few times however the markers are laid out: the cost is linear in the step.
struct CooklangInlineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where a byte of the step is in the input, for errors.
    private let locate: (Int) -> SourcePosition
    /// The last search for `}` and for `)`: where it started and what it found.
    private var braceSearch: (from: Int, found: Int?) = (-1, nil)
    private var parenthesisSearch: (from: Int, found: Int?) = (-1, nil)

    init(_ bytes: UnsafeBufferPointer<UInt8>, locate: @escaping (Int) -> SourcePosition) {
        self.bytes = bytes
        self.locate = locate
    }

    /// The items of the step.
    mutating func items() throws(CooklangDecodingError) -> [CooklangItem] {
        var items: [CooklangItem] = []
        try forEachItem(text: { items.append(.text(String(decoding: $0, as: UTF8.self))) }, item: { items.append($0) })
        return items
    }

    /// Hands each item of the step, in order, as it is read: a text's bytes (unescaped) to
    /// `text`, a component to `item`.
    mutating func forEachItem(text body: (UnsafeBufferPointer<UInt8>) -> Void, item: (CooklangItem) -> Void) throws(CooklangDecodingError) {
        var text: [UInt8] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < count, Self.isASCIIPunctuation(bytes[index + 1]) {
                text.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "~"),
               let (component, end) = try component(byte, at: index) {
                if !text.isEmpty {
                    text.withUnsafeBufferPointer(body)
                    text.removeAll(keepingCapacity: true)
                }
                item(component)
                index = end
                continue
            }
            text.append(byte)
            index += 1
        }
        if !text.isEmpty { text.withUnsafeBufferPointer(body) }
    }

    /// The component the sigil at `start` begins and the index past it, or `nil` when it is text.
    private mutating func component(_ sigil: UInt8, at start: Int) throws(CooklangDecodingError) -> (CooklangItem, Int)? {
        let nameStart = start + 1
        guard nameStart < bytes.count else { return nil }
        var name: (Int, Int)?
        var braces: (Int, Int)?
        // A name up to `{`, closed by `}`.
        if !UTF8Text.isBlank(bytes[nameStart]) {
            var index = nameStart
            while index < bytes.count, !Self.stopsName(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{"), let end = closingBrace(after: index) {
                name = (nameStart, index)
                braces = (index + 1, end)
            }
        }
        if name == nil {
            var index = nameStart
            while index < bytes.count {
                let (ends, length) = UTF8Text.endsWord(bytes, at: index)
                if ends { break }
                index += length
            }
            guard index > nameStart else { return nil }
            name = (nameStart, index)
        }
        guard let (low, high) = name else { return nil }
        var component = CooklangComponent(name: CooklangText.trimmedString(bytes, low, high))
        var end = braces.map { $0.1 + 1 } ?? high
        if let (open, close) = braces { try fill(&component, sigil, open, close, at: start) }
        if sigil == UInt8(ascii: "@") {
            if end < bytes.count, bytes[end] == UInt8(ascii: "("), let closing = closingParenthesis(after: end) {
                component.note = CooklangText.trimmedString(bytes, end + 1, closing)
                end = closing + 1
            }
            let name = component.name
            if name.hasPrefix("./") || name.hasPrefix("../") {
                component.reference = name
                component.name = String(name[name.index(after: name.lastIndex(of: "/")!)...])
            }
            return (.ingredient(component), end)
        }
        if sigil == UInt8(ascii: "#") {
            guard !component.name.isEmpty else { throw .cookwareWithoutName(at: position(start)) }
            return (.cookware(component), end)
        }
        guard !component.name.isEmpty || component.quantity != nil else { throw .emptyTimer(at: position(start)) }
        return (.timer(component), end)
    }

    /// Reads `{quantity%unit}` between `open` and `close` into `component`.
    private func fill(_ component: inout CooklangComponent, _ sigil: UInt8, _ open: Int, _ close: Int, at start: Int) throws(CooklangDecodingError) {
        var percent = open
        while percent < close, bytes[percent] != UInt8(ascii: "%") { percent += 1 }
        var quantity = CooklangText.trimmedString(bytes, open, percent)
        let unit = percent < close ? CooklangText.trimmedString(bytes, percent + 1, close) : ""
        if sigil == UInt8(ascii: "@"), quantity.hasPrefix("=") {
            component.fixed = true
            quantity = CooklangText.trimmed(String(quantity.dropFirst()))
        }
        if quantity.isEmpty {
            if !unit.isEmpty, sigil != UInt8(ascii: "#") { throw .unitWithoutQuantity(unit, at: position(start)) }
            return
        }
        component.quantity = CooklangQuantityText.quantity(quantity)
        if !unit.isEmpty, sigil != UInt8(ascii: "#") { component.unit = unit }
    }

    /// The `}` after `open`.
    private mutating func closingBrace(after open: Int) -> Int? {
        Self.find(UInt8(ascii: "}"), in: bytes, from: open + 1, last: &braceSearch)
    }

    /// The `)` after `open`.
    private mutating func closingParenthesis(after open: Int) -> Int? {
        Self.find(UInt8(ascii: ")"), in: bytes, from: open + 1, last: &parenthesisSearch)
    }

    /// The first `byte` at or after `from`. The last search answers when it started at or
    /// before `from` and found nothing, or found a byte at or after `from`.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, last: inout (from: Int, found: Int?)) -> Int? {
        if last.from >= 0, last.from <= from {
            guard let found = last.found else { return nil }
            if found >= from { return found }
        }
        var index = from
        while index < bytes.count, bytes[index] != byte { index += 1 }
        last = (from, index < bytes.count ? index : nil)
        return last.found
    }

    private func position(_ index: Int) -> SourcePosition { locate(index) }

    /// Whether the byte ends a name written with braces before its `{` turns up.
    @inline(__always)
    private static func stopsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "~")
    }

    @inline(__always)
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }
}
