import AlmanacCore

/// Reproducible random documents for round trips and the peer tests (of ics, jcal and xcal): every kind
/// of time, several zones, awkward text (escapes, line breaks, long lines,
/// non-Latin scripts), colors that 8 bits cannot hold, and task lists.
public enum GeneratedCalendars {
    static let zones = ["Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo", "Asia/Kolkata", "Europe/London", "Pacific/Auckland", "UTC"]

    static let words = [
        "Party", "Grüße", "naïve café", "日本語", "🎉🎂", "a,b", "semi;colon", "back\\slash", "colon: here",
        "line\nbreak", "crlf\r\nbreak", "\"quoted\"", "tab\there", "BEGIN:VEVENT", "END:VCALENDAR", "Ελληνικά", "עברית",
        String(repeating: "long ", count: 30), "x",
    ]

    static func text(_ random: inout SeededRandom) -> String {
        (0..<random.inRange(1...4)).map { _ in random.pick(words) }.joined(separator: " ")
    }

    static func dateTime(_ random: inout SeededRandom) -> CivilDateTime {
        let date = CivilDate(year: random.inRange(2024...2030), month: random.inRange(1...12), day: random.inRange(1...28))!
        return CivilDateTime(date: date, hour: random.inRange(0...23), minute: random.pick([0, 15, 30, 45, 59]), second: random.pick([0, 0, 30]))!
    }

    public static func document(seed: UInt64, count: Int = 12) -> AlmanacDocument {
        var random = SeededRandom(seed: seed &* 7_919 &+ 1)
        var events: [Event] = []
        for index in 0..<count {
            var event = Event(id: "gen-\(seed)-\(index)@almanac.test", title: text(&random))
            let local = dateTime(&random)
            let length = random.inRange(0...(3 * 86_400))
            let later = CivilDateTime(secondsSinceEpoch: local.secondsSinceEpoch + length)
            switch random.inRange(0...3) {
            case 0:
                event.start = .date(local.date)
                event.end = random.bool() ? .date(local.date.adding(days: random.inRange(1...5))) : nil
            case 1:
                event.start = .utc(local)
                event.end = .utc(later)
            case 2:
                // Keep clear of the small hours, where daylight-saving gaps and repeats
                // make a wall-clock time mean no instant or two.
                func awake(_ value: CivilDateTime) -> CivilDateTime {
                    value.hour < 4 ? CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch + 5 * 3_600) : value
                }
                let zone = random.pick(zones)
                event.start = .zoned(awake(local), timeZone: zone)
                event.end = .zoned(awake(later), timeZone: random.inRange(0...3) == 0 ? random.pick(zones) : zone)
            default:
                event.start = .floating(local)
                event.end = random.bool() ? .floating(later) : nil
            }
            if random.bool() { event.location = text(&random) }
            if random.bool() { event.notes = text(&random) + "\n" + text(&random) }
            if random.bool() { event.url = "https://example.com/\(seed)/\(index)?a=1&b=2" }
            if random.bool() { event.symbol = random.pick(["gift.fill", "airplane", "sparkles", "tent.fill"]) }
            if random.bool() {
                event.color = RGBAColor(red: Double(random.inRange(0...1000)) / 1000, green: Double(random.inRange(0...255)) / 255, blue: Double(random.inRange(0...4)) / 4, alpha: random.pick([1, 0.5, 0.25]))
            }
            event.categories = (0..<random.inRange(0...3)).map { _ in random.pick(words) }
            if random.inRange(0...3) == 0 { event.recurrence = random.pick(["FREQ=YEARLY", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5", "FREQ=MONTHLY;BYMONTHDAY=-1"]) }
            event.tasks = (0..<random.inRange(0...4)).map { taskIndex in
                EventTask(id: "gen-\(seed)-\(index)-task-\(taskIndex)", text: text(&random), isCompleted: random.bool())
            }
            events.append(event)
        }
        return AlmanacDocument(events: events)
    }
}
