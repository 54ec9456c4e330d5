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
    /// The schedule of the event placed last (``AgendaScheduleMemo``).
    private let memo: AgendaScheduleMemo
    /// Seven and thirty days after ``reference`` on the calendar, where ``EventPeriod/of(_:relativeTo:calendar:)``
    /// puts the ends of Next 7 Days and Next 30 Days: worked out once, not per event.
    private let weekEnd: Date?
    private let monthEnd: Date?

    init(reference: Date, calendar: Calendar) {
        self.reference = reference
        self.calendar = calendar
        memo = AgendaScheduleMemo(localZone: calendar.timeZone)
        weekEnd = calendar.date(byAdding: .day, value: 7, to: reference)
        monthEnd = calendar.date(byAdding: .day, value: 30, to: reference)
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
        let start = schedule(of: event).next?.start ?? event.start
        guard let start, let instant = memo.instant(of: start) else { return (Self.periods.count - 1, nil) }
        return (periodIndex(of: instant), instant)
    }

    /// The index in ``periods`` of ``EventPeriod/of(_:relativeTo:calendar:)`` of `instant`
    /// (``periods`` are ``EventPeriod/allCases`` in order, then No Date).
    private func periodIndex(of instant: Date) -> Int {
        if instant < reference { return 0 }
        if let weekEnd, instant < weekEnd { return 1 }
        if let monthEnd, instant < monthEnd { return 2 }
        return 3
    }

    /// The event's recurrence as the agenda needs it, worked out once for placing and writing it.
    private func schedule(of event: Event) -> AgendaSchedule {
        memo.schedule(of: event, onOrAfter: today)
    }

    /// Appends the event's blocks, apart by blank lines: its `###` heading, attribute line,
    /// when and where, notes, tasks.
    func event(_ event: Event, warnings: inout [String], into out: inout [UInt8]) {
        out.append(contentsOf: Self.eventHeading)
        MarkdownEscaper.append(event.title, heading: true, to: &out)
        Self.blockBreak(&out)
        AttributeLine.start(&out)
        AttributeLine.value("id", event.id, &out)
        if let start = event.start { AttributeLine.value("start", &out) { CalendarTimeText.append(start, to: &$0) } }
        if let end = event.end { AttributeLine.value("end", &out) { CalendarTimeText.append(end, to: &$0) } }
        if let symbol = event.symbol { AttributeLine.value("symbol", symbol, &out) }
        if let color = event.color { AttributeLine.value("color", &out) { Self.append(color, to: &$0) } }
        if let url = event.url { AttributeLine.value("url", url, &out) }
        if !event.categories.isEmpty { AttributeLine.list("categories", event.categories, separator: UInt8(ascii: ","), &out) }
        if let recurrence = event.recurrence { AttributeLine.value("recurrence", recurrence, &out) }
        if !event.tasks.isEmpty { AttributeLine.list("tasks", event.tasks, separator: UInt8(ascii: " "), &out) { $0.id } }
        if !event.recipes.isEmpty { AttributeLine.list("recipes", event.recipes, separator: UInt8(ascii: " "), &out) }
        AttributeLine.end(&out)
        detailBlocks(event, link: false, taskLink: { _ in nil }, into: &out)
        Self.noteExtras(event, warnings: &warnings)
    }

    private static let eventHeading = Array("### ".utf8)
    /// Appends a blank line's break (two line feeds) between blocks.
    private static func blockBreak(_ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(UInt8(ascii: "\n"))
    }

    /// Appends `text`'s bytes (a literal: no string to look into).
    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends a color's components apart by spaces: a whole number as an integer, any other
    /// as its `description`, which for the usual k/255 comes from a table
    /// (``AlmanacCore/RGBAColor/byteFractionDescription(_:)``).
    static func append(_ color: RGBAColor, to bytes: inout [UInt8]) {
        append(component: color.red, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        append(component: color.green, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        append(component: color.blue, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        append(component: color.alpha, to: &bytes)
    }

    private static func append(component: Double, to bytes: inout [UInt8]) {
        if component == component.rounded() && abs(component) < 1e15 {
            ByteText.append(Int(component), to: &bytes)
            return
        }
        MarkdownText.append(utf8Of: RGBAColor.byteFractionDescription(component) ?? component.description, to: &bytes)
    }

    /// Adds the warning that the event's extras (or its tasks') are left out, when it has any:
    /// `event 'Title': Markdown cannot carry the extras other formats kept (ics)`, made as
    /// bytes and turned into a string once.
    private static func noteExtras(_ event: Event, warnings: inout [String]) {
        guard !event.extras.isEmpty || event.tasks.contains(where: { !$0.extras.isEmpty }) else { return }
        var message: [UInt8] = []
        message.reserveCapacity(event.title.utf8.count + 96)
        message.append(contentsOf: extrasWarningStart)
        MarkdownText.append(utf8Of: event.title, to: &message)
        message.append(contentsOf: extrasWarningMiddle)
        let entries = event.extras.entries
        if entries.count == 1, let only = entries.first {
            MarkdownText.append(utf8Of: only.key, to: &message)
        } else if entries.isEmpty {
            message.append(contentsOf: "tasks".utf8)
        } else {
            for (index, name) in event.extras.sortedNames.enumerated() {
                if index > 0 { message.append(contentsOf: ", ".utf8) }
                MarkdownText.append(utf8Of: name, to: &message)
            }
        }
        message.append(UInt8(ascii: ")"))
        warnings.append(String(decoding: message, as: UTF8.self))
    }

    private static let extrasWarningStart = Array("event '".utf8)
    private static let extrasWarningMiddle = Array("': Markdown cannot carry the extras other formats kept (".utf8)

    /// An event's own page on a site: `# Title`, then what the agenda shows of it, with its
    /// `url` as a link and a task linked to `taskLink(text)` when that gives a destination.
    /// The attributes are the page's front matter instead (a site shows no HTML comment).
    func page(_ event: Event, taskLink: (String) -> String?, warnings: inout [String]) -> String {
        Self.noteExtras(event, warnings: &warnings)
        var out = Array("# ".utf8)
        MarkdownEscaper.append(event.title, heading: true, to: &out)
        detailBlocks(event, link: true, taskLink: taskLink, into: &out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends when and where, the link (when `link`), the notes and the tasks, each after a blank line.
    private func detailBlocks(_ event: Event, link: Bool, taskLink: (String) -> String?, into out: inout [UInt8]) {
        // Room for the longest usual line (a rule in words, a first day), so that it grows at most once.
        var when: [UInt8] = []
        when.reserveCapacity(160)
        if recurringWhen(event, into: &when) || Self.when(event, into: &when) {
            Self.blockBreak(&out)
            out.append(contentsOf: Self.whenLabel)
            MarkdownEscaper.append(utf8: when, to: &out)
        }
        if let location = event.location, !location.isEmpty {
            Self.blockBreak(&out)
            out.append(contentsOf: Self.whereLabel)
            MarkdownEscaper.append(location.replacingNewlines, to: &out)
        }
        if link, let url = event.url, !url.isEmpty {
            Self.blockBreak(&out)
            out.append(contentsOf: "**Link:** [".utf8)
            MarkdownEscaper.append(url.replacingNewlines, to: &out)
            out.append(contentsOf: "](".utf8)
            out.append(contentsOf: MarkdownEscaper.linkDestination(url).utf8)
            out.append(UInt8(ascii: ")"))
        }
        if let recipes = recipeLinks.block(event) {
            Self.blockBreak(&out)
            out.append(contentsOf: recipes.utf8)
        }
        if let notes = event.notes {
            let trimmed = MarkdownText.trimmed(notes)
            if !trimmed.isEmpty {
                Self.blockBreak(&out)
                MarkdownEscaper.append(trimmed, to: &out)
            }
        }
        guard !event.tasks.isEmpty else { return }
        Self.blockBreak(&out)
        for (index, task) in event.tasks.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "\n")) }
            out.append(contentsOf: task.isCompleted ? Self.doneBox : Self.openBox)
            let text = MarkdownText.trimmed(task.text)
            guard !text.isEmpty else { continue }
            if let destination = taskLink(text) {
                out.append(contentsOf: " [".utf8)
                MarkdownEscaper.append(text.replacingNewlines, to: &out)
                out.append(contentsOf: "](".utf8)
                out.append(contentsOf: MarkdownEscaper.linkDestination(destination).utf8)
                out.append(UInt8(ascii: ")"))
            } else {
                out.append(UInt8(ascii: " "))
                let start = out.count
                MarkdownEscaper.append(text, to: &out)
                MarkdownEscaper.indentContinuation(&out, from: start, columns: 2)
            }
        }
    }

    private static let whenLabel = Array("**When:** ".utf8)
    private static let whereLabel = Array("**Where:** ".utf8)
    private static let openBox = Array("- [ ]".utf8)
    private static let doneBox = Array("- [x]".utf8)

    /// Appends a recurring event's next occurrence and its rule in words: `Sun 2027-12-12 15:00 – 19:00
    /// (America/Los_Angeles), every year on 12 December (next occurrence; first Sat 2026-12-12)`;
    /// `false` (nothing appended) for an event that does not repeat or has no start.
    private func recurringWhen(_ event: Event, into out: inout [UInt8]) -> Bool {
        let schedule = schedule(of: event)
        guard schedule.isRecurring, let start = event.start else { return false }
        let next = schedule.next
        Self.when(start: next?.start ?? start, end: next == nil ? event.end : next?.end, into: &out)
        if let words = schedule.words {
            out.append(UInt8(ascii: ","))
            out.append(UInt8(ascii: " "))
            MarkdownText.append(utf8Of: words, to: &out)
        }
        if next == nil {
            out.append(contentsOf: " (no occurrence after ".utf8)
            ISO8601Text.append(today, to: &out)
            out.append(UInt8(ascii: ")"))
        } else if next?.start != start {
            out.append(contentsOf: " (next occurrence; first ".utf8)
            Self.day(start.day, into: &out)
            out.append(UInt8(ascii: ")"))
        }
        return true
    }

    /// When the event takes place, for people: `Sat 2026-12-12 15:00 – 19:00 (America/Los_Angeles)`.
    static func when(_ event: Event) -> String? {
        var out: [UInt8] = []
        return when(event, into: &out) ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Appends ``when(_:)`` of `event`; `false` (nothing appended) without a start.
    private static func when(_ event: Event, into out: inout [UInt8]) -> Bool {
        guard let start = event.start else { return false }
        when(start: start, end: event.end, into: &out)
        return true
    }

    private static func when(start: CalendarTime, end: CalendarTime?, into out: inout [UInt8]) {
        day(start.day, into: &out)
        if start.isDateOnly {
            if case .date(let endDay)? = end, endDay.adding(days: -1) > start.day {
                append(dash, to: &out)
                day(endDay.adding(days: -1), into: &out)
            }
            append(" (all day)", to: &out)
            return
        }
        out.append(UInt8(ascii: " "))
        clock(start.civil, into: &out)
        guard let end else {
            zone(start, into: &out)
            return
        }
        if !end.isDateOnly && end.day == start.day && sameZone(end, start) {
            append(dash, to: &out)
            clock(end.civil, into: &out)
            zone(end, into: &out)
            return
        }
        zone(start, into: &out)
        append(dash, to: &out)
        day(end.day, into: &out)
        if !end.isDateOnly {
            out.append(UInt8(ascii: " "))
            clock(end.civil, into: &out)
            zone(end, into: &out)
        }
    }

    private static let dash: StaticString = " – "
    /// The names of the days since 1970-01-01 (a Thursday) modulo 7, three bytes each.
    private static let dayNames: StaticString = "ThuFriSatSunMonTueWed"

    private static func day(_ date: CivilDate, into out: inout [UInt8]) {
        let name = ((date.daysSinceEpoch % 7) + 7) % 7 * 3
        dayNames.withUTF8Buffer { names in
            out.append(names[name])
            out.append(names[name + 1])
            out.append(names[name + 2])
        }
        out.append(UInt8(ascii: " "))
        ISO8601Text.append(date, to: &out)
    }

    private static func clock(_ time: CivilDateTime, into bytes: inout [UInt8]) {
        twoDigits(time.hour, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(time.minute, into: &bytes)
        if time.second != 0 || time.nanosecond != 0 {
            bytes.append(UInt8(ascii: ":"))
            twoDigits(time.second, into: &bytes)
        }
    }

    /// ``ISO8601Text/appendDigits(_:count:to:)`` with two digits, written at once for 0 to 99.
    private static func twoDigits(_ value: Int, into bytes: inout [UInt8]) {
        guard value >= 0 && value < 100 else { return ISO8601Text.appendDigits(value, count: 2, to: &bytes) }
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10))
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    }

    /// Appends ` UTC`, ` (zone)` or nothing (floating and all-day times).
    private static func zone(_ time: CalendarTime, into out: inout [UInt8]) {
        switch time {
        case .utc: append(" UTC", to: &out)
        case .zoned(_, let zone):
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: "("))
            MarkdownText.append(utf8Of: zone, to: &out)
            out.append(UInt8(ascii: ")"))
        case .date, .floating: break
        }
    }

    /// Whether ``zone(_:into:)`` writes the same for both times.
    /// Each time is matched on its own, not as a pair (a tuple of the two is copied whole).
    private static func sameZone(_ first: CalendarTime, _ second: CalendarTime) -> Bool {
        switch first {
        case .utc:
            if case .utc = second { return true }
        case .zoned(_, let one):
            if case .zoned(_, let other) = second { return one == other }
        case .date, .floating:
            switch second {
            case .date, .floating: return true
            case .utc, .zoned: return false
            }
        }
        return false
    }
}
