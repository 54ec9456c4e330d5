import AlmanacCore
import Foundation
import Testing

@Suite struct EventPeriodTests {
    private static let hour: TimeInterval = 3_600
    private static let day: TimeInterval = 86_400

    private func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    /// 2026-06-10T10:00:00Z, far from any daylight-saving change in Europe/Berlin.
    private let reference = Date(timeIntervalSince1970: 1_781_085_600)

    @Test func theReferenceInstantItselfIsInTheNextSevenDays() throws {
        #expect(EventPeriod.of(reference, relativeTo: reference, calendar: try calendar("Europe/Berlin")) == .nextSevenDays)
    }

    @Test func oneSecondBeforeTheReferenceIsPast() throws {
        #expect(EventPeriod.of(reference - 1, relativeTo: reference, calendar: try calendar("Europe/Berlin")) == .past)
        #expect(EventPeriod.of(reference - 0.001, relativeTo: reference, calendar: try calendar("Europe/Berlin")) == .past)
    }

    @Test func sevenDaysLaterStartsTheNextThirtyDays() throws {
        let calendar = try calendar("Europe/Berlin")
        let week = reference + 7 * Self.day
        #expect(EventPeriod.of(week, relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        #expect(EventPeriod.of(week - 1, relativeTo: reference, calendar: calendar) == .nextSevenDays)
        #expect(EventPeriod.of(week - 0.001, relativeTo: reference, calendar: calendar) == .nextSevenDays)
    }

    @Test func thirtyDaysLaterIsTheFuture() throws {
        let calendar = try calendar("Europe/Berlin")
        let month = reference + 30 * Self.day
        #expect(EventPeriod.of(month, relativeTo: reference, calendar: calendar) == .future)
        #expect(EventPeriod.of(month - 1, relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        #expect(EventPeriod.of(reference + 400 * Self.day, relativeTo: reference, calendar: calendar) == .future)
    }

    /// Berlin moves its clocks forward on 2026-03-29, so seven calendar days after
    /// 2026-03-25T12:00 (CET, 11:00Z) is 2026-04-01T12:00 CEST (10:00Z): only 167 hours.
    @Test func sevenDaysAcrossTheSpringChangeKeepTheWallClockTime() throws {
        let calendar = try calendar("Europe/Berlin")
        let reference = Date(timeIntervalSince1970: 1_774_436_400)  // 2026-03-25T11:00:00Z
        let week = reference + 167 * Self.hour
        #expect(EventPeriod.of(week - 1, relativeTo: reference, calendar: calendar) == .nextSevenDays)
        #expect(EventPeriod.of(week, relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        #expect(EventPeriod.of(reference + 167.5 * Self.hour, relativeTo: reference, calendar: calendar) == .nextThirtyDays)
        // In UTC, the same instants are less than seven days apart.
        #expect(EventPeriod.of(reference + 167.5 * Self.hour, relativeTo: reference, calendar: try self.calendar("UTC")) == .nextSevenDays)
    }

    /// Berlin moves its clocks back on 2026-10-25: seven calendar days then last 169 hours.
    @Test func sevenDaysAcrossTheAutumnChangeKeepTheWallClockTime() throws {
        let calendar = try calendar("Europe/Berlin")
        let reference = Date(timeIntervalSince1970: 1_792_490_400)  // 2026-10-20T10:00:00Z (12:00 CEST)
        let week = reference + 169 * Self.hour
        #expect(EventPeriod.of(reference + 168 * Self.hour, relativeTo: reference, calendar: calendar) == .nextSevenDays)
        #expect(EventPeriod.of(week - 1, relativeTo: reference, calendar: calendar) == .nextSevenDays)
        #expect(EventPeriod.of(week, relativeTo: reference, calendar: calendar) == .nextThirtyDays)
    }

    @Test func titlesAndRawValues() {
        #expect(EventPeriod.allCases.map(\.rawValue) == ["past", "next-7-days", "next-30-days", "future"])
        #expect(EventPeriod.allCases.map(\.title) == ["Past", "Next 7 Days", "Next 30 Days", "Future"])
    }
}
