import AlmanacCore
import AlmanacJSONKit
import AlmanacLibXML

/// Reads the schema.org Microdata of a page (`itemscope`, `itemtype`, `itemprop`,
/// `itemid`) from ``HTMLEventParser``'s events, in the same pass that finds the JSON-LD
/// blocks, into JSON-LD-shaped nodes (see ``MicrodataItem``).
///
/// Property values follow the Microdata rules: an element with `itemscope` is a nested
/// item; `meta` gives its `content`; `img`, `audio`, `video`, `source`, `track`, `embed`,
/// `iframe` their `src`; `a`, `area`, `link` their `href`; `object` its `data`; `data`,
/// `meter` their `value`; `time` its `datetime`; any other element its `content` when it
/// has one (as schema.org's examples use it), else its text, white space collapsed.
/// `recipeInstructions` text keeps a line per block (`<p>`, `<li>`, `<br>`, …), one step
/// each. `itemref` is not followed.
struct MicrodataReader {
    /// The items that are no other item's property, in document order.
    private(set) var topLevel: [MicrodataItem.Value] = []
    private var items: [MicrodataItem] = []
    private var openItems: [Int] = []
    private var elements: [OpenElement] = []
    /// The text of the open text-valued properties, from where the outermost started.
    private var text: [UInt8] = []
    private var collecting = 0
    private var skipping = 0
    /// Bytes of property text still allowed: nested text properties repeat their text,
    /// so this bounds the work to a few times the page.
    private var textBudget: Int
    /// The page, for the position of an error.
    private let page: [UInt8]

    /// An element being read: what it opened, and whether its text is a property's value.
    private struct OpenElement {
        var item: Int?
        var textProperty: (item: Int, slots: [Int], start: Int, lines: Bool, offset: Int)?
        var isBlock = false
        var skipsText = false
    }

    /// The deepest nesting of items accepted (as for JSON-LD's arrays and objects).
    let maximumDepth: Int

    init(page: [UInt8], maximumDepth: Int) {
        self.page = page
        self.maximumDepth = maximumDepth
        textBudget = 4 * page.count + (1 << 20)
    }

    /// Whether any item was found.
    var isEmpty: Bool { topLevel.isEmpty && items.isEmpty }

    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
        "tr", "ul",
    ]
    static let skippedElements: Set<String> = ["script", "style", "template"]
    static let sourceElements: Set<String> = ["audio", "embed", "iframe", "img", "source", "track", "video"]
    static let linkElements: Set<String> = ["a", "area", "link"]

    mutating func start(_ tag: HTMLStartTag) throws(JSONLDDecodingError) {
        var element = OpenElement()
        element.isBlock = Self.blockElements.contains(tag.name) || tag.name == "br"
        if element.isBlock, collecting > 0 { lineBreak() }
        if Self.skippedElements.contains(tag.name) {
            element.skipsText = true
            skipping += 1
        }
        let properties = openItems.isEmpty ? [] : MicrodataItem.names(tag.attribute("itemprop"))
        var slots: [Int] = []
        if let owner = openItems.last, !properties.isEmpty {
            for name in properties {
                slots.append(items[owner].members.count)
                items[owner].members.append((name, nil))
            }
        }
        if tag.attribute("itemscope") != nil {
            guard openItems.count < maximumDepth else { throw .tooDeep(limit: maximumDepth, at: SourcePosition(offset: tag.offset, in: page)) }
            var item = MicrodataItem(types: MicrodataItem.names(tag.attribute("itemtype")), offset: tag.offset)
            item.id = tag.attribute("itemid")?.trimmingSpaces()
            if let owner = openItems.last, !slots.isEmpty { item.parent = (owner, slots) }
            items.append(item)
            openItems.append(items.count - 1)
            element.item = items.count - 1
        } else if let owner = openItems.last, !slots.isEmpty {
            if let value = Self.attributeValue(tag) {
                fill(owner, slots, with: .text(value, offset: tag.offset))
            } else {
                element.textProperty = (owner, slots, text.count, properties.contains("recipeInstructions"), tag.offset)
                collecting += 1
            }
        }
        elements.append(element)
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard collecting > 0, skipping == 0 else { return }
        text.append(contentsOf: bytes)
    }

    mutating func end() throws(JSONLDDecodingError) {
        guard let element = elements.popLast() else { return }
        if element.skipsText { skipping -= 1 }
        if element.isBlock, collecting > 0 { lineBreak() }
        if let property = element.textProperty {
            let slice = text[property.start...]
            textBudget -= slice.count
            guard textBudget >= 0 else { throw .microdataTooLarge(at: SourcePosition(offset: property.offset, in: page)) }
            let value = property.lines ? Self.lines(slice) : Self.collapsed(slice)
            fill(property.item, property.slots, with: .text(value, offset: property.offset))
            collecting -= 1
            if collecting == 0 { text.removeAll(keepingCapacity: true) }
        }
        if let index = element.item {
            openItems.removeLast()
            let json = items[index].json
            if let parent = items[index].parent {
                fill(parent.item, parent.slots, with: json)
            } else {
                topLevel.append(json)
            }
            items[index].members = []
        }
    }

    /// Closes whatever the page left open (libxml2 closes everything; this is a guard).
    mutating func finish() throws(JSONLDDecodingError) {
        while !elements.isEmpty { try end() }
    }

    /// A line break between blocks; one is enough (nested blocks would repeat it in
    /// every property around them).
    private mutating func lineBreak() {
        if text.last != 0x0A { text.append(0x0A) }
    }

    private mutating func fill(_ item: Int, _ slots: [Int], with value: MicrodataItem.Value) {
        for slot in slots { items[item].members[slot].value = value }
    }

    /// The value an element's attribute gives it, or `nil` when its text is its value.
    static func attributeValue(_ tag: HTMLStartTag) -> String? {
        switch tag.name {
        case "meta": return (tag.attribute("content") ?? "").trimmingSpaces()
        case _ where sourceElements.contains(tag.name): return (tag.attribute("src") ?? "").trimmingSpaces()
        case _ where linkElements.contains(tag.name): return (tag.attribute("href") ?? "").trimmingSpaces()
        case "object": return (tag.attribute("data") ?? "").trimmingSpaces()
        case "data", "meter": return (tag.attribute("value") ?? "").trimmingSpaces()
        case "time" where tag.attribute("datetime") != nil: return tag.attribute("datetime")?.trimmingSpaces()
        default: return tag.attribute("content")?.trimmingSpaces()
        }
    }

    /// Text with each run of white space (no-break spaces too) one space, trimmed.
    static func collapsed(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                pendingSpace = true
                index += 1
            } else if byte == 0xC2, index + 1 < bytes.endIndex, bytes[index + 1] == 0xA0 {
                pendingSpace = true
                index += 2
            } else {
                if pendingSpace, !output.isEmpty { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Text as lines, each collapsed, blank ones left out.
    static func lines(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.split(separator: 0x0A).map { collapsed($0) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
