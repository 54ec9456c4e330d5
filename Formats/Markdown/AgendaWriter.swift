import AlmanacCore
import Foundation

/// Writes events for an agenda: `# Agenda`, a `##` heading per period (Past, Next 7 Days,
/// Next 30 Days, Future, then No Date) relative to a reference instant, and under it
/// each event, by start, as a `###` heading with its attribute line, when and where,
/// notes, and its tasks as a GFM task list. ``MarkdownDocumentWriter`` puts the pieces together.
struct AgendaWriter {
    /// The instant periods are counted from (`--today` at midnight, or now).
    let reference: Date
    /// The calendar that counts days, and reads floating and all-day times.
    let calendar: Calendar
    /// The reference day, on the calendar's clock: worked out once, not per event.
    let today: CivilDate
    /// The recipes meals link to (``MealRecipeLinks``).
    var recipeLinks = MealRecipeLinks()

    init(reference: Date, calendar: Calendar) {
        self.reference = reference
        self.calendar = calendar
        let parts = calendar.dateComponents([.year, .month, .day], from: reference)
        today = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? CivilDate(daysSinceEpoch: 0)
    }

    static let title = "Agenda"
    static let noDateTitle = "No Date"

    /// The agenda's periods in the order they are written (`nil`: No Date).
    static let periods: [EventPeriod?] = EventPeriod.allCases.map { $0 } + [nil]

    /// The `##` heading of `period`.
    static func heading(_ period: EventPeriod?) -> String {
        "## " + (period?.title ?? noDateTitle)
    }

    /// Where `event` goes: its period's index in ``periods``, and its start as an instant
    /// (events of a period are ordered by it; `nil` for undated events, which keep their order).
    /// A recurring event goes where its next occurrence on or after the reference day is.
    func place(of event: Event) -> (period: Int, instant: Date?) {
        let placed = event.placed(onOrAfter: today)
        let period = placed.period(relativeTo: reference, calendar: calendar)
        let index = Self.periods.firstIndex(of: period) ?? Self.periods.count - 1
        return (index, period == nil ? nil : placed.start?.instant(localZone: calendar.timeZone))
    }

    /// The event's blocks joined: its `###` heading, attribute line, when and where, notes, tasks.
    func event(_ event: Event, warnings: inout [String]) -> String {
        eventBlocks(event, warnings: &warnings).joined(separator: "\n\n")
    }

