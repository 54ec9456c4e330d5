import Testing
@testable import AlmanacCLI
import AlmanacCore
import AlmanacTestSupport

@Suite struct RepeatedWarningsTests {
    static func recipes(_ count: Int) -> String {
        (1...count).map { "{\"kind\":\"recipe\",\"id\":\"r\($0)\",\"title\":\"Farmers' soup \($0)\"}\n" }.joined()
    }

    static func lines(_ text: String, starting prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    @Test func aWarningForEveryItemIsPrintedFiveTimesThenCounted() throws {
        let result = try CLI.run(["convert", "-f", "ndjson", "-t", "md"], stdin: Self.recipes(12))
        #expect(result.status == 0, "\(result.stderrText)")
        let warnings = Self.lines(result.stderrText, starting: "almanac: warning: ")
        #expect(warnings.count == 5)
        #expect(warnings.first == "almanac: warning: recipe 'Farmers' soup 1': Markdown without front matter has no place for id; write with --front-matter to keep them")
        let notes = Self.lines(result.stderrText, starting: "almanac: note: ")
        #expect(notes == ["almanac: note: 7 more warnings like \"recipe 'Farmers' soup 6': Markdown without front matter has no place for id; write with --front-matter to keep them\" were not shown (--all-warnings shows every one)"])
        // The output itself holds every recipe.
        #expect(Self.lines(String(decoding: result.stdout, as: UTF8.self), starting: "# ").count == 12)
    }

    @Test func allWarningsPrintsEveryOne() throws {
        let result = try CLI.run(["convert", "-f", "ndjson", "-t", "md", "--all-warnings"], stdin: Self.recipes(12))
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Self.lines(result.stderrText, starting: "almanac: warning: ").count == 12)
        #expect(Self.lines(result.stderrText, starting: "almanac: note: ").isEmpty)
    }

    @Test func fiveOrFewerOfAKindGiveNoNote() throws {
        let result = try CLI.run(["convert", "-f", "ndjson", "-t", "md"], stdin: Self.recipes(5))
        #expect(Self.lines(result.stderrText, starting: "almanac: warning: ").count == 5)
        #expect(!result.stderrText.contains("note:"))
    }

    @Test func namesQuotesAndNumbersDoNotMakeAKind() {
        let kind = { (message: String) in RepeatedWarnings.kind(of: Diagnostic(.warning, message)) }
        #expect(kind("event 'Farmers' market #14': Markdown cannot carry the extras other formats kept (ics)")
            == kind("event 'Book club, “The Overstory” #6': Markdown cannot carry the extras other formats kept (ics)"))
        #expect(kind("event 'A': Markdown cannot carry the extras other formats kept (ics)")
            != kind("event 'A': Markdown cannot carry the extras other formats kept (xcal)"))
        #expect(kind("line 12 is long") == kind("line 9 is long"))
    }

    @Test func errorsNotesAndRuleFindingsAreNeverHeldBack() {
        let repeated = RepeatedWarnings(shown: 1)
        for _ in 0..<3 {
            #expect(repeated.admits(Diagnostic(.warning, "event 'A': it ends before it starts", code: "end-after-start")))
            #expect(repeated.admits(Diagnostic(.error, "event 'A': it ends before it starts")))
            #expect(repeated.admits(Diagnostic(.note, "event 'A': a note")))
        }
        #expect(repeated.admits(Diagnostic(.warning, "event 'A': w")))
        #expect(!repeated.admits(Diagnostic(.warning, "event 'B': w")))
        #expect(!repeated.admits(Diagnostic(.warning, "event 'C': w")))
        #expect(repeated.summary().map(\.message) == ["2 more warnings like \"event 'B': w\" were not shown (--all-warnings shows every one)"])
    }

    /// Runs of one kind are counted by their bytes (no string made for each): the same
    /// answers and notes as counting every warning by ``RepeatedWarnings/kind(of:)`` in a
    /// dictionary, over runs, alternations, kinds that differ in length or in one byte, digits,
    /// curly quotes, non-ASCII and empty messages.
    @Test func countingRunsByTheirBytesMatchesCountingEveryKind() {
        let messages = [
            "event 'A': Markdown cannot carry the extras other formats kept (ics)",
            "event 'Überprüfung #12': Markdown cannot carry the extras other formats kept (ics)",
            "event 'Book club, “The Overstory” #6': Markdown cannot carry the extras other formats kept (ics)",
            "event 'A': Markdown cannot carry the extras other formats kept (xcal)",
            "event 'A': Markdown cannot carry the extras other formats kept (ic)",
            "event 'A': Markdown cannot carry the extras other formats kept (icz)",
            "line 12 is long", "line 9 is long", "line is long", "", "'", "“", "café 3 ☕️", "café ☕️",
        ]
        for shown in [0, 1, 2, 5] {
            let repeated = RepeatedWarnings(shown: shown)
            var counts: [String: Int] = [:]
            var hidden: [(kind: String, sample: String)] = []
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for step in 0..<600 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Runs of one message, and of one kind with other names, as well as jumps.
                let index = step % 7 < 4 ? (step / 7) % messages.count : Int(state >> 33) % messages.count
                let message = messages[index]
                let kind = RepeatedWarnings.kind(of: Diagnostic(.warning, message))
                counts[kind, default: 0] += 1
                let count = counts[kind]!
                if count == shown + 1 { hidden.append((kind, message)) }
                #expect(repeated.admits(Diagnostic(.warning, message)) == (count <= shown), "\(step) \(message)")
            }
            let expected = hidden.map { entry -> String in
                let more = counts[entry.kind]! - shown
                return "\(more) more \(more == 1 ? "warning" : "warnings") like \"\(entry.sample)\" were not shown (--all-warnings shows every one)"
            }
            #expect(repeated.summary().map(\.message) == expected)
        }
    }
}
