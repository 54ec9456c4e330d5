import Foundation

/// Where an event falls relative to a reference date, as the date planner groups them.
public enum EventPeriod: String, CaseIterable, Hashable, Sendable, Codable {
    /// Started before the reference instant.
    case past
    /// From the reference instant up to (not including) seven days later.
    case nextSevenDays = "next-7-days"
    /// From seven days up to (not including) thirty days later.
    case nextThirtyDays = "next-30-days"
    /// Thirty days after the reference instant, or later.
    case future

    /// The heading a planner shows, such as "Next 7 Days".
    public var title: String {
        switch self {
        case .past: return "Past"
        case .nextSevenDays: return "Next 7 Days"
        case .nextThirtyDays: return "Next 30 Days"
        case .future: return "Future"
        }
    }

    /// The period of an instant relative to `reference`; days are counted on `calendar`
    /// (so "seven days later" keeps the wall-clock time across a daylight-saving change).
    public static func of(_ instant: Date, relativeTo reference: Date, calendar: Calendar = .current) -> EventPeriod {
        if instant < reference { return .past }
        if let week = calendar.date(byAdding: .day, value: 7, to: reference), instant < week { return .nextSevenDays }
        if let month = calendar.date(byAdding: .day, value: 30, to: reference), instant < month { return .nextThirtyDays }
        return .future
    }
}
