import AlmanacCore

/// A property as ``ItemMapper`` reads it: a tree's ``ICalProperty`` (jCal, xCal, a
/// whole tree) or one line of an ``ICalItemLines`` read straight from RFC 5545 bytes,
/// whose parts become strings only when the model needs them.
protocol MappedProperty {
    /// Which property it is, as far as the mapping tells them apart.
    var kind: ItemPropertyKind { get }
    /// The name, upper-cased.
    var name: String { get }
    /// The value in RFC 5545 value syntax (escapes in place).
    var value: String { get }
    /// Calls `body` with the value's UTF-8 bytes.
    func withValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result
    /// The first value of parameter `name` (upper-case), or `nil`.
    func parameter(_ name: String) -> String?
    /// Calls `body` with the bytes of ``parameter(_:)``'s value before its carets are
    /// decoded (`nil` when there is none); `nil` without calling it when the property
    /// cannot tell on bytes.
    func withParameterBytes<Result>(_ name: StaticString, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result?
    /// The content line as written.
    var raw: String { get }
    /// The TEXT value unescaped (``TextValue/unescape(_:breaks:)``).
    var text: String { get }
    /// The whole property, for the rare cases that change it.
    var property: ICalProperty { get }
    /// Where it starts in its source.
    var position: SourcePosition { get }
    /// ``ItemLinks/namesParent(_:)`` when it can be told without making strings, else `nil`.
    var namesParentFast: Bool? { get }
}

extension MappedProperty {
    var namesParentFast: Bool? { nil }

    func withParameterBytes<Result>(_ name: StaticString, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result? { nil }
}

/// A VEVENT or VTODO as ``ItemMapper`` and ``ItemSequenceMapper`` read it: a tree's
/// ``ICalComponent`` or an ``ICalItemLines`` view.
protocol MappedItem {
    associatedtype Property: MappedProperty
    /// Whether it is a VTODO (otherwise a VEVENT).
    var isTodo: Bool { get }
    var propertyCount: Int { get }
    /// The property at `index`, in source order.
    func property(at index: Int) -> Property
    /// Where it starts (its `BEGIN` line).
    var position: SourcePosition { get }
    /// The whole component as ``ICalComponent/rawText`` gives it.
    var rawText: String { get }
    /// Its sub-components as ``ICalComponent/rawText`` gives each, without the alarms
    /// derived from recipes when `droppingDerivedAlarms`.
    func childTexts(droppingDerivedAlarms: Bool) -> [String]
}

extension ICalProperty: MappedProperty {
    var kind: ItemPropertyKind { ItemPropertyKind(name: name) }

    func withValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var copy = value
        return try copy.withUTF8(body)
    }

    var text: String { TextValue.unescape(value, breaks: parameter(TextValue.breaksParameter)) }

    var property: ICalProperty { self }

    var position: SourcePosition { SourcePosition(offset: offset, line: line, column: column) }
}

extension ICalComponent: MappedItem {
    var isTodo: Bool { name == "VTODO" }

    var propertyCount: Int { properties.count }

    func property(at index: Int) -> ICalProperty { properties[index] }

    var position: SourcePosition { SourcePosition(offset: offset, line: line, column: column) }

    func childTexts(droppingDerivedAlarms: Bool) -> [String] {
        (droppingDerivedAlarms ? children.filter { !MealDetails.isDerivedAlarm($0) } : children).map(\.rawText)
    }
}
