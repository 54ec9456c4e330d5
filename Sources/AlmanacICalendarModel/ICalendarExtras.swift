import AlmanacCore

/// The shape of the `ics` entry in an item's (or the document's) extras: what an
/// iCalendar source said that the model has no field for.
///
/// ```json
/// {"component": "VTODO",
///  "properties": ["ATTENDEE;CN=Ann:mailto:ann@example.com", "X-MOZ-GENERATION:3"],
///  "components": ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM"]}
/// ```
///
/// `properties` are unfolded content lines as written; `components` are whole
/// sub-components, their unfolded lines joined with `\n`; `component` is present
/// only for an event that was a VTODO without a parent.
public struct ICalendarExtras: Hashable, Sendable {
    /// The codec name the entry is filed under.
    public static let key = "ics"

    /// `"VTODO"` for an event that was a VTODO without a parent; otherwise `nil`.
    public var component: String?
    /// Kept properties, each one unfolded content line.
    public var properties: [String] = []
    /// Kept sub-components, each its unfolded lines joined with `\n`.
    public var components: [String] = []

    /// Whether there is nothing to keep.
    public var isEmpty: Bool { component == nil && properties.isEmpty && components.isEmpty }

    /// An entry with these parts.
    public init(component: String? = nil, properties: [String] = [], components: [String] = []) {
        self.component = component
        self.properties = properties
        self.components = components
    }

    /// Reads the `ics` entry of `extras`; what does not fit the shape is ignored.
    public init(_ extras: Extras) {
        guard !extras.isEmpty, let members = extras[Self.key]?.members else { return }
        for member in members {
            switch member.key {
            case "component": component = member.value.string
            case "properties": properties = member.value.elements?.compactMap(\.string) ?? []
            case "components": components = member.value.elements?.compactMap(\.string) ?? []
            default: break
            }
        }
    }

    /// The kept properties of the `ics` entry of `extras` (what ``init(_:)`` gives as
    /// ``properties``), without gathering the rest.
    public static func properties(of extras: Extras) -> [String] {
        guard !extras.isEmpty, let members = extras[key]?.members else { return [] }
        var properties: [String] = []
        for member in members where member.key == "properties" {
            properties = member.value.elements?.compactMap(\.string) ?? []
        }
        return properties
    }

    /// The entry as an opaque value, or `nil` when there is nothing to keep.
    public var opaque: OpaqueValue? {
        guard !isEmpty else { return nil }
        var members: [OpaqueMember] = []
        members.reserveCapacity((component == nil ? 0 : 1) + (properties.isEmpty ? 0 : 1) + (components.isEmpty ? 0 : 1))
        if let component { members.append(OpaqueMember("component", .string(component))) }
        if !properties.isEmpty { members.append(OpaqueMember("properties", .array(properties.map(OpaqueValue.string)))) }
        if !components.isEmpty { members.append(OpaqueMember("components", .array(components.map(OpaqueValue.string)))) }
        return .object(members)
    }

    /// `extras` with this entry stored (or removed when empty).
    public func stored(in extras: Extras) -> Extras {
        // Nothing to store in extras that hold nothing (a task's, nearly always).
        if isEmpty && extras.isEmpty { return extras }
        var copy = extras
        copy[Self.key] = opaque
        return copy
    }
}
