import Testing
import AlmanacTestSupport

/// What `formats`, `rules` and `verbs` share (``ListingCommand``), and what `head` and `tail`
/// share (``EndVerb``): the same checks, each command and verb through the built binary.
@Suite struct ListingCommandTests {
    @Test("a listing command takes no arguments: exit 64, its usage, nothing listed", arguments: ["formats", "rules", "verbs"])
    func refusesArguments(command: String) throws {
        let result = try CLI.run([command, "extra"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: unexpected argument 'extra'\n"), "\(result.stderrText)")
        #expect(result.stderrText.contains("almanac \(command)"), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a listing command's help gives its usage and no option but --help", arguments: ["formats", "rules", "verbs"])
    func help(command: String) throws {
        let result = try CLI.run(["help", command])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("USAGE: almanac \(command)\n"), "\(result.stdoutText)")
        let options = try #require(result.stdoutText.range(of: "OPTIONS:\n")).upperBound
        let rows = result.stdoutText[options...].split(separator: "\n").filter { $0.hasPrefix("  -") }
        #expect(rows.count == 1 && rows[0].hasPrefix("  -h, --help"), "\(rows)")
    }

    @Test("a listing ends with a line end and lists what it is about")
    func listings() throws {
        for (command, entry) in [("formats", "json"), ("rules", "title-required"), ("verbs", "tail")] {
            let result = try CLI.run([command])
            #expect(result.status == 0)
            #expect(result.stdoutText.hasSuffix("\n"))
            #expect(result.stdoutText.contains(entry), "\(command) lists \(entry)")
        }
    }

    @Test("head and tail keep their own end of the inputs' items, 10 when -n is not given")
    func endsOfTheList() throws {
        let convert = ["convert", "Samples/events.json", "Samples/recipes.json", "-t", "ndjson"]
        // The items in the inputs' order (a plain conversion streams them so); the kept ones
        // are written as a document holds them, recipes first, so they are compared as sets.
        let all = try CLI.run(convert).stdoutText.split(separator: "\n")
        try #require(all.count > 10)
        for (verb, two, ten) in [("head", all.prefix(2), all.prefix(10)), ("tail", all.suffix(2), all.suffix(10))] {
            let kept = try CLI.run(convert + ["then", verb, "-n", "2"])
            #expect(kept.status == 0)
            #expect(Set(kept.stdoutText.split(separator: "\n")) == Set(two), "\(verb)")
            #expect(Set(try CLI.run(convert + ["then", verb]).stdoutText.split(separator: "\n")) == Set(ten), "\(verb)")
        }
    }

    @Test("head and tail refuse a count that is not a whole number, naming the verb", arguments: ["head", "tail"])
    func badCount(verb: String) throws {
        for count in ["many", "1.5", "", "0x10", "-3", "-1"] {
            let result = try CLI.run(["convert", "Samples/events.json", "-t", "ndjson", "then", verb, "-n", count])
            #expect(result.status == 64)
            #expect(result.stderrText.hasPrefix("almanac: error: \(verb): -n must be a whole number of 0 or more, not '\(count)'"), "\(result.stderrText)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("help for head and tail gives each its own usage line", arguments: ["head", "tail"])
    func verbHelp(verb: String) throws {
        let result = try CLI.run(["help", verb])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("USAGE: almanac convert … then \(verb) -n <count>\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("-n, --count <count>"))
    }
}
