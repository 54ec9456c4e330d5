/// An ISO 8601 duration such as `PT1H30M` or `P1DT2H`, kept in the parts it was written with
/// (so `PT90M` stays `PT90M`). Years and months are not used: their length varies.
public struct ISODuration: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether the duration counts backwards (`-PT5M`); the validation rules flag it.
    public var isNegative: Bool
    public var weeks: Int
    public var days: Int
    public var hours: Int
    public var minutes: Int
    public var seconds: Int

    /// Creates a duration from its parts.
    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// The whole length in seconds, negative when ``isNegative``.
    public var totalSeconds: Int {
        let magnitude = (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds
        return isNegative ? -magnitude : magnitude
    }

    /// Parses `[-|+]P[nW][nD][T[nH][nM][nS]]`; `nil` when the text is not such a duration.
    public init?(_ text: String) {
        guard let parsed = ISO8601Text.parseDuration(Array(text.utf8)) else { return nil }
        self = parsed
    }

    /// The ISO 8601 text, such as `PT1H30M`; a zero duration is `PT0S`.
    public var description: String {
        ISO8601Text.string { ISO8601Text.append(self, to: &$0) }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = ISODuration(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 duration: \(text)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
