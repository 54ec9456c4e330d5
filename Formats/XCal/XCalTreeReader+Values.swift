import AlmanacICalendarModel
import AlmanacLibXML

extension XCalTreeReader {
    /// The typed value of a value-type element (RFC 6321 section 3.6): text as written,
    /// other scalars trimmed of white space, a period as its start and end (or duration),
    /// a recurrence rule as its parts.
    func value(_ tag: XMLStartTag, type: String, property: String) throws -> ICalValue {
        switch type {
        case "period":
            return try period(tag, property: property)
        case "recur":
            return try recur(tag, property: property)
        default:
            let text = try cursor.text(of: tag)
            guard let value = Self.scalar(text, type: type) else {
                throw XCalDecodingError.invalidValue(property: property, type: type, reason: "must be true or false, not '\(XMLReadError.excerpt(text))'", at: cursor.position(tag.mark))
            }
            return value
        }
    }

    /// The value of a value-type element other than a period or a recurrence rule, from
    /// its text; `nil` for a boolean that is neither true nor false.
    static func scalar(_ text: String, type: String) -> ICalValue? {
        switch type {
        case "text", "unknown": return .string(text)
        case "integer": return .integer(text.trimmingXMLWhitespace())
        case "float": return .float(text.trimmingXMLWhitespace())
        case "boolean": return boolean(text).map(ICalValue.boolean)
        default: return .string(text.trimmingXMLWhitespace())
        }
    }

    /// `<period><start>…</start><end>…</end></period>`, or `<duration>` for `<end>`.
    private func period(_ tag: XMLStartTag, property: String) throws -> ICalValue {
        var start: String?
        var end: String?
        try cursor.children(of: tag) { child in
            guard try isXCal(child) else { return }
            switch child.localName {
            case "start" where start == nil:
                start = try cursor.text(of: child).trimmingXMLWhitespace()
            case "end" where end == nil, "duration" where end == nil:
                end = try cursor.text(of: child).trimmingXMLWhitespace()
            default:
                throw XCalDecodingError.misplacedElement(child.qualifiedName, in: "<period>", expected: "one <start> and one <end> or <duration>", at: cursor.position(child.mark))
            }
        }
        guard let start, let end else {
            throw XCalDecodingError.invalidValue(property: property, type: "period", reason: "needs a <start> and an <end> or <duration>", at: cursor.position(tag.mark))
        }
        return .parts([.string(start), .string(end)])
    }

    /// `<recur>` with one element per rule part value, in order (`<byday>MO</byday><byday>WE</byday>`);
    /// the values of a part given several times are gathered into one part.
    private func recur(_ tag: XMLStartTag, property: String) throws -> ICalValue {
        var parts: [ICalRecurPart] = []
        try cursor.children(of: tag) { child in
            guard try isXCal(child) else { return }
            guard XCalVocabulary.isName(child.localName) else { throw XCalDecodingError.invalidName(child.qualifiedName, at: cursor.position(child.mark)) }
            let name = child.localName.lowercased()
            let value = ICalValue.string(try cursor.text(of: child).trimmingXMLWhitespace())
            if let index = parts.firstIndex(where: { $0.name == name }) {
                parts[index].values.append(value)
            } else {
                parts.append(ICalRecurPart(name: name, values: [value]))
            }
        }
        guard !parts.isEmpty else {
            throw XCalDecodingError.invalidValue(property: property, type: "recur", reason: "needs its rule parts, such as <freq>", at: cursor.position(tag.mark))
        }
        return .recur(parts)
    }
}
