@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// Reads every `.ics` that python `icalendar` 7.3.0's source distribution ships
/// (exports from Google, Apple, Outlook, Exchange, Thunderbird, … and the RFC
/// examples), downloaded at test time and never committed. Each must read
/// without a crash and with the peer's VEVENT count, or be one of the rejections
/// documented in `Formats/ICalendar/README.md`.
@Suite("Peer: real-world calendars", .enabled(if: Peers.shouldRun(pythonModule: "icalendar")))
struct RealWorldCorpusTests {
    /// Folders whose files are a bare component (VEVENT, VTODO, VALARM, …) with no
    /// VCALENDAR around it: almanac rejects them by design.
    static let bareComponentFolders: Set<String> = ["alarms", "availabilities", "events", "freebusy", "journals", "timezones", "todos"]

    /// Files of `calendars/` almanac rejects, with the start of its message.
    static let rejectedCalendars: [String: String] = [
        "big_bad_calendar.ics": "BEGIN:VCALENDAR has no END:VCALENDAR",
        "small_bad_calendar.ics": "BEGIN:VCALENDAR has no END:VCALENDAR",
        "pr_480_summary_with_colon.ics": "BEGIN:VCALENDAR has no END:VCALENDAR",
        "timezone_same_start_and_offset.ics": "END:VCALENDARD does not close BEGIN:VCALENDAR",
        "issue_82_expected_output.ics": "expected BEGIN:VCALENDAR, found 'BEGIN:VEVENT'",
        "issue_178_component_with_invalid_name_represented.ics": "expected BEGIN:VCALENDAR, found 'BEGIN:MYCOMP'",
        "issue_178_custom_component_contains_other.ics": "expected BEGIN:VCALENDAR, found 'BEGIN:MYCOMPTOO'",
        "fuzz_testcase_0_char_in_component_name.ics": "is not a component name",
        "fuzz_testcase_invalid_month.ics": "expected BEGIN:VCALENDAR, found 'BEGIN:V'",
        "fuzz_testcase_vtimezone_lone_cr.ics": "expected BEGIN:VCALENDAR, found 'BEGIN:VTIMEZONE",
    ]

    /// Files the peer itself cannot parse (so there is no count to compare); almanac reads them with warnings.
    static let peerFails: Set<String> = ["issue_104_broken_calendar.ics", "parsing_error_in_UTC_offset.ics"]

    /// Downloads and unpacks the source distribution; returns its `src/icalendar/tests` folder.
    static func corpus() throws -> URL {
        let python = try #require(Peers.python)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-icalendar-sdist-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let download = try ProcessRunner.run(python, ["-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", "icalendar==7.3.0", "-d", folder.path])
        try #require(download.status == 0, "pip download failed: \(download.stderrText)")
        let unpack = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["tar", "xzf", "icalendar-7.3.0.tar.gz"], directory: folder)
        try #require(unpack.status == 0, "tar failed: \(unpack.stderrText)")
        return folder.appendingPathComponent("icalendar-7.3.0/src/icalendar/tests")
    }

    @Test("every calendar in icalendar 7.3.0's sdist: no crash, the peer's VEVENT count, or a documented rejection")
    func corpusMatchesPeer() throws {
        let root = try Self.corpus()
        // root is FOLDER/icalendar-7.3.0/src/icalendar/tests: remove FOLDER.
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".ics") }.sorted()
        #expect(files.count > 150, "found only \(files.count) calendars")
        let counts = try PeerTests.run(PeerScripts.countEvents, files.map { root.appendingPathComponent($0).path }, stdin: [])
        try #require(counts.status == 0, "\(counts.stderrText)")
        var peer: [String: String] = [:]
        for line in counts.stdoutText.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            peer[String(parts[0])] = String(parts[1])
        }
        var read = 0
        var rejected = 0
        for file in files {
            let path = root.appendingPathComponent(file).path
            let name = (file as NSString).lastPathComponent
            let folder = file.split(separator: "/").first.map(String.init) ?? ""
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let expectedRejection = Self.bareComponentFolders.contains(folder) ? "expected BEGIN:VCALENDAR" : Self.rejectedCalendars[name]
            do {
                let result = try ICalendarCodec().decode(bytes, source: file)
                read += 1
                #expect(expectedRejection == nil, "\(file) was read, but the README lists it as rejected")
                let events = result.document.events.filter { ICalendarExtras($0.extras).component == nil }.count
                if Self.peerFails.contains(name) {
                    #expect(peer[path] == "ERR", "\(file): the peer reads it now")
                } else {
                    #expect(peer[path] == String(events), "\(file): almanac \(events) VEVENTs, the peer \(peer[path] ?? "nothing")")
                }
            } catch let error as ICalendarDecodingError {
                rejected += 1
                let expected = try #require(expectedRejection, "\(file) rejected but not documented: \(error)")
                #expect(error.message.contains(expected), "\(file): \(error.message)")
            }
        }
        #expect(read >= 100, "read \(read), rejected \(rejected)")
        #expect(rejected == files.count - read)
    }
}
