import Testing
import AlmanacCore

/// `unique-ids` across occurrences and plain items alike: an occurrence checked on its times
/// (``StreamValidator/validate(occurrence:of:source:position:event:)``) clashes with an
/// earlier item of the same id and recurrence id, whichever way either was checked, and with
/// the same message as when both are checked whole.
@Suite struct OccurrenceClashTests {
    static func zoned(_ text: String, _ zone: String = "Europe/Berlin") -> CalendarTime {
        .zoned(ISO8601Text.parseCalendarTime(Array(text.utf8))!.civil, timeZone: zone)
    }

    static let series = Event(id: "standup", title: "Standup", start: zoned("2026-03-23T09:00:00"), end: zoned("2026-03-23T09:15:00"))

    static func times(_ day: Int, zone: String = "Europe/Berlin") -> OccurrenceStream.Times {
        OccurrenceStream.Times(start: zoned("2026-03-\(day)T09:00:00", zone), end: zoned("2026-03-\(day)T09:15:00", zone), recurrenceID: zoned("2026-03-\(day)T09:00:00", zone))
    }

    /// The diagnostics of each step checked whole, and with occurrences checked on their times.
    enum Step {
        case plain(Event)
        case occurrence(OccurrenceStream.Times)
    }

    static func both(_ steps: [Step]) -> (whole: [[Diagnostic]], fast: [[Diagnostic]]) {
        var whole = StreamValidator(Validator())
        var fast = StreamValidator(Validator())
        let check = fast.occurrenceCheck(for: series)
        var made: [[Diagnostic]] = [], found: [[Diagnostic]] = []
        for (line, step) in steps.enumerated() {
            let position = SourcePosition(offset: 0, line: line + 1, column: 1)
            switch step {
            case .plain(let event):
                made.append(whole.validate(LocatedItem(.event(event), source: "cal.ics", position: position)))
                found.append(fast.validate(LocatedItem(.event(event), source: "cal.ics", position: position)))
            case .occurrence(let times):
                made.append(whole.validate(LocatedItem(.event(times.applied(to: series)), source: "cal.ics", position: position)))
                found.append(fast.validate(occurrence: times, of: check, source: "cal.ics", position: position) { times.applied(to: series) })
            }
        }
        return (made, found)
    }

    @Test func anOccurrenceClashesWithAnEarlierPlainItem() {
        var changed = Self.series
        changed.title = "Moved standup"
        changed.recurrenceID = Self.zoned("2026-03-24T09:00:00")
        let (whole, fast) = Self.both([.occurrence(Self.times(23)), .plain(changed), .occurrence(Self.times(24)), .occurrence(Self.times(25))])
        #expect(fast == whole)
        #expect(fast.map { $0.map(\.code) } == [[], [], ["unique-ids"], []])
        #expect(fast[2].first?.message == "event 'Standup': the id standup@2026-03-24T09:00:00 is already used by an earlier item (add 'then validate' to name it)")
        #expect(fast[2].first?.position?.line == 3)
    }

    @Test func aPlainItemClashesWithAnEarlierOccurrence() {
        var copy = Self.series
        copy.recurrenceID = Self.zoned("2026-03-23T09:00:00")
        let (whole, fast) = Self.both([.occurrence(Self.times(23)), .plain(copy)])
        #expect(fast == whole)
        #expect(fast.map { $0.map(\.code) } == [[], ["unique-ids"]])
    }

    @Test func otherZonesOrTimesDoNotClash() {
        var other = Self.series
        other.recurrenceID = Self.zoned("2026-03-23T09:00:00", "Europe/Paris")
        var utc = Self.series
        utc.recurrenceID = .utc(Self.zoned("2026-03-23T09:00:00").civil)
        var day = Self.series
        day.recurrenceID = .date(CivilDate(year: 2026, month: 3, day: 23)!)
        var plainID = Self.series
        plainID.recurrenceID = nil
        let (whole, fast) = Self.both([.occurrence(Self.times(23)), .plain(other), .plain(utc), .plain(day), .plain(plainID), .occurrence(Self.times(23, zone: "Europe/Paris"))])
        #expect(fast == whole)
        #expect(fast.map { $0.map(\.code) } == [[], [], [], [], [], ["unique-ids"]])
    }
}
