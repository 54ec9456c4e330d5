import AlmanacCore
import AlmanacICalendarModel
import AlmanacJSONKit

/// Turns parsed jCal (RFC 7265), the kit's tape of the JSON, into the iCalendar component
/// tree: names upper-cased, values back in RFC 5545 value syntax, and a `VALUE` parameter
/// where the jCal type is not the property's default (section 4 of the RFC). Of a key
/// repeated in an object (a parameter, a recur part), the first is read.
struct JCalTreeReader {
    /// The deepest nesting of components accepted.
    let maximumDepth: Int
    private let map: JSONSourceMap

    init(_ map: JSONSourceMap, maximumDepth: Int) {
        self.map = map
        self.maximumDepth = maximumDepth
    }

    private func at(_ json: JSONValue) -> SourcePosition {
        map.position(json.start)
    }

    /// The members of `object` without the repeats of a key (the reader warned about them).
    private func firstMembers(_ members: [JSONMember]) -> [JSONMember] {
        guard members.count > 1 else { return members }
        var seen: Set<String> = []
        return members.filter { seen.insert($0.key).inserted }
    }

    /// The VCALENDAR components of a jCal document: one `["vcalendar", …]`, or an
    /// array of them.
    func calendars(_ root: JSONValue) throws -> [ICalComponent] {
        guard case .array(let elements) = root.kind else {
            throw JCalDecodingError.notAComponent("the document is \(root.typeName)", at: at(root))
        }
        let roots: [JSONValue]
        if case .string? = elements.first?.kind {
            roots = [root]
        } else {
            roots = elements
        }
        guard !roots.isEmpty else { throw JCalDecodingError.notAComponent("the document is an empty array", at: at(root)) }
        var calendars: [ICalComponent] = []
        for calendar in roots {
            let component = try self.component(calendar, depth: 1)
            guard component.name == "VCALENDAR" else {
                throw JCalDecodingError.noCalendar(found: component.name.lowercased(), at: SourcePosition(offset: component.offset, line: component.line, column: component.column))
            }
            calendars.append(component)
        }
        return calendars
    }

    private func component(_ json: JSONValue, depth: Int) throws -> ICalComponent {
        let position = at(json)
        guard case .array(let parts) = json.kind else {
            throw JCalDecodingError.notAComponent("found \(json.typeName)", at: position)
        }
        guard parts.count == 3, case .string(let name) = parts[0].kind, !name.isEmpty,
              case .array(let properties) = parts[1].kind, case .array(let children) = parts[2].kind else {
            throw JCalDecodingError.notAComponent("it must have a name, an array of properties and an array of components", at: position)
        }
        guard depth <= maximumDepth else {
            throw JCalDecodingError.tooDeep(limit: maximumDepth, at: position)
        }
        var component = ICalComponent(name: name.uppercased(), line: position.line, offset: position.offset, column: position.column)
        for property in properties { component.properties.append(try self.property(property)) }
        for child in children { component.children.append(try self.component(child, depth: depth + 1)) }
        return component
    }

    private func property(_ json: JSONValue) throws -> ICalProperty {
        let position = at(json)
        guard case .array(let parts) = json.kind else {
            throw JCalDecodingError.notAProperty("found \(json.typeName)", at: position)
        }
        guard parts.count >= 4, case .string(let rawName) = parts[0].kind, !rawName.isEmpty,
              case .object(let members) = parts[1].kind, case .string(let rawType) = parts[2].kind else {
            throw JCalDecodingError.notAProperty("it must have a name, an object of parameters, a type and a value", at: position)
        }
        let name = rawName.uppercased()
        let type = rawType.lowercased()
        var parameters: [ICalParameter] = []
        for member in firstMembers(members) {
            let values: [String]
            switch member.value.kind {
            case .string(let text): values = [text]
            case .number(let text): values = [text]
            case .array(let items):
                values = try items.map { item in
                    guard case .string(let text) = item.kind else { throw JCalDecodingError.invalidParameter(name: member.key, at: at(item)) }
                    return text
                }
            default:
                throw JCalDecodingError.invalidParameter(name: member.key, at: at(member.value))
            }
            let parameterName = member.key.uppercased()
            // The type is the VALUE; an explicit one in the parameters is left to it.
            if parameterName == "VALUE" { continue }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        var values: [ICalValue] = []
        for json in parts[3...] { values.append(try value(json, type: type, property: name)) }
        if type != "unknown", type != ICalValueTypes.defaultType(of: name) ?? "unknown" {
            parameters.append(ICalParameter(name: "VALUE", values: [type.uppercased()]))
        }
        if type == "binary", !parameters.contains(where: { $0.name == "ENCODING" }) {
            parameters.append(ICalParameter(name: "ENCODING", values: ["BASE64"]))
        }
        let text = ICalValueConverter.text(of: values, type: type, name: name)
        return ICalProperty(name: name, parameters: parameters, value: text, line: position.line, offset: position.offset, column: position.column)
    }

    private func value(_ json: JSONValue, type: String, property: String) throws -> ICalValue {
        switch json.kind {
        case .string(let text):
            return .string(text)
        case .number(let text):
            return type == "integer" || (!text.contains(".") && !text.contains("e") && !text.contains("E") && type != "float") ? .integer(text) : .float(text)
        case .bool(let flag):
            return .boolean(flag)
        case .array(let items):
            return .parts(try items.map { try value($0, type: type, property: property) })
        case .object(let members) where type == "recur":
            var parts: [ICalRecurPart] = []
            for member in firstMembers(members) {
                let items: [JSONValue]
                if case .array(let list) = member.value.kind { items = list } else { items = [member.value] }
                var values: [ICalValue] = []
                for item in items {
                    switch item.kind {
                    case .string(let text): values.append(.string(text))
                    case .number(let text): values.append(.integer(text))
                    default: throw JCalDecodingError.invalidValue(property: property, type: "recur part \(member.key)", found: item.typeName, at: at(item))
                    }
                }
                parts.append(ICalRecurPart(name: member.key.lowercased(), values: values))
            }
            return .recur(parts)
        case .object, .null:
            throw JCalDecodingError.invalidValue(property: property, type: type, found: json.typeName, at: at(json))
        }
    }
}
