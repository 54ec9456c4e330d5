import AlmanacCore
import Foundation

/// What the agenda needs of an event's recurrence, worked out once per event: whether it
/// repeats, its next occurrence on or after the reference day, and its rule in words.
/// Placing an event (``AgendaWriter/place(of:)``) and writing it both need the next
/// occurrence; ``AgendaScheduleMemo`` hands the one worked out for placing to the writing.
struct AgendaSchedule {
    /// Whether the event repeats (``Event/isRecurring``).
    let isRecurring: Bool
    /// Where an occurrence starts and ends (of ``RecurrenceSet/Occurrence``).
    struct Occurrence: Equatable {
        var start: CalendarTime
        var end: CalendarTime?
    }

    /// The first occurrence on or after the day (``Event/nextOccurrence(onOrAfter:)``).
    let next: Occurrence?
    /// The rule in words (``Event/recurrenceWords``), for a recurring event with a start.
    let words: String?

    static let none = AgendaSchedule(isRecurring: false, next: nil, words: nil)

    /// The schedule of `event` relative to `day`, read from the event alone (its rule read
    /// afresh): the meaning ``AgendaScheduleMemo`` keeps while taking shortcuts.
    init(_ event: Event, onOrAfter day: CivilDate) {
        guard event.isRecurring else {
            self = .none
            return
        }
        isRecurring = true
        let set = try? event.recurrenceSet()
        next = set?.firstOccurrence(onOrAfter: day).map { Occurrence(start: $0.start, end: $0.end) }
        guard event.start != nil, let recurrence = event.recurrence else {
            words = nil
            return
        }
        // The set's first rule is the event's own when it has one.
        let rule = !recurrence.isEmpty && set != nil ? set?.rules.first : try? RecurrenceRule(parsing: recurrence)
        words = rule?.words(start: event.start)
    }

    init(isRecurring: Bool, next: Occurrence?, words: String?) {
        self.isRecurring = isRecurring
        self.next = next
        self.words = words
    }
}

/// What the schedule of an event without kept iCalendar lines (RDATE, EXDATE, RRULE)
/// depends on: its start, end and rule. The event written right after it was placed is
/// known by these, not by comparing every field.
struct AgendaScheduleKey: Equatable {
    var start: Time
    var end: Time
    var recurrence: String?

    /// A time as the key keeps it: its kind, wall-clock fields and zone, copied and compared
    /// as plain fields (an optional ``CalendarTime`` is copied and destroyed by the generic
    /// witnesses of its enum layout, which cost more than the comparison).
    struct Time: Equatable {
        /// 0: no time; 1: a date; 2: UTC; 3: zoned; 4: floating.
        var kind: UInt8
        var civil: CivilDateTime
        var zone: String?

        init(_ time: CalendarTime?) {
            switch time {
            case nil: (kind, civil, zone) = (0, CivilDateTime(secondsSinceEpoch: 0), nil)
            case .date(let date)?: (kind, civil, zone) = (1, CivilDateTime(midnightOf: date), nil)
            case .utc(let value)?: (kind, civil, zone) = (2, value, nil)
            case .zoned(let value, let name)?: (kind, civil, zone) = (3, value, name)
            case .floating(let value)?: (kind, civil, zone) = (4, value, nil)
            }
        }

        /// Whether `time` is this time: the same kind, the same fields (the same day for a
        /// date) and the same zone.
        func matches(_ time: CalendarTime?) -> Bool {
            switch time {
            case nil: return kind == 0
            case .date(let date)?: return kind == 1 && civil.date == date
            case .utc(let value)?: return kind == 2 && civil == value
            case .zoned(let value, let name)?: return kind == 3 && civil == value && zone == name
            case .floating(let value)?: return kind == 4 && civil == value
            }
        }
    }

    init(_ event: Event) {
        start = Time(event.start)
        end = Time(event.end)
        recurrence = event.recurrence
    }

    /// Whether `event` has this key, compared in place (no key made of it).
    func matches(_ event: Event) -> Bool {
        recurrence == event.recurrence && start.matches(event.start) && end.matches(event.end)
    }
}

/// The schedule of the event placed last, so that writing the event right after placing it
/// (as ``DocumentAssembler`` does) does not work it out again; and the rules read so far,
/// since a calendar repeats the same few rules. Shared by the copies of one writer, which
/// all count from the same day; an event that is not the one placed last is worked out afresh.
final class AgendaScheduleMemo {
    /// The event worked out last (one without kept lines), by its key and its extras, and its
    /// schedule; kept apart, so that looking at the key copies no schedule.
    private var lastKey: AgendaScheduleKey?
    private var lastExtras = Extras()
    private var lastSchedule = AgendaSchedule.none
    /// Rules read, by their text, each with its words by the parts of a start they read.
    private var rules: [String: KnownRule] = [:]
    /// The clocks of the zones met, and of the reader's zone (floating and all-day times).
    private var clocks: ZoneClocks

    /// A rule read from its text (`nil`: not RFC 5545 text) and its words so far, by
    /// ``wordsKey(_:day:)`` of the starts they were made for.
    private struct KnownRule {
        var rule: RecurrenceRule?
        var words: [Int: String] = [:]
    }

    /// A memo whose instants read floating and all-day times on `localZone`'s clock.
    init(localZone: TimeZone = .current) {
        clocks = ZoneClocks(localZone: localZone)
    }

