import Foundation

/// What the user set for validation: which rules run at which severity, and the
/// date window of `date-range`.
public struct ValidationSettings: Sendable, Hashable {
    /// Rules that do not run.
    public var disabled: Set<String>
    /// Severities that replace rules' defaults.
    public var severities: [String: Diagnostic.Severity]
    /// The first day `date-range` accepts.
    public var notBefore: CivilDate
    /// The last day `date-range` accepts.
    public var notAfter: CivilDate
    /// "Today", for windows such as `--within 1y` and for periods.
    public var today: CivilDate
    /// The zone floating and all-day times are read in, when instants are compared.
    public var timeZone: TimeZone

    /// The default window: sane calendar years, 1900-01-01 to 2200-12-31.
    public static let defaultNotBefore = CivilDate(year: 1900, month: 1, day: 1)!
    public static let defaultNotAfter = CivilDate(year: 2200, month: 12, day: 31)!

    public init(
        disabled: Set<String> = [], severities: [String: Diagnostic.Severity] = [:],
        notBefore: CivilDate = ValidationSettings.defaultNotBefore, notAfter: CivilDate = ValidationSettings.defaultNotAfter,
        today: CivilDate = ValidationSettings.currentDay(), timeZone: TimeZone = .current
    ) {
        self.disabled = disabled
        self.severities = severities
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.today = today
        self.timeZone = timeZone
    }

    /// Today's date on this machine's clock and zone.
    public static func currentDay(zone: TimeZone = .current) -> CivilDate {
        let seconds = Int(Date().timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT()
        return CivilDateTime(secondsSinceEpoch: seconds).date
    }

    /// The severity `rule` reports with.
    public func severity(of rule: any ValidationRule) -> Diagnostic.Severity {
        severities[rule.id] ?? rule.defaultSeverity
    }
}
