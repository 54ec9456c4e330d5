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
}
