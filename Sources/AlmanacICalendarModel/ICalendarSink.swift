/// Where ``ICalendarTreeBuilder`` writes what the model becomes in iCalendar: a component
/// tree (``ICalendarTreeSink``, for jCal and xCal) or RFC 5545 content lines as bytes
/// (``ContentLineWriter``). The builder holds the rules (which property a model field
/// becomes, with which parameters); a sink only spells what it is given.
///
/// Parameters come as name and value pairs, values as they are: the sink quotes and
/// caret-escapes them (``ICalParameter/quoted(_:)``).
public protocol ICalendarSink {
    /// Opens a component: `BEGIN:name`.
    mutating func begin(_ name: String)
    /// Closes the component opened last: `END:name`.
    mutating func end(_ name: String)
    /// A property whose value is in RFC 5545 value syntax already.
    mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String)
    /// A TEXT property: `text` escaped by the rules of ``TextValue``. When `marksBreaks`
    /// and the text holds a carriage return, `X-ALMANAC-BREAKS` comes before `parameters`.
    /// Returns whether control characters TEXT cannot hold were left out.
    mutating func text(_ name: String, _ parameters: [(String, String)], _ text: String, marksBreaks: Bool) -> Bool
    /// A property whose value is a list of TEXT values, each escaped, joined with commas.
    mutating func textList(_ name: String, _ texts: [String])
    /// A DATE or DATE-TIME property in basic format (see ``ICalTimeText``).
    mutating func time(_ name: String, _ parameters: [(String, String)], _ value: ICalTimeText.Value)
    /// A property as it is: its ``ICalProperty/raw`` line (a kept line).
    mutating func append(_ property: ICalProperty)
    /// A sub-component of the open component, as it is (a kept component, an alarm, a VTIMEZONE).
    mutating func append(_ component: ICalComponent)
    /// A kept sub-component with no sub-components of its own, given as its upper-cased
    /// `name` and the bytes `lines` of `text` that are its property lines, each a content
    /// line: written as ``append(_:)-(ICalComponent)`` would write that component.
    /// Returns `false` when the sink wants the component itself instead (the default).
    mutating func appendFlat(_ name: String, lines: [Range<Int>], of text: UnsafeBufferPointer<UInt8>) -> Bool
}

extension ICalendarSink {
    public mutating func appendFlat(_ name: String, lines: [Range<Int>], of text: UnsafeBufferPointer<UInt8>) -> Bool {
        false
    }
}
