import Foundation
import Testing
import AlmanacCore

/// ``StreamValidator/validate(occurrenceOf:times:timesDecide:source:position:)`` gives the
/// diagnostics ``StreamValidator/validate(_:)`` gives for the occurrence made into an event,
/// whichever rules find something, and the rules say truly which of them ignore times.
@Suite struct OccurrenceValidationTests {
    static let position = SourcePosition(offset: 120, line: 9, column: 1)

    static func zoned(_ text: String, _ zone: String = "Europe/Berlin") -> CalendarTime {
        .zoned(ISO8601Text.parseCalendarTime(Array(text.utf8))!.civil, timeZone: zone)
    }

    static func times(_ start: String, _ end: String?, zone: String = "Europe/Berlin") -> OccurrenceStream.Times {
        OccurrenceStream.Times(start: zoned(start, zone), end: end.map { zoned($0, zone) }, recurrenceID: zoned(start, zone))
    }

    /// The diagnostics of both ways for `base` at each of `times`, with `settings`.
    static func both(_ base: Event, _ times: [OccurrenceStream.Times], settings: ValidationSettings = ValidationSettings()) -> (made: [[Diagnostic]], fast: [[Diagnostic]]) {
        var whole = StreamValidator(Validator(settings: settings))
        let made = times.map { whole.validate(LocatedItem(.event($0.applied(to: base)), source: "cal.ics", position: position)) }
        var fast = StreamValidator(Validator(settings: settings))
        let decide = fast.timesDecide(for: base)
        let found = times.map { fast.validate(occurrenceOf: base, times: $0, timesDecide: decide, source: "cal.ics", position: position) }
        return (made, found)
    }

    static let series = Event(id: "standup", title: "Standup", start: zoned("2026-03-23T09:00:00"), end: zoned("2026-03-23T09:15:00"))

    @Test func cleanOccurrencesHaveNoDiagnostic() {
        let times = (23...27).map { Self.times("2026-03-\($0)T09:00:00", "2026-03-\($0)T09:15:00") }
        let (made, fast) = Self.both(Self.series, times)
        #expect(fast == made)
        #expect(fast.allSatisfy { $0.isEmpty })
    }

    @Test func aBlankTitleIsReportedForEveryOccurrenceWithItsPosition() {
        var blank = Self.series
        blank.title = " "
        let times = (23...25).map { Self.times("2026-03-\($0)T09:00:00", "2026-03-\($0)T09:15:00") }
        let (made, fast) = Self.both(blank, times, settings: ValidationSettings(severities: ["title-required": .warning]))
        #expect(fast == made)
        #expect(fast.map { $0.map(\.code) } == Array(repeating: ["title-required"], count: 3))
        #expect(fast.allSatisfy { $0.first?.position == Self.position && $0.first?.source == "cal.ics" })
    }

    @Test func anOccurrenceOutsideTheWindowOrEndingBeforeItStartsIsFound() {
        let settings = ValidationSettings(notAfter: CivilDate(year: 2026, month: 3, day: 24)!)
        let times = [
            Self.times("2026-03-23T09:00:00", "2026-03-23T09:15:00"),
            Self.times("2026-03-25T09:00:00", "2026-03-25T09:15:00"),
            // 02:50 CEST and 30 minutes later 02:20 CET, which reads as 02:20 CEST: before the start.
            Self.times("2026-10-25T02:50:00", "2026-10-25T02:20:00"),
            OccurrenceStream.Times(start: .date(CivilDate(year: 2026, month: 3, day: 23)!), end: .date(CivilDate(year: 2026, month: 3, day: 23)!), recurrenceID: .date(CivilDate(year: 2026, month: 3, day: 23)!)),
        ]
        let (made, fast) = Self.both(Self.series, times, settings: settings)
        #expect(fast == made)
        #expect(fast.map { $0.map(\.code) } == [[], ["date-range", "date-range"], ["date-range", "date-range", "end-after-start"], ["end-after-start"]])
    }

    @Test func aRepeatedOccurrenceIsARepeatedID() {
        let once = Self.times("2026-03-23T09:00:00", "2026-03-23T09:15:00")
        let (made, fast) = Self.both(Self.series, [once, Self.times("2026-03-24T09:00:00", nil), once])
        #expect(fast == made)
        #expect(fast.map { $0.map(\.code) } == [[], [], ["unique-ids"]])
    }

    @Test func disabledRulesStayDisabled() {
        var blank = Self.series
        blank.title = ""
        let (made, fast) = Self.both(blank, [Self.times("2026-03-23T09:00:00", "2026-03-23T08:00:00")], settings: ValidationSettings(disabled: ["title-required", "end-after-start"]))
        #expect(fast == made)
        #expect(fast == [[]])
    }

    /// Every rule that says it ignores times finds the same in an event at other times.
    @Test func theRulesThatIgnoreTimesDo() {
        let odd = Event(id: "x", title: " ", color: RGBAColor(red: 2, green: 0, blue: 0), tasks: [EventTask(id: "t", text: ""), EventTask(id: "t", text: "b")])
        let moves: [(CalendarTime?, CalendarTime?)] = [
            (nil, nil), (Self.zoned("2026-01-01T10:00:00"), Self.zoned("2026-01-01T09:00:00")),
            (.date(CivilDate(year: 1800, month: 1, day: 1)!), .date(CivilDate(year: 1800, month: 1, day: 1)!)),
        ]
        for rule in RuleRegistry.builtin.rules where rule.ignoresTimes {
            let findings = moves.map { start, end -> [String] in
                var event = odd
                event.start = start
                event.end = end
                event.recurrenceID = start
                return rule.check([LocatedItem(.event(event))], settings: ValidationSettings()).map(\.message)
            }
            #expect(Set(findings.map { $0.joined(separator: "|") }).count == 1, "\(rule.id)")
        }
        #expect(RuleRegistry.builtin.rules.filter { !$0.ignoresTimes }.map(\.id) == ["date-range", "end-after-start"])
    }

    /// `acceptsTimes` says yes only where `check` finds nothing, around changes of clocks too.
    @Test func acceptedTimesHaveNoFinding() throws {
        let settings = ValidationSettings(notBefore: CivilDate(year: 2026, month: 3, day: 1)!, notAfter: CivilDate(year: 2026, month: 11, day: 1)!, timeZone: try #require(TimeZone(identifier: "America/New_York")))
        var instants = InstantReader(localZone: settings.timeZone)
        let base = ISO8601Text.parseCalendarTime(Array("2026-10-25T00:00:00".utf8))!.civil.secondsSinceEpoch
        var checked = 0
        for rule in [DateRangeRule(), EndAfterStartRule()] as [any ValidationRule] {
            for step in stride(from: 0, through: 4 * 3_600, by: 1_200) {
                for length in [-3_600, -1_200, 0, 1_200, 3_600] {
                    let start = CivilDateTime(secondsSinceEpoch: base + step), end = CivilDateTime(secondsSinceEpoch: base + step + length)
                    for (from, to) in [(CalendarTime.zoned(start, timeZone: "Europe/Berlin"), CalendarTime.zoned(end, timeZone: "Europe/Berlin")), (.floating(start), .floating(end)), (.utc(start), .zoned(end, timeZone: "Asia/Tokyo"))] {
                        let event = LocatedItem(.event(Event(id: "e", title: "E", start: from, end: to)))
                        let accepted = rule.acceptsTimes(start: from, end: to, settings: settings, instants: &instants)
                        #expect(accepted == rule.check([event], settings: settings).isEmpty, "\(rule.id) \(from) \(to)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100)
    }
}
