import Almanac

/// `expand --from D --to D [--max-occurrences N]`: parses its window into an ``ExpandStep``.
struct ExpandVerb: Verb {
    let name = "expand"
    let abstract = "One event per occurrence of recurring events, in a window of days."
    let usage = "expand --from <date> --to <date> [--max-occurrences <count>]"
    let discussion = """
        Each occurrence that overlaps the days from --from up to (not including) --to becomes
        an event with the series' id, the occurrence's recurrenceId, its own start and end
        (the series' length) and the series' other fields (without its rule, RDATEs and
        EXDATEs). Changed occurrences (RECURRENCE-ID, RANGE=THISANDFUTURE) replace theirs;
        EXDATEs and cancelled occurrences (STATUS:CANCELLED) are left out. Days are read on
        each event's own clock (its time zone, or floating). Events that do not repeat are
        kept when they overlap the window; recipes pass through.
        """
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--from"], valueName: "<date>", help: "The first day of the window, such as 2026-01-01."),
        .init(names: ["--to"], valueName: "<date>", help: "The day after the window's last."),
        .init(names: ["--max-occurrences"], valueName: "<count>", help: "The most occurrences one series gives (default 100000); past it, a warning."),
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        func day(_ option: String) throws -> CivilDate {
            guard let text = arguments.value(option) else { throw usageError("\(option) is required, such as \(option) 2026-01-01") }
            guard case .date(let day)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
                throw usageError("\(option) must be a date such as 2026-01-01, not '\(text)'")
            }
            return day
        }
        let from = try day("--from")
        let to = try day("--to")
        guard from < to else { throw usageError("--to (\(to)) must be after --from (\(from))") }
        var limit = 100_000
        if let text = arguments.value("--max-occurrences") {
            guard let count = Int(text), count >= 1 else { throw usageError("--max-occurrences must be a whole number from 1, not '\(text)'") }
            limit = count
        }
        return ExpandStep(from: from, to: to, maxOccurrences: limit)
    }
}
