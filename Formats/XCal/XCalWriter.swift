import AlmanacICalendarModel
import AlmanacLibXML

/// Writes an iCalendar component tree as xCal (RFC 6321): `<icalendar>` around the
/// calendar, each component as `<name><properties>…</properties><components>…</components></name>`,
/// each property as `<name><parameters>…</parameters><type>value</type>…</name>`, names
/// lower-cased, values in the typed form of ``ICalValueConverter``. The bytes are the XML
/// kit's writer's (``XMLMarkupWriter``), which escapes and lays them out.
struct XCalWriter {
    private var markup: XMLMarkupWriter

    init(compact: Bool) {
        markup = XMLMarkupWriter(pretty: !compact, reservingCapacity: 16_384)
    }

    /// A writer of components nested `depth` elements deep (a streamed calendar's events:
    /// `<icalendar><vcalendar><components>` is 3), appending to `bytes`.
    init(compact: Bool, depth: Int, continuing bytes: [UInt8] = []) {
        markup = XMLMarkupWriter(pretty: !compact, depth: depth, continuing: bytes)
    }

    /// Notes that the open `<components>` holds components written by other writers.
    mutating func noteChildren() {
        markup.noteChildren()
    }

    /// What has been written.
    var bytes: [UInt8] { markup.bytes }

    /// Hands over what has been written and goes on as if it were still there.
    mutating func takeBytes() -> [UInt8] {
        markup.takeBytes()
    }

    /// Writes the declaration, `calendar` inside `<icalendar>`, and a final line break.
    mutating func write(_ calendar: ICalComponent) throws {
        try open(calendar, components: !calendar.children.isEmpty)
        try close(calendar, components: !calendar.children.isEmpty)
    }

    /// The declaration, `<icalendar>` and `calendar` with its properties, and with
    /// `components` its `<components>` and the sub-components it has so far, left open for more.
    mutating func open(_ calendar: ICalComponent, components: Bool) throws {
        markup.declaration()
        try markup.start("icalendar", attributes: [("xmlns", XCalVocabulary.namespace)])
        let name = try elementName(calendar.name, field: Self.context(of: calendar))
        try markup.start(name)
        try properties(of: calendar)
        if components {
            try markup.start("components")
            for child in calendar.children { try component(child) }
        }
    }

    /// Ends what ``open(_:components:)`` began, and the final line break.
    mutating func close(_ calendar: ICalComponent, components: Bool) throws {
        if components { markup.end() }
        markup.end()
        markup.end()
        markup.finish()
    }

    /// One component and what it holds.
    mutating func component(_ component: ICalComponent) throws {
        let context = Self.context(of: component)
        let name = try elementName(component.name, field: context)
        try markup.start(name)
        try properties(of: component)
        if !component.children.isEmpty {
            try markup.start("components")
            for child in component.children { try self.component(child) }
            markup.end()
        }
        markup.end()
    }

    /// `<properties>` with the component's, or empty.
    private mutating func properties(of component: ICalComponent) throws {
        if component.properties.isEmpty {
            try markup.empty("properties")
        } else {
            let context = Self.context(of: component)
            try markup.start("properties")
            for property in component.properties { try self.property(property, context: context) }
            markup.end()
        }
    }

    private mutating func property(_ property: ICalProperty, context: String) throws {
        let field = "\(context) \(property.name)"
        let name = try elementName(property.name, field: field)
        var (type, values) = ICalValueConverter.typedValues(of: property)
        if !Self.canWrite(values, type: type, property: property.name) {
            (type, values) = ("unknown", [.string(property.value)])
        }
        try markup.start(name)
        // The type element says what VALUE would; binary values are base64 by definition.
        let parameters = property.parameters.filter { $0.name != "VALUE" && !(type == "binary" && $0.name == "ENCODING") }
        if !parameters.isEmpty {
            try markup.start("parameters")
            for parameter in parameters { try self.parameter(parameter, field: "\(field) parameter \(parameter.name)") }
            markup.end()
        }
        for value in values { try self.value(value, type: type, property: property.name, field: field) }
        markup.end()
    }

    private mutating func parameter(_ parameter: ICalParameter, field: String) throws {
        let name = try elementName(parameter.name, field: field)
        let type = XCalVocabulary.parameterType(parameter.name)
        try markup.start(name)
        for text in parameter.values.isEmpty ? [""] : parameter.values {
            if type == "boolean", let flag = XCalTreeReader.boolean(text) {
                try leaf("boolean", flag ? "true" : "false", field: field)
            } else {
                try leaf(type == "boolean" ? "text" : type, text, field: field)
            }
        }
        markup.end()
    }

    private mutating func value(_ value: ICalValue, type: String, property: String, field: String) throws {
        switch value {
        case .string(let text), .integer(let text), .float(let text):
            try leaf(type, text, field: field)
        case .boolean(let flag):
            try leaf(type, flag ? "true" : "false", field: field)
        case .parts(let parts) where type == "period":
            try markup.start("period")
            try leaf("start", Self.text(parts[0]), field: field)
            let end = Self.text(parts[1])
            try leaf(end.hasPrefix("P") || end.hasPrefix("-P") || end.hasPrefix("+P") ? "duration" : "end", end, field: field)
            markup.end()
        case .parts(let parts):
            // GEO and REQUEST-STATUS: their parts, directly in the property.
            let names = XCalVocabulary.structuredParts[property] ?? []
            for (index, part) in parts.enumerated() {
                try leaf(names[min(index, names.count - 1)], Self.text(part), field: field)
            }
        case .recur(let parts):
            try markup.start("recur")
            for part in parts {
                for item in part.values { try leaf(part.name, Self.text(item), field: field) }
            }
            markup.end()
        }
    }

    // MARK: Helpers

    /// `<name>text</name>`; `field` names what is written, for the error when XML cannot hold a character of it.
    private mutating func leaf(_ name: String, _ text: String, field: @autoclosure () -> String) throws {
        do {
            try markup.leaf(name, text)
        } catch {
            throw XCalEncodingError.unrepresentableCharacter(codePoint: error.codePoint, field: field())
        }
    }

    /// Whether the typed values have an xCal form: structured values only as a period
    /// (start and end) or as GEO's and REQUEST-STATUS's parts, rule parts with names XML
    /// can spell. Anything else is written as `unknown`, its value as written.
    private static func canWrite(_ values: [ICalValue], type: String, property: String) -> Bool {
        values.allSatisfy { value in
            switch value {
            case .parts(let parts):
                if type == "period" { return parts.count == 2 }
                if property == "GEO" { return type == "float" && parts.count == 2 }
                if property == "REQUEST-STATUS" { return type == "text" && (2...3).contains(parts.count) }
                return false
            case .recur(let parts):
                return parts.allSatisfy { XCalVocabulary.isName($0.name) }
            default:
                return true
            }
        }
    }

    /// The text of a scalar typed value.
    private static func text(_ value: ICalValue) -> String {
        switch value {
        case .string(let text), .integer(let text), .float(let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .parts(let parts): return parts.map(text).joined(separator: ",")
        case .recur: return ""
        }
    }

    /// The lower-cased element name for an iCalendar name, which XML must be able to spell.
    private func elementName(_ name: String, field: String) throws -> String {
        guard XCalVocabulary.isName(name) else { throw XCalEncodingError.unrepresentableName(name, field: field) }
        return name.lowercased()
    }

    /// How errors name a component: its name, and its UID when it has one.
    private static func context(of component: ICalComponent) -> String {
        guard let uid = component.property("UID")?.value else { return component.name }
        return "\(component.name) '\(TextValue.unescape(uid))'"
    }
}
