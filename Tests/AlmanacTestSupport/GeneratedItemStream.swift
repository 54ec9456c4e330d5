import AlmanacCore

/// A reproducible NDJSON stream of recipes and events, as almanac's ndjson writer writes them
/// (so that an item that comes through unchanged comes out byte for byte), with a known set of
/// items that break a validation rule: the input of the tests that run almanac as a stage of
/// a bigger job (`SparkPeerTests`).
public struct GeneratedItemStream: Sendable {
    /// One item a line, without the line break.
    public var lines: [String]
    /// The items that break a rule that is an error by default, by id, with those rules.
    public var invalid: [String: Set<String>]
    /// The items whose only finding is a warning (`modified-after-added`), by id, with that rule.
    public var warned: [String: Set<String>]

    /// The NDJSON text: every line followed by a line break.
    public var text: String { lines.joined(separator: "\n") + "\n" }

    /// `count` items, events and recipes in turn; about one in 640 invalid, in one of four ways
    /// (an event's `end-after-start` or `date-range`, a recipe's `rating-range`, either's
    /// `title-required`), and about one recipe in 500 with a warning only.
    public static func make(seed: UInt64, count: Int) -> GeneratedItemStream {
        var random = SeededRandom(seed: seed &* 6_364_136_223_846_793_005 &+ 1)
        var stream = GeneratedItemStream(lines: [], invalid: [:], warned: [:])
        stream.lines.reserveCapacity(count)
        let titles = ["Dinner", "Grüße", "日本語 lesson", "Run", "Stand-up", "Soup", "Bread", "Café au lait"]
        for index in 0..<count {
            let broken = random.inRange(0...399) == 0 ? random.inRange(0...3) : nil
            let title = broken == 1 ? "" : "\(random.pick(titles)) \(index)"
            if index % 2 == 0 {
                let id = "ev-\(index)"
                let year = broken == 2 ? 2301 : random.inRange(2024...2030)
                let day = "\(year)-\(two(random.inRange(1...12)))-\(two(random.inRange(1...28)))"
                // Clear of the small hours, where a daylight-saving gap makes a Berlin time mean no instant.
                let hour = random.inRange(4...20)
                let endHour = broken == 0 ? hour - 1 : hour + random.inRange(1...3)
                var line = "{\"kind\":\"event\",\"id\":\"\(id)\",\"title\":\"\(title)\""
                switch random.inRange(0...2) {
                case 0: line += ",\"start\":\"\(day)T\(two(hour)):00:00Z\",\"end\":\"\(day)T\(two(endHour)):30:00Z\""
                case 1: line += ",\"start\":\"\(day)T\(two(hour)):15:00\",\"end\":\"\(day)T\(two(endHour)):15:00\",\"timeZone\":\"Europe/Berlin\""
                default: line += ",\"start\":\"\(day)T\(two(hour)):00:00\",\"end\":\"\(day)T\(two(endHour)):00:00\""
                }
                if random.bool() { line += ",\"location\":\"Room \(random.inRange(1...40))\"" }
                if random.bool() { line += ",\"categories\":[\"Work\",\"Family\"]" }
                stream.lines.append(line + "}")
                if let broken, broken != 3 { stream.invalid[id] = [["end-after-start", "title-required", "date-range"][broken]] }
            } else {
                let id = "rc-\(index)"
                let rating = broken == 3 ? 7 : random.inRange(0...5)
                var line = "{\"kind\":\"recipe\",\"id\":\"\(id)\",\"title\":\"\(title)\""
                line += ",\"ingredients\":[{\"amount\":\(random.inRange(1...500)),\"unit\":\"g\",\"name\":\"flour\"},{\"name\":\"salt\"}]"
                line += ",\"directions\":[\"Mix.\",\"Bake.\"],\"rating\":\(rating)"
                if random.inRange(0...499) == 0 {
                    line += ",\"dateAdded\":\"2026-01-02T00:00:00Z\",\"dateModified\":\"2026-01-01T00:00:00Z\""
                    stream.warned[id] = ["modified-after-added"]
                }
                stream.lines.append(line + "}")
                if broken == 1 { stream.invalid[id] = ["title-required"] }
                if broken == 3 { stream.invalid[id] = ["rating-range"] }
            }
        }
        return stream
    }

    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