    private func eventBlocks(_ event: Event, warnings: inout [String]) -> [String] {
        var blocks = ["### " + MarkdownEscaper.escape(event.title, heading: true)]
        var pairs: [(key: String, value: String)] = [("id", AttributeLine.encode(event.id))]
        if let start = event.start { pairs.append(("start", AttributeLine.encode(CalendarTimeText.format(start)))) }
        if let end = event.end { pairs.append(("end", AttributeLine.encode(CalendarTimeText.format(end)))) }
        if let symbol = event.symbol { pairs.append(("symbol", AttributeLine.encode(symbol))) }
        if let color = event.color {
            pairs.append(("color", [color.red, color.green, color.blue, color.alpha].map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : "\($0)" }.joined(separator: " ")))
        }
        if let url = event.url { pairs.append(("url", AttributeLine.encode(url))) }
        if !event.categories.isEmpty { pairs.append(("categories", AttributeLine.encodeList(event.categories, separator: ","))) }
        if let recurrence = event.recurrence { pairs.append(("recurrence", AttributeLine.encode(recurrence))) }
        if !event.tasks.isEmpty { pairs.append(("tasks", AttributeLine.encodeList(event.tasks.map(\.id), separator: " "))) }
        if !event.recipes.isEmpty { pairs.append(("recipes", AttributeLine.encodeList(event.recipes, separator: " "))) }
        blocks.append(AttributeLine.render(pairs))
        blocks += detailBlocks(event, link: false, taskLink: { _ in nil })
        Self.noteExtras(event, warnings: &warnings)
        return blocks
    }

    private static func noteExtras(_ event: Event, warnings: inout [String]) {
        if !event.extras.isEmpty || event.tasks.contains(where: { !$0.extras.isEmpty }) {
            let names = event.extras.sortedNames.isEmpty ? ["tasks"] : event.extras.sortedNames
            warnings.append("event '\(event.title)': Markdown cannot carry the extras other formats kept (\(names.joined(separator: ", ")))")
        }
    }

    /// An event's own page on a site: `# Title`, then what the agenda shows of it, with its
    /// `url` as a link and a task linked to `taskLink(text)` when that gives a destination.
    /// The attributes are the page's front matter instead (a site shows no HTML comment).
    func page(_ event: Event, taskLink: (String) -> String?, warnings: inout [String]) -> String {
        Self.noteExtras(event, warnings: &warnings)
        return (["# " + MarkdownEscaper.escape(event.title, heading: true)] + detailBlocks(event, link: true, taskLink: taskLink))
            .joined(separator: "\n\n") + "\n"
    }

    /// When and where, the link (when `link`), the notes and the tasks.
    private func detailBlocks(_ event: Event, link: Bool, taskLink: (String) -> String?) -> [String] {
        var blocks: [String] = []
        if let when = recurringWhen(event) ?? Self.when(event) { blocks.append("**When:** " + MarkdownEscaper.escape(when)) }
        if let location = event.location, !location.isEmpty {
            blocks.append("**Where:** " + MarkdownEscaper.escape(location.replacingNewlines))
        }
        if link, let url = event.url, !url.isEmpty {
            blocks.append("**Link:** [" + MarkdownEscaper.escape(url.replacingNewlines) + "](" + MarkdownEscaper.linkDestination(url) + ")")
        }
        if let recipes = recipeLinks.block(event) { blocks.append(recipes) }
        if let notes = event.notes, !MarkdownText.trimmed(notes).isEmpty {
            blocks.append(MarkdownEscaper.escape(MarkdownText.trimmed(notes)))
        }
        if !event.tasks.isEmpty {
            blocks.append(event.tasks.map { task in
                let box = task.isCompleted ? "- [x]" : "- [ ]"
                let text = MarkdownText.trimmed(task.text)
                guard !text.isEmpty else { return box }
                if let destination = taskLink(text) {
                    return box + " [" + MarkdownEscaper.escape(text.replacingNewlines) + "](" + MarkdownEscaper.linkDestination(destination) + ")"
                }
                return box + " " + MarkdownEscaper.indentContinuation(MarkdownEscaper.escape(text), columns: 2)
            }.joined(separator: "\n"))
        }
        return blocks
    }

    /// A recurring event's next occurrence and its rule in words: `Sun 2027-12-12 15:00 – 19:00
    /// (America/Los_Angeles), every year on 12 December (next occurrence; first Sat 2026-12-12)`.
    func recurringWhen(_ event: Event) -> String? {
        guard event.isRecurring, let start = event.start else { return nil }
        let next = event.nextOccurrence(onOrAfter: today)
        var placed = event
        if let next {
            placed.start = next.start
            placed.end = next.end
        }
        guard var text = Self.when(placed) else { return nil }
        if let words = event.recurrenceWords { text += ", " + words }
        if next == nil {
            text += " (no occurrence after \(today))"
        } else if next?.start != start {
            text += " (next occurrence; first " + Self.day(start.day) + ")"
        }
        return text
    }

    /// When the event takes place, for people: `Sat 2026-12-12 15:00 – 19:00 (America/Los_Angeles)`.
    static func when(_ event: Event) -> String? {
        guard let start = event.start else { return nil }
        var text = day(start.day)
        if start.isDateOnly {
            if case .date(let endDay)? = event.end, endDay.adding(days: -1) > start.day {
                text += " – " + day(endDay.adding(days: -1))
            }
            return text + " (all day)"
        }
        text += " " + clock(start.civil)
        guard let end = event.end else { return text + zone(start) }
        if !end.isDateOnly && end.day == start.day && zone(end) == zone(start) {
            return text + " – " + clock(end.civil) + zone(end)
        }
        return text + zone(start) + " – " + day(end.day) + (end.isDateOnly ? "" : " " + clock(end.civil) + zone(end))
    }

    private static func day(_ date: CivilDate) -> String {
        let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let index = ((date.daysSinceEpoch % 7) + 7) % 7
        return names[index] + " " + date.description
    }

    private static func clock(_ time: CivilDateTime) -> String {
        var bytes: [UInt8] = []
        ISO8601Text.appendDigits(time.hour, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ISO8601Text.appendDigits(time.minute, count: 2, to: &bytes)
        if time.second != 0 || time.nanosecond != 0 {
            bytes.append(UInt8(ascii: ":"))
            ISO8601Text.appendDigits(time.second, count: 2, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func zone(_ time: CalendarTime) -> String {
        switch time {
        case .utc: return " UTC"
        case .zoned(_, let zone): return " (\(zone))"
        case .date, .floating: return ""
        }
    }
}
