import Almanac

/// The options that configure validation, shared by `validate`, `convert` and the
/// `validate` verb: which rules run at which severity, and the date window.
enum ValidationOptions {
    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--disable"], valueName: "<rule>", help: "Do not run this rule (repeatable; 'almanac rules' lists them)."),
        .init(names: ["--warn"], valueName: "<rule>", help: "Report this rule's findings as warnings."),
        .init(names: ["--error"], valueName: "<rule>", help: "Report this rule's findings as errors."),
        .init(names: ["--not-before"], valueName: "<date>", help: "date-range: the first day accepted (default 1900-01-01)."),
        .init(names: ["--not-after"], valueName: "<date>", help: "date-range: the last day accepted (default 2200-12-31)."),
        .init(names: ["--within"], valueName: "<span>", help: "date-range: only dates within a span around today, such as 1y, 6m, 2w, 10d."),
        TodayOption.option,
    ]

    /// The settings the arguments ask for; usage errors name `command`.
    static func settings(_ arguments: ArgumentScanner.Result, rules: RuleRegistry, command: String) throws -> ValidationSettings {
        var settings = ValidationSettings()
        settings.today = try TodayOption.day(arguments, command: command)
        func ids(_ option: String) throws -> [String] {
            let ids = (arguments.allValues[option] ?? []).flatMap { $0.split(separator: ",").map(String.init) }
            for id in ids where rules.rule(id) == nil {
                throw UsageError("Unknown rule '\(id)' for \(option); the rules are \(rules.rules.map(\.id).joined(separator: ", "))", command: command)
            }
            return ids
        }
        settings.disabled = Set(try ids("--disable"))
        for id in try ids("--warn") { settings.severities[id] = .warning }
        for id in try ids("--error") { settings.severities[id] = .error }
        if let text = arguments.value("--not-before") { settings.notBefore = try date(text, option: "--not-before", command: command) }
        if let text = arguments.value("--not-after") { settings.notAfter = try date(text, option: "--not-after", command: command) }
        if let text = arguments.value("--within") {
            let (before, after) = try window(text, around: settings.today, command: command)
            settings.notBefore = max(settings.notBefore, before)
            settings.notAfter = min(settings.notAfter, after)
        }
        return settings
    }

    static func date(_ text: String, option: String, command: String) throws -> CivilDate {
        guard case .date(let day)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
            throw UsageError("The value of \(option) must be a date such as 2026-12-24, not '\(text)'", command: command)
        }
        return day
    }

    /// `today - span ... today + span` for spans such as `1y`, `6m`, `2w` and `10d`.
    static func window(_ text: String, around today: CivilDate, command: String) throws -> (CivilDate, CivilDate) {
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0, "ymwd".contains(unit) else {
            throw UsageError("The value of --within must be a span such as 1y, 6m, 2w or 10d, not '\(text)'", command: command)
        }
        switch unit {
        case "d": return (today.adding(days: -count), today.adding(days: count))
        case "w": return (today.adding(days: -7 * count), today.adding(days: 7 * count))
        default:
            let months = unit == "y" ? 12 * count : count
            return (shift(today, months: -months), shift(today, months: months))
        }
    }

    /// The same day `months` months away, on the month's last day when it is shorter.
    private static func shift(_ date: CivilDate, months: Int) -> CivilDate {
        let index = date.year * 12 + (date.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        return CivilDate(year: year, month: month, day: min(date.day, CivilDate.daysIn(month: month, year: year)))!
    }
}

/// `--today <date>`: the day periods and windows are counted from (default: today).
enum TodayOption {
    static let option = ArgumentScanner.Option(names: ["--today"], valueName: "<date>", help: "Count periods and windows from this day (default: today).")

    static func day(_ arguments: ArgumentScanner.Result, command: String) throws -> CivilDate {
        try given(arguments, command: command) ?? ValidationSettings.currentDay()
    }

    /// The day `--today` gives, or `nil` when it is not given.
    static func given(_ arguments: ArgumentScanner.Result, command: String) throws -> CivilDate? {
        try arguments.value("--today").map { try ValidationOptions.date($0, option: "--today", command: command) }
    }

    /// What periods are counted from: the start of `--today`, or now.
    static func reference(_ arguments: ArgumentScanner.Result) throws -> PeriodReference {
        PeriodReference(today: try given(arguments, command: "convert"))
    }
}
