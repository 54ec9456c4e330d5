import AlmanacCore
import Foundation
import Testing

@Suite struct EventTests {
    /// 2026-12-24T00:00:00Z.
    private let reference = Date(timeIntervalSince1970: 1_798_070_400)

    private func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) throws -> CivilDateTime {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        return try #require(CivilDateTime(date: date, hour: hour, minute: minute, second: second))
    }

    private func event(_ start: CalendarTime?, tasks: [EventTask] = []) -> Event {
        Event(id: "e", title: "Party", start: start, tasks: tasks)
    }

    // MARK: period(relativeTo:calendar:)

    @Test func utcStartAtTheReferenceIsInTheNextSevenDays() throws {
        let calendar = try calendar("Europe/Berlin")
        #expect(event(.utc(try dateTime(2026, 12, 24, 0, 0))).period(relativeTo: reference, calendar: calendar) == .nextSevenDays)
        #expect(event(.utc(try dateTime(2026, 12, 23, 23, 59, 59))).period(relativeTo: reference, calendar: calendar) == .past)
        #expect(event(.utc(try dateTime(2026, 12, 31, 0, 0))).period(relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        #expect(event(.utc(try dateTime(2026, 12, 30, 23, 59, 59))).period(relativeTo: reference, calendar: calendar) == .nextSevenDays)
        #expect(event(.utc(try dateTime(2027, 1, 23, 0, 0))).period(relativeTo: reference, calendar: calendar) == .future)
        #expect(event(.utc(try dateTime(2027, 1, 22, 23, 59, 59))).period(relativeTo: reference, calendar: calendar) == .nextThirtyDays)
    }

    @Test func floatingStartsAreReadInTheCalendarsZone() throws {
        let start = CalendarTime.floating(try dateTime(2026, 12, 24, 0, 0))
        // Midnight in Tokyo is 15:00Z the day before; in New York it is 05:00Z the same day.
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("Asia/Tokyo")) == .past)
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("America/New_York")) == .nextSevenDays)
        // 09:00 in Tokyo is exactly the reference instant; a second earlier is past.
        let tokyo = try calendar("Asia/Tokyo")
        #expect(event(.floating(try dateTime(2026, 12, 24, 9, 0))).period(relativeTo: reference, calendar: tokyo) == .nextSevenDays)
        #expect(event(.floating(try dateTime(2026, 12, 24, 8, 59, 59))).period(relativeTo: reference, calendar: tokyo) == .past)
    }

    @Test func dateOnlyStartsAreReadAsMidnightInTheCalendarsZone() throws {
        let start = CalendarTime.date(try #require(CivilDate(year: 2026, month: 12, day: 24)))
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("Asia/Tokyo")) == .past)
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("America/New_York")) == .nextSevenDays)
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("UTC")) == .nextSevenDays)
        let newYearsEve = CalendarTime.date(try #require(CivilDate(year: 2026, month: 12, day: 31)))
        #expect(event(newYearsEve).period(relativeTo: reference, calendar: try calendar("UTC")) == .nextThirtyDays)
    }

    @Test func zonedStartsUseTheirOwnZone() throws {
        // 01:00 in Berlin on the 24th is 00:00Z: the reference, whatever the calendar's zone.
        let start = CalendarTime.zoned(try dateTime(2026, 12, 24, 1, 0), timeZone: "Europe/Berlin")
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("Asia/Tokyo")) == .nextSevenDays)
        let earlier = CalendarTime.zoned(try dateTime(2026, 12, 24, 0, 59, 59), timeZone: "Europe/Berlin")
        #expect(event(earlier).period(relativeTo: reference, calendar: try calendar("America/New_York")) == .past)
    }

    @Test func daylightSavingChangeInsideTheWindow() throws {
        // Reference 2026-03-25T12:00 in Berlin (11:00Z); the clocks go forward on the 29th.
        let calendar = try calendar("Europe/Berlin")
        let reference = Date(timeIntervalSince1970: 1_774_436_400)
        let atWeek = CalendarTime.zoned(try dateTime(2026, 4, 1, 12, 0), timeZone: "Europe/Berlin")
        let beforeWeek = CalendarTime.zoned(try dateTime(2026, 4, 1, 11, 59, 59), timeZone: "Europe/Berlin")
        #expect(event(atWeek).period(relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        #expect(event(beforeWeek).period(relativeTo: reference, calendar: calendar) == .nextSevenDays)
        // 2026-04-01T10:30Z is 167.5 hours later: under seven 24-hour days, but past 12:00 CEST.
        #expect(event(.utc(try dateTime(2026, 4, 1, 10, 30))).period(relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        #expect(event(.floating(try dateTime(2026, 4, 1, 11, 59, 59))).period(relativeTo: reference, calendar: calendar) == .nextSevenDays)
    }

    @Test func noStartHasNoPeriod() throws {
        #expect(event(nil).period(relativeTo: reference, calendar: try calendar("UTC")) == nil)
    }

    @Test func unknownTimeZoneHasNoPeriod() throws {
        let start = CalendarTime.zoned(try dateTime(2026, 12, 24, 1, 0), timeZone: "Mars/Olympus_Mons")
        #expect(event(start).period(relativeTo: reference, calendar: try calendar("UTC")) == nil)
    }

    // MARK: Tasks

    @Test func remainingTaskCountSkipsCompletedAndBlankTasks() {
        let tasks = [
            EventTask(id: "1", text: "Cups"),
            EventTask(id: "2", text: "Plates", isCompleted: true),
            EventTask(id: "3", text: ""),
            EventTask(id: "4", text: "", isCompleted: true),
            EventTask(id: "5", text: "Cake"),
        ]
        let party = event(nil, tasks: tasks)
        #expect(party.remainingTaskCount == 2)
        #expect(!party.isComplete)
    }

    @Test func isCompleteWhenNoTaskRemains() {
        #expect(event(nil).isComplete, "an event without tasks is complete")
        #expect(event(nil).remainingTaskCount == 0)
        let done = event(nil, tasks: [EventTask(id: "1", text: "Cups", isCompleted: true), EventTask(id: "2", text: "")])
        #expect(done.isComplete)
        #expect(!event(nil, tasks: [EventTask(id: "1", text: " ")]).isComplete, "a space is not blank")
    }

    // MARK: Start kinds

    @Test func allDayAndTimeZoneComeFromTheStart() throws {
        let day = CalendarTime.date(try #require(CivilDate(year: 2026, month: 12, day: 24)))
        #expect(event(day).isAllDay)
        #expect(event(day).timeZone == nil)
        let zoned = CalendarTime.zoned(try dateTime(2026, 12, 24, 17, 0), timeZone: "Europe/Berlin")
        #expect(!event(zoned).isAllDay)
        #expect(event(zoned).timeZone == "Europe/Berlin")
        #expect(event(.utc(try dateTime(2026, 12, 24, 17, 0))).timeZone == nil)
        #expect(!event(nil).isAllDay)
    }
}
