import AlmanacCore
import Foundation

/// Builds a VTIMEZONE for an IANA zone from the time-zone data Foundation's
/// `TimeZone` has: one STANDARD or DAYLIGHT observance for each change of offset
/// from the one in force before the first year asked for to the end of the last,
/// each with its own DTSTART (no recurrence rules to get wrong).
public enum VTimeZoneBuilder {
    /// The VTIMEZONE for `identifier`, covering the years `years`; `nil` for a zone
    /// Foundation does not know.
    public static func component(_ identifier: String, years: ClosedRange<Int>) -> ICalComponent? {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let rangeStart = instant(year: years.lowerBound)
        let rangeEnd = instant(year: years.upperBound + 1)
        var transitions: [Date] = []
        // The change in force at the start of the range: look back up to ten years.
        var cursor = rangeStart.addingTimeInterval(-10 * 366 * 86_400)
        var before: Date?
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < rangeEnd {
            if next <= rangeStart { before = next } else { transitions.append(next) }
            cursor = next
        }
        if let before { transitions.insert(before, at: 0) }

        var writer = ICalComponent(name: "VTIMEZONE")
        writer.properties.append(ICalProperty("TZID", [], TextValue.escape(identifier).value))
        if transitions.isEmpty {
            // No change near these years: one observance from 1970 on.
            let offset = zone.secondsFromGMT(for: rangeStart)
            let local = CivilDateTime(midnightOf: CivilDate(year: 1970, month: 1, day: 1)!)
            observance(zone: zone, at: rangeStart, local: local, from: offset, to: offset, into: &writer)
        } else {
            for transition in transitions {
                let from = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
                let to = zone.secondsFromGMT(for: transition)
                let seconds = Int(transition.timeIntervalSince1970.rounded()) + from
                observance(zone: zone, at: transition, local: CivilDateTime(secondsSinceEpoch: seconds), from: from, to: to, into: &writer)
            }
        }
        return writer
    }

    private static func observance(zone: TimeZone, at instant: Date, local: CivilDateTime, from: Int, to: Int, into parent: inout ICalComponent) {
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        var observance = ICalComponent(name: kind)
        observance.properties.append(ICalProperty("DTSTART", [], ICalTimeText.text(local, utc: false)))
        observance.properties.append(ICalProperty("TZOFFSETFROM", [], ICalTimeText.offsetText(from)))
        observance.properties.append(ICalProperty("TZOFFSETTO", [], ICalTimeText.offsetText(to)))
        // Foundation on Linux spells abbreviations as offsets (`GMT+1`); only real names are worth a TZNAME.
        if let name = zone.abbreviation(for: instant), !name.isEmpty,
           !(name.hasPrefix("GMT+") || name.hasPrefix("GMT-") || name.hasPrefix("UTC+") || name.hasPrefix("UTC-")) {
            observance.properties.append(TextValue.property("TZNAME", name).property)
        }
        parent.children.append(observance)
    }

    private static func instant(year: Int) -> Date {
        let days = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        return Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
    }
}