    /// ``CalendarTime/instant(localZone:)`` of `time`, on the memo's clocks.
    func instant(of time: CalendarTime) -> Date? {
        clocks.instant(of: time)
    }

    /// The schedule of `event`, from the memo when it is the event seen last.
    func schedule(of event: Event, onOrAfter day: CivilDate) -> AgendaSchedule {
        // The same extras as the event seen last hold no kept lines either: they are told
        // at once when they are that event's own (the same storage), as when an event is
        // written right after it was placed.
        if lastKey?.matches(event) == true, lastExtras == event.extras { return lastSchedule }
        // Kept lines (`extras.ics.properties`, where ``Event/recurrenceSet()`` reads them)
        // take the engine's own path, every time.
        if let ics = event.extras["ics"]?.members, ics.contains(where: { $0.key == "properties" }) {
            return AgendaSchedule(event, onOrAfter: day)
        }
        // Without kept lines, an event without a rule does not repeat: nothing to work out or keep.
        guard event.recurrence?.isEmpty == false else { return .none }
        let schedule = compute(event, onOrAfter: day)
        (lastKey, lastExtras, lastSchedule) = (AgendaScheduleKey(event), event.extras, schedule)
        return schedule
    }

    /// ``AgendaSchedule/init(_:onOrAfter:)``, with the rule and its words from the memo and,
    /// for an event that starts on or after `day`, its start as the next occurrence (the
    /// start is always an occurrence and no rule gives one before it).
    private func compute(_ event: Event, onOrAfter day: CivilDate) -> AgendaSchedule {
        guard let recurrence = event.recurrence, !recurrence.isEmpty else { return .none }
        let known = knownRule(recurrence)
        guard let start = event.start, let rule = known.rule else {
            return AgendaSchedule(isRecurring: true, next: nil, words: nil)
        }
        let next: AgendaSchedule.Occurrence?
        // Inside the engine's window too (``RecurrenceSet/firstOccurrence(onOrAfter:years:)``
        // looks 400 × 366 days ahead), so that both ways give the same answer.
        if start.day >= day, start.day.daysSinceEpoch < day.daysSinceEpoch + 400 * 366, startsAsWritten(start, end: event.end) {
            next = AgendaSchedule.Occurrence(start: start, end: event.end)
        } else {
            next = RecurrenceSet(start: start, end: event.end, rules: [rule]).firstOccurrence(onOrAfter: day, clocks: &clocks).map {
                AgendaSchedule.Occurrence(start: $0.start, end: $0.end)
            }
        }
        let key = Self.wordsKey(rule, day: start.day)
        if let words = known.words[key] {
            return AgendaSchedule(isRecurring: true, next: next, words: words)
        }
        let words = rule.words(start: start)
        rules[recurrence]?.words[key] = words
        return AgendaSchedule(isRecurring: true, next: next, words: words)
    }

    /// The rule of `text` and its words so far, read and kept the first time.
    private func knownRule(_ text: String) -> KnownRule {
        if let known = rules[text] { return known }
        let known = KnownRule(rule: try? RecurrenceRule(parsing: text))
        if rules.count >= 4_096 { rules.removeAll(keepingCapacity: true) }
        rules[text] = known
        return known
    }

    /// What ``RecurrenceRule/words(start:)`` of `rule` reads of a start on `day`, as a number:
    /// the month and day of a yearly rule without day parts (BYWEEKNO, BYYEARDAY, BYMONTHDAY,
    /// BYDAY), the day of such a monthly rule, the weekday of a weekly rule without BYDAY;
    /// nothing (0) otherwise. Starts with the same key have the same words.
    static func wordsKey(_ rule: RecurrenceRule, day: CivilDate) -> Int {
        let dayParts = !rule.byWeekNo.isEmpty || !rule.byYearDay.isEmpty || !rule.byMonthDay.isEmpty || !rule.byDay.isEmpty
        switch rule.frequency {
        case .yearly where !dayParts: return day.month * 32 + day.day
        case .monthly where !dayParts: return day.day
        case .weekly where rule.byDay.isEmpty: return 1_000 + RecurrenceRule.Weekday.of(daysSinceEpoch: day.daysSinceEpoch).rawValue
        default: return 0
        }
    }

    /// Whether the recurrence engine gives `start` and `end` back unchanged as its first
    /// occurrence: whole seconds, the end of the start's kind (and zone), and zoned wall-clock
    /// times that exist (not skipped by a change of clocks).
    private func startsAsWritten(_ start: CalendarTime, end: CalendarTime?) -> Bool {
        func whole(_ value: CivilDateTime) -> Bool { value.nanosecond == 0 && value.second < 60 }
        switch (start, end) {
        case (.date, nil), (.date, .date?): return true
        case (.floating(let value), nil), (.utc(let value), nil): return whole(value)
        case (.floating(let one), .floating(let other)?), (.utc(let one), .utc(let other)?): return whole(one) && whole(other)
        case (.zoned(let value, let zone), nil): return whole(value) && exists(value, in: zone)
        case (.zoned(let one, let zone), .zoned(let other, let otherZone)?):
            return zone == otherZone && whole(one) && whole(other) && exists(one, in: zone) && exists(other, in: zone)
        default: return false
        }
    }

    /// Whether the wall-clock time `value` occurs in `zone` (an unknown zone counts as UTC:
    /// every time does): some offset the zone has near it reads it as an instant of that offset.
    private func exists(_ value: CivilDateTime, in zone: String) -> Bool {
        clocks.exists(local: value.secondsSinceEpoch, in: zone)
    }
}
