import Foundation
import Testing
import AlmanacTestSupport

/// `almanac convert` through the built binary: round trips, exit statuses, stderr text, atomic output.
@Suite struct ConvertCommandTests {
    @Test(arguments: ["events.json", "recipes.json"])
    func sampleConvertsToItself(name: String) throws {
        let sample = try CLI.fileBytes(TestPaths.sample(name).path)
        let result = try CLI.run(["convert", "Samples/\(name)", "-t", "json"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.isEmpty)
        #expect(result.stdout == sample)
    }

    @Test func standardInputConvertsToItself() throws {
        let sample = try CLI.fileBytes(TestPaths.sample("events.json").path)
        let result = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "json"], stdin: sample)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdout == sample)
    }

    @Test func jsonThroughNDJSONAndBackIsEqual() throws {
        let scratch = try ScratchFolder()
        for name in ["events.json", "recipes.json"] {
            let lines = scratch.path("\(name).ndjson")
            let toLines = try CLI.run(["convert", "Samples/\(name)", "-o", lines])
            #expect(toLines.status == 0, "\(toLines.stderrText)")
            let lineCount = try String(decoding: CLI.fileBytes(lines), as: UTF8.self).split(separator: "\n").count
            #expect(lineCount > 3)
            let back = try CLI.run(["convert", lines, "-t", "json"])
            #expect(back.status == 0, "\(back.stderrText)")
            #expect(back.stdout == (try CLI.fileBytes(TestPaths.sample(name).path)))
        }
    }

    @Test func severalInputsMergeIntoOneDocument() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "Samples/events.json", "-t", "ndjson"])
        #expect(result.status == 0)
        let kinds = result.stdoutText.split(separator: "\n").map { $0.hasPrefix("{\"kind\":\"recipe\"") ? "recipe" : "event" }
        #expect(kinds.contains("recipe") && kinds.contains("event"))
        #expect(kinds.firstIndex(of: "event")! > kinds.lastIndex(of: "recipe")!)
    }

    @Test func truncatedJSONIsMalformedInputWithPosition() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path("cut.json")
        let sample = try CLI.fileBytes(TestPaths.sample("events.json").path)
        try Data(sample.prefix(sample.count / 2)).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["convert", path, "-t", "json"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        let first = String(lines[0])
        #expect(first.hasPrefix("\(path):"))
        let fields = first.dropFirst(path.count + 1).split(separator: ":", maxSplits: 3)
        #expect(Int(fields[0]) != nil && Int(fields[1]) != nil, "line and column in \(first)")
        #expect(fields[2] == " error")
        #expect(lines.count >= 3 && lines[2].hasSuffix("^"), "the offending line and a caret follow")
    }

    @Test func wrongTypeNamesThePathLineAndColumn() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("bad.json", "{\"almanac\": 1,\n \"events\": [{\"title\": \"ok\"},\n   {\"title\": 5}]}\n")
        let result = try CLI.run(["convert", path, "-t", "json"])
        #expect(result.status == 65)
        #expect(result.stderrText == """
            \(path):3:14: error: 'events[1].title' must be a string, found a number
               {"title": 5}]}
                         ^

            """)
    }

    @Test func unknownExtensionIsAUsageErrorNamingFormats() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("notes.txt", "{}")
        let result = try CLI.run(["convert", path, "-t", "json"])
        #expect(result.status == 64)
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("almanac: error: cannot tell the format of input") == true)
        #expect(result.stderrText.contains("almanac formats"))
        #expect(lines.contains { $0.hasPrefix("Usage: almanac convert") })
        #expect(lines.last == "  See 'almanac convert --help' for more information.")
    }

    @Test func unknownOutputExtensionIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-o", "/tmp/out.docx"])
        #expect(result.status == 64)
        #expect(result.stderrText.contains("almanac formats"))
    }

    @Test func unknownFormatNameIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t", "yaml"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: unknown format 'yaml'"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t", "json", "--pretty"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: unknown option '--pretty'\nUsage: "))
    }

    @Test func missingValueIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: missing value for '-t <format>'"))
    }

    @Test func errorsAboutNoFileSayAlmanac() throws {
        let invalid = try CLI.run(["convert", "-f", "ndjson", "-t", "json"], stdin: "{\"kind\":\"event\",\"title\":\" \"}\n")
        #expect(invalid.status == 1)
        #expect(invalid.stderrText.hasSuffix("\nalmanac: error: validation found errors; stopped (--no-validate writes anyway)\n"), "\(invalid.stderrText)")
        // A verb makes the run read whole (json without verbs streams, as ndjson does).
        let whole = try CLI.run(["convert", "-f", "json", "-t", "json", "then", "sort", "--by", "date"], stdin: "{\"events\": [{\"title\": \" \"}]}")
        #expect(whole.stderrText.hasSuffix("\nalmanac: error: validation found 1 error; nothing was written (--no-validate writes anyway)\n"), "\(whole.stderrText)")
        let events = try CLI.run(["convert", "Samples/events.json", "-t", "jsonld"])
        #expect(events.status == 65)
        #expect(events.stderrText == "almanac: error: the jsonld format cannot hold events; nothing was written\n")
    }

    @Test func standardInputNeedsAFormat() throws {
        let result = try #require(try CLI.runWithSilentStdin(["convert", "-t", "json"]))
        #expect(result.status == 64)
        #expect(result.stderrText.contains("-f <format>"))
    }

    @Test func argumentsAreCheckedBeforeStandardInputIsRead() throws {
        // Standard input stays open and silent: almanac must fail on the arguments without waiting.
        let badOutput = try #require(try CLI.runWithSilentStdin(["convert", "-f", "json", "-t", "yaml"]))
        #expect(badOutput.status == 64)
        let missingFile = try #require(try CLI.runWithSilentStdin(["convert", "-", "/no/such/file.json", "-f", "json", "-t", "json"]))
        #expect(missingFile.status == 66)
        let missingFolder = try #require(try CLI.runWithSilentStdin(["convert", "-f", "json", "-o", "/no/such/folder/x.json"]))
        #expect(missingFolder.status == 73)
    }

    @Test func missingInputExits66() throws {
        let result = try CLI.run(["convert", "/no/such/events.json", "-t", "json"])
        #expect(result.status == 66)
        #expect(result.stderrText == "/no/such/events.json: error: no such file\n")
    }

    @Test func folderAsInputExits66() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path("dir.json"), withIntermediateDirectories: false)
        let result = try CLI.run(["convert", scratch.path("dir.json"), "-t", "json"])
        #expect(result.status == 66)
    }

    @Test func missingOutputFolderExits73() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-o", "/no/such/folder/events.json"])
        #expect(result.status == 73)
        #expect(result.stderrText.hasPrefix("/no/such/folder/events.json: error: cannot create"))
    }

    @Test func failedRunLeavesExistingOutputByteIdenticalAndNoTemporaryFile() throws {
        let scratch = try ScratchFolder()
        let output = try scratch.write("out.json", "precious\n")
        let input = try scratch.write("in.json", "{\"almanac\": 1, \"events\": [{\"title\": \"a\"},")
        let result = try CLI.run(["convert", input, "-o", output])
        #expect(result.status == 65)
        #expect(try CLI.fileBytes(output) == Array("precious\n".utf8))
        #expect(try scratch.contents() == ["in.json", "out.json"])
    }

    @Test func successfulRunReplacesOutputAndLeavesNoTemporaryFile() throws {
        let scratch = try ScratchFolder()
        let output = try scratch.write("out.json", "old\n")
        let result = try CLI.run(["convert", "Samples/events.json", "-o", output])
        #expect(result.status == 0)
        #expect(try CLI.fileBytes(output) == CLI.fileBytes(TestPaths.sample("events.json").path))
        #expect(try scratch.contents() == ["out.json"])
    }

    @Test func outputMayBeTheInput() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path("events.json")
        try FileManager.default.copyItem(atPath: TestPaths.sample("events.json").path, toPath: path)
        let result = try CLI.run(["convert", path, "-o", path, "--compact"])
        #expect(result.status == 0, "\(result.stderrText)")
        let compact = try CLI.fileBytes(path)
        #expect(compact.filter { $0 == UInt8(ascii: "\n") }.count == 1)
        let back = try CLI.run(["convert", path, "-t", "json"])
        #expect(back.stdout == (try CLI.fileBytes(TestPaths.sample("events.json").path)))
    }

    @Test func closedPipeEndsQuietly() throws {
        let scratch = try ScratchFolder()
        let big = scratch.path("big.ndjson")
        let lines = try CLI.run(["convert", "Samples/events.json", "-t", "ndjson"]).stdout
        var bytes: [UInt8] = []
        for _ in 0..<5_000 { bytes += lines }
        try Data(bytes).write(to: URL(fileURLWithPath: big))
        let script = "set -o pipefail; '\(TestPaths.almanacBinary.path)' convert '\(big)' -t ndjson --disable unique-ids | head -n 1 >/dev/null"
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script])
        #expect(result.status == 0)
        #expect(result.stderrText.isEmpty)
    }

    @Test func warningsGoToStandardErrorAndTheRunSucceeds() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("w.json", "{\"recipes\": [{\"title\": \"Bread\", \"yields\": [{\"amount\": 1, \"unit\": \"loaf\", \"colour\": 3}]}]}")
        let result = try CLI.run(["convert", path, "-t", "json"])
        #expect(result.status == 0)
        #expect(result.stderrText.hasPrefix("\(path):1:74: warning: unknown key 'colour' in recipes[0].yields[0] is dropped"))
    }

    @Test func invalidUTF8IsMalformedInput() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path("bad.json")
        try Data(Array("{\"events\": [{\"title\": \"a".utf8) + [0xFF] + Array("\"}]}".utf8)).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["convert", path, "-t", "json"])
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix("\(path):1:25: error: invalid UTF-8 byte sequence at byte 24"))
    }
}

/// The saved web page in Samples converts as the README says.
@Suite struct SampleWebPageTests {
    @Test func theSavedRecipePageBecomesRecipeMD() throws {
        let result = try CLI.run(["convert", "Samples/recipe-page.html", "-t", "md"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("# Apple Galette\n"))
        #expect(result.stdoutText.contains("Prep time: PT30M"))
        #expect(result.stdoutText.contains("## For the crust"))
        #expect(result.stdoutText.contains("**8 slices**"))
    }
}
