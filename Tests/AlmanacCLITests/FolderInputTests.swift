import AlmanacTestSupport
import Foundation
import Testing

/// A folder given as an input: its files read by their extensions, in a stable order,
/// what almanac cannot read passed over with a note, and a folder with nothing to read an error.
@Suite("Folders as inputs")
struct FolderInputTests {
    static func event(_ uid: String, _ title: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nDTSTART:20270101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    static func titles(_ result: ProcessRunner.Result) -> [String] {
        result.stdoutText.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["title"] as? String
        }
    }

    @Test("a vdir's files in the order of their names; vdirsyncer's metadata and folders inside passed over with a note, hidden files silently")
    func vdir() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("cal/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("cal/.Radicale.cache"), withIntermediateDirectories: true)
        try scratch.write("cal/b.ics", Self.event("b", "Second"))
        try scratch.write("cal/a.ics", Self.event("a", "First"))
        try scratch.write("cal/C.ics", Self.event("c", "Capital"))
        try scratch.write("cal/color", "#ff0000")
        try scratch.write("cal/displayname", "Home")
        try scratch.write("cal/.Radicale.props", "{}")
        let result = try CLI.run(["convert", scratch.path("cal"), "-t", "ndjson"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Self.titles(result) == ["Capital", "First", "Second"])
        #expect(result.stderrText == "\(scratch.path("cal")): note: 3 entries not read (no format almanac reads by that extension, or a folder): color, displayname, sub/\n")
        // validate reads folders as well.
        let validated = try CLI.run(["validate", scratch.path("cal")])
        #expect(validated.status == 0, "\(validated.stderrText)")
    }

    /// Files are no longer opened before a run that reads them whole, but a file that does
    /// not open is still the error, whatever an earlier file brought: a broken recipe before
    /// a missing one, a bad option, a directory named as a file.
    @Test("a file that does not open is the error (66), before a broken file's (65) and a bad limit's (64)")
    func missingFileStillComesFirst() throws {
        let scratch = try ScratchFolder()
        try scratch.write("broken.md", "# Broken\n\nno divider\n")
        try scratch.write("good.md", "# Good\n\n---\n\n- salt\n")
        let missing = scratch.path("missing.md")
        for arguments in [
            ["convert", scratch.path("broken.md"), missing, "-t", "json"],
            ["convert", scratch.path("good.md"), missing, "-t", "json", "--max-items", "x"],
            ["convert", scratch.path("good.md"), missing, "-t", "ndjson"],
            ["validate", scratch.path("broken.md"), missing],
        ] {
            let result = try CLI.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.contains("\(missing): error: no such file"), "\(arguments): \(result.stderrText)")
            #expect(result.stdout.isEmpty)
        }
        let folder = try CLI.run(["convert", scratch.path("good.md"), scratch.path(""), "-f", "markdown", "-t", "json"])
        #expect(folder.status == 65, "a folder named as an input is read as its files: \(folder.stderrText)")
        let broken = try CLI.run(["convert", scratch.path("good.md"), scratch.path("broken.md"), "-t", "json"])
        #expect(broken.status == 65, "\(broken.stderrText)")
    }

    @Test("mixed formats: each file by its extension, each format's files together; -f keeps only that format's")
    func mixed() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("mixed"), withIntermediateDirectories: true)
        try scratch.write("mixed/b.ics", Self.event("b", "From ics"))
        try scratch.write("mixed/a.json", #"{"events": [{"id": "j", "title": "From json", "start": "2027-01-02"}]}"#)
        try scratch.write("mixed/c.ics", Self.event("c", "Also ics"))
        let result = try CLI.run(["convert", scratch.path("mixed"), "-t", "ndjson"])
        #expect(result.status == 0, "\(result.stderrText)")
        // The registry lists json before ics.
        #expect(Self.titles(result) == ["From json", "From ics", "Also ics"])
        let onlyICS = try CLI.run(["convert", scratch.path("mixed"), "-f", "ics", "-t", "ndjson"])
        #expect(onlyICS.status == 0, "\(onlyICS.stderrText)")
        #expect(Self.titles(onlyICS) == ["From ics", "Also ics"])
        #expect(onlyICS.stderrText.contains("note: 1 entry not read"), "\(onlyICS.stderrText)")
    }

    @Test("a folder with nothing to read exits 66 and says what it passed over")
    func empty() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("none"), withIntermediateDirectories: true)
        try scratch.write("none/color", "#ff0000")
        let result = try CLI.run(["convert", scratch.path("none"), "-t", "json"])
        #expect(result.status == 66)
        #expect(result.stderrText == "\(scratch.path("none")): error: cannot read: the folder holds no file almanac reads (passed over: color)\n")
        #expect(result.stdout.isEmpty)
        try scratch.write("none/a.ics", Self.event("a", "A"))
        let forced = try CLI.run(["convert", scratch.path("none"), "-f", "jcal", "-t", "json"])
        #expect(forced.status == 66)
        #expect(forced.stderrText.contains("the folder holds no jcal file (passed over: a.ics, color)"), "\(forced.stderrText)")
    }
}
