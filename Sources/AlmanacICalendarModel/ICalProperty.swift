/// One property of an iCalendar component (`DTSTART;TZID=Europe/Berlin:20270107T093000`),
/// whichever syntax it came in: RFC 5545 text, jCal (RFC 7265) or xCal (RFC 6321).
///
/// The value is kept in RFC 5545 value syntax (TEXT escapes in place, basic-format
/// dates, lists joined with commas), the form RFC 7265 and RFC 6321 define their own
/// values by. So the three syntaxes share one mapping to the model and one extras bag,
/// whose kept properties are content lines.
public struct ICalProperty: Sendable, Hashable {
    /// The property name, upper-cased (`DTSTART`, `X-WR-CALNAME`).
    public var name: String { willSet { keepRaw() } }
    /// The parameters in source order, names upper-cased, values unquoted and
    /// RFC 6868-decoded.
    public var parameters: [ICalParameter] { willSet { keepRaw() } }
    /// The value in RFC 5545 value syntax (TEXT escapes still in place).
    public var value: String { willSet { keepRaw() } }
    /// The property as one unfolded content line: as the source wrote it when it was
    /// RFC 5545 text, otherwise ``serialized``. Kept properties are kept in this form.
    public var raw: String {
        get { storedRaw ?? serialized }
        set { storedRaw = newValue }
    }
    /// The line (from 1) where the property starts in its source.
    public var line: Int
    /// The byte offset where the property starts in its source.
    public var offset: Int
    /// The column (from 1) where the property starts in its source.
    public var column: Int

    /// ``raw``, or `nil` when it is ``serialized`` (a line read as `NAME:value`, with its
    /// name in upper case, or a property made from its parts): most properties then hold
    /// one string instead of two, and a writer makes the line only to write it.
    private var storedRaw: String?

    /// A property read from a source; `raw` defaults to the serialized line.
    public init(name: String, parameters: [ICalParameter] = [], value: String, raw: String? = nil, line: Int = 0, offset: Int = 0, column: Int = 1) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
        self.offset = offset
        self.column = column
        self.storedRaw = raw
    }

    /// A property read from a line that is exactly `NAME:value`.
    init(plainLine name: String, value: String, line: Int, offset: Int) {
        self.name = name
        self.parameters = []
        self.value = value
        self.line = line
        self.offset = offset
        self.column = 1
        self.storedRaw = nil
    }

    /// Fixes ``raw`` to the line as it is before a part changes.
    private mutating func keepRaw() {
        if storedRaw == nil { storedRaw = serialized }
    }

    public static func == (left: ICalProperty, right: ICalProperty) -> Bool {
        left.name == right.name && left.parameters == right.parameters && left.value == right.value
            && left.raw == right.raw && left.line == right.line && left.offset == right.offset && left.column == right.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(value)
        hasher.combine(raw)
        hasher.combine(line)
        hasher.combine(offset)
        hasher.combine(column)
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
        if parameters.isEmpty { return name + ":" + value }
        var text = name
        for parameter in parameters {
            text += ";" + parameter.name + "=" + parameter.values.map(ICalParameter.quoted).joined(separator: ",")
        }
        return text + ":" + value
    }

    /// Appends the UTF-8 bytes of ``raw`` to `bytes`, without making the line as a
    /// string when it is `NAME:value`.
    public func appendRaw(to bytes: inout [UInt8]) {
        if let storedRaw {
            bytes.append(contentsOf: storedRaw.utf8)
        } else if parameters.isEmpty {
            bytes.append(contentsOf: name.utf8)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: value.utf8)
        } else {
            bytes.append(contentsOf: serialized.utf8)
        }
    }

    /// Appends ``raw`` to `text`, without making the line as a string of its own when it
    /// is `NAME:value`.
    public func appendRaw(to text: inout String) {
        if let storedRaw {
            text += storedRaw
        } else if parameters.isEmpty {
            text += name
            text += ":"
            text += value
        } else {
            text += serialized
        }
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
