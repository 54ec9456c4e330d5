import Testing
@testable import AlmanacCLI

/// The hand-written option parser.
@Suite struct ArgumentScannerTests {
    let scanner = ArgumentScanner(options: [
        .init(names: ["-o", "--output"], valueName: "<file>", help: ""),
        .init(names: ["--compact"], valueName: nil, help: ""),
    ], command: "convert")

    @Test func shortLongAndInlineValues() throws {
        #expect(try scanner.scan(["-o", "a"]).value("--output") == "a")
        #expect(try scanner.scan(["--output", "a"]).value("--output") == "a")
        #expect(try scanner.scan(["--output=a=b"]).value("--output") == "a=b")
    }

    @Test func positionalsKeepTheirOrderAndDashIsPositional() throws {
        let result = try scanner.scan(["x.json", "-", "--compact", "y.json", "--", "--compact"])
        #expect(result.positionals == ["x.json", "-", "y.json", "--compact"])
        #expect(result.has("--compact"))
    }

    @Test func aValueMayBeStandardInputButNotAnOption() throws {
        #expect(try scanner.scan(["-o", "-"]).value("--output") == "-")
        #expect(throws: UsageError.self) { try scanner.scan(["-o", "--compact"]) }
    }

    @Test("a negative number after an option is its value; an option or a word after a dash is not")
    func negativeNumbersAreValues() throws {
        #expect(try scanner.scan(["-o", "-3"]).value("--output") == "-3")
        #expect(try scanner.scan(["-o", "-0.5"]).value("--output") == "-0.5")
        #expect(try scanner.scan(["-o", "-.5"]).value("--output") == "-.5")
        #expect(throws: UsageError.self) { try scanner.scan(["-o", "-x"]) }
        #expect(throws: UsageError.self) { try scanner.scan(["-o", "-."]) }
        #expect(throws: UsageError.self) { try scanner.scan(["-o", "--3"]) }
        #expect(throws: UsageError.self) { try scanner.scan(["-o"]) }
    }

    @Test func flagsTakeNoValue() {
        #expect(throws: UsageError.self) { try scanner.scan(["--compact=yes"]) }
    }

    @Test func unknownOptionNamesItself() {
        do {
            _ = try scanner.scan(["--nope=1"])
            Issue.record("expected a usage error")
        } catch let error as UsageError {
            #expect(error.message == "Unknown option '--nope'")
            #expect(error.command == "convert")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func anOptionThatBelongsElsewhereGetsTheHint() throws {
        let verb = ArgumentScanner(
            options: [.init(names: ["-n"], valueName: "<count>", help: "")], command: "convert", subject: "verb 'head'",
            misplaced: (["-t", "--to"], "convert's own options go before the first 'then'"))
        let misplaced = try #require(throws: UsageError.self) { try verb.scan(["-n", "1", "--to=md"]) }
        #expect(misplaced.message == "Unknown option '--to' for verb 'head'")
        #expect(misplaced.hint == "convert's own options go before the first 'then'")
        let unknown = try #require(throws: UsageError.self) { try verb.scan(["--shuffle"]) }
        #expect(unknown.message == "Unknown option '--shuffle' for verb 'head'")
        #expect(unknown.hint == nil, "an option of no one's gets no hint")
    }
}
