import AlmanacICalendarModel

/// A component inside a VEVENT or VTODO (a VALARM, say) while the reader's item path
/// reads it: the model keeps it only as text, so its lines are gathered as bytes into
/// that text (``ICalComponent/rawText``'s form: its own lines first, then its
/// sub-components) and no tree is built.
struct SubcomponentText {
    /// The upper-cased name.
    let name: String
    /// `BEGIN:NAME`, then each property line after a line break.
    private var bytes: [UInt8]
    /// The texts of the components inside it, in order.
    private var children: [String] = []
    /// Whether a property of its own is `X-ALMANAC-RECIPE` (with ``name`` VALARM: an
    /// alarm the writer derived from a recipe, see ``isDerivedAlarm``).
    private var hasRecipeProperty = false

    init(name: String) {
        self.name = name
        bytes = []
        // Room for a usual alarm's few lines, so that its text is not regrown line by line.
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: "BEGIN:".utf8)
        bytes.append(contentsOf: name.utf8)
    }

    /// Adds one of its property lines, whose name ends at `nameEnd`.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>, nameEnd: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: line)
        if !hasRecipeProperty, ContentLineShape.nameIs(line, 0..<nameEnd, "X-ALMANAC-RECIPE") { hasRecipeProperty = true }
    }

    /// Adds the text of a component inside it.
    mutating func append(child text: String) {
        children.append(text)
    }

    /// Whether it is an alarm the writer derived from a recipe.
    var isDerivedAlarm: Bool { name == "VALARM" && hasRecipeProperty }

    /// The whole text, made once it is complete: with no sub-components (an alarm) from
    /// its bytes with `END:NAME` added, as one string.
    mutating func finishText() -> String {
        guard children.isEmpty else { return text }
        bytes.append(contentsOf: "\nEND:".utf8)
        bytes.append(contentsOf: name.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The whole text.
    var text: String {
        var text = String(decoding: bytes, as: UTF8.self)
        for child in children {
            text += "\n"
            text += child
        }
        return text + "\nEND:" + name
    }
}
