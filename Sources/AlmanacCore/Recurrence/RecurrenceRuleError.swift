/// Why a recurrence rule's text is not an RFC 5545 RECUR value.
public enum RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule has no `FREQ`.
    case missingFrequency
    /// A part that RFC 5545 does not define (and that is not an `X-` part).
    case unknownPart(String)
    /// A part written twice.
    case repeatedPart(String)
    /// A part whose value is out of range or not of its type.
    case invalidValue(part: String, value: String)
    /// `COUNT` and `UNTIL` together, which RFC 5545 forbids.
    case countAndUntil
    /// Text that is not `NAME=VALUE` pairs separated by `;`.
    case malformed(String)

    public var description: String {
        switch self {
        case .missingFrequency: return "the rule has no FREQ"
        case .unknownPart(let name): return "'\(name)' is not a part of a recurrence rule"
        case .repeatedPart(let name): return "\(name) is given twice"
        case .invalidValue(let part, let value): return "\(part)=\(value) is not a valid value"
        case .countAndUntil: return "COUNT and UNTIL cannot both be given"
        case .malformed(let text): return "'\(text)' is not NAME=VALUE"
        }
    }
}
