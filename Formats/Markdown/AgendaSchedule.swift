import AlmanacCore

/// What the agenda needs of an event's recurrence, worked out once per event: whether it
/// repeats, its next occurrence on or after the reference day, and its rule in words.
/// Placing an event (``AgendaWriter/place(of:)``) and writing it both need the next
/// occurrence; ``AgendaScheduleMemo`` hands the one worked out for placing to the writing.
struct AgendaSchedule {
    /// Whether the event repeats (``Event/isRecurring``).
    let isRecurring: Bool
    /// The first occurrence on or after the day (``Event/nextOccurrence(onOrAfter:)``).
    let next: RecurrenceSet.Occurrence?
    /// The rule in words (``Event/recurrenceWords``), for a recurring event with a start.
    let words: String?

    /// The schedule of `event` relative to `day`: the rule is read once for both the next
    /// occurrence and the words.
    init(_ event: Event, onOrAfter day: CivilDate) {
        guard event.isRecurring else {
            (isRecurring, next, words) = (false, nil, nil)
            return
        }
        isRecurring = true
        let set = try? event.recurrenceSet()
        next = set?.firstOccurrence(onOrAfter: day)
        guard event.start != nil, let recurrence = event.recurrence else {
            words = nil
            return
        }
        // The set's first rule is the event's own when it has one.
        let rule = !recurrence.isEmpty && set != nil ? set?.rules.first : try? RecurrenceRule(parsing: recurrence)
        words = rule?.words(start: event.start)
    }
}

/// The schedule of the event placed last, so that writing the event right after placing it
/// (as ``DocumentAssembler`` does) does not work it out again. Shared by the copies of one
/// writer, which all count from the same day; an event that is not the one placed last is
/// worked out afresh.
final class AgendaScheduleMemo {
    private var last: (event: Event, schedule: AgendaSchedule)?

    /// The schedule of `event`, from the memo when it is the event seen last.
    func schedule(of event: Event, onOrAfter day: CivilDate) -> AgendaSchedule {
        if let last, last.event == event { return last.schedule }
        let schedule = AgendaSchedule(event, onOrAfter: day)
        last = (event, schedule)
        return schedule
    }
}
