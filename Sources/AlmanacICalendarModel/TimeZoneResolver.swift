import AlmanacCore
import Foundation

/// Decides what a TZID means: an IANA zone (named directly, by its Windows name,
/// or behind a vendor prefix such as `/mozilla.org/20070129_1/`), the rules of an
/// in-file VTIMEZONE, or nothing known.
struct TimeZoneResolver {
    enum Resolution {
        /// An IANA zone this machine knows.
        case iana(String)
        /// No IANA zone, but the file defines it; times are converted to UTC with it.
        case rules(VTimeZoneRules)
        /// Neither: times are read as floating.
        case unknown
    }

    /// In-file VTIMEZONE definitions by TZID.
    private var definitions: [String: VTimeZoneRules] = [:]
    private var cache: [String: Resolution] = [:]

    /// Adds the VTIMEZONE components of a calendar (before any lookup, so that
    /// forward references work).
    mutating func add(_ component: ICalComponent) {
        guard let tzid = component.property("TZID")?.value, let rules = VTimeZoneRules(component) else { return }
        if definitions[tzid] == nil { definitions[tzid] = rules }
    }

    /// Whether `tzid` resolves to an IANA zone (its VTIMEZONE can be generated again).
    mutating func isIANA(_ tzid: String) -> Bool {
        if case .iana = resolve(tzid) { return true }
        return false
    }

    mutating func resolve(_ tzid: String) -> Resolution {
        if let cached = cache[tzid] { return cached }
        let resolution: Resolution
        if let name = Self.ianaName(tzid) {
            resolution = .iana(name)
        } else if let rules = definitions[tzid] {
            resolution = .rules(rules)
        } else {
            resolution = .unknown
        }
        cache[tzid] = resolution
        return resolution
    }

    /// The IANA zone `tzid` stands for without looking at VTIMEZONEs, or `nil`.
    static func ianaName(_ tzid: String) -> String? {
        let trimmed = tzid.trimmingSpaces
        if let known = known(trimmed) { return known }
        if let windows = WindowsTimeZones.ianaName(for: trimmed), let known = known(windows) { return known }
        // A globally unique TZID: try what follows each `/`, longest first.
        var rest = Substring(trimmed)
        while let slash = rest.firstIndex(of: "/") {
            rest = rest[rest.index(after: slash)...]
            if rest.contains("/"), let known = known(String(rest)) { return known }
        }
        return nil
    }

    /// `identifier` when Foundation knows it under exactly that name.
    private static func known(_ identifier: String) -> String? {
        guard !identifier.isEmpty, identifier.utf8.count < 64, let zone = TimeZone(identifier: identifier) else { return nil }
        // Foundation answers `GMT` for `UTC`, and `GMT+1100` for `UTC+11`: only the
        // former is a zone's own name.
        return zone.identifier == identifier || identifier == "UTC" ? identifier : nil
    }
}
