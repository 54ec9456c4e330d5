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
    /// Rules read, by their text (`nil`: not RFC 5545 text).
    private var rules: [String: RecurrenceRule?] = [:]
    /// Rules in words, by rule text and the parts of the start the words read.
    private var words: [WordsKey: String] = [:]
    /// Zones by identifier (`nil`: unknown).
    private var zones: [String: TimeZone?] = [:]

    private struct WordsKey: Hashable {
        var rule: String
        var month: Int
        var day: Int
        var weekday: Int
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
        let schedule = compute(event, onOrAfter: day)
        (lastKey, lastExtras, lastSchedule) = (AgendaScheduleKey(event), event.extras, schedule)
        return schedule
    }

    /// ``AgendaSchedule/init(_:onOrAfter:)``, with the rule and its words from the memo and,
    /// for an event that starts on or after `day`, its start as the next occurrence (the
    /// start is always an occurrence and no rule gives one before it).
    private func compute(_ event: Event, onOrAfter day: CivilDate) -> AgendaSchedule {
        guard let recurrence = event.recurrence, !recurrence.isEmpty else { return .none }
        guard let start = event.start, let rule = rule(recurrence) else {
            return AgendaSchedule(isRecurring: true, next: nil, words: nil)
        }
        let next: AgendaSchedule.Occurrence?
        // Inside the engine's window too (``RecurrenceSet/firstOccurrence(onOrAfter:years:)``
        // looks 400 × 366 days ahead), so that both ways give the same answer.
        if start.day >= day, start.day.daysSinceEpoch < day.daysSinceEpoch + 400 * 366, startsAsWritten(start, end: event.end) {
            next = AgendaSchedule.Occurrence(start: start, end: event.end)
        } else {
            next = RecurrenceSet(start: start, end: event.end, rules: [rule]).firstOccurrence(onOrAfter: day).map {
                AgendaSchedule.Occurrence(start: $0.start, end: $0.end)
            }
        }
        return AgendaSchedule(isRecurring: true, next: next, words: words(rule, text: recurrence, start: start))
    }

    private func rule(_ text: String) -> RecurrenceRule? {
        if let known = rules[text] { return known }
        let rule = try? RecurrenceRule(parsing: text)
        if rules.count >= 4_096 { rules.removeAll(keepingCapacity: true) }
        rules[text] = rule
        return rule
    }

    /// ``RecurrenceRule/words(start:)``, which reads of the start at most its day of the
    /// month and month (a yearly or monthly rule) or its weekday (a weekly one).
    private func words(_ rule: RecurrenceRule, text: String, start: CalendarTime) -> String {
        let date = start.day
        var key = WordsKey(rule: text, month: 0, day: 0, weekday: 0)
        switch rule.frequency {
        case .yearly, .monthly: (key.month, key.day) = (date.month, date.day)
        case .weekly: key.weekday = ((date.daysSinceEpoch % 7) + 7) % 7
        default: break
        }
        if let known = words[key] { return known }
        let made = rule.words(start: start)
        if words.count >= 4_096 { words.removeAll(keepingCapacity: true) }
        words[key] = made
        return made
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
        let known: TimeZone?
        if let cached = zones[zone] {
            known = cached
        } else {
            known = TimeZone(identifier: zone)
            zones[zone] = known
        }
        guard let timeZone = known else { return true }
        let local = value.secondsSinceEpoch
        let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
        let second = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - first)))
        if second == first { return true }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - second))) == second
    }
}
