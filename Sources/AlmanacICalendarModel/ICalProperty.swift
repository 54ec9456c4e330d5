/// One property of an iCalendar component (`DTSTART;TZID=Europe/Berlin:20270107T093000`),
/// whichever syntax it came in: RFC 5545 text, jCal (RFC 7265) or xCal (RFC 6321).
///
/// The value is kept in RFC 5545 value syntax (TEXT escapes in place, basic-format
/// dates, lists joined with commas), the form RFC 7265 and RFC 6321 define their own
/// values by. So the three syntaxes share one mapping to the model and one extras bag,
/// whose kept properties are content lines.
public struct ICalProperty: Sendable, Hashable {
    /// The property name, upper-cased (`DTSTART`, `X-WR-CALNAME`).
    public var name: String
    /// The parameters in source order, names upper-cased, values unquoted and
    /// RFC 6868-decoded.
    public var parameters: [ICalParameter]
    /// The value in RFC 5545 value syntax (TEXT escapes still in place).
    public var value: String
    /// The property as one unfolded content line: as the source wrote it when it was
    /// RFC 5545 text, otherwise ``serialized``. Kept properties are kept in this form.
    public var raw: String
    /// The line (from 1) where the property starts in its source.
    public var line: Int
    /// The byte offset where the property starts in its source.
    public var offset: Int
    /// The column (from 1) where the property starts in its source.
    public var column: Int

    /// A property read from a source; `raw` defaults to the serialized line.
    public init(name: String, parameters: [ICalParameter] = [], value: String, raw: String? = nil, line: Int = 0, offset: Int = 0, column: Int = 1) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
        self.offset = offset
        self.column = column
        self.raw = ""
        self.raw = raw ?? serialized
    }

    /// A property to write: single-valued parameters as name and value pairs.
    public init(_ name: String, _ parameters: [(String, String)] = [], _ value: String) {
        self.init(name: name, parameters: parameters.map { ICalParameter(name: $0.0, values: [$0.1]) }, value: value)
    }

    /// The first value of parameter `name` (upper-case), or `nil`.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// The `VALUE` parameter, upper-cased, or `nil`.
    public var valueType: String? { parameter("VALUE")?.uppercased() }

    /// The content line re-serialized from its parts (parameters quoted and escaped as needed).
    public var serialized: String {
        var text = name
        for parameter in parameters {
            text += ";" + parameter.name + "=" + parameter.values.map(ICalParameter.quoted).joined(separator: ",")
        }
        return text + ":" + value
    }

    /// A copy with parameter `name` set to the single value `value`.
    public func replacingParameter(_ name: String, with value: String) -> ICalProperty {
        var copy = self
        if let index = copy.parameters.firstIndex(where: { $0.name == name }) {
            copy.parameters[index].values = [value]
        } else {
            copy.parameters.append(ICalParameter(name: name, values: [value]))
        }
        copy.raw = copy.serialized
        return copy
    }
}
