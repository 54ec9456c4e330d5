import AlmanacCore
import Foundation

/// `almanac-bench recurrence`: ten years of 1,000 recurring events with changed and
/// cancelled occurrences, EXDATEs and RDATEs, expanded by `almanac … then expand` and by
/// python recurring-ical-events on the same file in the same run; prints the ratio
/// (`--no-peer`: almanac alone, for timing changes to it).
struct RecurrenceBenchmark {
    var folder = "/tmp/almanac-bench"
    var series = 1_000
    var years = 10
    var runs = 3
    var almanac = BenchCommand.siblingAlmanac()
    var venv = ".venv"
    var skipPeer = false

    init(_ options: inout OptionReader) throws {
        folder = options.value("--dir") ?? folder
        series = try options.number("--series").map(Int.init) ?? series
        years = try options.number("--years").map(Int.init) ?? years
        runs = try options.number("--runs").map(Int.init) ?? runs
        almanac = options.value("--almanac") ?? almanac
        venv = options.value("--venv") ?? venv
        skipPeer = options.flag("--no-peer")
        try options.finish()
    }

    static let peerScript = """
        import sys, time, datetime
        import icalendar, recurring_ical_events
        started = time.perf_counter()
        calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
        parsed = time.perf_counter()
        a = datetime.date.fromisoformat(sys.argv[2]); b = datetime.date.fromisoformat(sys.argv[3])
        count = sum(1 for _ in recurring_ical_events.of(calendar).between(a, b))
        expanded = time.perf_counter()
        print("parse", parsed - started)
        print("expand", expanded - parsed)
        print("occurrences", count)
        """

    func run() throws {
        try FolderMaker.make(folder)
        let input = "\(folder)/recurring.ics"
        try Data(Self.calendar(series: series).utf8).write(to: URL(fileURLWithPath: input))
        let from = "2026-01-01", to = "\(2026 + years)-01-01"
        let runner = CommandRunner(scratchFolder: folder)
        let output = "\(folder)/recurring-occurrences.ndjson"
        let ours = try runner.measure([almanac, "convert", input, "-t", "ndjson", "-o", output, "then", "expand", "--from", from, "--to", to], runs: runs)
        let lines = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").count ?? 0
        print("almanac-bench recurrence: \(series) series, \(from) to \(to)")
        print("almanac convert … then expand: \(String(format: "%.3f", ours.seconds)) s (CPU \(String(format: "%.3f", ours.cpuSeconds)) s), \(lines) occurrences, peak \(ours.peakBytes / 1_048_576) MiB")
        if skipPeer { return }
        let python = "\(venv)/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            print("note: \(python) is missing; install the peers with: .venv/bin/pip install -r Tests/peers-requirements.txt")
            return
        }
        let script = "\(folder)/recurring_peer.py"
        try Self.peerScript.write(toFile: script, atomically: true, encoding: .utf8)
        let peer = try runner.measure([python, script, input, from, to])
        let expand = PeerScripts.seconds("expand", in: peer.output) ?? peer.seconds
        let count = PeerScripts.seconds("occurrences", in: peer.output).map(Int.init) ?? 0
        print("recurring-ical-events 3.8.2: \(String(format: "%.3f", peer.seconds)) s in all (CPU \(String(format: "%.3f", peer.cpuSeconds)) s; its expansion alone \(String(format: "%.3f", expand)) s), \(count) occurrences, peak \(peer.peakBytes / 1_048_576) MiB")
        let ratio = peer.seconds / max(ours.seconds, 1e-9)
        print("ratio: \(String(format: "%.1f", ratio))× (whole runs), \(String(format: "%.1f", expand / max(ours.seconds, 1e-9)))× (its expansion alone vs almanac's whole run); target ≥ 50×: \(ratio >= 50 ? "met" : "MISSED")")
    }

    /// Recurring events of every frequency in zoned, UTC, floating and all-day times, a third
    /// with EXDATEs and changed or cancelled occurrences.
    static func calendar(series: Int) -> String {
        var random = SeededRandom(seed: 5_545)
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Tokyo"]
        let rules = ["FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=DAILY", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=YEARLY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
                     "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//almanac-bench//recurrence//EN"]
        for number in 0..<series {
            let day = CivilDate(year: 2025, month: 1, day: 1)!.adding(days: random.inRange(0...700))
            let date = "\(day.year)\(two(day.month))\(two(day.day))"
            let time = "T\(two(random.inRange(7...19)))\(two(random.pick([0, 30])))00"
            let kind = random.inRange(0...9)
            let (prefix, suffix): (String, String)
            switch kind {
            case 0...5: (prefix, suffix) = (";TZID=\(random.pick(zones))", time)
            case 6: (prefix, suffix) = ("", time + "Z")
            case 7: (prefix, suffix) = ("", time)
            default: (prefix, suffix) = (";VALUE=DATE", "")
            }
            let end = kind >= 8 ? day.adding(days: 1) : day
            let endText = "\(end.year)\(two(end.month))\(two(end.day))" + (kind >= 8 ? "" : suffix.replacingOccurrences(of: time, with: "T\(two(20))0000"))
            lines += ["BEGIN:VEVENT", "UID:r\(number)", "SUMMARY:series \(number)", "DTSTART\(prefix):\(date)\(suffix)", "DTEND\(prefix):\(endText)",
                      "RRULE:" + random.pick(rules)]
            if number % 3 == 0 { lines.append("EXDATE\(prefix):\(date)\(suffix)") }
            lines.append("END:VEVENT")
            if number % 3 == 1 {
                lines += ["BEGIN:VEVENT", "UID:r\(number)", "RECURRENCE-ID\(prefix):\(date)\(suffix)", "SUMMARY:changed \(number)",
                          "DTSTART\(prefix):\(date)\(suffix)", "DTEND\(prefix):\(endText)"]
                if number % 2 == 0 { lines.append("STATUS:CANCELLED") }
                lines.append("END:VEVENT")
            }
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
