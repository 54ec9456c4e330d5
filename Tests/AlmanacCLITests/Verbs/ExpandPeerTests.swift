import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// `expand` against python recurring-ical-events 3.8.2 (pinned in Tests/peers-requirements.txt):
/// the same occurrences (start, end, which are changed) for 1,000 generated series.
@Suite("Peer: recurring-ical-events", .enabled(if: Peers.shouldRun(pythonModule: "recurring_ical_events")))
struct ExpandPeerTests {
    static let from = "2026-01-01", to = "2028-01-01"

    /// One occurrence as both sides print it.
    static func line(_ uid: String, _ start: String, _ end: String, _ summary: String) -> String {
        "\(uid) \(start) \(end) \(summary)"
    }

    static func peerTime(_ time: CalendarTime) -> String {
        func text(_ value: CivilDateTime) -> String {
            "\(value.date)T" + [value.hour, value.minute, value.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        }
        switch time {
        case .date(let day): return "D:\(day)"
        case .floating(let value): return "F:" + text(value)
        case .utc(let value): return "U:" + text(value)
        case .zoned: return "U:" + text(CivilDateTime(secondsSinceEpoch: Int(time.instant()!.timeIntervalSince1970)))
        }
    }

    /// almanac's occurrences of `file` in the window, by UID.
    static func almanacOccurrences(_ file: URL, options: [String] = [], from: String = from, to: String = to) throws -> [String: Set<String>] {
        let result = try ProcessRunner.almanac(["convert", file.path, "-t", "ndjson"] + options + ["then", "expand", "--from", from, "--to", to])
        try #require(result.status == 0, "almanac failed: \(result.stderrText)")
        var byUID: [String: Set<String>] = [:]
        for row in result.stdout.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row)) as? [String: Any])
            let id = try #require(object["id"] as? String), title = object["title"] as? String ?? ""
            let zone = object["timeZone"] as? String
            func time(_ key: String) -> CalendarTime? {
                guard let text = object[key] as? String, let parsed = ISO8601Text.parseCalendarTime(Array(text.utf8)) else { return nil }
                if let zone, case .floating(let value) = parsed { return .zoned(value, timeZone: zone) }
                return parsed
            }
            let start = try #require(time("start"))
            let end = time("end") ?? (start.isDateOnly ? .date(start.day.adding(days: 1)) : start)
            byUID[id, default: []].insert(Self.line(id, peerTime(start), peerTime(end), title))
        }
        return byUID
    }

    /// The peer's occurrences of each file, by UID (`nil` for a file it cannot read).
    static func peerOccurrences(_ files: [URL], from: String = from, to: String = to) throws -> [[String: Set<String>]?] {
        let python = try #require(Peers.python)
        let result = try ProcessRunner.run(python, ["-c", ExpandPeerScripts.occurrences] + files.map(\.path) + [from, to], timeout: 600)
        try #require(result.status == 0, "the peer failed: \(result.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [Any])
        return root.map { file in
            guard let rows = file as? [[String]] else { return nil }
            var byUID: [String: Set<String>] = [:]
            for row in rows { byUID[row[0], default: []].insert(Self.line(row[0], row[1], row[2], row[3])) }
            return byUID
        }
    }

    @Test("1,000 generated series: the same occurrences as recurring-ical-events")
    func generated() throws {
        let count = 1_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-expand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("gen.ics")
        if let keep = ProcessInfo.processInfo.environment["ALMANAC_KEEP_GENERATED"] { try? Data(RecurringCalendars.calendar(seed: 20_261_201, count: count).utf8).write(to: URL(fileURLWithPath: keep)) }
        try Data(RecurringCalendars.calendar(seed: 20_261_201, count: count).utf8).write(to: file)
        let ours = try Self.almanacOccurrences(file)
        let theirs = try #require(try Self.peerOccurrences([file]).first ?? nil)
        var disagreements: [String] = []
        for number in 0..<count {
            let uid = "s\(number)"
            let mine = ours[uid] ?? [], peer = theirs[uid] ?? []
            if mine != peer {
                disagreements.append("\(uid): almanac only \(mine.subtracting(peer).sorted().prefix(3)), peer only \(peer.subtracting(mine).sorted().prefix(3))")
            }
        }
        let occurrences = ours.values.reduce(0) { $0 + $1.count }
        #expect(occurrences > 20_000, "the window holds many occurrences (\(occurrences))")
        #expect(disagreements.isEmpty, "\(count - disagreements.count) of \(count) series agree; \(disagreements.prefix(10).joined(separator: "\n"))")
    }

    /// The peer's own test calendars that differ, and why (see the README, "Recurring events").
    static let knownDifferences: Set<String> = [
        "Germany_Holidays.ics", // DTEND = DTSTART on all-day events is one day long
        "end_before_start_event.ics", "issue_132_swapped_start_and_end.ics", // the peer swaps start and end
        "issue_97_simple_todo.ics", // a VTODO without a parent is an event in almanac
        "issue_201_mixed_datetime_and_date.ics", // a date DTSTART with a date-time DTEND
        "issue_201_test_matrix.ics", // END:VTOOD is an error in almanac
        "bad_rrule_missing_until_event.ics", // the peer cannot read it
        "issue_148_edge_case_1.ics", "issue_148_exdate_and_rdate_updated.ics", "issue_148_ignored_exdate.ics",
        "issue_163_deleted_modification.ics", "issue_253_additional_recurrence_id.ics", // SEQUENCE
        "issue_117_until_before_dtstart.ics", // DTSTART kept as the first occurrence
        "issue_128_only_first_event.ics", // COUNT=-1 refused
        "issue_75_range_parameter.ics", "alarm_removed_and_moved.ics", // not yet understood
    ]

    @Test("the peer's own test calendars: the same starts and ends, but for the known differences")
    func peerCalendars() throws {
        let python = try #require(Peers.python)
        let located = try ProcessRunner.run(python, ["-c", "import os, recurring_ical_events; print(os.path.dirname(recurring_ical_events.__file__))"])
        let folder = URL(fileURLWithPath: located.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent("test/calendars")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.sorted().map { folder.appendingPathComponent($0) }
        try #require(files.count > 50, "the peer's calendars are in \(folder.path)")
        let (from, to) = ("2000-01-01", "2030-01-01")
        let theirs = try Self.peerOccurrences(files, from: from, to: to)
        /// Starts and ends only: files without UIDs get ids of almanac's own.
        func spans(_ byUID: [String: Set<String>]) -> Set<String> {
            Set(byUID.values.flatMap { $0.map { $0.split(separator: " ", omittingEmptySubsequences: false).dropFirst().prefix(2).joined(separator: " ") } })
        }
        var differing: Set<String> = []
        for (file, peer) in zip(files, theirs) {
            let result = try ProcessRunner.almanac(["convert", file.path, "-t", "ndjson", "--no-validate", "then", "expand", "--from", from, "--to", to])
            guard let peer, result.status == 0 else {
                differing.insert(file.lastPathComponent)
                continue
            }
            if spans(try Self.almanacOccurrences(file, options: ["--no-validate"], from: from, to: to)) != spans(peer) { differing.insert(file.lastPathComponent) }
        }
        #expect(differing == Self.knownDifferences, "\(files.count - differing.count) of \(files.count) agree")
    }
}

