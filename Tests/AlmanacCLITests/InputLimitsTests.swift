import Testing
@testable import AlmanacCLI
import AlmanacTestSupport

/// `--max-input-size` and `--max-items`: clear errors that name the limit and how to raise it.
@Suite struct InputLimitsTests {
    @Test func anInputLargerThanTheLimitIsRefused() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-input-size", "1K"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "Samples/events.json: error: the input is larger than 1024 bytes, the limit; raise it with --max-input-size\n")
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-input-size", "1M"]).status == 0)
    }

    @Test func tooManyItemsAreRefused() throws {
        let result = try CLI.run(["validate", "Samples/events.json", "Samples/recipes.json", "--max-items", "3"])
        #expect(result.status == 65)
        #expect(result.stderrText.contains("raise it with --max-items"))
    }

    @Test func standardInputIsLimitedToo() throws {
        let sample = try CLI.fileBytes(TestPaths.sample("events.json").path)
        let result = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "json", "--max-input-size", "100"], stdin: sample)
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix("<stdin>: error: the input is larger than 100 bytes"))
    }

    @Test func badValuesAreUsageErrors() throws {
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-input-size", "lots"]).status == 64)
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-items", "0"]).status == 64)
    }

    @Test func sizesReadWithUnits() {
        #expect(InputLimits.size("10K") == 10_240)
        #expect(InputLimits.size("2g") == 2 << 30)
        #expect(InputLimits.size("123") == 123)
        #expect(InputLimits.size("0") == nil)
        #expect(InputLimits.size("9999999999T") == nil)
        #expect(InputLimits.size("M") == nil)
    }
}
