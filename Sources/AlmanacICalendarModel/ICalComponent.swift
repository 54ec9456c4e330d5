/// One component of an iCalendar object (`VCALENDAR`, `VEVENT`, `VALARM`, …) with
/// its properties and the components inside it, in source order.
public struct ICalComponent: Sendable, Hashable {
    /// The upper-cased name, such as `VEVENT`.
    public var name: String
    public var properties: [ICalProperty]
    public var children: [ICalComponent]
    /// Where the component starts in its source (the `BEGIN:` line, the jCal array, the xCal element).
    public var line: Int
    public var offset: Int
    public var column: Int

    public init(name: String, properties: [ICalProperty] = [], children: [ICalComponent] = [], line: Int = 0, offset: Int = 0, column: Int = 1) {
        self.name = name
        self.properties = properties
        self.children = children
        self.line = line
        self.offset = offset
        self.column = column
    }

    /// The properties named `name` (upper-case).
    public func properties(_ name: String) -> [ICalProperty] {
        properties.filter { $0.name == name }
    }

    /// The first property named `name` (upper-case).
    public func property(_ name: String) -> ICalProperty? {
        properties.first { $0.name == name }
    }

    /// The component as unfolded content lines joined with `\n` (how the model keeps
    /// components it has no field for, such as VALARM).
    public var rawText: String {
        var text = ""
        appendRawText(to: &text)
        return text
    }

    /// Appends the component's lines to `text`, each after a line break unless it is
    /// the first of `text`: one string grows, instead of a string per line.
    private func appendRawText(to text: inout String) {
        if !text.isEmpty { text += "\n" }
        text += "BEGIN:"
        text += name
        for property in properties {
            text += "\n"
            property.appendRaw(to: &text)
        }
        for child in children { child.appendRawText(to: &text) }
        text += "\nEND:"
        text += name
    }
}
