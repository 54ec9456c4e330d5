/// An ``ICalendarSink`` that builds the component tree, for the writers that turn it
/// into jCal or xCal (and for the resources of a CalDAV collection).
public struct ICalendarTreeSink: ICalendarSink {
    /// The components opened and not yet closed, outermost first.
    private var open: [ICalComponent] = []
    /// The outermost components closed so far, in order.
    public private(set) var components: [ICalComponent] = []

    public init() {}

    /// The component opened last and not closed: how a writer takes a component whose
    /// `END` it writes later.
    public var innermost: ICalComponent? { open.last }

    public mutating func begin(_ name: String) {
        open.append(ICalComponent(name: name))
    }

    public mutating func end(_ name: String) {
        guard let closed = open.popLast() else { return }
        if open.isEmpty { components.append(closed) } else { open[open.count - 1].children.append(closed) }
    }

    public mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        append(ICalProperty(name, parameters, value))
    }

    public mutating func text(_ name: String, _ parameters: [(String, String)], _ text: String, marksBreaks: Bool) -> Bool {
        let escaped = TextValue.escape(text)
        let breaks = marksBreaks ? escaped.breaks.map { [(TextValue.breaksParameter, $0)] } ?? [] : []
        append(ICalProperty(name, breaks + parameters, escaped.value))
        return escaped.droppedControls
    }

    public mutating func textList(_ name: String, _ texts: [String]) {
        append(ICalProperty(name, [], texts.map { TextValue.escape($0).value }.joined(separator: ",")))
    }

    public mutating func time(_ name: String, _ parameters: [(String, String)], _ value: ICalTimeText.Value) {
        switch value {
        case .date(let date): append(ICalProperty(name, parameters, ICalTimeText.text(date)))
        case .dateTime(let time, let utc): append(ICalProperty(name, parameters, ICalTimeText.text(time, utc: utc)))
        }
    }

    public mutating func append(_ property: ICalProperty) {
        guard !open.isEmpty else { return }
        open[open.count - 1].properties.append(property)
    }

    public mutating func append(_ component: ICalComponent) {
        guard !open.isEmpty else { return }
        open[open.count - 1].children.append(component)
    }
}
